"""Pantacle's playout policy (rules/pantacle/heuristics.py), the search's model of every seat:
it bribes the Favor that wins or stops a win, keeps its curse-free disc and its cubes, and
plays clearly better than chance."""

from __future__ import annotations

from ai.hooks import random_move
from rules.core import Rng
from rules.pantacle.game import PANTACLE
from rules.pantacle.heuristics import favor_worth, rollout_move
from rules.pantacle.state import PantacleState, seat_index
from tests.pantacle.positions import (
    curses_on_top,
    favor_phase,
    give,
    give_powers,
    moon_phase,
    new_game,
    place_flames,
    play,
    set_hand,
    start_turn,
)

ALL_POINTS = ["top", "upper-right", "lower-right", "lower-left", "upper-left"]


def _choices(s: PantacleState, draws: int = 100) -> list[str]:
    moves = PANTACLE.legal_moves(s)
    return [rollout_move(s, moves, Rng(i)).id for i in range(draws)]


def _offered(players: int, briber_flames: int, active_flames: int) -> PantacleState:
    """seat-0 announces Recruitment; seat-1, who can pay for it, is asked to bribe."""
    s = new_game(players)
    set_hand(s, 1, ["oracle-full", "herald-full", "scholar-new"])
    place_flames(s, 1, ALL_POINTS[:briber_flames])
    place_flames(s, 0, ALL_POINTS[:active_flames])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment")
    assert {m.kind for m in PANTACLE.legal_moves(s)} == {"bribe", "pass"}
    return s


def test_the_playout_bribes_a_favor_that_wins_the_game() -> None:
    assert set(_choices(_offered(3, briber_flames=5, active_flames=0))) == {"bribe"}


def test_the_playout_bribes_away_the_active_sorcerers_winning_favor() -> None:
    assert set(_choices(_offered(3, briber_flames=0, active_flames=5))) == {"bribe"}


def test_the_playout_mostly_keeps_its_blades_for_a_favor_of_little_worth() -> None:
    s = new_game(2)
    set_hand(s, 1, ["oracle-full", "herald-full", "scholar-new"])
    give(s, 0, adepts=5)  # a full Adept area: Recruitment gives seat-0 nothing
    give(s, 1, adepts=5)
    favor_phase(s, 0)
    s = play(s, "favor:recruitment")
    assert favor_worth(s, 0, "recruitment") == favor_worth(s, 1, "recruitment") == 0.0
    chosen = _choices(s)
    assert chosen.count("pass") >= 0.8 * len(chosen)


def test_the_playout_announces_the_favor_worth_most() -> None:
    s = new_game(2)
    give(s, 0, adepts=1)
    give_powers(s, 0, ["hunt", "protection", "bewitchment", "enslavement"])  # no room for one
    favor_phase(s, 0)
    chosen = _choices(s)
    # Two Adepts towards a Sacrifice beat one, and no token fits in the full Power area.
    assert chosen.count("favor:indoctrination") >= 0.8 * len(chosen)


def test_the_playout_moves_the_curse_free_disc_while_it_has_one() -> None:
    s = new_game(2)
    give(s, 0, adepts=3)
    start_turn(s, 0)
    while s.stack[-1]["t"] != "disc":
        s = play(s, PANTACLE.legal_moves(s)[0].id)
    assert set(_choices(s)) == {"disc:curse-free"}


def test_the_playout_never_pays_influence_for_more_curse_cards() -> None:
    s = new_game(2)
    give(s, 0, adepts=3, influence=20)
    place_flames(s, 0, ["top"], top_first=True)  # the curse-free disc is gone
    curses_on_top(s, [s.curse_pile[-1]])
    start_turn(s, 0)
    while s.stack[-1]["t"] != "curse_draw":
        s = play(s, PANTACLE.legal_moves(s)[0].id)
    assert "draw" in [m.kind for m in PANTACLE.legal_moves(s)]
    assert {c.split(":")[0] for c in _choices(s)} == {"keep"}


def test_the_playout_discards_the_blade_of_the_announced_favors_moon_phase() -> None:
    s = new_game(2)
    set_hand(s, 0, ["oracle-new", "herald-full", "scholar-waxing"])
    moon_phase(s, 0, announced="hunt")  # Hunt: full moon
    chosen = _choices(s)
    assert chosen.count("discard:herald-full") >= 0.8 * len(chosen)


def test_the_playout_keeps_its_hounds_when_it_discards() -> None:
    s = new_game(2)
    set_hand(s, 0, ["hound-full", "oracle-new", "scholar-waxing"])
    moon_phase(s, 0, announced="hunt")  # no blade of the full moon but the Hound
    chosen = _choices(s)
    assert chosen.count("discard:hound-full") <= 0.1 * len(chosen)


def _play(players: int, policy_seat: int, seed: int) -> int:
    s = PANTACLE.new({"players": players}, f"policy-{seed}")
    rng = Rng(seed)
    while s.winner is None:
        moves = PANTACLE.legal_moves(s)
        seat = seat_index(str(PANTACLE.to_move(s)), players)
        choose = rollout_move if seat == policy_seat else random_move
        PANTACLE.apply_unchecked(s, choose(s, moves, rng))
    return s.winner


def test_the_playout_policy_beats_random_play() -> None:
    # Measured: 95.25% of 400 two-player games (benchmarks/ai_pantacle_policy.py); a policy no
    # better than chance wins about half.
    games = 120
    wins = sum(_play(2, g % 2, g) == g % 2 for g in range(games))
    assert wins >= 0.8 * games
