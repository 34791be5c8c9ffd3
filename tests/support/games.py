"""Creating a game the way the API does (GameService on the real Redis, AI turns sent to the
settings' Celery queue), for worker tests that need no API process."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from redis.asyncio import Redis

import ai
from gamestore import clocks
from gamestore.handoff import AIQueue, celery_app
from gamestore.records import GameRecord, SeatConfig
from gamestore.settings import Settings
from gamestore.store import Store
from rules.core.registry import get_game
from service.games import GameService


def create_game(settings: Settings, game: str, seats: list[dict[str, Any]], **extra: Any) -> str:
    """A new game with a secret seed; its id (`extra`: more of `GameService.create`'s
    arguments, such as `clock`). No cap on open games: the games of these tests must not
    count against the address that other tests create from."""
    settings = settings.model_copy(update={"max_open_games_per_address": 0})

    async def create() -> str:
        client = Redis.from_url(settings.redis_url)
        queue = AIQueue(celery_app(settings), settings.ai_queue)
        try:
            service = GameService(Store(client, settings), queue.enqueue)
            created = await service.create(game, None, None, seats, "127.0.0.1", **extra)
            return str(created["id"])
        finally:
            await asyncio.to_thread(queue.close)
            await client.aclose()

    return asyncio.run(create())


def clocked_record(clock: dict[str, object], created: float, game_id: str = "g") -> GameRecord:
    """A two-human Pagan record (tokens "w" and "h") with `clock`, created at `created`."""
    game = get_game("pagan")
    state = game.new(None, game_id)
    record = GameRecord(
        id=game_id,
        game="pagan",
        options={},
        seed=game_id,
        seats=[SeatConfig("witch", "human"), SeatConfig("hunter", "human")],
        version=0,
        state=orjson.dumps(game.to_json(state)),
        creator="test",
        created=created,
        token_hashes={"witch": "w", "hunter": "h"},
    )
    parsed = clocks.parse_clock(clock, ai.LEVELS)
    return clocks.configure(record, parsed, None, game.to_move(state))
