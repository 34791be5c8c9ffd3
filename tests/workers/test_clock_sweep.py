"""The clock sweep on its own (no Celery): a due game is timed out and dropped from the
schedule, and a game the sweep cannot handle is put off without holding up the others."""

from __future__ import annotations

import time
import uuid

import redis

from gamestore.records import FINISHED
from gamestore.settings import Settings
from gamestore.store import SyncStore
from tests.support.games import clocked_record
from tests.support.tables import on_store
from workers.clocks import RETRY_SECONDS, sweep_clocks


def test_the_clock_sweep_times_out_a_due_game_and_a_broken_one_does_not_hold_it_up(
    settings: Settings,
) -> None:
    own = settings.model_copy(
        update={"key_prefix": f"{settings.key_prefix}sweep-{uuid.uuid4().hex[:6]}:"}
    )
    store = SyncStore(redis.Redis.from_url(own.redis_url), own)
    try:
        clock = {"decision_seconds": 1, "on_timeout": "forfeit"}
        record = clocked_record(clock, time.time() - 5, f"clock-{uuid.uuid4().hex[:8]}")
        assert on_store(own, lambda s: s.create(record))
        store.redis.hset(store.keys.game("broken"), mapping={"v": 0, "state": b"{}"})
        store.redis.zadd(store.keys.clock_index, {"broken": 0.0})
        enqueued: list[tuple[str, int]] = []
        before = time.time()
        notified: list[str] = []
        assert sweep_clocks(store, lambda g, v: enqueued.append((g, v)), notified.append) == 1
        assert notified == [record.id]  # its webhooks hear of the game's end
        after = store.load(record.id)
        assert after is not None and after.status == FINISHED
        assert after.outcome is not None and after.outcome["reason"] == "timeout"
        assert enqueued == []  # a forfeit hands nothing to the AI
        assert store.redis.zscore(store.keys.clock_index, record.id) is None  # nothing to wait for
        retry = store.redis.zscore(store.keys.clock_index, "broken")
        assert retry is not None and retry >= before + RETRY_SECONDS
    finally:
        keys = list(store.redis.scan_iter(match=own.key_prefix + "*"))
        if keys:
            store.redis.delete(*keys)
