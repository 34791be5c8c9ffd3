"""The arena: paired games with swapped roles, exact intervals, the command line."""

from __future__ import annotations

import orjson
import pytest
from typer.testing import CliRunner

from coven.arena import (
    BadSpec,
    clopper_pearson,
    elo,
    parse_spec,
    run_arena,
    schedule,
)
from coven.cli import app


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


def test_clopper_pearson_matches_published_values() -> None:
    lo, hi = clopper_pearson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.3085, abs=1e-4)
    lo, hi = clopper_pearson(5, 10)
    assert lo == pytest.approx(0.1871, abs=1e-4) and hi == pytest.approx(0.8129, abs=1e-4)
    lo, hi = clopper_pearson(180, 200)
    assert lo == pytest.approx(0.8506, abs=1e-3) and hi == pytest.approx(0.9378, abs=1e-3)


def test_elo_of_a_win_rate() -> None:
    assert elo(0.5) == pytest.approx(0.0)
    assert elo(0.64) == pytest.approx(100.0, abs=1.0)
    assert elo(1.0) > 1000


def test_player_specs() -> None:
    assert parse_spec("hard:iterations=10,beliefs=false").overrides == {
        "iterations": 10,
        "beliefs": False,
    }
    with pytest.raises(BadSpec, match="unknown player 'wizard'"):
        parse_spec("wizard")
    with pytest.raises(BadSpec, match="iterations must be between"):
        parse_spec("easy:iterations=-1")


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


def test_the_arena_command_prints_json() -> None:
    result = CliRunner().invoke(
        app,
        ["arena", "pagan", "--a", "greedy", "--b", "random", "--games", "2", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = orjson.loads(result.stdout)
    assert {
        "game",
        "a",
        "b",
        "games",
        "a_wins",
        "b_wins",
        "draws",
        "a_win_rate",
        "ci95",
        "by_role",
        "avg_seconds_per_decision",
    } <= set(data)


def test_the_arena_command_refuses_an_unknown_player() -> None:
    result = CliRunner().invoke(app, ["arena", "pagan", "--a", "wizard", "--b", "random"])
    assert result.exit_code == 2
    assert "unknown player 'wizard'" in result.output


def test_the_arena_plays_with_the_expansion_and_a_scenario() -> None:
    result = CliRunner().invoke(
        app,
        [
            "arena",
            "pagan",
            "--a",
            "greedy",
            "--b",
            "random",
            "--games",
            "2",
            "--expansion",
            "palisades",
            "--scenario",
            "10",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = orjson.loads(result.stdout)
    assert data["options"] == {"expansion": "palisades", "scenario": "10"}
    assert data["a_wins"] + data["b_wins"] + data["draws"] == 2


def test_the_arena_refuses_an_unknown_scenario_and_plays_nothing() -> None:
    result = CliRunner().invoke(
        app, ["arena", "pagan", "--a", "greedy", "--b", "random", "--scenario", "99"]
    )
    assert result.exit_code == 2
    assert "unknown scenario '99'" in result.output


def test_the_ladder_chains_elo_steps_from_the_bottom_rung() -> None:
    from coven.arena import run_ladder

    out = run_ladder("pagan", 2, seed="l", rungs=("random", "greedy"))
    assert out["ratings"]["random"]["elo"] == 0.0
    (step,) = out["steps"]
    assert (step["a"], step["b"], step["games"]) == ("greedy", "random", 2)
    greedy = out["ratings"]["greedy"]
    assert greedy["lo"] <= greedy["elo"] <= greedy["hi"]
    assert greedy["elo"] == step["elo_step"]


def test_the_ladder_command_climbs_the_rungs_it_is_given() -> None:
    result = CliRunner().invoke(
        app,
        ["ladder", "pantacle", "--players", "2", "--games", "2", "--rungs", "random,greedy"],
    )
    assert result.exit_code == 0, result.output
    data = orjson.loads(result.stdout)
    assert [(s["a"], s["b"]) for s in data["steps"]] == [("greedy", "random")]


def test_the_ladder_command_refuses_an_unknown_rung() -> None:
    result = CliRunner().invoke(app, ["ladder", "pagan", "--rungs", "random,wizard"])
    assert result.exit_code == 2
    assert "unknown player 'wizard'" in result.output
