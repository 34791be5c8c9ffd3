"""A seeded mini-arena: fails on a clear strength regression (a few dozen Pagan and Pantacle games,
about a minute on one core). The thresholds sit well below what these players reach (measured in the
README's arena figures), so only a real regression trips them; the games are seeded, so a run
is the same every time."""

from __future__ import annotations

import pytest

from ai.arena import run_arena

pytestmark = pytest.mark.slow  # each test plays a few dozen seeded games (seconds)


def test_greedy_beats_random_in_both_roles() -> None:
    result = run_arena("pagan", "greedy", "random", 20, seed="ci")
    assert result["a_wins"] >= 14, result
    for role in result["by_role"].values():
        assert role["a_wins"] >= 5, result


def test_a_small_search_beats_random_in_both_roles() -> None:
    result = run_arena("pagan", "easy:iterations=40,time_cap=none", "random", 8, seed="ci")
    assert result["a_wins"] >= 7, result
    for role in result["by_role"].values():
        assert role["a_wins"] >= 3, result


def test_a_small_search_beats_random_at_pantacle() -> None:
    result = run_arena(
        "pantacle", "easy:iterations=60,time_cap=none", "random", 12, seed="ci", players=2
    )
    # Measured: 12 of 12 (random against random: 6 of 12).
    assert result["a_wins"] >= 10, result


def test_a_small_search_wins_more_than_its_share_of_three_player_pantacle() -> None:
    # A seat no better than the others wins a third. Measured: 11 of 12 (random: 4 of 12).
    result = run_arena(
        "pantacle", "easy:iterations=60,time_cap=none", "random", 12, seed="ci", players=3
    )
    assert result["a_wins"] >= 8, result
