"""Hints have a queue and workers of their own and a per-seat limit: past
`COVEN_HINT_RATE_LIMIT_PER_SEAT` hints in a window a seat is answered 429 HINT_RATE_LIMITED with
Retry-After (REST and GraphQL), and another seat is not held back by it. A real worker on the
hint queue only (so a hint on the AI queue would never be answered); the API in-process
(starlette's TestClient), since the limit and the queue a hint goes to are the app's own and a
real server would prove nothing more."""

from __future__ import annotations

import uuid

import httpx

from service.app import create_app
from tests.support.client import GraphQL, Rest, bearer
from tests.support.in_process import TestClient
from tests.support.namespace import settings_for
from tests.support.processes import running, start_worker

HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
HINT = 'mutation ($id: ID!) { hint(gameId: $id, level: "novice") { version } }'


def _hint(rest: Rest, game_id: str, token: str) -> httpx.Response:
    return rest.http.post(
        f"/api/v1/games/{game_id}/hint", json={"level": "novice"}, headers=bearer(token)
    )


def test_a_seat_past_its_hint_limit_is_answered_429_and_hints_run_on_their_own_queue(
    namespace: dict[str, str],
) -> None:
    tag = uuid.uuid4().hex[:8]
    queue = f"{namespace['COVEN_HINT_QUEUE']}-limit-{tag}"
    settings = settings_for(namespace).model_copy(
        update={
            "hint_queue": queue,
            "hint_rate_limit_per_seat": 2,
            "rate_limit_window_seconds": 3600,
        }
    )
    with (
        running(start_worker({**namespace, "COVEN_HINT_QUEUE": queue}, queue, f"hints-{tag}")),
        TestClient(create_app(settings), raise_server_exceptions=False) as api,
    ):
        rest, gql = Rest(api), GraphQL(api)
        created = rest.create(game="pagan", seats=HUMANS)
        game_id, tokens = created["id"], created["tokens"]
        first, second = _hint(rest, game_id, tokens["witch"]), _hint(rest, game_id, tokens["witch"])
        assert first.status_code == second.status_code == 200, first.text
        third = _hint(rest, game_id, tokens["witch"])
        assert third.status_code == 429, third.text
        assert third.json()["code"] == "HINT_RATE_LIMITED"
        assert 1 <= int(third.headers["Retry-After"]) <= 3600
        assert third.json()["retry_after"] == int(third.headers["Retry-After"])
        over_graphql = gql.call(HINT, token=tokens["witch"], id=game_id)
        assert over_graphql["errors"][0]["extensions"]["code"] == "HINT_RATE_LIMITED"
        # The limit is the seat's: the witch of another game is not held back by it.
        other = rest.create(game="pagan", seats=HUMANS)
        assert _hint(rest, other["id"], other["tokens"]["witch"]).status_code == 200
