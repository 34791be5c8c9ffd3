"""Move planning against the rules: a submission resolves to the legal move it names (by id or by
value), a refused one raises the rules' own `IllegalMove` with the rules' reason, and a planned
commit carries the new state and the JSON Patch of the spectator's view. A batch ends at a move
whose result its seat could not see, and takes the seat's forced picks as made."""

from __future__ import annotations

from itertools import permutations
from typing import Any

import orjson
import pytest

from gamestore import patch
from gamestore.commits import (
    BatchRefused,
    event_for,
    load_state,
    plan_batch,
    plan_move,
    plan_resign,
    resolve_move,
)
from gamestore.records import ACTIVE, FINISHED, GameRecord, SeatConfig
from rules.core import IllegalMove, get_game
from rules.pagan.state import HUNTER, PaganState
from tests.pagan.positions import GAME as PAGAN
from tests.pagan.positions import action_phase, new_game, put_on_top, set_tokens


def _record() -> GameRecord:
    game = get_game("pagan")
    state = game.new(None, "planning")
    return GameRecord(
        id="g1",
        game="pagan",
        options={},
        seed="planning",
        seats=[SeatConfig("witch", "human"), SeatConfig("hunter", "ai", "novice")],
        version=3,
        state=orjson.dumps(game.to_json(state)),
    )


def test_a_submission_resolves_to_the_legal_move_it_names_by_id_or_by_value() -> None:
    game = get_game("pagan")
    state = load_state(game, _record())
    first = game.legal_moves(state)[0]
    assert resolve_move(game, state, first.id) == first
    assert resolve_move(game, state, first.to_json()["value"]) == first


def test_a_refused_move_raises_the_rules_own_error_with_the_rules_reason() -> None:
    game = get_game("pagan")
    state = load_state(game, _record())
    with pytest.raises(IllegalMove) as refused:
        game.apply(state, "no-such-move")
    with pytest.raises(IllegalMove) as planned:
        resolve_move(game, state, "no-such-move")
    assert planned.value.reason == refused.value.reason
    assert "is not a legal move now" in planned.value.reason


def test_a_planned_move_writes_the_next_version_and_the_spectators_patch() -> None:
    game = get_game("pagan")
    record = _record()
    state = load_state(game, record)
    move = game.legal_moves(state)[0]
    commit, new_state = plan_move(game, record, state, "witch", move, task="t1")
    assert (commit.expected, commit.version, commit.status) == (3, 4, ACTIVE)
    assert (commit.seat, commit.kind, commit.move_id) == ("witch", "move", move.id)
    assert commit.task == "t1"
    assert orjson.loads(commit.state) == game.to_json(new_state)
    assert commit.private["move"] == move.to_json()
    assert commit.public["description"] == game.describe(state, move, None).to_json()
    assert commit.next_to_move == game.to_move(new_state)
    before, after = game.view(state, None), game.view(new_state, None)
    assert patch.apply(before, commit.public["changes"]) == after


def test_a_resignation_ends_the_game_for_every_other_seat() -> None:
    game = get_game("pagan")
    record = _record()
    commit = plan_resign(game, record, load_state(game, record), "witch")
    assert commit.status == FINISHED and commit.state == record.state
    assert commit.outcome is not None and commit.outcome["winners"] == ["hunter"]
    assert commit.next_to_move is None


def test_each_reader_gets_its_own_description_and_only_the_mover_the_move() -> None:
    public = {"version": 1, "seat": "witch", "description": {"text": "The Witch drew a card"}}
    private = {
        "move": {"id": "take:0001"},
        "descriptions": {"witch": {"text": "The Witch drew Allure"}},
    }
    pub, priv = orjson.dumps(public), orjson.dumps(private)
    witch = event_for(pub, priv, "witch", "witch")
    assert witch["description"]["text"] == "The Witch drew Allure"
    assert witch["move"] == {"id": "take:0001"} and "descriptions" not in witch
    for reader in ("hunter", None):
        event = event_for(pub, priv, "witch", reader)
        assert event == public, reader


# --- batches --------------------------------------------------------------------------------------


def _batch_record(game: Any, state: Any) -> GameRecord:
    return GameRecord(
        id="batch",
        game=game.name,
        options=state.options,
        seed="batch",
        seats=[SeatConfig(seat, "human") for seat in game.seats(state.options)],
        version=5,
        state=orjson.dumps(game.to_json(state)),
    )


