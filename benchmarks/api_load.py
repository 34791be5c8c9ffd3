"""Load benchmark of the API over HTTP on loopback: moves per second and move latency (p50,
p99) through REST and through GraphQL, each with the API on 2 uvicorn worker processes, and the
same figures for a minimal Starlette endpoint doing one Redis GET and SET (the ceiling).

    .venv/bin/python benchmarks/api_load.py [--moves 2000] [--concurrency 16]

Needs the Redis on 127.0.0.1:6379 (or REDIS_URL). Every run is bounded (--moves requests per
API, --ceiling requests for the ceiling) and prints one JSON object. The load generator (httpx,
asyncio) runs on the same 2-core machine as the servers, so all figures are under that load.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
import uuid
from typing import Any

import httpx
import servers  # benchmarks/servers.py, beside this script

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")


def _summary(latencies: list[float], seconds: float, requests: int) -> dict[str, Any]:
    ordered = sorted(latencies)
    return {
        "moves": len(latencies),
        "requests": requests,
        "seconds": round(seconds, 3),
        "moves_per_second": round(len(latencies) / seconds, 1),
        "p50_ms": round(statistics.median(ordered) * 1000, 2),
        "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1] * 1000, 2),
    }


async def _ceiling(base: str, total: int, concurrency: int) -> dict[str, Any]:
    latencies: list[float] = []
    left = total

    async def one(client: httpx.AsyncClient) -> None:
        nonlocal left
        while left > 0:
            left -= 1
            t = time.perf_counter()
            r = await client.post("/touch")
            latencies.append(time.perf_counter() - t)
            assert r.status_code == 200

    async with httpx.AsyncClient(
        base_url=base, limits=httpx.Limits(max_connections=concurrency)
    ) as client:
        started = time.perf_counter()
        await asyncio.gather(*(one(client) for _ in range(concurrency)))
        seconds = time.perf_counter() - started
    return _summary(latencies, seconds, total)


GQL_MOVE = """mutation ($id: ID!, $v: Int!, $m: String!) { move(gameId: $id, version: $v,
moveId: $m) { version status yourDecision legalMoves { id } } }"""
GQL_READ = (
    "query ($id: ID!) { game(id: $id) { version status toMove yourDecision legalMoves { id } } }"
)


async def _play(base: str, total: int, concurrency: int, graphql: bool) -> dict[str, Any]:
    """Each connection plays its own human-vs-human game with random legal moves; a move's
    latency is its request's; moves/s counts moves over the whole wall time (including the
    reads that learn the other seat's legal moves)."""
    latencies: list[float] = []
    requests = 0
    left = total
    rng = random.Random(1)

    async def call(
        client: httpx.AsyncClient, token: str | None, query: str, variables: dict[str, Any]
    ) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = await client.post(
            "/graphql", json={"query": query, "variables": variables}, headers=headers
        )
        data: dict[str, Any] = r.json()
        assert "errors" not in data, data
        result: dict[str, Any] = data["data"]
        return result

    async def new_game(client: httpx.AsyncClient) -> tuple[str, dict[str, str]]:
        r = await client.post(
            "/api/v1/games",
            json={
                "game": "pagan",
                "seats": [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}],
            },
        )
        created = r.json()
        return created["id"], created["tokens"]

    async def read(
        client: httpx.AsyncClient, game_id: str, tokens: dict[str, str]
    ) -> tuple[str, int, list[str], str]:
        nonlocal requests
        requests += 2
        if graphql:
            g = (await call(client, None, GQL_READ, {"id": game_id}))["game"]
            seat = g["toMove"]
            g = (await call(client, tokens[seat], GQL_READ, {"id": game_id}))["game"]
            return seat, g["version"], [m["id"] for m in g["legalMoves"]], g["status"]
        g = (await client.get(f"/api/v1/games/{game_id}")).json()
        seat = g["to_move"]
        g = (
            await client.get(
                f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {tokens[seat]}"}
            )
        ).json()
        return seat, g["version"], [m["id"] for m in g["legal_moves"]], g["status"]

    async def player(client: httpx.AsyncClient) -> None:
        nonlocal left, requests
        game_id, tokens = await new_game(client)
        seat, version, legal, status = await read(client, game_id, tokens)
        while left > 0:
            if status != "active" or not legal:
                game_id, tokens = await new_game(client)
                seat, version, legal, status = await read(client, game_id, tokens)
                continue
            left -= 1
            move = rng.choice(legal)
            t = time.perf_counter()
            requests += 1
            if graphql:
                g = (
                    await call(
                        client, tokens[seat], GQL_MOVE, {"id": game_id, "v": version, "m": move}
                    )
                )["move"]
                mine, version, status = g["yourDecision"], g["version"], g["status"]
                legal = [m["id"] for m in g["legalMoves"]]
            else:
                r = await client.post(
                    f"/api/v1/games/{game_id}/moves",
                    json={"version": version, "move_id": move},
                    headers={"Authorization": f"Bearer {tokens[seat]}"},
                )
                assert r.status_code == 200, r.text
                g = r.json()
                mine, version, status = g["your_decision"], g["version"], g["status"]
                legal = [m["id"] for m in g["legal_moves"]]
            latencies.append(time.perf_counter() - t)
            if not mine and status == "active":
                seat, version, legal, status = await read(client, game_id, tokens)

    async with httpx.AsyncClient(
        base_url=base, timeout=30, limits=httpx.Limits(max_connections=concurrency)
    ) as client:
        started = time.perf_counter()
        await asyncio.gather(*(player(client) for _ in range(concurrency)))
        seconds = time.perf_counter() - started
    return _summary(latencies, seconds, requests)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--ceiling", type=int, default=4000)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    tag = uuid.uuid4().hex[:8]
    prefix = f"bench-{tag}:"
    env = {
        "REDIS_URL": REDIS_URL,
        "COVEN_KEY_PREFIX": prefix,
        "COVEN_AI_QUEUE": f"bench-{tag}",
        "COVEN_RATE_LIMIT_PER_ADDRESS": "10000000",
        "COVEN_RATE_LIMIT_PER_TOKEN": "10000000",
        "COVEN_MAX_OPEN_GAMES_PER_ADDRESS": "0",
        "CEILING_KEY": prefix + "ceiling",
    }
    out: dict[str, Any] = {
        "api_workers": 2,
        "concurrency": args.concurrency,
        "python": sys.version.split()[0],
    }
    proc, base = servers.start_api(env, app="benchmarks.api_ceiling:create_app", workers=2)
    try:
        out["ceiling_get_set"] = asyncio.run(_ceiling(base, args.ceiling, args.concurrency))
    finally:
        servers.stop(proc)
    proc, base = servers.start_api(env, workers=2)
    try:
        out["rest"] = asyncio.run(_play(base, args.moves, args.concurrency, graphql=False))
        out["graphql"] = asyncio.run(_play(base, args.moves, args.concurrency, graphql=True))
    finally:
        servers.stop(proc)
        servers.clear(REDIS_URL, prefix)
    ceiling = out["ceiling_get_set"]["moves_per_second"]
    for api in ("rest", "graphql"):
        out[api]["share_of_ceiling"] = round(out[api]["moves_per_second"] / ceiling, 3)
    import orjson

    print(orjson.dumps(out).decode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
