"""Celery tasks: thin wrappers that give `workers.turns` a store and a way to enqueue.

An AI turn is one `play_ai_turn` task, except at a level with several trees (`expert`) when the
decision needs a search: then `play_ai_turn` starts a chord, one `search_tree` task per tree
(their results go to the result backend) and `finish_turn` as its body, which merges the trees,
commits the move and enqueues the next AI turn. No task ever waits for another's result.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final

from celery import chord, signals
from redis.exceptions import RedisError

from gamestore import stalls
from gamestore.connect import sync_client
from gamestore.handoff import (
    ANALYSE,
    DELIVER_WEBHOOK,
    DISPATCH_WEBHOOKS,
    FINISH_TURN,
    PLAY_AI_TURN,
    SEARCH_TREE,
)
from gamestore.settings import get_settings
from gamestore.store import SyncStore
from workers import clocks, sweeper, timing, turns, warmup, webhooks
from workers.app import app

TURN_TASK_OPTIONS: Final[Mapping[str, Any]] = {
    # A turn's tasks are idempotent (see `workers.turns`), so a message is safe to deliver again:
    # it is acknowledged only once its task ran, and a Redis hiccup is retried, not the turn lost.
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": (RedisError,),
    "retry_backoff": True,
    "retry_backoff_max": 10,
    "max_retries": 8,
}


@lru_cache(maxsize=1)
def store() -> SyncStore:
    settings = get_settings()
    return SyncStore(sync_client(settings), settings)


def pacer() -> timing.Pacer:
    return timing.Pacer(get_settings().ai_pace)


def _task_id(task: object) -> str:
    task_id: str = getattr(getattr(task, "request", None), "id", None) or ""
    return task_id


def enqueue_next(game_id: str, version: int) -> None:
    """Hand the AI turn at `version` to the workers, marked as handed out."""
    store().mark_ai_enqueued(game_id, version)  # so a read does not take the turn for stalled
    enqueue_turn(game_id, version)


def enqueue_turn(game_id: str, version: int) -> None:
    """Hand the AI turn at `version` to the workers, and watch the game for a stall."""
    stalls.watch_sync(store().redis, store().keys, game_id)
    play_ai_turn.apply_async(args=[game_id, version], queue=get_settings().ai_queue)


def _enqueue_split(
    game_id: str, version: int, jobs: list[dict[str, Any]], started: float, answer: float
) -> None:
    queue = get_settings().ai_queue
    header = [search_tree.s(game_id, version, job).set(queue=queue) for job in jobs]
    chord(header)(finish_turn.s(game_id, version, started, answer).set(queue=queue))


@app.task(bind=True, name=PLAY_AI_TURN, **TURN_TASK_OPTIONS)
def play_ai_turn(self: object, game_id: str, version: int) -> str:
    outcome = turns.play_turn(
        store(),
        game_id,
        version,
        _task_id(self),
        enqueue_next,
        pacer(),
        _enqueue_split,
    )
    return _notified(game_id, outcome)


@app.task(name=SEARCH_TREE, ignore_result=False, **TURN_TASK_OPTIONS)
def search_tree(game_id: str, version: int, job: dict[str, Any]) -> dict[str, Any]:
    return turns.search_tree(store(), game_id, version, job)


@app.task(bind=True, name=FINISH_TURN, **TURN_TASK_OPTIONS)
def finish_turn(
    self: object,
    results: list[Any],
    game_id: str,
    version: int,
    started: float,
    answer: float = 0.0,
) -> str:
    outcome = turns.finish_turn(
        store(),
        game_id,
        version,
        results,
        _task_id(self),
        enqueue_next,
        started,
        answer,
        pacer(),
    )
    return _notified(game_id, outcome)


@app.task(
    name=ANALYSE,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(RedisError,),
    retry_backoff=True,
    max_retries=3,
)
def analyse(game_id: str, version: int, seat: str, level: str, request_id: str) -> str:
    return turns.analyse(store(), game_id, version, seat, level, request_id)


# -- webhooks (workers.webhooks) ---------------------------------------------------------------

WEBHOOK_TASK_OPTIONS: Final[Mapping[str, Any]] = {
    # A hand-out and a delivery are safe to run again (a notice keeps its id), so a worker that
    # dies mid-task leaves its message to be delivered again.
    "acks_late": True,
    "reject_on_worker_lost": True,
}


def _notified(game_id: str, outcome: str) -> str:
    """After an AI turn's task: hand out the game's webhook notices when it wrote a move (or
    re-enqueued the follow-up of one it wrote before dying). A lost enqueue is the sweeper's."""
    if outcome in ("moved", "resumed") and store().redis.exists(
        store().keys.webhook_cursor(game_id)
    ):
        enqueue_dispatch(game_id)
    return outcome


