"""Prometheus metrics of the API process, plus the AI workers' figures read from Redis.

Workers do not serve HTTP, so they add their task durations to a small histogram kept in Redis
(`gamestore.store.SyncStore.record_ai_task`); `/metrics` reads it at scrape time, together
with the depth of the AI queue. With several API processes on one host set
PROMETHEUS_MULTIPROC_DIR so that `/metrics` adds up every process.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

from gamestore.store import AI_BUCKETS
from rules.core import core_build

REQUESTS = Counter("coven_http_requests", "HTTP requests served", ["method", "route", "status"])
LATENCY = Histogram(
    "coven_http_request_seconds",
    "Time to answer an HTTP request",
    ["method", "route"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
MOVES = Counter("coven_moves_applied", "Moves applied through the API", ["game"])
CONFLICTS = Counter("coven_version_conflicts", "Moves rejected for a stale version", ["game"])
RATE_LIMITED = Counter("coven_rate_limited_requests", "Requests answered 429", ["scope"])
GAMES_CREATED = Counter("coven_games_created", "Games created", ["game"])
COMPILED = float(core_build().in_use)


class RedisFiguresCollector(Collector):
    """AI task durations (written by the workers) and the AI queue depth, read from Redis."""

    def __init__(self, redis_url: str, metrics_key: str, queue: str) -> None:
        self.redis_url = redis_url
        self.metrics_key = metrics_key
        self.queue = queue

    def collect(self) -> Iterable[Metric]:
        yield GaugeMetricFamily("coven_compiled_core", "1: rules/, ai/ compiled (mypyc)", COMPILED)
        import redis

        client = redis.Redis.from_url(self.redis_url, socket_timeout=2)
        try:
            raw = client.hgetall(self.metrics_key)
            depth = client.llen(self.queue)
        except redis.RedisError:
            return
        finally:
            client.close()
        items: Any = raw.items()
        figures = {bytes(k).decode(): float(v) for k, v in items}
        buckets = [(str(bound), figures.get(f"le:{bound}", 0.0)) for bound in AI_BUCKETS] + [
            ("+Inf", figures.get("count", 0.0))
        ]
        hist = HistogramMetricFamily(
            "coven_ai_task_seconds", "Time an AI turn took on a worker (all workers)"
        )
        hist.add_metric([], buckets, figures.get("sum", 0.0))
        yield hist
        failures = GaugeMetricFamily(
            "coven_ai_task_failures", "AI turns that raised (all workers, since start)"
        )
        failures.add_metric([], figures.get("failures", 0.0))
        yield failures
        queue = GaugeMetricFamily("coven_ai_queue_depth", "AI turns waiting for a worker")
        queue.add_metric([], float(depth))
        yield queue


def render(redis_url: str, metrics_key: str, queue: str) -> tuple[bytes, str]:
    registry = CollectorRegistry()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    else:
        from prometheus_client import REGISTRY

        for metric in (REQUESTS, LATENCY, MOVES, CONFLICTS, RATE_LIMITED, GAMES_CREATED):
            registry.register(_Forward(metric, REGISTRY))
    registry.register(RedisFiguresCollector(redis_url, metrics_key, queue))
    return generate_latest(registry), CONTENT_TYPE_LATEST


class _Forward(Collector):
    """Re-exports one metric of the default registry into a per-scrape registry."""

    def __init__(self, metric: Collector, _registry: object) -> None:
        self.metric = metric

    def collect(self) -> Iterable[Metric]:
        return self.metric.collect()
