"""Rule tests for Pantacle's options and Setup, for 2, 3, 4 and 5 players."""

from __future__ import annotations

import pytest

from rules.core import InvalidOptions
from rules.pantacle.board import BLADES, CURSES, FAVORS, PENTAGRAM
from tests.pantacle.invariants import check_invariants
from tests.pantacle.positions import GAME, PLAYER_COUNTS, ids, new_game

players = pytest.mark.parametrize("players", PLAYER_COUNTS)


@players
def test_two_to_five_players_sit_clockwise_as_seat_0_onwards(players: int) -> None:
    assert GAME.seats({"players": players}) == [f"seat-{i}" for i in range(players)]
    s = new_game(players)
    assert [p.seat for p in s.players] == list(range(players))


@pytest.mark.parametrize("bad", [1, 6, 0, "3", 2.0, True, None])
def test_a_player_count_outside_two_to_five_is_refused(bad: object) -> None:
    with pytest.raises(InvalidOptions) as err:
        GAME.validate_options({"players": bad})
    assert "players must be a whole number from 2 to 5" in str(err.value)


def test_bad_options_are_all_reported_at_once() -> None:
    with pytest.raises(InvalidOptions) as err:
        GAME.validate_options({"players": 3, "first_player": "seat-3", "colour": "blue"})
    assert len(err.value.problems) == 2
    assert "unknown option 'colour'" in err.value.problems[0]
    assert "first_player must be one of seat-0, seat-1, seat-2" in err.value.problems[1]


@players
def test_the_first_player_is_chosen_or_drawn_from_the_seed(players: int) -> None:
    last = f"seat-{players - 1}"
    chosen = GAME.new({"players": players, "first_player": last}, 5)
    assert GAME.to_move(chosen) == last and chosen.first_player == players - 1
    by_index = GAME.new({"players": players, "first_player": players - 1}, 5)
    assert by_index.first_player == players - 1
    drawn = {GAME.new({"players": players}, seed).first_player for seed in range(40)}
    assert drawn == set(range(players)), "every seat can be drawn to start"
    again = GAME.new({"players": players}, 11)
    assert again.first_player == GAME.new({"players": players}, 11).first_player


@players
def test_each_sanctuary_starts_with_one_adept_five_discs_and_the_resolve_tracker_left(
    players: int,
) -> None:
    s = new_game(players)
    for p in s.players:
        assert p.adepts == 1 and p.influence == 0
        assert p.pentagram == list(PENTAGRAM) and p.flames == []
        assert p.resolve == 0 and p.powers == [] and p.curses == []
    check_invariants(s)


@players
def test_each_player_draws_a_hand_of_three_blades_from_the_shuffled_pile(players: int) -> None:
    s = new_game(players)
    assert all(len(p.hand) == 3 for p in s.players)
    assert len(s.blade_pile) == len(BLADES) - 3 * players and s.blade_discard == []
    other = new_game(players, seed=2)
    assert [p.hand for p in s.players] != [p.hand for p in other.players]


@players
def test_the_curse_pile_holds_all_27_cards_shuffled(players: int) -> None:
    s = new_game(players)
    assert sorted(s.curse_pile) == sorted(CURSES) and len(s.curse_pile) == 27
    assert s.curse_pile != new_game(players, seed=2).curse_pile
    assert s.curse_seen == [0] * 27


@players
def test_supplies_are_the_components_40_influence_cubes_and_25_adepts(players: int) -> None:
    s = new_game(players)
    assert s.supply == {"influence": 40, "adepts": 25 - players}


@players
def test_no_favor_is_marked_on_the_first_turn(players: int) -> None:
    s = new_game(players)
    assert s.marked is None
    assert ids(s) == [f"favor:{f}" for f in FAVORS]


@players
def test_the_same_options_and_seed_give_the_same_game(players: int) -> None:
    assert GAME.to_json(new_game(players, seed="x")) == GAME.to_json(new_game(players, seed="x"))
