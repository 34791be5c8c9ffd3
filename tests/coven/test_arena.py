"""`coven arena` and `coven ladder`: JSON out, game options passed on, bad input refused, and
no option a user does not need."""

from __future__ import annotations

import orjson
from typer.testing import CliRunner

from coven.cli import app


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


def _options(command: str) -> set[str]:
    import typer.main

    click = typer.main.get_command(app)
    sub = click.commands[command]  # type: ignore[attr-defined]
    return {opt for param in sub.params for opt in param.opts if opt.startswith("--")}


def test_the_arena_and_the_ladder_take_only_what_a_user_needs() -> None:
    common = {"--games", "--seed", "--players", "--expansion", "--scenario", "--json", "--workers"}
    assert _options("arena") == common | {"--a", "--b"}
    assert _options("ladder") == common | {"--rungs"}
