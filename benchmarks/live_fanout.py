"""Fan-out benchmark of live updates: N streams on one game, time from a move to the last one.

    .venv/bin/python benchmarks/live_fanout.py [--streams 100,500,1000] [--moves 5]
        [--kind sse|graphql|both] [--per-connection 10] [--root CHECKOUT] [--join]

Starts one real API process (uvicorn, one worker, own key prefix on the Redis at
127.0.0.1:6379 or REDIS_URL, rate limits off), creates a human-against-human Pagan game, opens
N spectator streams on it (SSE, or GraphQL subscriptions over graphql-transport-ws with
--per-connection subscriptions on each WebSocket), and makes --moves moves. For each move it
takes the time from the move's answer to the moment the last stream has the new version, and
prints one JSON object: per kind and N, p50 and p99 of that time over the moves, how many
streams got every move, and the most Redis connections the API held during the run (CLIENT
LIST, counted by the client name the API's REDIS_URL gives them). --root runs the API from
another checkout (say, an export of an older commit) to compare. --join creates the game with
the Hunter's seat open and, before the moves, joins it: `join_ms` is the time from the join's
answer to the last stream's message showing it (a join makes no version: its message is each
stream's second at version 0), null when some stream never got it.

The client (plain asyncio sockets for SSE, `websockets` for GraphQL) runs on the same 2-core
machine as the server, so the figures are for the whole setup. Every run is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import orjson
import redis
import servers  # benchmarks/servers.py, beside this script
import websockets

ROOT = Path(__file__).resolve().parents[1]
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")


class Arrivals:
    """When each stream first saw each version."""

    def __init__(self, streams: int) -> None:
        self.seen: list[dict[int, float]] = [{} for _ in range(streams)]
        self.messages: list[list[float]] = [[] for _ in range(streams)]
        self.failures: list[str] = []
        self.changed = asyncio.Event()

    def saw(self, stream: int, version: int) -> None:
        now = time.perf_counter()
        self.seen[stream].setdefault(version, now)
        self.messages[stream].append(now)
        self.changed.set()

    def count(self, version: int) -> int:
        return sum(1 for s in self.seen if version in s)

    def last(self, version: int) -> float:
        return max(s[version] for s in self.seen if version in s)


async def sse_stream(port: int, path: str, index: int, arrivals: Arrivals) -> None:
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        await writer.drain()
        status = await reader.readline()
        if b" 200 " not in status:
            arrivals.failures.append(status.decode(errors="replace").strip())
            return
        while line := await reader.readline():
            # Chunk-size lines of the chunked encoding never start with "id: ".
            if line.startswith(b"id: "):
                arrivals.saw(index, int(line[4:]))
        writer.close()
    except (OSError, ValueError) as exc:
        arrivals.failures.append(repr(exc))


async def graphql_connection(
    port: int, game_id: str, first: int, count: int, arrivals: Arrivals
) -> None:
    query = "subscription ($id: ID!) { game(gameId: $id) { version status viewJson } }"
    try:
        async with websockets.connect(
            f"ws://127.0.0.1:{port}/graphql",
            subprotocols=[websockets.Subprotocol("graphql-transport-ws")],
            max_size=None,
            ping_interval=None,
        ) as ws:
            await ws.send(orjson.dumps({"type": "connection_init", "payload": {}}).decode())
            ack = orjson.loads(await ws.recv())
            if ack.get("type") != "connection_ack":
                arrivals.failures.append(str(ack))
                return
            for i in range(count):
                payload = {"query": query, "variables": {"id": game_id}}
                message = {"id": str(first + i), "type": "subscribe", "payload": payload}
                await ws.send(orjson.dumps(message).decode())
            async for raw in ws:
                message = orjson.loads(raw)
                if message["type"] == "ping":
                    await ws.send(orjson.dumps({"type": "pong"}).decode())
                elif message["type"] == "next":
                    payload = message["payload"]
                    if "errors" in payload:
                        arrivals.failures.append(str(payload["errors"])[:200])
                        continue
                    arrivals.saw(int(message["id"]), payload["data"]["game"]["version"])
                elif message["type"] == "error":
                    arrivals.failures.append(str(message)[:200])
    except (OSError, websockets.WebSocketException) as exc:
        arrivals.failures.append(repr(exc))


def redis_connections(client: redis.Redis, name: str) -> int:
    return sum(1 for c in client.client_list() if c.get("name") == name)


async def run(
    kind: str, streams: int, moves: int, per_connection: int, port: int, name: str, join: bool
) -> dict[str, Any]:
    monitor = redis.Redis.from_url(REDIS_URL)
    limits = httpx.Limits(max_connections=4)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits) as http:
        created = (
            await http.post(
                "/api/v1/games",
                json={
                    "game": "pagan",
                    # A chosen seed is refused with an open seat (docs/fairness.md).
                    **({} if join else {"seed": "fanout"}),
                    "seats": [
                        {"seat": "witch", "kind": "human"},
                        {"seat": "hunter", "kind": "open" if join else "human"},
                    ],
                },
            )
        ).json()
        game_id, tokens = created["id"], dict(created["tokens"])
        arrivals = Arrivals(streams)
        tasks: list[asyncio.Task[None]] = []
        if kind == "sse":
            path = f"/api/v1/games/{game_id}/stream"
            tasks = [
                asyncio.create_task(sse_stream(port, path, i, arrivals)) for i in range(streams)
            ]
        else:
            for first in range(0, streams, per_connection):
                count = min(per_connection, streams - first)
                tasks.append(
                    asyncio.create_task(graphql_connection(port, game_id, first, count, arrivals))
                )
        most = 0
        opened = time.perf_counter()
        while arrivals.count(0) + len(arrivals.failures) < streams:
            if time.perf_counter() - opened > 120:
                break
            most = max(most, redis_connections(monitor, name))
            await asyncio.sleep(0.2)
        open_seconds = time.perf_counter() - opened
        join_ms = None
        if join:
            joined = await http.post(f"/api/v1/games/{game_id}/join", json={"seat": "hunter"})
            answered = time.perf_counter()
            tokens["hunter"] = joined.json()["token"]
            deadline = answered + 60
            while sum(1 for m in arrivals.messages if len(m) >= 2) < streams:
                if time.perf_counter() > deadline:
                    break
                arrivals.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(arrivals.changed.wait(), 0.2)
            if all(len(m) >= 2 for m in arrivals.messages):
                last = max(m[1] for m in arrivals.messages)
                join_ms = round(max(0.0, last - answered) * 1000, 1)
        latencies: list[float] = []
        version = 0
        for _ in range(moves):
            seat = None
            for seat_name, token in tokens.items():
                read = await http.get(
                    f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}
                )
                game = read.json()
                if game["your_decision"]:
                    seat = seat_name
                    break
            assert seat is not None, "nobody is to move"
            answer = await http.post(
                f"/api/v1/games/{game_id}/moves",
                headers={"Authorization": f"Bearer {tokens[seat]}"},
                json={"version": game["version"], "move_id": game["legal_moves"][0]["id"]},
            )
            answered = time.perf_counter()
            version = answer.json()["version"]
            deadline = answered + 60
            while arrivals.count(version) < streams - len(arrivals.failures):
                most = max(most, redis_connections(monitor, name))
                if time.perf_counter() > deadline:
                    break
                arrivals.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(arrivals.changed.wait(), 0.2)
            most = max(most, redis_connections(monitor, name))
            if arrivals.count(version):
                latencies.append(max(0.0, arrivals.last(version) - answered))
        complete = sum(1 for s in arrivals.seen if all(v in s for v in range(version + 1)))
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    monitor.close()
    ordered = sorted(latencies)
    return {
        "kind": kind,
        "streams": streams,
        "per_connection": per_connection if kind == "graphql" else 1,
        "moves": moves,
        "seconds_to_open_all": round(open_seconds, 2),
        "streams_with_every_move": complete,
        "failed_streams": len(arrivals.failures),
        "first_failure": arrivals.failures[0] if arrivals.failures else None,
        "p50_ms": round(statistics.median(ordered) * 1000, 1) if ordered else None,
        "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 1)
        if ordered
        else None,
        "max_redis_connections": most,
        **({"join_ms": join_ms} if join else {}),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--streams", default="100,500,1000")
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--kind", choices=("sse", "graphql", "both"), default="both")
    parser.add_argument("--per-connection", type=int, default=10)
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--port", type=int, default=8131)
    parser.add_argument("--join", action="store_true")
    args = parser.parse_args()
    tag = uuid.uuid4().hex[:8]
    name = f"fanout-{tag}"
    parts = urlsplit(REDIS_URL)
    url = REDIS_URL + ("&" if parts.query else "?") + f"client_name={name}"
    env = {
        "REDIS_URL": url,
        "CELERY_BROKER_URL": REDIS_URL,
        "COVEN_KEY_PREFIX": f"bench-fanout-{tag}:",
        "COVEN_AI_QUEUE": f"bench-fanout-{tag}",
        "COVEN_RATE_LIMIT_PER_ADDRESS": "0",
        "COVEN_RATE_LIMIT_PER_TOKEN": "0",
    }
    kinds = ("sse", "graphql") if args.kind == "both" else (args.kind,)
    proc, _ = servers.start_api(env, root=args.root, port=args.port)
    runs = []
    try:
        for kind in kinds:
            for n in (int(x) for x in args.streams.split(",")):
                runs.append(
                    asyncio.run(
                        run(kind, n, args.moves, args.per_connection, args.port, name, args.join)
                    )
                )
                print(orjson.dumps(runs[-1]).decode(), file=sys.stderr)
    finally:
        servers.stop(proc)
        servers.clear(REDIS_URL, env["COVEN_KEY_PREFIX"])
    out = {"root": str(args.root), "python": sys.version.split()[0], "runs": runs}
    print(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode())


if __name__ == "__main__":
    main()
