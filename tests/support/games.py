"""Creating a game the way the API does (GameService on the real Redis, AI turns sent to the
settings' Celery queue), for worker tests that need no API process; and storing a prepared
position as a new game of human seats, for tests that play it through the API."""

from __future__ import annotations

import asyncio
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import orjson
from redis.asyncio import Redis

import ai
from gamestore import clocks
from gamestore.handoff import AIQueue, celery_app
from gamestore.records import GameRecord, SeatConfig
from gamestore.settings import Settings
from gamestore.store import Store
from rules.core import get_game
from service import auth
from service.games import GameService


def create_game(
    settings: Settings,
    game: str,
    seats: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> str:
    """A new game with a secret seed; its id (`extra`: more of `GameService.create`'s
    arguments, such as `clock`). No cap on open games: the games of these tests must not
    count against the address that other tests create from."""
    settings = settings.model_copy(update={"max_open_games_per_address": 0})

    async def create() -> str:
        client = Redis.from_url(settings.redis_url)
        queue = AIQueue(celery_app(settings), settings.ai_queue)
        try:
            service = GameService(Store(client, settings), queue.enqueue)
            created = await service.create(game, options, None, seats, "127.0.0.1", **extra)
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


def store_state(settings: Settings, game_name: str, state: Any) -> tuple[str, dict[str, str]]:
    """`state` (a prepared position) stored as a new game of human seats at version 0, in the
    store the session's API reads; its id and a token per seat."""
    game = get_game(game_name)
    game_id = f"prepared-{uuid.uuid4().hex[:12]}"
    options = game.to_json(state)["options"]
    seats = game.seats(options)
    tokens = {seat: f"{seat}-{game_id}" for seat in seats}
    record = GameRecord(
        id=game_id,
        game=game_name,
        options=options,
        seed=game_id,
        seats=[SeatConfig(seat, "human") for seat in seats],
        version=0,
        state=orjson.dumps(game.to_json(state)),
        creator="test",
        created=1.0,
        token_hashes={seat: auth.token_hash(token) for seat, token in tokens.items()},
    )

    async def put() -> None:
        redis = Redis.from_url(settings.redis_url)
        try:
            assert await Store(redis, settings).create(record)
        finally:
            await redis.aclose()

    # In a thread of its own: a test driving a browser has an event loop running on this one.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, put()).result()
    return game_id, tokens
