"""The index of games that may wait on an AI seat, which the workers' sweeper
(`workers.sweeper`) walks to re-enqueue stalled AI turns whether or not anyone reads the game.

A sorted set, game id -> when one of its AI turns was last handed out. A game is added
whenever an AI turn is handed out (by the API or a worker) and removed by the sweeper once it
no longer waits on an AI seat (a human's turn, finished, expired); the next AI turn adds it
again. It is one key, never touched by a game's Lua scripts, so it needs no shared hash slot.
"""

from __future__ import annotations

import time
from typing import Any

from gamestore.keys import Keys


def index_key(keys: Keys) -> str:
    return f"{keys.prefix}ai-watch"


async def watch(client: Any, keys: Keys, game_id: str) -> None:
    """(asyncio client) The game's AI turn is being handed out now."""
    await client.zadd(index_key(keys), {game_id: time.time()})


def watch_sync(client: Any, keys: Keys, game_id: str) -> None:
    """(blocking client) The game's AI turn is being handed out now."""
    client.zadd(index_key(keys), {game_id: time.time()})


def due(client: Any, keys: Keys, older_than: float, limit: int) -> list[str]:
    """(blocking client) Games whose last hand-out is older than `older_than` seconds."""
    raw = client.zrangebyscore(index_key(keys), "-inf", time.time() - older_than, 0, limit)
    return [g.decode() if isinstance(g, bytes) else str(g) for g in raw]


def forget(client: Any, keys: Keys, game_id: str) -> None:
    client.zrem(index_key(keys), game_id)
