"""Batch moves and the public log through real HTTP against a running API process: several
consecutive decisions of one seat in one request, all or none, and every event carrying the
reader's description of the move and its time. Multi-picks sent as the board gathers them (a
Raid's payment, a distribution, discards to the hand limit) are made in every order, the picks
the engine made by itself included, over REST and GraphQL; and a batch after a move whose result
its seat could not see (an elimination) is refused alike whatever the secret."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from itertools import permutations
from typing import Any

import pytest

from gamestore.settings import Settings
from rules.core import Rng, get_game
from rules.pagan.state import HUNTER, WITCH, PaganState
from tests.pagan.positions import action_phase, new_game, set_hand, set_tokens, upkeep
from tests.support.client import GAME_FIELDS, GraphQL, Rest, bearer
from tests.support.games import store_state

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
        if other not in (None, seat) and not PAGAN.apply_traced(state, move).hidden:
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


# --- prepared positions: multi-picks and secrets ----------------------------------------------


def _stored(settings: Settings, state: PaganState) -> tuple[str, dict[str, str]]:
    return store_state(settings, "pagan", state)


def _raid_table() -> PaganState:
    """The issue's table: the Hunter to act, a Clue on Doctor Annie and 2 on Stranger Sue (the
    blue villagers' only Clues) and a Secret on Doctor Annie to raid away."""
    s = new_game(seed=4)
    set_tokens(s, "doctor-annie", clues=1, secrets=1)
    set_tokens(s, "stranger-sue", clues=2)
    action_phase(s, HUNTER)
    return s


RAID_ORDERS = sorted(set(permutations(["doctor-annie", "stranger-sue", "stranger-sue"])))


def _villager(game: dict[str, Any], villager: str) -> dict[str, Any]:
    found: dict[str, Any] = next(v for v in game["view"]["villagers"] if v["id"] == villager)
    return found


@pytest.mark.parametrize("order", RAID_ORDERS, ids="-".join)
def test_a_raid_paid_on_the_board_is_made_in_every_order_over_rest(
    rest: Games, settings: Settings, order: tuple[str, ...]
) -> None:
    """Raid Doctor Annie, pay Annie, Sue, Sue (in any order): the last picks, which the engine
    made by itself once only one villager was left to pay from, are taken as made."""
    game_id, tokens = _stored(settings, _raid_table())
    picks = [f"pay:{villager}" for villager in order]
    r = _batch(rest, game_id, tokens["hunter"], 0, ["raid:doctor-annie", *picks])
    assert r.status_code == 200, r.text
    game = r.json()
    made = [e["move"]["id"] for e in game["events"]]
    assert made == ["raid:doctor-annie", *picks][: len(made)] and 2 <= len(made) < 4
    assert game["version"] == len(made)
    annie, sue = _villager(game, "doctor-annie"), _villager(game, "stranger-sue")
    assert (annie["clues"], sue["clues"], annie["secrets"]) == (0, 0, 0)
    assert game["your_decision"] and game["view"]["players"]["hunter"]["pawns"] == 2


def test_a_raid_paid_on_the_board_is_made_in_every_order_over_graphql(
    api: str, settings: Settings
) -> None:
    gql = GraphQL(api)
    mutation = (
        "mutation ($id: ID!, $v: Int!, $moves: [MoveInput!]!) "
        f"{{ moves(gameId: $id, version: $v, moves: $moves) {{ {GAME_FIELDS} }} }}"
    )
    try:
        for order in RAID_ORDERS:
            game_id, tokens = _stored(settings, _raid_table())
            values = [{"type": "raid", "villager": "doctor-annie"}]
            values += [{"type": "pay", "target": villager} for villager in order]
            done = gql.call(
                mutation,
                tokens["hunter"],
                id=game_id,
                v=0,
                moves=[{"value": value} for value in values],
            )
            assert "errors" not in done, (order, done)
            game = done["data"]["moves"]
            annie, sue = _villager(game, "doctor-annie"), _villager(game, "stranger-sue")
            assert (annie["clues"], sue["clues"], annie["secrets"]) == (0, 0, 0), order
            assert game["version"] == len(game["events"]) < len(values)
    finally:
        gql.close()


