"""A chosen seed fixes every hidden card, so it is refused for a game with an open seat: the
creator would otherwise know a joiner's hand. Seats the creator holds or gives to the AI may be
seeded (tests, replays). Real API process on the real Redis."""

from __future__ import annotations

from tests.support.client import GraphQL, Rest

CREATE = """
mutation ($input: CreateGameInput!) { createGame(input: $input) { id } }
"""


def _lobby_ids(rest: Rest) -> set[str]:
    games = rest.http.get("/api/v1/games", params={"limit": 200}).json()["games"]
    return {g["id"] for g in games}


def test_a_chosen_seed_is_refused_for_a_game_with_an_open_seat_and_nothing_is_created(
    api: str,
) -> None:
    rest = Rest(api)
    before = _lobby_ids(rest)
    for seats in ([{"seat": "witch", "kind": "human"}], [{"seat": "witch", "kind": "open"}], []):
        r = rest.http.post("/api/v1/games", json={"game": "pagan", "seed": "mine", "seats": seats})
        assert r.status_code == 422, r.text
        body = r.json()
        assert body["code"] == "SEED_WITH_OPEN_SEAT"
        assert r.headers["content-type"] == "application/problem+json"
        assert body["open_seats"]
    assert _lobby_ids(rest) <= before
    rest.close()


def test_a_chosen_seed_is_refused_over_graphql_with_its_code(api: str) -> None:
    gql = GraphQL(api)
    answer = gql.call(CREATE, input={"game": "pagan", "seed": "mine", "seats": []})
    assert answer["data"] is None
    assert answer["errors"][0]["extensions"]["code"] == "SEED_WITH_OPEN_SEAT"
    gql.close()


def test_a_chosen_seed_is_allowed_when_the_creator_holds_or_gives_the_ai_every_seat(
    api: str,
) -> None:
    rest = Rest(api)
    humans = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
    with_ai = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "ai"}]
    for seats in (humans, with_ai):
        created = rest.create(game="pagan", seed="replay", seats=seats)
        assert created["version"] == 0
    rest.close()


def test_a_game_with_an_open_seat_gets_a_secret_seed(api: str) -> None:
    rest = Rest(api)
    created = rest.create(game="pagan", seats=[{"seat": "witch", "kind": "human"}])
    assert created["id"] in _lobby_ids(rest)
    rest.close()
