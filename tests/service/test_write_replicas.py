"""`COVEN_WRITE_REPLICAS`: an acknowledged write is on that many replicas (Redis WAIT), else the
client gets a typed 503 and the write may still be applied. A real primary and replica, each
a `redis-server` started by the test, and the API as a real process."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.client import GraphQL, Rest
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


def test_a_write_no_replica_confirms_answers_503_in_the_timeout_and_a_reread_shows_it(
    replicated: tuple[str, RedisServer],
) -> None:
    base, replica = replicated
    rest = Rest(base)
    game_id, tokens = two_humans(rest, "replicas")
    replica.stop()
    started = time.monotonic()
    version, r = _move(rest, game_id, tokens)
    took = time.monotonic() - started
    assert r.status_code == 503, r.text
    problem = r.json()
    assert problem["code"] == "WRITE_NOT_REPLICATED"
    assert r.headers["content-type"].startswith("application/problem+json")
    assert took < TIMEOUT_MS / 1000 + 2
    # The primary applied it: the client reads again, and the same Idempotency-Key is safe.
    assert rest.read(game_id).json()["version"] == version + 1
    r = rest.http.post(
        "/api/v1/games",
        json={"game": "pagan", "seats": [{"seat": "hunter", "kind": "human"}]},
    )
    assert r.status_code == 503 and r.json()["code"] == "WRITE_NOT_REPLICATED", r.text
    seat, game = to_move(rest, game_id, tokens)
    gql = GraphQL(base)
    answer = gql.call(
        "mutation ($id: ID!, $v: Int!, $m: String!) { move(gameId: $id, version: $v, moveId: $m)"
        " { version } }",
        tokens[seat],
        id=game_id,
        v=game["version"],
        m=game["legal_moves"][0]["id"],
    )
    gql.close()
    assert answer["errors"][0]["extensions"]["code"] == "WRITE_NOT_REPLICATED", answer
    rest.close()
