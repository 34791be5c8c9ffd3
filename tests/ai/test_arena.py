"""The arena library: paired games with swapped roles, player specs, repeatable runs, the ladder."""

from __future__ import annotations

import pytest

from ai.arena import BadSpec, parse_spec, run_arena, run_ladder, schedule


def test_each_round_deals_one_game_per_seat_with_a_in_every_seat() -> None:
    plan = schedule(["witch", "hunter"], "hard", "random", 3, "s")
    assert [(deal, a_seat) for deal, _, a_seat in plan] == [
        ("s-0", "witch"),
        ("s-0", "hunter"),
        ("s-1", "witch"),
        ("s-1", "hunter"),
    ]
    assert plan[1][1] == {"witch": "random", "hunter": "hard"}
    three = schedule(["a", "b", "c"], "hard", "medium", 3, "s")
    assert [sorted(t.values()) for _, t, _ in three] == [["hard", "medium", "medium"]] * 3


def test_player_specs() -> None:
    assert parse_spec("hard:iterations=10,beliefs=false").overrides == {
        "iterations": 10,
        "beliefs": False,
    }
    with pytest.raises(BadSpec, match="unknown player 'wizard'"):
        parse_spec("wizard")
    with pytest.raises(BadSpec, match="iterations must be between"):
        parse_spec("easy:iterations=-1")


@pytest.mark.slow
def test_an_arena_run_reports_per_role_and_repeats_exactly() -> None:
    a = run_arena("pagan", "greedy", "random", 4, seed="t")
    b = run_arena("pagan", "greedy", "random", 4, seed="t")
    for key in ("a_wins", "b_wins", "draws", "by_role", "reasons", "avg_decisions"):
        assert a[key] == b[key]
    assert a["games"] == 4
    assert a["a_wins"] + a["b_wins"] + a["draws"] == 4
    assert set(a["by_role"]) == {"witch", "hunter"}
    assert all(role["games"] == 2 for role in a["by_role"].values())
    lo, hi = a["ci95"]
    assert lo <= a["a_win_rate"] <= hi
    parallel = run_arena("pagan", "greedy", "random", 4, seed="t", workers=2)
    for key in ("a_wins", "b_wins", "draws", "by_role", "reasons", "avg_decisions"):
        assert parallel[key] == a[key]


@pytest.mark.slow
def test_the_ladder_chains_elo_steps_from_the_bottom_rung() -> None:
    out = run_ladder("pagan", 2, seed="l", rungs=("random", "greedy"))
    assert out["ratings"]["random"]["elo"] == 0.0
    (step,) = out["steps"]
    assert (step["a"], step["b"], step["games"]) == ("greedy", "random", 2)
    greedy = out["ratings"]["greedy"]
    assert greedy["lo"] <= greedy["elo"] <= greedy["hi"]
    assert greedy["elo"] == step["elo_step"]
