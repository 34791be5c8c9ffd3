"""Display names, a client's games from its tokens, and rematches, through REST and GraphQL
against a running API process (human seats only, so no worker is needed)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.support.client import bearer


@pytest.fixture()
def http(api: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=api, timeout=30) as client:
        yield client


def gql(http: httpx.Client, query: str, token: str | None = None, **variables: Any) -> Any:
    r = http.post("/graphql", json={"query": query, "variables": variables}, headers=bearer(token))
    assert r.status_code == 200, r.text
    return r.json()


def _table(http: httpx.Client) -> tuple[str, str, str]:
    """A Pagan game: the witch (named) created it, the hunter (named) joined. Its id and tokens."""
    r = http.post(
        "/api/v1/games",
        json={"game": "pagan", "seats": [{"seat": "witch", "kind": "human", "name": "Morgana"}]},
    )
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["seat_tokens"] == [{"seat": "witch", "token": created["tokens"]["witch"]}]
    witch = next(s for s in created["seats"] if s["seat"] == "witch")
    assert witch["name"] == "Morgana"
    joined = http.post(f"/api/v1/games/{created['id']}/join", json={"name": "  Van Helsing "})
    assert joined.status_code == 200, joined.text
    assert joined.json()["name"] == "Van Helsing"
    return created["id"], created["tokens"]["witch"], joined.json()["token"]


def _finish(http: httpx.Client, game_id: str, token: str) -> None:
    r = http.post(f"/api/v1/games/{game_id}/resign", json={}, headers=bearer(token))
    assert r.status_code == 200 and r.json()["status"] == "finished", r.text


# -- display names ---------------------------------------------------------------------------


def test_display_names_are_shown_in_the_game_the_lobby_and_the_events(
    http: httpx.Client,
) -> None:
    created = http.post(
        "/api/v1/games",
        json={"game": "pagan", "seats": [{"seat": "witch", "kind": "human", "name": "Morgana"}]},
    ).json()
    lobby = http.get("/api/v1/games", params={"limit": 200}).json()["games"]
    entry = next(g for g in lobby if g["id"] == created["id"])
    assert {s["seat"]: s["name"] for s in entry["seats"]} == {"witch": "Morgana", "hunter": None}
    game_id = created["id"]
    hunter = http.post(f"/api/v1/games/{game_id}/join", json={"name": "Van Helsing"}).json()
    _finish(http, game_id, hunter["token"])
    game = http.get(f"/api/v1/games/{game_id}").json()
    assert {s["seat"]: s["name"] for s in game["seats"]} == {
        "witch": "Morgana",
        "hunter": "Van Helsing",
    }
    assert game["events"][-1]["seat"] == "hunter"
    assert game["events"][-1]["seat_name"] == "Van Helsing"
    data = gql(
        http,
        "query ($id: ID!) { game(gameId: $id) { seats { seat name } events { seat seatName } } }",
        id=game_id,
    )["data"]["game"]
    assert {"seat": "witch", "name": "Morgana"} in data["seats"]
    assert data["events"][-1] == {"seat": "hunter", "seatName": "Van Helsing"}


@pytest.mark.parametrize(
    "name", ["", "   ", "line\nbreak", "bell\x07", "rtl\u202eevil", "tab\there", "nel\x85in"]
)
def test_a_display_name_empty_or_with_control_characters_is_refused_by_the_name_rules(
    http: httpx.Client, name: str
) -> None:
    # The schema admits any string of at most 40 characters, so these are 422, not 400.
    r = http.post(
        "/api/v1/games",
        json={"game": "pagan", "seats": [{"seat": "witch", "kind": "human", "name": name}]},
    )
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "NAME_REFUSED"
    _refused_at_join(http, name, "NAME_REFUSED")


def test_a_display_name_over_40_characters_breaks_the_schema(http: httpx.Client) -> None:
    r = http.post(
        "/api/v1/games",
        json={"game": "pagan", "seats": [{"seat": "witch", "kind": "human", "name": "x" * 41}]},
    )
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "MALFORMED_INPUT"
    _refused_at_join(http, "x" * 41, "MALFORMED_INPUT", graphql_code="NAME_REFUSED")


def _refused_at_join(
    http: httpx.Client, name: str, code: str, graphql_code: str | None = None
) -> None:
    game_id = http.post("/api/v1/games", json={"game": "pagan"}).json()["id"]
    r = http.post(f"/api/v1/games/{game_id}/join", json={"name": name})
    assert r.json()["code"] == code
    assert http.get(f"/api/v1/games/{game_id}").json()["seats"][0]["open"] is True
    errors = gql(
        http,
        "mutation ($id: ID!, $n: String) { joinGame(gameId: $id, name: $n) { seat } }",
        id=game_id,
        n=name,
    )["errors"]
    # GraphQL's String has no length: every refusal of a name is the name rules'.
    assert errors[0]["extensions"]["code"] == (graphql_code or code)
    assert http.get(f"/api/v1/games/{game_id}").json()["seats"][0]["open"] is True


def test_an_open_seat_takes_its_name_from_whoever_joins_it(http: httpx.Client) -> None:
    r = http.post(
        "/api/v1/games",
        json={"game": "pagan", "seats": [{"seat": "witch", "kind": "open", "name": "Early"}]},
    )
    assert r.status_code == 400 and r.json()["code"] == "MALFORMED_INPUT"


def test_graphql_create_takes_names_and_answers_seat_tokens_as_rest_does(
    http: httpx.Client,
) -> None:
    data = gql(
        http,
        'mutation { createGame(input: {game: "pagan", seats: [{seat: "witch", kind: "human", '
        'name: "Morgana"}]}) { id seatTokens { seat token } seats { seat name } } }',
    )["data"]["createGame"]
    assert [t["seat"] for t in data["seatTokens"]] == ["witch"]
    assert {"seat": "witch", "name": "Morgana"} in data["seats"]


# -- my games --------------------------------------------------------------------------------


def test_a_client_lists_the_games_of_all_its_tokens_in_one_request(http: httpx.Client) -> None:
    first, witch1, hunter1 = _table(http)
    second, witch2, _ = _table(http)
    _finish(http, second, witch2)
    r = http.post("/api/v1/my-games", json={"tokens": [witch1, "nonsense", witch2, hunter1]})
    assert r.status_code == 200, r.text
    mine = r.json()
    assert mine["unknown"] == [1]
    by_index = {g["token_index"]: g for g in mine["games"]}
    assert by_index[0] == {
        "token_index": 0,
        "id": first,
        "game": "pagan",
        "seat": "witch",
        "name": "Morgana",
        "status": "active",
        "to_move": "witch",
        "version": 0,
        "your_decision": True,
        "rematch": None,
    }
    assert by_index[3]["seat"] == "hunter" and by_index[3]["your_decision"] is False
    assert by_index[2]["status"] == "finished" and by_index[2]["to_move"] is None
    data = gql(
        http,
        "query ($t: [String!]!) { myGames(tokens: $t) { unknown games { tokenIndex id seat "
        "name status toMove version yourDecision } } }",
        t=[witch1, "nonsense"],
    )["data"]["myGames"]
    assert data["unknown"] == [1]
    assert data["games"] == [
        {
            "tokenIndex": 0,
            "id": first,
            "seat": "witch",
            "name": "Morgana",
            "status": "active",
            "toMove": "witch",
            "version": 0,
            "yourDecision": True,
        }
    ]


def test_a_token_of_one_game_with_another_games_id_is_unknown(http: httpx.Client) -> None:
    _, witch1, _ = _table(http)
    second, _, _ = _table(http)
    forged = second + "." + witch1.partition(".")[2]
    mine = http.post("/api/v1/my-games", json={"tokens": [forged]}).json()
    assert mine == {"games": [], "unknown": [0]}


@pytest.mark.parametrize("body", [{"tokens": []}, {"tokens": ["t"] * 51}, {}, {"tokens": [5]}])
def test_my_games_refuses_an_empty_or_oversized_token_list(
    http: httpx.Client, body: dict[str, Any]
) -> None:
    r = http.post("/api/v1/my-games", json=body)
    assert r.status_code == 400 and r.json()["code"] == "MALFORMED_INPUT"


# -- rematch ---------------------------------------------------------------------------------


def test_a_rematch_keeps_seats_options_and_names_with_new_tokens_for_each_seat(
    http: httpx.Client,
) -> None:
    game_id, witch, hunter = _table(http)
    _finish(http, game_id, hunter)
    r = http.post(f"/api/v1/games/{game_id}/rematch", headers=bearer(hunter))
    assert r.status_code == 201, r.text
    asked = r.json()
    assert asked["rematch_of"] == game_id and asked["seat"] == "hunter"
    assert asked["name"] == "Van Helsing"
    assert r.headers["location"] == f"/api/v1/games/{asked['id']}"
    new_id = asked["id"]
    assert new_id != game_id
    old = http.get(f"/api/v1/games/{game_id}").json()
    assert old["rematch"] == new_id
    new = http.get(f"/api/v1/games/{new_id}", headers=bearer(asked["token"])).json()
    assert new["seat"] == "hunter" and new["status"] == "active" and new["version"] == 0
    assert new["options"] == old["options"]
    assert {s["seat"]: (s["name"], s["open"]) for s in new["seats"]} == {
        "witch": ("Morgana", True),
        "hunter": ("Van Helsing", False),
    }
    # The witch's seat is kept for her: strangers cannot join it, the lobby does not offer it.
    stranger = http.post(f"/api/v1/games/{new_id}/join", json={})
    assert stranger.status_code == 409 and stranger.json()["code"] == "SEAT_NOT_OPEN"
    lobby = http.get("/api/v1/games", params={"limit": 200}).json()["games"]
    assert new_id not in {g["id"] for g in lobby}
    # The old token is no seat of the rematch.
    assert http.get(f"/api/v1/games/{new_id}", headers=bearer(witch)).json()["code"] == "BAD_TOKEN"
    claim = gql(
        http,
        "mutation ($id: ID!) { rematch(gameId: $id) { id rematchOf seat token name } }",
        witch,
        id=game_id,
    )["data"]["rematch"]
    assert claim["id"] == new_id and claim["seat"] == "witch" and claim["name"] == "Morgana"
    mine = http.post("/api/v1/my-games", json={"tokens": [claim["token"]]}).json()
    assert mine["games"][0]["id"] == new_id and mine["games"][0]["your_decision"] is True
    again = http.post(f"/api/v1/games/{game_id}/rematch", headers=bearer(witch))
    assert again.status_code == 409 and again.json()["code"] == "SEAT_NOT_OPEN"


def test_a_rematch_of_a_game_still_on_is_a_typed_error_and_changes_nothing(
    http: httpx.Client,
) -> None:
    game_id, witch, _ = _table(http)
    r = http.post(f"/api/v1/games/{game_id}/rematch", headers=bearer(witch))
    assert r.status_code == 409 and r.json()["code"] == "GAME_NOT_FINISHED"
    errors = gql(http, "mutation ($id: ID!) { rematch(gameId: $id) { id } }", witch, id=game_id)
    assert errors["errors"][0]["extensions"]["code"] == "GAME_NOT_FINISHED"
    assert http.get(f"/api/v1/games/{game_id}").json()["rematch"] is None


def test_only_a_seat_of_the_finished_game_may_ask_for_a_rematch(http: httpx.Client) -> None:
    game_id, _, hunter = _table(http)
    _finish(http, game_id, hunter)
    r = http.post(f"/api/v1/games/{game_id}/rematch")
    assert r.status_code == 401 and r.json()["code"] == "BAD_TOKEN"
    _, other_witch, _ = _table(http)
    r = http.post(f"/api/v1/games/{game_id}/rematch", headers=bearer(other_witch))
    assert r.status_code == 401 and r.json()["code"] == "BAD_TOKEN"
    assert http.get(f"/api/v1/games/{game_id}").json()["rematch"] is None


# -- consistent names ------------------------------------------------------------------------


def test_graphql_game_takes_game_id_like_every_other_operation_and_id_still_works(
    http: httpx.Client,
) -> None:
    game_id, witch, _ = _table(http)
    new = gql(http, "query ($id: ID!) { game(gameId: $id) { id } }", witch, id=game_id)
    old = gql(http, "query ($id: ID!) { game(id: $id) { id } }", witch, id=game_id)
    assert new["data"]["game"]["id"] == old["data"]["game"]["id"] == game_id
    both = gql(http, "query ($id: ID!) { game(id: $id, gameId: $id) { id } }", id=game_id)
    assert both["errors"][0]["extensions"]["code"] == "MALFORMED_INPUT"


def test_graphql_moves_honour_the_idempotency_key_header_as_rest_does(http: httpx.Client) -> None:
    game_id, witch, _ = _table(http)
    game = http.get(f"/api/v1/games/{game_id}", headers=bearer(witch)).json()
    moves = [m["id"] for m in game["legal_moves"]]
    query = (
        "mutation ($id: ID!, $m: String!) { move(gameId: $id, version: 0, moveId: $m) { version } }"
    )
    headers = {**bearer(witch), "Idempotency-Key": "header-key"}

    def post(move_id: str) -> Any:
        body = {"query": query, "variables": {"id": game_id, "m": move_id}}
        return http.post("/graphql", json=body, headers=headers).json()

    assert post(moves[0])["data"]["move"]["version"] == 1
    assert post(moves[0])["data"]["move"]["version"] == 1  # the first answer again
    other = post(moves[-1]) if len(moves) > 1 else None
    if other is not None:
        assert other["errors"][0]["extensions"]["code"] == "IDEMPOTENCY_KEY_REUSED"
