"""Open seats, the lobby, joining, spectating and resigning."""

from __future__ import annotations

from tests.support.client import GraphQL, Rest, bearer


def test_an_open_seat_is_listed_in_the_lobby_until_someone_joins_it(api: str) -> None:
    rest = Rest(api)
    created = rest.create(game="pagan", seats=[{"seat": "witch", "kind": "human"}])
    game_id = created["id"]
    assert set(created["tokens"]) == {"witch"}
    lobby = rest.http.get("/api/v1/games", params={"limit": 200}).json()["games"]
    assert game_id in {g["id"] for g in lobby}
    listed = next(g for g in lobby if g["id"] == game_id)
    assert listed["open_seats"] == ["hunter"]
    gql = GraphQL(api)
    assert game_id in {
        g["id"] for g in gql.call("{ openGames(limit: 200) { id } }")["data"]["openGames"]
    }
    joined = rest.http.post(f"/api/v1/games/{game_id}/join", json={"seat": "hunter"}).json()
    assert joined["seat"] == "hunter"
    seat_game = rest.read(game_id, joined["token"]).json()
    assert seat_game["seat"] == "hunter" and seat_game["view"]["seat"] == "hunter"
    lobby = rest.http.get("/api/v1/games", params={"limit": 200}).json()["games"]
    assert game_id not in {g["id"] for g in lobby}
    again = rest.http.post(f"/api/v1/games/{game_id}/join", json={})
    assert again.status_code == 409 and again.json()["code"] == "SEAT_NOT_OPEN"
    gql.close()
    rest.close()


def test_a_spectator_sees_the_public_view_only(api: str) -> None:
    rest = Rest(api)
    created = rest.create(
        game="pagan",
        seed="spectate",
        seats=[{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}],
    )
    spectator = rest.read(created["id"]).json()
    witch = rest.read(created["id"], created["tokens"]["witch"]).json()
    assert spectator["seat"] is None and spectator["legal_moves"] == []
    assert "hand" not in spectator["view"]["players"]["witch"]
    assert "hand" in witch["view"]["players"]["witch"] and witch["legal_moves"]
    rest.close()


def test_resigning_ends_the_game_for_the_other_seats_win(api: str) -> None:
    rest = Rest(api)
    created = rest.create(
        game="pagan",
        seed="resign",
        seats=[{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}],
    )
    game_id, tokens = created["id"], created["tokens"]
    r = rest.http.post(f"/api/v1/games/{game_id}/resign", json={}, headers=bearer(tokens["hunter"]))
    assert r.status_code == 200, r.text
    over = rest.read(game_id).json()
    assert over["status"] == "finished" and over["to_move"] is None
    assert over["outcome"]["winners"] == ["witch"] and over["outcome"]["reason"] == "resigned"
    resigned = over["events"][-1]
    assert {k: resigned[k] for k in ("version", "seat", "kind", "changes", "seat_name")} == {
        "version": 1,
        "seat": "hunter",
        "kind": "resign",
        "changes": [],
        "seat_name": None,
    }
    assert resigned["description"]["text"] == "The hunter resigned"
    late = rest.move(game_id, tokens["witch"], 1, "done")
    assert late.status_code == 409 and late.json()["code"] == "GAME_OVER"
    rest.close()
