"""Batch moves and the public log through real HTTP against a running API process: several
consecutive decisions of one seat in one request, all or none, and every event carrying the
reader's description of the move and its time."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest

from gamestore.commits import reveals
from rules.core.registry import get_game
from rules.core.rng import Rng
from tests.support.client import GAME_FIELDS, GraphQL, Rest, bearer

PAGAN = get_game("pagan")


class Games(Rest):
    made: list[tuple[str, str]]


@pytest.fixture
def rest(api: str) -> Iterator[Games]:
    client = Games(api)
    client.made = []
    yield client
    for game_id, token in client.made:
        client.http.post(f"/api/v1/games/{game_id}/resign", headers=bearer(token), json={})
    client.close()


def _new_game(rest: Games, seed: str) -> tuple[str, dict[str, str], Any]:
    """A game of two human seats; the fixture resigns it afterwards, so this address stays
    under its cap of open games for the other tests."""
    created = rest.create(
        game="pagan",
        seed=seed,
        seats=[{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}],
    )
    options = rest.read(created["id"]).json()["options"]
    rest.made.append((created["id"], created["tokens"]["witch"]))
    return created["id"], created["tokens"], PAGAN.new(options, seed)


def _batch(rest: Games, game_id: str, token: str, version: int, moves: list[str], **kw: Any) -> Any:
    return rest.http.post(
        f"/api/v1/games/{game_id}/moves",
        headers={**bearer(token), **kw.get("headers", {})},
        json={"version": version, "moves": [{"move_id": m} for m in moves]},
    )


def _distribution(state: Any) -> list[str] | None:
    """A Witch visit and the token placements that follow it, none showing her anything new."""
    if PAGAN.to_move(state) != "witch":
        return None
    for visit in [m for m in PAGAN.legal_moves(state) if m.kind == "visit"]:
        moves, s = [visit.id], PAGAN.apply(state, visit)
        while PAGAN.to_move(s) == "witch" and PAGAN.legal_moves(s)[0].kind == "place":
            moves.append(PAGAN.legal_moves(s)[0].id)
            s = PAGAN.apply(s, moves[-1])
        if len(moves) >= 3:
            return moves
    return None


def _play_until(rest: Games, game_id: str, tokens: dict[str, str], state: Any, found: Any) -> Any:
    """Play the first legal move over REST until `found(state)` has an answer."""
    rng = Rng(1)
    for version in range(400):
        answer = found(state)
        if answer is not None:
            return state, version, answer
        seat = str(PAGAN.to_move(state))
        moves = PAGAN.legal_moves(state)
        move = moves[rng.below(len(moves))].id
        r = rest.move(game_id, tokens[seat], version, move)
        assert r.status_code == 200, r.text
        state = PAGAN.apply(state, move)
    raise AssertionError("no such position in 400 decisions")


def test_a_token_distribution_is_applied_in_one_request_with_an_event_per_move(
    rest: Games, api: str
) -> None:
    game_id, tokens, state = _new_game(rest, "batch-1")
    state, version, moves = _play_until(rest, game_id, tokens, state, _distribution)
    r = _batch(rest, game_id, tokens["witch"], version, moves)
    assert r.status_code == 200, r.text
    game = r.json()
    assert game["version"] == version + len(moves)
    assert [e["move"]["id"] for e in game["events"]] == moves
    assert [e["version"] for e in game["events"]] == list(range(version + 1, game["version"] + 1))
    hunter = rest.read(game_id, tokens["hunter"], events_after=version).json()
    texts = [e["description"]["text"] for e in hunter["events"]]
    assert texts[0].startswith("The Witch visited ")
    assert all(t.startswith("The Witch placed a ") for t in texts[1:])
    assert all("move" not in e for e in hunter["events"])
    for e in hunter["events"]:
        assert e["description"]["actor"] == "witch"
        assert datetime.fromisoformat(e["at"]).utcoffset() is not None
    spectator = rest.read(game_id, None, events_after=version).json()
    assert [e["description"] for e in spectator["events"]] == [
        e["description"] for e in hunter["events"]
    ]


def test_an_illegal_third_move_refuses_the_whole_batch_and_changes_nothing(
    rest: Games, api: str
) -> None:
    game_id, tokens, state = _new_game(rest, "batch-2")
    state, version, moves = _play_until(rest, game_id, tokens, state, _distribution)
    before = rest.read(game_id, tokens["witch"]).json()
    r = _batch(rest, game_id, tokens["witch"], version, [*moves[:2], "no-such-move"])
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "ILLEGAL_MOVE" and r.json()["index"] == 2
    after = rest.read(game_id, tokens["witch"]).json()
    assert after["version"] == version and after["view"] == before["view"]
    assert after["events"] == before["events"]


def _hand_over(state: Any) -> list[str] | None:
    """A move after which the other seat decides, showing its maker nothing new, and one more."""
    seat = str(PAGAN.to_move(state))
    for move in PAGAN.legal_moves(state):
        after = PAGAN.apply(state, move)
        other = PAGAN.to_move(after)
        if other not in (None, seat) and not reveals(PAGAN, state, move.id, seat, Rng(0)):
            return [move.id, PAGAN.legal_moves(after)[0].id]
    return None


def test_a_batch_crossing_into_the_other_seats_decision_is_refused_naming_its_index(
    rest: Games,
) -> None:
    game_id, tokens, state = _new_game(rest, "batch-3")
    state, version, moves = _play_until(rest, game_id, tokens, state, _hand_over)
    seat = str(PAGAN.to_move(state))
    r = _batch(rest, game_id, tokens[seat], version, moves)
    assert r.status_code == 422, r.text
    assert r.json()["index"] == 1 and "not the" in r.json()["detail"]
    assert rest.read(game_id, tokens[seat]).json()["version"] == version


def test_a_retried_batch_returns_the_first_answer_and_another_batch_under_its_key_is_refused(
    rest: Games,
) -> None:
    game_id, tokens, state = _new_game(rest, "batch-4")
    state, version, moves = _play_until(rest, game_id, tokens, state, _distribution)
    key = {"headers": {"Idempotency-Key": "batch-key-1"}}
    first = _batch(rest, game_id, tokens["witch"], version, moves, **key)
    again = _batch(rest, game_id, tokens["witch"], version, moves, **key)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    other = _batch(rest, game_id, tokens["witch"], version, moves[:2], **key)
    assert other.status_code == 422 and other.json()["code"] == "IDEMPOTENCY_KEY_REUSED"
    assert rest.read(game_id).json()["version"] == version + len(moves)


def test_a_batch_of_more_than_fifty_moves_or_none_is_malformed(rest: Games, api: str) -> None:
    game_id, tokens, _ = _new_game(rest, "batch-5")
    for moves in ([], ["done"] * 51):
        r = _batch(rest, game_id, tokens["witch"], 0, moves)
        assert r.status_code == 400 and r.json()["code"] == "MALFORMED_INPUT", r.text


def test_a_graphql_batch_makes_the_moves_and_names_a_refused_ones_index(
    rest: Games, api: str
) -> None:
    gql = GraphQL(api)
    request_closes = gql.close
    game_id, tokens, state = _new_game(rest, "batch-6")
    state, version, moves = _play_until(rest, game_id, tokens, state, _distribution)
    mutation = (
        "mutation ($id: ID!, $v: Int!, $moves: [MoveInput!]!) "
        f"{{ moves(gameId: $id, version: $v, moves: $moves) {{ {GAME_FIELDS} }} }}"
    )
    bad = [{"moveId": m} for m in moves[:1]] + [{"moveId": "nope"}]
    refused = gql.call(mutation, tokens["witch"], id=game_id, v=version, moves=bad)
    assert refused["errors"][0]["extensions"]["index"] == 1
    done = gql.call(
        mutation, tokens["witch"], id=game_id, v=version, moves=[{"moveId": m} for m in moves]
    )
    game = done["data"]["moves"]
    assert game["version"] == version + len(moves)
    assert [e["move"]["id"] for e in game["events"]] == moves
    assert game["events"][0]["description"]["text"].startswith("The Witch visited ")
    request_closes()
