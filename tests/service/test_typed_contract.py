"""The typed contract through a running server: GraphQL views selected field by field with
per-game fragments (aliased where the games' fields of one name differ in type, as GraphQL's
validation asks), legal moves with a typed kind and typed arguments, and REST answers that
validate against the JSON Schemas of openapi/openapi.json."""

from __future__ import annotations

import random
from typing import Any

import orjson
from jsonschema import Draft202012Validator

from rules.pagan.tables import CARDS
from service.contracts import OPENAPI
from tests.support.client import GraphQL, Rest

CREATE = """
mutation ($input: CreateGameInput!) {
  createGame(input: $input) { id tokens { seat token } }
}
"""
TYPED = """
query ($id: ID!) {
  game(id: $id) {
    version
    viewJson
    view {
      __typename
      ... on PaganView {
        turn
        villagers { id name alive clues secrets pawns { hunter witch } investigation { id } }
        supply { clue secret }
        players {
          witch { influence handCount hand { id name type cost text } brews { id secrets } }
          hunter { handCount hand { id } suspectsCount }
        }
        decision { seat kind prompt }
      }
      ... on PantacleView {
        playerCount: players
        seats
        sanctuaries { key value { influence handCount hand { id keeper moon } } }
        pantacleDecision: decision { seat kind prompt }
      }
    }
    legalMoves {
      id value kind
      args { villager target targetVillager targetBrew slot card place index blade favor }
    }
  }
}
"""


def _create(gql: GraphQL, game: str, seats: list[str], seed: str) -> tuple[str, dict[str, str]]:
    created = gql.call(
        CREATE,
        input={"game": game, "seed": seed, "seats": [{"seat": s, "kind": "human"} for s in seats]},
    )["data"]["createGame"]
    return created["id"], {t["seat"]: t["token"] for t in created["tokens"]}


def _check_moves(moves: list[dict[str, Any]]) -> None:
    assert moves
    for m in moves:
        value, args = m["value"], m["args"]
        assert m["kind"] == value["type"].upper()
        for key in ("villager", "slot", "card", "place", "index", "blade", "favor"):
            assert args[key] == value.get(key)
        target = value.get("target")
        if isinstance(target, str) and target.startswith("brew-"):
            assert (args["targetBrew"], args["targetVillager"]) == (int(target[5:]), None)
        elif target is not None and m["kind"] != "TARGET":
            assert (args["targetBrew"], args["targetVillager"]) == (None, target)


def test_a_pagan_view_is_read_field_by_field_with_own_cards_cost_and_text(api: str) -> None:
    gql = GraphQL(api)
    game_id, tokens = _create(gql, "pagan", ["witch", "hunter"], "typed-1")
    answer = gql.call(TYPED, tokens["witch"], id=game_id)
    assert "errors" not in answer, answer
    game = answer["data"]["game"]
    view, raw = game["view"], game["viewJson"]
    assert view["__typename"] == "PaganView"
    assert [v["id"] for v in view["villagers"]] == [v["id"] for v in raw["villagers"]]
    assert view["villagers"][0]["pawns"] == raw["villagers"][0]["pawns"]
    hand = view["players"]["witch"]["hand"]
    assert hand and len(hand) == raw["players"]["witch"]["hand_count"]
    for card in hand:
        c = CARDS[card["id"]]
        assert (card["name"], card["type"], card["cost"], card["text"]) == (
            c.name, c.type, c.cost, c.text,
        )  # fmt: skip
    assert view["players"]["hunter"]["hand"] is None  # another seat's hand stays hidden
    assert view["decision"]["kind"] == raw["decision"]["kind"].upper()
    _check_moves(game["legalMoves"])
    gql.close()


def test_a_pantacle_view_is_read_field_by_field_and_moves_carry_typed_arguments(api: str) -> None:
    gql = GraphQL(api)
    seats = ["seat-0", "seat-1", "seat-2"]
    game_id, tokens = _create(gql, "pantacle", seats, "typed-2")
    game = gql.call(TYPED, tokens["seat-1"], id=game_id)["data"]["game"]
    view = game["view"]
    assert view["__typename"] == "PantacleView" and view["seats"] == seats
    assert view["playerCount"] == 3 and view["pantacleDecision"]["kind"]
    sanctuaries = {e["key"]: e["value"] for e in view["sanctuaries"]}
    assert sanctuaries["seat-1"]["hand"] and sanctuaries["seat-0"]["hand"] is None
    mover = game["viewJson"]["decision"]["seat"]
    moves = gql.call(TYPED, tokens[mover], id=game_id)["data"]["game"]["legalMoves"]
    _check_moves(moves)
    gql.close()


def _validator(model: str) -> Draft202012Validator:
    document = orjson.loads(OPENAPI.read_bytes())
    return Draft202012Validator({**document, "$ref": f"#/components/schemas/{model}"})


def test_rest_answers_of_both_games_validate_against_the_openapi_json_schemas(api: str) -> None:
    rest = Rest(api)
    validator = _validator("SeatGame")
    rng = random.Random(3)
    for game, seats in (("pagan", ["witch", "hunter"]), ("pantacle", ["seat-0", "seat-1"])):
        created = rest.create(
            game=game,
            seed=f"schema-{game}",
            options={"players": 2} if game == "pantacle" else {},
            seats=[{"seat": s, "kind": "human"} for s in seats],
        )
        for _ in range(25):
            answers = [rest.read(created["id"], created["tokens"].get(s)) for s in [*seats, None]]
            for r in answers:
                assert r.status_code == 200
                errors = [e.message for e in validator.iter_errors(r.json())]
                assert errors == [], errors[:3]
            body = next(a.json() for a in answers if a.json()["your_decision"])
            move = rng.choice(body["legal_moves"])
            token = created["tokens"][body["seat"]]
            assert rest.move(created["id"], token, body["version"], move["id"]).status_code == 200
    rest.close()


def test_the_openapi_view_schema_refuses_an_undeclared_key() -> None:
    validator = _validator("GameView")
    assert not validator.is_valid({"game": "pagan"})
    assert not validator.is_valid({"game": "chess"})
