"""The cost of `COVEN_WRITE_REPLICAS`: move commits per second through the API's store face,
without WAIT and with `WAIT N`, on the Redis of REDIS_URL (which needs N replicas attached).
Prints JSON. Only the store call is timed (the rules' move planning is done beforehand).

    REDIS_URL=redis://127.0.0.1:7001/0 BENCH_REPLICAS=1 \
        .venv/bin/python benchmarks/write_replicas.py
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import time
import uuid
from typing import Any

import orjson
from redis.asyncio import Redis

from gamestore.commits import Commit, load_state, plan_move
from gamestore.records import GameRecord, SeatConfig
from gamestore.settings import Settings
from gamestore.store import Store
from rules.core import get_game

MOVES = int(os.environ.get("BENCH_MOVES", "60"))
GAMES = int(os.environ.get("BENCH_GAMES", "20"))


def _planned(game_id: str) -> tuple[GameRecord, list[tuple[GameRecord, Commit]]]:
    """A new two-human Pagan game and the commits of its first moves, planned in memory."""
    game = get_game("pagan")
    record = GameRecord(
        id=game_id,
        game="pagan",
        options={},
        seed=game_id,
        seats=[SeatConfig("witch", "human"), SeatConfig("hunter", "human")],
        version=0,
        state=orjson.dumps(game.to_json(game.new({}, game_id))),
        creator="bench",
        created=time.time(),
        token_hashes={"witch": "w", "hunter": "h"},
    )
    steps: list[tuple[GameRecord, Commit]] = []
    current = record
    for _ in range(MOVES):
        state = load_state(game, current)
        seat = game.to_move(state)
        if seat is None:
            break
        commit, _ = plan_move(game, current, state, seat, game.legal_moves(state)[0], "b")
        steps.append((current, commit))
        current = dataclasses.replace(current, version=current.version + 1, state=commit.state)
    return record, steps


async def _run(replicas: int) -> dict[str, Any]:
    settings = Settings(
        redis_url=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
        key_prefix=f"bench-{uuid.uuid4().hex[:8]}:",
        write_replicas=replicas,
    )
    client = Redis.from_url(settings.redis_url)
    store = Store(client, settings)
    tables = [_planned(uuid.uuid4().hex) for _ in range(GAMES)]
    for first, _ in tables:
        await store.create(first)
    elapsed, count = 0.0, 0
    for _, steps in tables:
        for record, commit in steps:
            started = time.perf_counter()
            result = await store.commit(record, commit)
            elapsed += time.perf_counter() - started
            assert result.ok, result
            count += 1
    keys = [k async for k in client.scan_iter(match=settings.key_prefix + "*", count=1000)]
    if keys:
        await client.delete(*keys)
    await client.aclose()
    return {"write_replicas": replicas, "commits": count, "commits_per_second": count / elapsed}


def main() -> None:
    replicas = int(os.environ.get("BENCH_REPLICAS", "1"))
    runs = [asyncio.run(_run(0)), asyncio.run(_run(replicas))]
    print(orjson.dumps({"benchmark": "write_replicas", "runs": runs}).decode())


if __name__ == "__main__":
    main()
