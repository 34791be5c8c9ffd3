"""Rule tests for the Flames and the PANTACLE (rulebook: Effects of Each Sacrifice, Effects of
the PANTACLE, Resolving a Sacrifice), each with 2, 3, 4 and 5 players."""

from __future__ import annotations

import pytest

from rules.pantacle.board import POINTS
from rules.pantacle.state import PantacleState
from tests.pantacle.invariants import check_invariants
from tests.pantacle.positions import (
    GAME,
    PLAYER_COUNTS,
    curses_on_top,
    give,
    ids,
    new_game,
    place_flames,
    play,
    set_hand,
    start_turn,
)

players = pytest.mark.parametrize("players", PLAYER_COUNTS)


def kind(s: PantacleState) -> str:
    return str(s.stack[-1]["t"])


def sacrificing(
    players: int, flames: list[str] | None = None, top_gone: bool = False
) -> PantacleState:
    """Seat-0 at the start of a turn with 3 Adepts: its Sacrifice of Adepts is under way. The
    opponents hold no blade (no bribes) and seat-0 two (its Moon waits for a choice)."""
    s = new_game(players)
    for seat in range(1, players):
        set_hand(s, seat, [])
    set_hand(s, 0, ["scholar-new", "alchemist-new"])
    place_flames(s, 0, flames or [], top_first=top_gone)
    give(s, 0, adepts=3)
    start_turn(s, 0)
    return s


@players
def test_the_curse_free_top_disc_reveals_no_curse(players: int) -> None:
    s = sacrificing(players)
    assert ids(s) == ["disc:curse-free", "disc:cursed"]
    pile = s.curse_pile[:]
    s = play(s, "disc:curse-free", "point:upper-right")
    assert "top" not in s.players[0].pentagram and s.players[0].curses == []
    assert s.curse_pile == pile


@players
def test_any_other_disc_reveals_a_curse_icon_and_a_curse_card_is_drawn(players: int) -> None:
    s = sacrificing(players)
    curses_on_top(s, ["moonblind"])
    s = play(s, "disc:cursed", "point:upper-right")
    assert [c.id for c in s.players[0].curses] == ["moonblind"]
    assert s.players[0].pentagram == ["top", "lower-right", "lower-left", "upper-left"]


@players
def test_once_the_top_disc_is_gone_every_disc_is_cursed(players: int) -> None:
    s = sacrificing(players, ["top"], top_gone=True)
    curses_on_top(s, ["moonblind"])
    assert kind(s) == "point", "one kind of disc left: no question"
    s = play(s, "point:upper-right")
    assert [c.id for c in s.players[0].curses] == ["moonblind"]


@players
def test_one_disc_per_player_per_point_but_players_may_share_a_point(players: int) -> None:
    s = new_game(players)
    place_flames(s, 1, ["top", "lower-left"])
    s2 = sacrificing(players, ["lower-left"])
    place_flames(s2, 1, ["top"])
    s2 = play(s2, "disc:cursed")
    assert ids(s2) == ["point:top", "point:upper-right", "point:lower-right", "point:upper-left"]


@players
def test_the_curse_is_drawn_before_the_points_effect(players: int) -> None:
    s = sacrificing(players)
    curses_on_top(s, ["drained-purse"])
    s = play(s, "disc:cursed", "point:lower-left")
    # Drained Purse arrived first and took the 2 cubes of the point, then left.
    assert s.players[0].influence == 0 and s.players[0].curses == []
    assert s.curse_pile[0] == "drained-purse"


@players
def test_point_top_gains_three_influence_per_flame_on_the_pantacle_this_one_included(
    players: int,
) -> None:
    s = sacrificing(players, ["upper-right", "lower-left"], top_gone=True)
    curses_on_top(s, ["moonblind"])
    s = play(s, "point:top")
    assert s.players[0].influence == 9


@players
def test_point_upper_right_gains_two_adepts(players: int) -> None:
    s = sacrificing(players)
    s = play(s, "disc:curse-free", "point:upper-right")
    assert s.players[0].adepts == 2


@players
def test_point_lower_left_gains_two_influence_cubes(players: int) -> None:
    s = sacrificing(players)
    s = play(s, "disc:curse-free", "point:lower-left")
    assert s.players[0].influence == 2 and s.supply["influence"] == 38


@players
def test_point_lower_right_gives_the_demonic_discard_token(players: int) -> None:
    s = sacrificing(players)
    s = play(s, "disc:curse-free", "point:lower-right")
    assert s.players[0].powers == ["demonic-discard"]
    assert POINTS["lower-right"].origin == "printed"


@players
def test_point_upper_left_gives_an_additional_turn_with_all_the_phases(players: int) -> None:
    s = sacrificing(players)
    s = play(s, "disc:curse-free", "point:upper-left", "favor:recruitment")
    assert s.extra_turns == 1
    give(s, 0, influence=3, adepts=1)
    turns = s.players[0].turns
    s = play(s, "discard:scholar-new")
    # The turn ends; seat-0 plays again, Preparation included: 3 cubes (2 + 1 Flame) buy an Adept.
    assert s.active == 0 and s.players[0].turns == turns + 1 and s.extra_turns == 0
    assert s.players[0].influence == 0 and s.players[0].adepts == 2
    s = play(s, "favor:indoctrination")
    s = play(s, ids(s)[0])  # the Change of the Moon of the additional turn; then the next player
    assert s.active == 1


@players
def test_gains_stop_when_the_influence_supply_runs_out(players: int) -> None:
    s = sacrificing(players)
    give(s, 1, influence=39)
    s = play(s, "disc:curse-free", "point:lower-left")
    assert s.players[0].influence == 1 and s.supply["influence"] == 0
    check_invariants(s)


@players
def test_gains_stop_when_the_adept_supply_runs_out(players: int) -> None:
    s = sacrificing(players)
    for seat in range(1, players):
        give(s, seat, adepts=5)
    spare = s.supply["adepts"]
    s = play(s, "disc:curse-free", "point:upper-right")
    assert s.players[0].adepts == min(2, spare)
    check_invariants(s)
    assert GAME.outcome(s) is None
