"""The AI-turn handoff: the one rule of whether an AI seat is to move, and the mark and claim of
a handed-out turn, shared by the API's face and the workers' face of the store (real Redis)."""

from __future__ import annotations

import asyncio
import time

import pytest
import redis
from redis.asyncio import Redis

from gamestore.handoff import ai_to_move
from gamestore.records import ACTIVE, FINISHED, GameRecord, SeatConfig
from gamestore.settings import Settings
from gamestore.store import Store, SyncStore


def _record(status: str = ACTIVE) -> GameRecord:
    seats = [SeatConfig("witch", "ai", "novice"), SeatConfig("hunter", "human")]
    return GameRecord("g", "pagan", {}, "s", seats, 0, b"{}", status=status)


def test_an_ai_seat_is_to_move_only_at_its_own_decision_in_an_unfinished_game() -> None:
    assert ai_to_move(_record(), "witch") == SeatConfig("witch", "ai", "novice")
    assert ai_to_move(_record(), "hunter") is None
    assert ai_to_move(_record(), None) is None
    assert ai_to_move(_record(), "nobody") is None
    assert ai_to_move(_record(FINISHED), "witch") is None


@pytest.mark.slow
def test_a_workers_enqueue_counts_as_handing_out_the_turn(settings: Settings) -> None:
    quick = settings.model_copy(update={"ai_stall_seconds": 1})
    client = redis.Redis.from_url(quick.redis_url)
    try:
        SyncStore(client, quick).mark_ai_enqueued("some-game", 7)
    finally:
        client.close()

    async def claim() -> bool:
        client = Redis.from_url(quick.redis_url)
        try:
            return await Store(client, quick).claim_stalled_ai_turn("some-game", 7)
        finally:
            await client.aclose()

    assert asyncio.run(claim()) is False
    time.sleep(1.2)
    assert asyncio.run(claim()) is True
