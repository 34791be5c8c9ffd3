"""Move planning against the rules: a submission resolves to the legal move it names (by id or by
value), a refused one raises the rules' own `IllegalMove` with the rules' reason, and a planned
commit carries the new state and the JSON Patch of the spectator's view."""

from __future__ import annotations

import orjson
import pytest

from gamestore import patch
from gamestore.commits import event_for, load_state, plan_move, plan_resign, resolve_move
from gamestore.records import ACTIVE, FINISHED, GameRecord, SeatConfig
from rules.core.errors import IllegalMove
from rules.core.registry import get_game


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