def notify_webhooks(game_id: str) -> None:
    """After a write outside an AI turn (the clock sweep's timeout): hand out the game's
    webhook notices if any seat has a webhook."""
    if store().redis.exists(store().keys.webhook_cursor(game_id)):
        enqueue_dispatch(game_id)


def enqueue_dispatch(game_id: str) -> None:
    dispatch_webhooks.apply_async(args=[game_id], queue=get_settings().webhook_queue)


def _enqueue_delivery(game_id: str, seat: str, webhook_id: str, payload: dict[str, Any]) -> None:
    deliver_webhook.apply_async(
        args=[game_id, seat, webhook_id, payload], queue=get_settings().webhook_queue
    )


@app.task(
    bind=True,
    name=DISPATCH_WEBHOOKS,
    autoretry_for=(RedisError,),
    retry_backoff=True,
    retry_backoff_max=10,
    max_retries=8,
    **WEBHOOK_TASK_OPTIONS,
)
def dispatch_webhooks(self: Any, game_id: str) -> int:
    sent = webhooks.dispatch(store(), game_id, _enqueue_delivery)
    if sent is None:  # another hand-out of this game is running: after it, this one
        raise self.retry(countdown=0.2, max_retries=100)
    return sent


@app.task(
    bind=True,
    name=DELIVER_WEBHOOK,
    # A Redis hiccup (reading the webhook, writing the log) is retried like a failed attempt.
    autoretry_for=(RedisError,),
    retry_backoff=True,
    retry_backoff_max=60,
    max_retries=None,
    **WEBHOOK_TASK_OPTIONS,
)
def deliver_webhook(
    self: Any, game_id: str, seat: str, webhook_id: str, payload: dict[str, Any]
) -> str:
    attempt = int(self.request.retries) + 1
    result = webhooks.deliver(store(), game_id, seat, webhook_id, payload, attempt)
    if result.retry:
        settings = get_settings()
        wait = webhooks.backoff_seconds(
            attempt, settings.webhook_backoff_seconds, settings.webhook_backoff_max_seconds
        )
        raise self.retry(countdown=wait)
    return "delivered" if result.delivered else "given up"


# -- a worker process's warm-up, before its first task (workers.warmup) -------------------------


@signals.worker_process_init.connect
def _warm_up(**_: Any) -> None:
    warmup.warm_up()


# -- the timers (workers.sweeper), started and stopped with the worker ---------------------------

_running: list[sweeper.Sweeper] = []


@signals.worker_ready.connect
def _start(sender: Any = None, **_: Any) -> None:
    shared = store()
    name = str(getattr(sender, "hostname", ""))
    timers = [
        sweeper.Sweeper(shared, lambda: sweeper.sweep_once(shared, enqueue_turn), name),
        sweeper.Sweeper(
            shared,
            lambda: webhooks.sweep_once(shared, enqueue_dispatch),
            name,
            "webhook-sweep",
            shared.settings.webhook_sweep_interval_seconds,
        ),
        sweeper.Sweeper(
            shared,
            lambda: clocks.sweep_clocks(shared, enqueue_next, notify_webhooks),
            name,
            clocks.LOCK_LABEL,
            shared.settings.clock_sweep_interval_seconds,
        ),
    ]
    for timer in timers:
        timer.start()
        _running.append(timer)


@signals.worker_shutdown.connect
def _stop(**_: Any) -> None:
    while _running:
        with contextlib.suppress(Exception):
            _running.pop().stop()
