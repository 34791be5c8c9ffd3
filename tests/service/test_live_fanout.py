"""Live updates at scale, against a real API process: hundreds of streams on one game each get
every move while the process holds a bounded number of Redis connections; past the pool's
timeout the answer is a typed 503, never a 500."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import orjson
import pytest
import redis
import websockets

from service.fanout import raise_fd_limit
from tests.support.namespace import REDIS_URL
from tests.support.processes import Process, start_api

HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
# GraphQL limits an operator may raise, high enough for the hundreds of aliases below.
RAISED_GRAPHQL_LIMITS = {"COVEN_GRAPHQL_MAX_ALIASES": "300", "COVEN_GRAPHQL_MAX_TOKENS": "20000"}


def _api(namespace: dict[str, str], **settings: str) -> tuple[Process, str, str]:
    """An API process of its own whose Redis connections carry a client name to count them."""
    name = f"fanout-test-{uuid.uuid4().hex[:8]}"
    env = {**namespace, "REDIS_URL": f"{REDIS_URL}?client_name={name}", **settings}
    # A key prefix of its own (cleared with the session's): its games count against no other
    # test's creating address.
    env["COVEN_KEY_PREFIX"] = f"{namespace['COVEN_KEY_PREFIX']}{name}:"
    env["CELERY_BROKER_URL"] = REDIS_URL
    proc, base = start_api(env)
    return proc, base, name


@pytest.fixture
def small_pool_api(namespace: dict[str, str]) -> Iterator[tuple[str, str]]:
    proc, base, name = _api(namespace, COVEN_REDIS_MAX_CONNECTIONS="12")
    yield base, name
    proc.stop()


def _connections(name: str) -> int:
    client = redis.Redis.from_url(REDIS_URL)
    try:
        return sum(1 for c in client.client_list() if c.get("name") == name)
    finally:
        client.close()


async def _sse(port: int, path: str, seen: set[int], ready: asyncio.Event, want: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    await writer.drain()
    assert b" 200 " in await reader.readline()
    while len(seen) < want and (line := await reader.readline()):
        if line.startswith(b"id: "):
            seen.add(int(line[4:]))
            ready.set()
    writer.close()


async def _subscriptions(
    port: int, game_id: str, count: int, seen: list[set[int]], want: int
) -> None:
    query = "subscription ($id: ID!) { game(id: $id) { version } }"
    async with websockets.connect(
        f"ws://127.0.0.1:{port}/graphql",
        subprotocols=[websockets.Subprotocol("graphql-transport-ws")],
    ) as ws:
        await ws.send(orjson.dumps({"type": "connection_init", "payload": {}}).decode())
        assert orjson.loads(await ws.recv())["type"] == "connection_ack"
        for i in range(count):
            payload = {"query": query, "variables": {"id": game_id}}
            await ws.send(
                orjson.dumps({"id": str(i), "type": "subscribe", "payload": payload}).decode()
            )
        while any(len(s) < want for s in seen):
            message = orjson.loads(await ws.recv())
            if message["type"] == "ping":
                await ws.send(orjson.dumps({"type": "pong"}).decode())
                continue
            assert message["type"] == "next", message
            seen[int(message["id"])].add(message["payload"]["data"]["game"]["version"])


async def _move(http: httpx.AsyncClient, game_id: str, tokens: dict[str, str]) -> int:
    for token in tokens.values():
        headers = {"Authorization": f"Bearer {token}"}
        game = (await http.get(f"/api/v1/games/{game_id}", headers=headers)).json()
        if game["your_decision"]:
            r = await http.post(
                f"/api/v1/games/{game_id}/moves",
                headers=headers,
                json={"version": game["version"], "move_id": game["legal_moves"][0]["id"]},
            )
            assert r.status_code == 200, r.text
            version: int = r.json()["version"]
            return version
    raise AssertionError("nobody is to move")


@pytest.mark.slow
def test_every_stream_gets_every_move_with_a_bounded_number_of_redis_connections(
    small_pool_api: tuple[str, str],
) -> None:
    base, name = small_pool_api
    port = int(base.rsplit(":", 1)[1])
    moves = 3

    async def scenario() -> int:
        most = 0
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            created = (
                await http.post("/api/v1/games", json={"game": "pagan", "seats": HUMANS})
            ).json()
            game_id, tokens = created["id"], created["tokens"]
            sse_seen = [set[int]() for _ in range(300)]
            readies = [asyncio.Event() for _ in sse_seen]
            path = f"/api/v1/games/{game_id}/stream"
            gql_seen = [[set[int]() for _ in range(50)] for _ in range(4)]
            tasks = [
                asyncio.create_task(_sse(port, path, seen, ready, moves + 1))
                for seen, ready in zip(sse_seen, readies, strict=True)
            ] + [
                asyncio.create_task(_subscriptions(port, game_id, 50, seen, moves + 1))
                for seen in gql_seen
            ]
            everyone = [*sse_seen, *(s for conn in gql_seen for s in conn)]
            async with asyncio.timeout(90):
                while not all(0 in s for s in everyone):
                    most = max(most, _connections(name))
                    await asyncio.sleep(0.1)
                for _ in range(moves):
                    await _move(http, game_id, tokens)
                    most = max(most, _connections(name))
                await asyncio.gather(*tasks)
            assert all(s == set(range(moves + 1)) for s in everyone)
        return most

    most = asyncio.run(scenario())
    assert 0 < most <= 12


def test_an_exhausted_redis_pool_answers_a_typed_503_with_retry_after_never_a_500(
    namespace: dict[str, str],
) -> None:
    # The default limits refuse 100 aliases as malformed whenever a request reaches validation
    # before the pool runs dry.
    proc, base, _ = _api(
        namespace,
        COVEN_REDIS_MAX_CONNECTIONS="2",
        COVEN_REDIS_POOL_TIMEOUT_SECONDS="0.001",
        **RAISED_GRAPHQL_LIMITS,
    )
    try:
        created = httpx.post(base + "/api/v1/games", json={"game": "pagan"}, timeout=30)
        assert created.status_code in (201, 503)
        game_id = created.json().get("id", "none")
        aliases = " ".join(f"g{i}: game(id: $id) {{ version }}" for i in range(100))
        query = f"query ($id: ID!) {{ {aliases} }}"

        async def burst() -> list[httpx.Response]:
            async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                reads = [http.get(f"/api/v1/games/{game_id}") for _ in range(60)]
                graphql = [
                    http.post("/graphql", json={"query": query, "variables": {"id": game_id}})
                    for _ in range(3)
                ]
                return list(await asyncio.gather(*reads, *graphql))

        answers = asyncio.run(burst())
        statuses = {r.status_code for r in answers}
        assert 500 not in statuses
        busy = [r for r in answers if r.status_code == 503]
        assert busy, statuses
        for r in busy:
            body = r.json()
            # REST answers a problem; /graphql answers in GraphQL's shape, its code in extensions.
            code = body["errors"][0]["extensions"]["code"] if "errors" in body else body["code"]
            assert code == "SERVICE_UNAVAILABLE"
            assert r.headers["retry-after"] == "1"
        for r in answers:
            if r.url.path == "/graphql" and r.status_code == 200:
                codes = {e["extensions"]["code"] for e in r.json().get("errors", [])}
                assert codes <= {"SERVICE_UNAVAILABLE", "GAME_NOT_FOUND"}, codes
    finally:
        proc.stop()


def test_two_hundred_aliases_of_a_game_read_do_not_fail_another_clients_read(
    namespace: dict[str, str],
) -> None:
    # The default GraphQL limits refuse 200 aliases (tests/service/test_graphql_limits.py); an
    # operator who raises them must still see every read answered.
    proc, api, _ = _api(namespace, **RAISED_GRAPHQL_LIMITS)
    try:
        _aliases_and_a_read(api)
    finally:
        proc.stop()


def _aliases_and_a_read(api: str) -> None:
    created = httpx.post(api + "/api/v1/games", json={"game": "pagan"}, timeout=30).json()
    aliases = " ".join(f"g{i}: game(id: $id) {{ version }}" for i in range(200))
    query = f"query ($id: ID!) {{ {aliases} }}"

    async def both() -> tuple[httpx.Response, list[httpx.Response]]:
        async with httpx.AsyncClient(base_url=api, timeout=60) as http:
            heavy = http.post("/graphql", json={"query": query, "variables": {"id": created["id"]}})
            plain = [http.get(f"/api/v1/games/{created['id']}") for _ in range(20)]
            answers = await asyncio.gather(heavy, *plain)
            return answers[0], list(answers[1:])

    heavy, plain = asyncio.run(both())
    body: dict[str, Any] = heavy.json()
    assert "errors" not in body, body.get("errors", [])[:2]
    assert len(body["data"]) == 200
    assert {r.status_code for r in plain} == {200}


def test_the_server_raises_its_open_file_limit_to_the_hard_limit() -> None:
    import resource

    soft = raise_fd_limit()
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    assert soft == hard or hard == resource.RLIM_INFINITY
