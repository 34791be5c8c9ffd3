"""Fixtures of the store, worker and API tests (tests/gamestore, tests/workers, tests/service):
the real Redis on this machine, a unique key prefix and AI queue per test session, real API and
worker processes. Each starts only when a test asks for it. Also the Hypothesis profile of every
property test (tests/support/search.py) and the order the test files start in
(tests/support/schedule.py)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
import redis

from gamestore.settings import Settings
from tests.support import schedule, search
from tests.support.namespace import REDIS_URL, clear, settings_for
from tests.support.processes import Process, start_api, start_worker

# The property tests' Hypothesis profile: the same examples every run unless asked to explore.
search.load()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--store-durations",
        action="store_true",
        help="write each test file's seconds to tests/durations.json (the files' start order)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("store_durations") and not hasattr(config, "workerinput"):
        config.pluginmanager.register(schedule.Recorder(), "coven-durations")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    schedule.longest_first(items)


@pytest.fixture(scope="session")
def redis_url() -> str:
    client = redis.Redis.from_url(REDIS_URL, socket_timeout=2)
    try:
        client.ping()
    except redis.RedisError as exc:  # the service tests need the real Redis: fail, never skip
        pytest.fail(f"Redis is not reachable at {REDIS_URL}: {exc} (run .ci/run or start it)")
    finally:
        client.close()
    return REDIS_URL


@pytest.fixture(scope="session")
def namespace(redis_url: str) -> Iterator[dict[str, str]]:
    """Environment for every process of this session: own key prefix and AI queue."""
    tag = uuid.uuid4().hex[:10]
    env = {
        "REDIS_URL": redis_url,
        "COVEN_KEY_PREFIX": f"test-{tag}:",
        "COVEN_AI_QUEUE": f"coven-ai-test-{tag}",
        "COVEN_HINT_QUEUE": f"coven-hints-test-{tag}",
        "COVEN_KEEPALIVE_SECONDS": "1",
        "COVEN_RATE_LIMIT_PER_ADDRESS": "100000",
        "COVEN_RATE_LIMIT_PER_TOKEN": "100000",
        "COVEN_MAX_OPEN_GAMES_PER_ADDRESS": "1000",
        # Paced answers would slow every AI test; tests/workers/test_ai_timing.py paces them.
        "COVEN_AI_PACE": "0",
        # Webhooks: the tests' receivers listen on 127.0.0.1; quick retries and sweeps.
        "COVEN_WEBHOOK_QUEUE": f"coven-webhooks-test-{tag}",
        "COVEN_WEBHOOK_ALLOW_PRIVATE": "true",
        "COVEN_WEBHOOK_BACKOFF_SECONDS": "0.5",
        "COVEN_WEBHOOK_SWEEP_INTERVAL_SECONDS": "1",
    }
    yield env
    clear(env["COVEN_KEY_PREFIX"], env["COVEN_AI_QUEUE"])
    clear(env["COVEN_KEY_PREFIX"], env["COVEN_HINT_QUEUE"])
    clear(env["COVEN_KEY_PREFIX"], env["COVEN_WEBHOOK_QUEUE"])


@pytest.fixture(scope="session")
def settings(namespace: dict[str, str]) -> Settings:
    return settings_for(namespace)


@pytest.fixture(scope="session")
def worker(namespace: dict[str, str]) -> Iterator[Process]:
    queues = ",".join(
        namespace[q] for q in ("COVEN_AI_QUEUE", "COVEN_HINT_QUEUE", "COVEN_WEBHOOK_QUEUE")
    )
    proc = start_worker(namespace, queues, "session")
    yield proc
    proc.stop()


@pytest.fixture(scope="session")
def api(namespace: dict[str, str]) -> Iterator[str]:
    proc, base = start_api(namespace)
    yield base
    proc.stop()
