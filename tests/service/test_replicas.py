"""Two API processes and two workers on one Redis, as replicas behind a load balancer would
run: racing clients on different API replicas write exactly one move per version, a stream on
one replica sees the moves made through the other, and an AI game completes with both workers
taking turns from the one queue."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.support.client import EventStream, Rest, bearer
from tests.support.processes import start_api, start_worker
from tests.support.tables import to_move, two_humans

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def replicas(namespace: dict[str, str]) -> Iterator[tuple[str, str]]:
    started = []
    try:
        for name in ("replica-a", "replica-b"):
            started.append(start_worker(namespace, namespace["COVEN_AI_QUEUE"], name))
        a, base_a = start_api(namespace)
        started.append(a)
        b, base_b = start_api(namespace)
        started.append(b)
        yield base_a, base_b
    finally:
        for proc in started:
            proc.stop()


def test_clients_racing_on_two_api_replicas_write_one_move_the_other_gets_stale_version(
    replicas: tuple[str, str],
) -> None:
    base_a, base_b = replicas
    rest = Rest(base_a)
    game_id, tokens = two_humans(rest, "replicas-race")

    async def race(version: int, seat: str, moves: list[str]) -> list[httpx.Response]:
        async with (
            httpx.AsyncClient(base_url=base_a, timeout=30) as a,
            httpx.AsyncClient(base_url=base_b, timeout=30) as b,
        ):
            return await asyncio.gather(
                *(
                    client.post(
                        f"/api/v1/games/{game_id}/moves",
                        headers=bearer(tokens[seat]),
                        json={"version": version, "move_id": move},
                    )
                    for client, move in zip((a, b, a, b), moves, strict=True)
                )
            )

    for _ in range(10):
        seat, game = to_move(rest, game_id, tokens)
        legal = [m["id"] for m in game["legal_moves"]]
        answers = asyncio.run(race(game["version"], seat, (legal * 4)[:4]))
        assert sorted(r.status_code for r in answers) == [200, 409, 409, 409], [
            r.text for r in answers
        ]
        assert all(r.json()["code"] == "STALE_VERSION" for r in answers if r.status_code == 409)
        assert rest.read(game_id).json()["version"] == game["version"] + 1
    rest.close()


def test_a_stream_on_one_replica_sees_the_moves_made_through_the_other(
    replicas: tuple[str, str],
) -> None:
    base_a, base_b = replicas
    rest_b = Rest(base_b)
    game_id, tokens = two_humans(rest_b, "replicas-stream")
    stream = EventStream(base_a, game_id, tokens["witch"])
    try:
        kind, game = stream.next()
        assert kind == "game", game
        seen = game["version"]
        for _ in range(6):
            seat, mine = to_move(rest_b, game_id, tokens)
            r = rest_b.move(game_id, tokens[seat], mine["version"], mine["legal_moves"][0]["id"])
            assert r.status_code == 200, r.text
            while seen < mine["version"] + 1:
                kind, game = stream.next(timeout=10)
                assert kind == "game", game
                seen = game["version"]
            assert seen == mine["version"] + 1
    finally:
        stream.close()
        rest_b.close()


def test_an_ai_game_completes_with_two_workers_and_two_api_replicas(
    replicas: tuple[str, str],
) -> None:
    base_a, base_b = replicas
    rest_a, rest_b = Rest(base_a), Rest(base_b)
    created = rest_a.create(
        game="pagan",
        seed="replicas-ai",
        options={"max_turns": 12},
        seats=[
            {"seat": "hunter", "kind": "ai", "level": "novice"},
            {"seat": "witch", "kind": "ai", "level": "novice"},
        ],
    )
    deadline = time.monotonic() + 120
    game = rest_b.read(created["id"]).json()
    while game["status"] == "active" and time.monotonic() < deadline:
        time.sleep(0.2)
        game = rest_b.read(created["id"]).json()
    rest_a.close()
    rest_b.close()
    assert game["status"] == "finished", game["version"]
    assert game["outcome"] is not None
