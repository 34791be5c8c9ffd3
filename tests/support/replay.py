"""Checks on a stored game: its move log has every version once, and replaying the stored
options, seed and move log rebuilds the stored state exactly."""

from __future__ import annotations

import asyncio

import orjson
from redis.asyncio import Redis

from gamestore.settings import Settings
from gamestore.store import Store
from rules.core import get_game


def assert_log_replays(settings: Settings, game_id: str, version: int) -> list[dict[str, str]]:
    async def load() -> tuple[object, list[dict[str, str]]]:
        redis = Redis.from_url(settings.redis_url)
        try:
            store = Store(redis, settings)
            return await store.load(game_id), await store.move_log(game_id)
        finally:
            await redis.aclose()

    record, log = asyncio.run(load())
    assert record is not None
    assert record.version == version  # type: ignore[attr-defined]
    assert [int(e["v"]) for e in log] == list(range(1, version + 1)), "lost or doubled moves"
    game = get_game(record.game)  # type: ignore[attr-defined]
    moves = [e["move"] for e in log if e["kind"] == "move"]
    replayed = game.replay(record.options, record.seed, moves)  # type: ignore[attr-defined]
    assert orjson.dumps(game.to_json(replayed)) == record.state  # type: ignore[attr-defined]
    return log
