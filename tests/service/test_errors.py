"""Bad requests get precise, typed errors (problem+json with a code; GraphQL extensions.code)
and leave the game exactly as it was."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from service import errors
from service.app import create_app
from tests.support.client import GraphQL, Rest, bearer
from tests.support.in_process import TestClient
from tests.support.namespace import settings_for


@pytest.fixture(scope="module")
def game(api: str) -> Iterator[tuple[Rest, str, dict[str, str]]]:
    rest = Rest(api)
    created = rest.create(
        game="pagan",
        seed="errors",
        seats=[{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}],
    )
    yield rest, created["id"], created["tokens"]
    rest.close()


def _problem(r: object, status: int, code: str) -> dict[str, object]:
    assert r.status_code == status, r.text  # type: ignore[attr-defined]
    assert r.headers["content-type"] == "application/problem+json"  # type: ignore[attr-defined]
    body: dict[str, object] = r.json()  # type: ignore[attr-defined]
    assert body["code"] == code and body["status"] == status
    assert {"type", "title", "detail", "instance"} <= set(body)
    return body


def _unchanged(rest: Rest, game_id: str, before: bytes) -> None:
    assert rest.read(game_id).content == before


def test_errors_are_typed_and_change_nothing(game: tuple[Rest, str, dict[str, str]]) -> None:
    rest, game_id, tokens = game
    before = rest.read(game_id).content
    witch, hunter = tokens["witch"], tokens["hunter"]
    _problem(rest.read("no-such-game"), 404, "GAME_NOT_FOUND")
    _problem(rest.read(game_id, "not-a-token"), 401, "BAD_TOKEN")
    _problem(rest.move(game_id, None, 0, "done"), 401, "BAD_TOKEN")
    _problem(rest.move(game_id, "forged", 0, "done"), 401, "BAD_TOKEN")
    _problem(rest.move(game_id, hunter, 0, "visit:doctor-annie"), 409, "NOT_YOUR_DECISION")
    stale = _problem(rest.move(game_id, witch, 7, "visit:doctor-annie"), 409, "STALE_VERSION")
    assert stale["current_version"] == 0
    illegal = _problem(rest.move(game_id, witch, 0, "visit:nobody"), 422, "ILLEGAL_MOVE")
    assert "not a legal move" in str(illegal["detail"])
    http = rest.http
    path = f"/api/v1/games/{game_id}/moves"
    for body in (
        {"version": 0},
        {"version": -1, "move_id": "x"},
        {"version": True, "move_id": "x"},
        {"version": 0, "move_id": "x", "value": {}},
        {"version": 0, "move_id": "x", "extra": 1},
    ):
        _problem(http.post(path, json=body, headers=bearer(witch)), 400, "MALFORMED_INPUT")
    json_type = {"Content-Type": "application/json"}
    _problem(
        http.post(path, content=b"{not json", headers={**bearer(witch), **json_type}),
        400,
        "MALFORMED_INPUT",
    )
    _problem(
        http.post(path, json={"version": 0, "move_id": "x" * 70000}, headers=bearer(witch)),
        413,
        "PAYLOAD_TOO_LARGE",
    )
    _problem(
        http.get(f"/api/v1/games/{game_id}", params={"events_after": "x"}), 400, "MALFORMED_INPUT"
    )
    _problem(
        http.get(f"/api/v1/games/{game_id}", headers={"Authorization": "Basic abc"}),
        401,
        "BAD_TOKEN",
    )
    _problem(http.get("/api/v1/nothing-here"), 404, "NOT_FOUND")
    _problem(http.delete(f"/api/v1/games/{game_id}"), 405, "METHOD_NOT_ALLOWED")
    _problem(
        http.post(f"/api/v1/games/{game_id}/hint", json={}, headers=bearer(hunter)),
        409,
        "NOT_YOUR_DECISION",
    )
    _problem(http.post(f"/api/v1/games/{game_id}/join", json={}), 409, "SEAT_NOT_OPEN")
    _unchanged(rest, game_id, before)


def test_creating_a_game_checks_the_game_the_options_and_the_seats(api: str) -> None:
    rest = Rest(api)
    http = rest.http
    _problem(http.post("/api/v1/games", json={"game": "chess"}), 422, "UNKNOWN_GAME_TYPE")
    bad = _problem(
        http.post("/api/v1/games", json={"game": "pagan", "options": {"scenario": "nope"}}),
        422,
        "INVALID_OPTIONS",
    )
    assert bad["problems"]
    _problem(
        http.post(
            "/api/v1/games", json={"game": "pagan", "seats": [{"seat": "king", "kind": "human"}]}
        ),
        422,
        "INVALID_OPTIONS",
    )
    _problem(
        http.post(
            "/api/v1/games",
            json={"game": "pagan", "seats": [{"seat": "witch", "kind": "ai", "level": "godlike"}]},
        ),
        422,
        "INVALID_OPTIONS",
    )
    rest.close()


def test_graphql_errors_carry_the_same_codes(
    api: str, game: tuple[Rest, str, dict[str, str]]
) -> None:
    _, game_id, tokens = game
    gql = GraphQL(api)
    move = (
        "mutation ($id: ID!, $v: Int!, $m: String) { move(gameId: $id, version: $v, "
        "moveId: $m) { version } }"
    )
    cases = [
        (move, tokens["hunter"], {"id": game_id, "v": 0, "m": "done"}, "NOT_YOUR_DECISION"),
        (move, tokens["witch"], {"id": game_id, "v": 3, "m": "done"}, "STALE_VERSION"),
        (move, tokens["witch"], {"id": game_id, "v": 0, "m": "nope"}, "ILLEGAL_MOVE"),
        (move, "forged", {"id": game_id, "v": 0, "m": "done"}, "BAD_TOKEN"),
        (move, tokens["witch"], {"id": game_id, "v": 0}, "MALFORMED_INPUT"),
        (move, None, {"id": "missing", "v": 0, "m": "done"}, "BAD_TOKEN"),
        ('{ game(id: "missing") { version } }', None, {}, "GAME_NOT_FOUND"),
        ("{ game(id: 5 { version } }", None, {}, "MALFORMED_INPUT"),
        ("{ nosuchfield }", None, {}, "MALFORMED_INPUT"),
    ]
    for query, token, variables, code in cases:
        result = gql.call(query, token, **variables)
        assert result["errors"][0]["extensions"]["code"] == code, (query, result)
    stale = gql.call(move, tokens["witch"], id=game_id, v=3, m="done")
    assert stale["errors"][0]["extensions"]["current_version"] == 0
    gql.close()


def test_rate_limits_answer_429_with_retry_after_and_cap_open_games(
    namespace: dict[str, str],
) -> None:
    """In-process (starlette's TestClient) on keys of its own: the limits are the app's (counted
    in Redis by the client's address, here TestClient's), which a real server adds nothing to."""
    settings = settings_for(
        {**namespace, "COVEN_KEY_PREFIX": namespace["COVEN_KEY_PREFIX"] + "limits:"}
    ).model_copy(
        update={
            # An hour's window: the limits are fixed windows, and a minute's could roll over
            # between the reads below on a busy machine.
            "rate_limit_window_seconds": 3600,
            "rate_limit_per_address": 30,
            "rate_limit_per_token": 5,
            "max_open_games_per_address": 2,
        }
    )
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        rest = Rest(client)
        first = rest.create(game="pagan", seats=[{"seat": "witch", "kind": "human"}])
        rest.create(game="pagan")
        capped = rest.http.post("/api/v1/games", json={"game": "pagan"})
        _problem(capped, 429, "TOO_MANY_OPEN_GAMES")
        token = first["tokens"]["witch"]
        answers = [rest.read(first["id"], token) for _ in range(6)]
        assert [r.status_code for r in answers[:5]] == [200] * 5
        limited = _problem(answers[5], 429, "RATE_LIMITED")
        assert int(answers[5].headers["Retry-After"]) >= 1
        assert limited["retry_after"] == int(answers[5].headers["Retry-After"])
        answers = [rest.read(first["id"]) for _ in range(30)]
        assert answers[-1].status_code == 429 and "Retry-After" in answers[-1].headers
        assert rest.http.get("/healthz").status_code == 200  # never limited
        metrics = rest.http.get("/metrics").text
        assert "coven_rate_limited_requests_total" in metrics


# -- the exception tree ---------------------------------------------------------------------

ROW = re.compile(r"^(?P<indent>[│├└─ ]*)(?P<name>\w+)\s+(?P<code>[A-Z_]+)\s+(?P<status>\d{3})\b")


def _documented_tree() -> list[tuple[int, str, str, int]]:
    """The tree drawn in `service.errors`'s docstring: (depth, class, code, status) per row."""
    assert errors.__doc__ is not None
    rows = []
    for line in errors.__doc__.splitlines():
        found = ROW.match(line)
        if found:
            depth = len(found["indent"]) // 4
            rows.append((depth, found["name"], found["code"], int(found["status"])))
    return rows


def _class_tree(cls: type[errors.ServiceError], depth: int = 1) -> list[tuple[int, str, str, int]]:
    rows = []
    for sub in cls.__subclasses__():
        rows.append((depth, sub.__name__, sub.code, sub.status))
        rows += _class_tree(sub, depth + 1)
    return rows


def test_the_docstring_draws_every_error_class_with_its_code_and_status() -> None:
    assert _documented_tree() == _class_tree(errors.ServiceError)


def test_all_errors_are_the_service_errors_each_with_a_code_of_its_own() -> None:
    classes = [name for _, name, _, _ in _class_tree(errors.ServiceError)]
    assert [e.__name__ for e in errors.ALL_ERRORS] == classes
    codes = [e.code for e in (errors.ServiceError, *errors.ALL_ERRORS)]
    assert len(set(codes)) == len(codes)
