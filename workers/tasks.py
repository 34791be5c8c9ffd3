"""Celery tasks: thin wrappers that give `workers.turns` a store and a way to enqueue."""

from __future__ import annotations

from functools import lru_cache

import redis
from redis.exceptions import RedisError

from service.settings import get_settings
from service.sync_store import SyncStore
from workers import turns
from workers.app import app


@lru_cache(maxsize=1)
def store() -> SyncStore:
    settings = get_settings()
    return SyncStore(redis.Redis.from_url(settings.redis_url), settings)


def _enqueue_next(game_id: str, version: int) -> None:
    play_ai_turn.apply_async(args=[game_id, version], queue=get_settings().ai_queue)


@app.task(
    bind=True,
    name="workers.tasks.play_ai_turn",
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(RedisError,),
    retry_backoff=True,
    retry_backoff_max=10,
    max_retries=8,
)
def play_ai_turn(self: object, game_id: str, version: int) -> str:
    task_id: str = getattr(getattr(self, "request", None), "id", None) or ""
    return turns.play_turn(
        store(), game_id, version, task_id, _enqueue_next, get_settings().ai_min_think_seconds
    )


@app.task(
    name="workers.tasks.analyse",
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(RedisError,),
    retry_backoff=True,
    max_retries=3,
)
def analyse(game_id: str, version: int, seat: str, level: str, request_id: str) -> str:
    return turns.analyse(store(), game_id, version, seat, level, request_id)