def _told(game: Any, state: Any, seat: str, batch: list[str]) -> Any:
    try:
        commits, after = plan_batch(game, _batch_record(game, state), state, seat, batch)
    except BatchRefused as exc:
        return exc.index, None if exc.illegal is None else exc.illegal.reason, exc.to_move
    return [c.move_id for c in commits], after


def _hunter_with_clues() -> PaganState:
    """The Hunter choosing an action, a Clue on every villager and 3 on Doctor Annie."""
    s = new_game(seed=4)
    for v in s.villagers:
        set_tokens(s, v.id, clues=3 if v.id == "doctor-annie" else 1)
    action_phase(s, HUNTER)
    return s


@pytest.mark.parametrize("witch", [True, False])
def test_a_batch_after_an_elimination_is_refused_alike_whoever_the_witch_is(witch: bool) -> None:
    """The issue's probe: `[eliminate:X, no-such-move]` answered "the game is over" when X was
    the Witch and "not a legal move" otherwise. Now the same, whoever she is."""
    s = _hunter_with_clues()
    s.true_witch = "doctor-annie" if witch else "stranger-sue"
    s.suspect_deck = [v.id for v in s.villagers if v.id != s.true_witch]
    index, reason, _ = _told(PAGAN, s, HUNTER, ["eliminate:doctor-annie", "no-such-move"])
    assert index == 1
    assert reason == (
        "what the move at index 0 did depends on what the hunter cannot see (a card drawn, "
        "a hidden card, an elimination), so a batch must end with it"
    )
    moves, after = _told(PAGAN, s, HUNTER, ["eliminate:doctor-annie"])
    assert moves == ["eliminate:doctor-annie"] and (after.winner is not None) == witch


def test_a_batch_after_a_card_drawn_is_refused_whatever_was_drawn() -> None:
    s = _hunter_with_clues()
    told = set()
    for top in ("0001", "0005"):
        put_on_top(s, HUNTER, [top])
        index, reason, _ = _told(PAGAN, s, HUNTER, ["draw", "influence"])
        told.add((index, reason))
    assert len(told) == 1 and next(iter(told))[0] == 1


def _raid_position(target: str) -> PaganState:
    """The issue's table: the Hunter with a Clue on Doctor Annie and 2 on Stranger Sue (the
    blue villagers' only Clues), `target` holding a Secret to raid."""
    s = new_game(seed=4)
    set_tokens(s, "doctor-annie", clues=1)
    set_tokens(s, "stranger-sue", clues=2)
    set_tokens(s, target, clues=s.villager(target).clues, secrets=1)
    action_phase(s, HUNTER)
    return s


RAID_ORDERS = sorted(set(permutations(["doctor-annie", "stranger-sue", "stranger-sue"])))


@pytest.mark.parametrize("target", ["doctor-annie", "stranger-sue", "beau-johnson"])
@pytest.mark.parametrize("order", RAID_ORDERS, ids="-".join)
def test_a_raid_paid_from_the_board_in_any_order_is_made(
    target: str, order: tuple[str, ...]
) -> None:
    """Every order of the picks is made, the picks the engine took by itself (a single
    villager left to pay from, the Raid's one choice) taken as already made."""
    s = _raid_position(target)
    batch = [f"raid:{target}", *(f"pay:{villager}" for villager in order)]
    moves, after = _told(PAGAN, s, HUNTER, batch)
    assert moves == batch[: len(moves)] and len(moves) < len(batch), "the last pay was forced"
    assert after.villager("doctor-annie").clues == after.villager("stranger-sue").clues == 0
    assert after.villager(target).secrets == 0, "the Raid removed the Secret"
    assert PAGAN.to_move(after) == HUNTER and after.hunter.pawns == 2


def test_a_move_after_the_forced_ones_is_a_new_decision() -> None:
    """Forced picks may be sent or left out; what follows them is decided as usual."""
    s = _raid_position("doctor-annie")
    sent = ["raid:doctor-annie", "pay:doctor-annie", "pay:stranger-sue", "influence"]
    left_out = ["raid:doctor-annie", "pay:doctor-annie", "influence"]
    made_sent, after_sent = _told(PAGAN, s, HUNTER, sent)
    made_left_out, after_left_out = _told(PAGAN, s, HUNTER, left_out)
    assert made_sent == made_left_out == ["raid:doctor-annie", "pay:doctor-annie", "influence"]
    assert PAGAN.to_json(after_sent) == PAGAN.to_json(after_left_out)
    too_many = [*sent[:3], "pay:stranger-sue", "pay:stranger-sue", "influence"]
    index, reason, _ = _told(PAGAN, s, HUNTER, too_many)
    assert index == 4 and "is not a legal move now" in str(reason), "one pay too many"
