"""No input gets a 500: every number and id is bounded at the edge, bodies must be JSON, and
405 answers say what is allowed. Each case is one that answered 500 (or was wrongly accepted)
against a real server before (issue 17). In-process (starlette's TestClient), which answers an
unhandled error 500 as uvicorn does: the bounds are the app's, a real server proves no more."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from rules.core import InvalidOptions, get_game
from service.app import create_app
from tests.support.client import GraphQL, Rest, bearer
from tests.support.in_process import TestClient
from tests.support.namespace import settings_for

HUGE = "99999999999999999999999"


@pytest.fixture(scope="module")
def api(namespace: dict[str, str]) -> Iterator[TestClient]:
    """An API of this module's own: the games made here fill no other test's open-games cap
    (those of the session's prefix count every game created from one address)."""
    env = {**namespace, "COVEN_KEY_PREFIX": namespace["COVEN_KEY_PREFIX"] + "bad-input:"}
    with TestClient(create_app(settings_for(env)), raise_server_exceptions=False) as client:
        yield client


@pytest.fixture(scope="module")
def game(api: TestClient) -> Iterator[tuple[Rest, str, str]]:
    rest = Rest(api)
    created = rest.create(
        game="pagan",
        seed="bad-input",
        seats=[{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}],
    )
    yield rest, created["id"], created["tokens"]["witch"]
    rest.close()


def _problem(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/problem+json"
    body: dict[str, Any] = r.json()
    assert body["code"] == code, body
    return body


def test_an_events_limit_of_zero_answers_the_game_without_events(
    game: tuple[Rest, str, str],
) -> None:
    rest, game_id, _ = game
    read = rest.read(game_id, events_limit=0)
    assert read.status_code == 200 and read.json()["events"] == []
    events = rest.http.get(f"/api/v1/games/{game_id}/events", params={"limit": 0})
    assert events.status_code == 200 and events.json() == {"events": []}
    gql = GraphQL(rest.http)
    answer = gql.call(
        "query ($id: ID!) { game(id: $id, eventsLimit: 0) { version events { version } } }",
        id=game_id,
    )
    assert answer["data"]["game"] == {"version": 0, "events": []}
    gql.close()


def test_versions_beyond_the_documented_range_are_malformed_not_server_errors(
    game: tuple[Rest, str, str],
) -> None:
    rest, game_id, token = game
    http = rest.http
    for params in ({"events_after": HUGE}, {"events_after": "2147483648"}, {"events_limit": 501}):
        _problem(http.get(f"/api/v1/games/{game_id}", params=params), 400, "MALFORMED_INPUT")
    for params in ({"after": HUGE}, {"after": "1_000"}, {"limit": "-1"}):
        path = f"/api/v1/games/{game_id}/events"
        _problem(http.get(path, params=params), 400, "MALFORMED_INPUT")
    stream = http.get(f"/api/v1/games/{game_id}/stream", headers={"Last-Event-ID": "9" * 40})
    _problem(stream, 400, "MALFORMED_INPUT")
    move = http.post(
        f"/api/v1/games/{game_id}/moves",
        json={"version": 18446744073709551616, "move_id": "visit:doctor-annie"},
        headers={**bearer(token), "Idempotency-Key": "big-version"},
    )
    _problem(move, 400, "MALFORMED_INPUT")
    gql = GraphQL(rest.http)
    answer = gql.call(
        "query ($id: ID!) { game(id: $id, eventsAfter: 99999999999) { version } }", id=game_id
    )
    assert answer["errors"][0]["extensions"]["code"] == "MALFORMED_INPUT"
    gql.close()
    assert rest.read(game_id).json()["version"] == 0


def test_a_whole_float_version_is_a_version_and_a_move_value_past_64_bits_is_no_legal_move(
    game: tuple[Rest, str, str],
) -> None:
    rest, game_id, token = game
    path = f"/api/v1/games/{game_id}/moves"
    stale = rest.http.post(path, json={"version": 3.0, "move_id": "x"}, headers=bearer(token))
    assert _problem(stale, 409, "STALE_VERSION")["current_version"] == 0
    half = rest.http.post(path, json={"version": 0.5, "move_id": "x"}, headers=bearer(token))
    _problem(half, 400, "MALFORMED_INPUT")
    huge = rest.http.post(
        path,
        json={"version": 0, "value": {"type": "visit", "n": 2**70}},
        headers={**bearer(token), "Idempotency-Key": "huge-value"},
    )
    _problem(huge, 422, "ILLEGAL_MOVE")
    gql = GraphQL(rest.http)
    literal = gql.call(
        f'mutation {{ move(gameId: "{game_id}", version: 0, value: {{n: {2**70}}}, '
        'idempotencyKey: "huge-literal") { version } }',
        token,
    )
    assert literal["errors"][0]["extensions"]["code"] == "ILLEGAL_MOVE", literal
    gql.close()


def test_the_rules_bound_the_turn_limit_with_a_clear_message() -> None:
    with pytest.raises(InvalidOptions, match="max_turns must be a whole number"):
        get_game("pagan").validate_options({"max_turns": 2**70})
    with pytest.raises(InvalidOptions, match="players must be a whole number from 2 to 5"):
        get_game("pantacle").validate_options({"players": 2**70})


def test_integer_options_of_both_games_are_bounded(api: TestClient) -> None:
    http = api
    for options, game in (
        ({"max_turns": 2**70}, "pagan"),
        ({"max_turns": 10_001}, "pagan"),
        ({"decks": {"witch": {"0026": 2**70}}}, "pagan"),
        ({"players": 2**70}, "pantacle"),
        ({"players": 3, "first_player": 2**70}, "pantacle"),
    ):
        answer = http.post("/api/v1/games", json={"game": game, "options": options})
        body = _problem(answer, 422, "INVALID_OPTIONS")
        assert body["detail"], body
    assert http.post(
        "/api/v1/games", json={"game": "pagan", "options": {"max_turns": 10_000}}
    ).is_success


def test_a_subscription_over_http_gets_a_typed_graphql_error(game: tuple[Rest, str, str]) -> None:
    rest, game_id, _ = game
    gql = GraphQL(rest.http)
    answer = gql.call("subscription ($id: ID!) { game(id: $id) { version } }", id=game_id)
    assert answer["data"] is None
    assert answer["errors"][0]["extensions"]["code"] == "MALFORMED_INPUT"
    assert "WebSocket" in answer["errors"][0]["message"]
    gql.close()


def test_a_body_must_be_json_or_it_is_refused_with_415(game: tuple[Rest, str, str]) -> None:
    rest, game_id, token = game
    http = rest.http
    body = b'{"game": "pagan"}'
    for headers in ({"Content-Type": "text/plain"}, {}, {"Content-Type": "text/json"}):
        _problem(
            http.post("/api/v1/games", content=body, headers=headers),
            415,
            "UNSUPPORTED_MEDIA_TYPE",
        )
    _problem(http.post("/api/v1/games", data={"game": "pagan"}), 415, "UNSUPPORTED_MEDIA_TYPE")
    graphql = http.post("/graphql", content=b'{"query": "{ catalog { aiLevels } }"}')
    _problem(graphql, 415, "UNSUPPORTED_MEDIA_TYPE")
    with_charset = {"Content-Type": "application/json; charset=utf-8"}
    assert http.post("/api/v1/games", content=body, headers=with_charset).status_code == 201
    # An optional body may be left out altogether.
    resign = http.post(f"/api/v1/games/{game_id}/resign", headers=bearer(token))
    assert resign.status_code in (200, 409), resign.text


def test_a_missing_token_is_refused_before_a_bad_body_is_read(game: tuple[Rest, str, str]) -> None:
    rest, game_id, _ = game
    answer = rest.http.post(
        f"/api/v1/games/{game_id}/moves",
        content=b"{not json",
        headers={"Content-Type": "application/json"},
    )
    _problem(answer, 401, "BAD_TOKEN")


def test_405_answers_carry_allow_with_every_method_of_the_path(api: TestClient) -> None:
    http = api
    games = http.request("PATCH", "/api/v1/games")
    _problem(games, 405, "METHOD_NOT_ALLOWED")
    assert set(games.headers["Allow"].split(", ")) == {"GET", "HEAD", "POST"}
    health = http.request("TRACE", "/healthz")
    _problem(health, 405, "METHOD_NOT_ALLOWED")
    assert set(health.headers["Allow"].split(", ")) == {"GET", "HEAD"}


def test_strings_that_cannot_be_written_back_are_malformed_not_server_errors(
    api: TestClient,
) -> None:
    """A lone surrogate (valid JSON, invalid Unicode) would fail when a key or message is made."""
    http = api
    body = b'{"query": "query ($id: ID!) { game(id: $id) { version } }", "variables": '
    answer = http.post(
        "/graphql",
        content=body + b'{"id": "\\ud800x"}}',
        headers={"Content-Type": "application/json"},
    ).json()
    assert answer["errors"][0]["extensions"]["code"] == "MALFORMED_INPUT", answer
    created = http.post(
        "/api/v1/games",
        content=b'{"game": "pagan", "seed": "\\ud800"}',
        headers={"Content-Type": "application/json"},
    )
    _problem(created, 400, "MALFORMED_INPUT")  # pydantic's parser refuses it as JSON
