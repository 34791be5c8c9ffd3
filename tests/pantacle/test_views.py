"""What each seat sees: views, errors for unknown seats, and serialized states that are not."""

from __future__ import annotations

import json

import pytest

from rules.core import IllegalMove, InvalidState
from tests.pantacle.positions import (
    GAME,
    PLAYER_COUNTS,
    favor_phase,
    new_game,
    place_flames,
    play,
    set_hand,
)

players = pytest.mark.parametrize("players", PLAYER_COUNTS)


@players
def test_a_view_names_the_seat_to_decide_and_what_it_decides(players: int) -> None:
    s = new_game(players)
    v = GAME.view(s, "seat-1")
    assert v["decision"] == {"seat": "seat-0", "kind": "favor", "prompt": "Favor: announce a Favor"}
    assert v["seats"] == [f"seat-{i}" for i in range(players)] and v["active"] == "seat-0"
    assert [b["id"] for b in v["sanctuaries"]["seat-1"]["hand"]] == sorted(s.players[1].hand)


@players
def test_a_bribe_decision_belongs_to_the_opponent_and_shows_the_announced_favor(
    players: int,
) -> None:
    s = new_game(players)
    set_hand(s, 1, ["oracle-new", "herald-waxing"])
    for seat in range(2, players):
        set_hand(s, seat, [])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment")
    assert GAME.to_move(s) == "seat-1"
    v = GAME.view(s, None)
    assert v["decision"]["seat"] == "seat-1" and v["decision"]["kind"] == "offer"
    assert v["favors"] == {
        "marked": "recruitment",
        "announced": "recruitment",
        "announced_moon": "full",
        "bribed_by": None,
    }
    with pytest.raises(IllegalMove, match="it is seat-1's decision"):
        GAME.apply(s, "favor:hunt")


@players
def test_the_outcome_is_in_every_view_once_the_game_is_over(players: int) -> None:
    s = new_game(players)
    for seat in range(1, players):
        set_hand(s, seat, [])
    place_flames(s, 0, ["top", "upper-right", "lower-right", "lower-left", "upper-left"])
    favor_phase(s, 0)
    s = play(s, "favor:hunt")
    for seat in [None, *GAME.seats({"players": players})]:
        assert GAME.view(s, seat)["outcome"] == {"winners": ["seat-0"], "reason": "favor"}
    with pytest.raises(IllegalMove, match="the game is over"):
        GAME.apply(s, "favor:hunt")


@pytest.mark.parametrize("seat", ["seat-3", "seat", "hunter", "seat--1", "seat-x"])
def test_a_view_for_a_seat_the_game_does_not_have_is_refused(seat: str) -> None:
    with pytest.raises(ValueError, match="unknown seat"):
        GAME.view(new_game(3), seat)


@pytest.mark.parametrize(
    "data",
    [{}, {"game": "pagan"}, {"game": "pantacle"}, {"game": "pantacle", "players": "x"}],
)
def test_data_that_is_not_a_pantacle_state_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(InvalidState):
        GAME.from_json(data)


def test_a_state_whose_knowledge_lists_do_not_match_is_refused() -> None:
    data = json.loads(json.dumps(GAME.to_json(new_game(3))))
    data["players"][0]["seen"].append(0)
    with pytest.raises(InvalidState, match="knowledge"):
        GAME.from_json(data)


def test_a_state_saved_before_passes_were_recorded_still_loads() -> None:
    """Games stored by an earlier version have no `passes` nor `since`: they load with none
    recorded, every card counted as held from the start."""
    s = new_game(3)
    data = json.loads(json.dumps(GAME.to_json(s)))
    del data["passes"]
    for p in data["players"]:
        del p["since"]
    loaded = GAME.from_json(data)
    assert loaded.passes == [] and all(p.since == [0] * len(p.hand) for p in loaded.players)
    assert GAME.to_json(loaded) == GAME.to_json(s)


def test_a_pass_by_a_seat_the_game_does_not_have_is_refused() -> None:
    data = json.loads(json.dumps(GAME.to_json(new_game(3))))
    data["passes"] = [[7, "recruitment", False]]
    with pytest.raises(InvalidState, match="pass"):
        GAME.from_json(data)


@players
def test_whether_an_opponent_can_pay_a_bribe_is_not_told_to_the_table(players: int) -> None:
    """The same public facts, one hand able to pay and one not: everyone but that opponent
    sees the same thing, before and after it answers "pass"."""
    views = []
    for hand in (["oracle-new", "herald-waxing"], ["scholar-new", "warden-new"]):
        s = new_game(players)
        set_hand(s, 1, hand)
        for seat in range(2, players):
            set_hand(s, seat, [])
        set_hand(s, 0, ["alchemist-new", "alchemist-waxing"])
        s.blade_pile.sort()  # the same pile order in both games
        favor_phase(s, 0)
        s = play(s, "favor:recruitment")
        before = GAME.view(s, None), GAME.view(s, "seat-0")
        s = play(s, "pass")
        views.append((before, GAME.view(s, None), GAME.view(s, "seat-0")))
    assert views[0] == views[1]
