"""Small steps the store-scaling tests share: a two-human table, the view of the seat to move,
and running a coroutine on the API's store face."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from redis.asyncio import Redis

from gamestore.settings import Settings
from gamestore.store import Store
from tests.support.client import Rest

T = TypeVar("T")


def two_humans(rest: Rest, seed: str) -> tuple[str, dict[str, str]]:
    """A new Pagan game with both seats human: its id and both tokens."""
    created = rest.create(
        game="pagan",
        seed=seed,
        seats=[{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}],
    )
    return created["id"], created["tokens"]


def to_move(rest: Rest, game_id: str, tokens: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """The seat to move and its view."""
    seat: str = rest.read(game_id).json()["to_move"]
    view: dict[str, Any] = rest.read(game_id, tokens[seat]).json()
    return seat, view


def on_store(settings: Settings, use: Callable[[Store], Awaitable[T]]) -> T:
    """`use` run on a `Store` over a fresh asyncio client, closed afterwards."""

    async def go() -> T:
        client = Redis.from_url(settings.redis_url)
        try:
            return await use(Store(client, settings))
        finally:
            await client.aclose()

    return asyncio.run(go())
