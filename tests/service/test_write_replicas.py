"""`COVEN_WRITE_REPLICAS`: a write answered 200 (201) is on that many replicas (Redis WAIT); one
they did not confirm in time was still made on the primary, so it is answered as made, 202 with
`Coven-Replication` (GraphQL: also `extensions.replication`), never as an error: a 5xx means
nothing was written. A real primary and replica, each a `redis-server` started by the test, and
the API as a real process."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.client import GraphQL, Rest, live_socket
from tests.support.namespace import REDIS_URL, clear
from tests.support.processes import start_api
from tests.support.redis_servers import RedisServer, primary_with_replica
from tests.support.tables import to_move, two_humans

pytestmark = pytest.mark.slow

TIMEOUT_MS = 500


@pytest.fixture
def replicated(tmp_path: Path) -> Iterator[tuple[str, RedisServer]]:
    tag = uuid.uuid4().hex[:10]
    with primary_with_replica(tmp_path) as (primary, replica):
        env = {
            "REDIS_URL": primary.url,
            "CELERY_BROKER_URL": REDIS_URL,
            "COVEN_KEY_PREFIX": f"test-{tag}:",
            "COVEN_AI_QUEUE": f"coven-ai-test-{tag}",
            "COVEN_WRITE_REPLICAS": "1",
            "COVEN_WRITE_REPLICAS_TIMEOUT_MS": str(TIMEOUT_MS),
        }
        proc, base = start_api(env)
        try:
            yield base, replica
        finally:
            proc.stop()
            clear(env["COVEN_KEY_PREFIX"], env["COVEN_AI_QUEUE"])


def _move(rest: Rest, game_id: str, tokens: dict[str, str]) -> tuple[int, Any]:
    seat, game = to_move(rest, game_id, tokens)
    r = rest.move(game_id, tokens[seat], game["version"], game["legal_moves"][0]["id"], "key-1")
    return game["version"], r


def test_writes_confirmed_by_the_replica_are_acknowledged_and_on_the_replica(
    replicated: tuple[str, RedisServer],
) -> None:
    base, replica = replicated
    rest = Rest(base)
    game_id, tokens = two_humans(rest, "replicas")
    _, r = _move(rest, game_id, tokens)
    assert r.status_code == 200, r.text
    assert any(game_id.encode() in k for k in replica.client.scan_iter(match="test-*", count=1000))
    rest.close()


def test_a_write_no_replica_confirms_is_answered_as_made_with_202_and_a_notice(
    replicated: tuple[str, RedisServer],
) -> None:
    base, replica = replicated
    rest = Rest(base)
    game_id, tokens = two_humans(rest, "replicas")
    replica.stop()
    started = time.monotonic()
    version, r = _move(rest, game_id, tokens)
    took = time.monotonic() - started
    assert r.status_code == 202, r.text
    assert r.headers["coven-replication"] == "unconfirmed; confirmed=0; wanted=1"
    assert r.json()["version"] == version + 1  # the answer of a made move: the new game
    assert took < TIMEOUT_MS / 1000 + 2
    assert rest.read(game_id).json()["version"] == version + 1
    seat, game = to_move(rest, game_id, tokens)
    # A created game gives its tokens: they exist nowhere else.
    r = rest.http.post(
        "/api/v1/games", json={"game": "pagan", "seats": [{"seat": "hunter", "kind": "human"}]}
    )
    assert r.status_code == 202 and r.json()["tokens"]["hunter"], r.text
    assert rest.read(r.json()["id"]).status_code == 200
    gql = GraphQL(base)
    query = (
        "mutation ($id: ID!, $v: Int!, $m: String!) { move(gameId: $id, version: $v, moveId: $m)"
        " { version } }"
    )
    variables = {"id": game_id, "v": game["version"], "m": game["legal_moves"][0]["id"]}
    r = gql.http.post(
        "/graphql",
        json={"query": query, "variables": variables},
        headers={"Authorization": f"Bearer {tokens[seat]}"},
    )
    gql.close()
    assert r.status_code == 202, r.text
    assert r.headers["coven-replication"] == "unconfirmed; confirmed=0; wanted=1"
    answer = r.json()
    assert "errors" not in answer, answer
    assert answer["data"]["move"]["version"] == game["version"] + 1
    unconfirmed = {"status": "unconfirmed", "confirmed": 0, "wanted": 1}
    assert answer["extensions"]["replication"] == unconfirmed
    # Over the WebSocket, the result of the mutation says it the same way.
    seat, game = to_move(rest, game_id, tokens)
    variables = {"id": game_id, "v": game["version"], "m": game["legal_moves"][0]["id"]}
    with live_socket(base, {"Authorization": f"Bearer {tokens[seat]}"}) as ws:
        ws.subscribe("1", query, **variables)
        payload = ws.next("1")
    assert payload is not None and "errors" not in payload, payload
    assert payload["data"]["move"]["version"] == game["version"] + 1
    assert payload["extensions"]["replication"] == unconfirmed
    rest.close()
