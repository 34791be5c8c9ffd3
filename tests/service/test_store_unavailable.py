"""While Redis is unreachable every request answers 503 with Retry-After (the STORE_UNAVAILABLE
problem; over GraphQL an error with that code), never 500, and the game goes on when Redis is
back. A real API process on a real redis-server that the test SIGKILLs and starts again."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from tests.support.client import GraphQL, Rest, bearer
from tests.support.processes import start_api
from tests.support.redis_server import RedisServer

HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
READ = "query ($id: ID!) { game(id: $id) { version } }"


def _assert_unavailable(r: httpx.Response) -> dict[str, object]:
    assert r.status_code == 503, r.text
    assert int(r.headers["Retry-After"]) >= 1
    body: dict[str, object] = r.json()
    return body


def _back(rest: Rest, game_id: str, deadline: float) -> httpx.Response:
    while True:
        r = rest.read(game_id)
        if r.status_code == 200 or time.monotonic() > deadline:
            return r
        assert r.status_code == 503, r.text
        time.sleep(0.2)


@pytest.mark.slow
def test_every_request_answers_503_with_retry_after_while_redis_is_down_and_games_resume(
    tmp_path: Path, namespace: dict[str, str]
) -> None:
    server = RedisServer(tmp_path / "redis")
    server.start()
    env = {**namespace, "REDIS_URL": server.url, "CELERY_BROKER_URL": server.url}
    api, base = start_api(env)
    rest, gql = Rest(base), GraphQL(base)
    try:
        created = rest.create(game="pagan", seats=HUMANS)
        game_id, tokens = created["id"], created["tokens"]
        witch = rest.read(game_id, tokens["witch"]).json()
        first = witch["legal_moves"][0]["id"]

        server.kill()
        answers = {
            "read": rest.read(game_id, tokens["witch"]),
            "move": rest.move(game_id, tokens["witch"], 0, first),
            "create": rest.http.post("/api/v1/games", json={"game": "pagan", "seats": HUMANS}),
            "lobby": rest.http.get("/api/v1/games"),
            "events": rest.http.get(f"/api/v1/games/{game_id}/events"),
            "stream": rest.http.get(
                f"/api/v1/games/{game_id}/stream", headers=bearer(tokens["witch"])
            ),
        }
        for name, r in answers.items():
            body = _assert_unavailable(r)
            assert body["code"] == "STORE_UNAVAILABLE", name
            assert r.headers["content-type"] == "application/problem+json", name
        graphql = gql.http.post("/graphql", json={"query": READ, "variables": {"id": game_id}})
        body = _assert_unavailable(graphql)
        errors = body["errors"]
        assert isinstance(errors, list)
        assert errors[0]["extensions"]["code"] == "STORE_UNAVAILABLE"
        assert rest.http.get("/readyz").status_code == 503
        assert rest.http.get("/healthz").status_code == 200  # the process itself is alive

        server.start()
        back = _back(rest, game_id, time.monotonic() + 30)
        assert back.status_code == 200, back.text
        assert back.json()["version"] == 0  # the refused move changed nothing
        moved = rest.move(game_id, tokens["witch"], 0, first)
        assert moved.status_code == 200, moved.text
        assert moved.json()["version"] == 1
        again = gql.call(READ, id=game_id)
        assert again["data"]["game"]["version"] == 1
        assert rest.http.post("/api/v1/games", json={"game": "pagan"}).status_code == 201
        assert "Traceback" not in api.output()
    finally:
        rest.close()
        gql.close()
        api.stop()
        server.stop()