def _hand_limit_table() -> tuple[PaganState, list[str]]:
    """The Witch starting her turn with 9 cards, two of them copies of one card: she must
    discard 2 (hand limit). Returns the state and the hand's distinct cards, the copied first."""
    s = new_game(seed=5)
    deck = s.witch.hand + s.witch.deck
    pair = next(card for card in sorted(set(deck)) if deck.count(card) >= 2)
    others = [card for card in sorted(set(deck)) if card != pair][:7]
    set_hand(s, WITCH, [pair, pair, *others])
    upkeep(s, WITCH)
    assert PAGAN.legal_moves(s)[0].kind == "discard", PAGAN.legal_moves(s)
    return s, [pair, *others]


def test_discards_to_the_hand_limit_are_made_in_every_order_copies_counted(
    rest: Games, settings: Settings
) -> None:
    s, (pair, first, second, *_) = _hand_limit_table()
    for picks in ([first, second], [second, first], [pair, pair], [pair, first]):
        game_id, tokens = _stored(settings, s)
        r = _batch(rest, game_id, tokens["witch"], 0, [f"discard:{card}" for card in picks])
        assert r.status_code == 200, (picks, r.text)
        discarded = [c["id"] for c in r.json()["view"]["players"]["witch"]["discard"]]
        assert sorted(discarded[-2:]) == sorted(picks)
    game_id, tokens = _stored(settings, s)
    r = _batch(rest, game_id, tokens["witch"], 0, [f"discard:{first}", f"discard:{first}"])
    assert r.status_code == 422 and r.json()["index"] == 1, "one copy cannot be discarded twice"


def _lonely_visit_table() -> PaganState:
    """The Witch to act, Doctor Annie the only blue villager left and no Brew: visiting Annie,
    both her Secrets can only go on Annie, so the engine places them itself."""
    s = new_game(seed=6)
    s.true_witch = "preacher-wulfric"
    s.suspect_deck = [v.id for v in s.villagers if v.id != s.true_witch]
    for gone in ("beau-johnson", "stranger-sue"):
        s.villager(gone).alive = False
    s.innocents_eliminated = 2
    action_phase(s, WITCH)
    return s


def test_a_distribution_the_engine_made_itself_is_taken_as_made(
    rest: Games, settings: Settings
) -> None:
    s = _lonely_visit_table()
    sent = ["visit:doctor-annie", "place:doctor-annie", "place:doctor-annie"]
    game_id, tokens = _stored(settings, s)
    r = _batch(rest, game_id, tokens["witch"], 0, sent)
    assert r.status_code == 200, r.text
    game = r.json()
    assert [e["move"]["id"] for e in game["events"]] == ["visit:doctor-annie"]
    assert _villager(game, "doctor-annie")["secrets"] == 2
    game_id, tokens = _stored(settings, s)
    r = _batch(rest, game_id, tokens["witch"], 0, sent[:1])
    assert r.status_code == 200 and r.json()["view"] == game["view"], "the same as sent alone"


@pytest.mark.parametrize("witch", [True, False])
def test_a_batch_after_an_elimination_is_refused_alike_whoever_the_witch_is(
    rest: Games, settings: Settings, witch: bool
) -> None:
    """The issue's probe, over REST: the Hunter learns nothing from the refusal."""
    s = new_game(seed=4)
    for v in s.villagers:
        set_tokens(s, v.id, clues=3 if v.id == "doctor-annie" else 1)
    s.true_witch = "doctor-annie" if witch else "stranger-sue"
    s.suspect_deck = [v.id for v in s.villagers if v.id != s.true_witch]
    action_phase(s, HUNTER)
    game_id, tokens = _stored(settings, s)
    r = _batch(rest, game_id, tokens["hunter"], 0, ["eliminate:doctor-annie", "no-such-move"])
    assert r.status_code == 422 and r.json()["index"] == 1
    assert r.json()["detail"] == (
        "the batch's move at index 1 cannot be made: what the move at index 0 did depends on "
        "what the hunter cannot see (a card drawn, a hidden card, an elimination), so a batch "
        "must end with it; nothing was changed"
    )
    assert rest.read(game_id, tokens["hunter"]).json()["version"] == 0
