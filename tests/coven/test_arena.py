"""`coven arena` and `coven ladder`: JSON out, game options passed on, bad input refused."""

from __future__ import annotations

from pathlib import Path

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


def test_the_ladder_command_plays_a_round_robin_into_a_pool_and_rates_it(tmp_path: Path) -> None:
    pool = str(tmp_path / "pool.jsonl")
    args = ["ladder", "pagan", "--round-robin", "random", "--games", "1", "--pool", pool, "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = orjson.loads(result.stdout)
    assert data["games"] == 1 and data["pool"] == pool
    assert {"ratings", "pairings", "lengths", "continuous", "version"} <= set(data)
    rated = CliRunner().invoke(app, ["ladder", "pagan", "--pool", pool, "--json"])
    assert rated.exit_code == 0 and orjson.loads(rated.stdout)["games"] == 1


ROUND_ROBIN = ["ladder", "pagan", "--round-robin", "random,greedy", "--games", "2"]
ROUND_ROBIN += ["--no-self-play", "--pool"]


def _played_by_an_older_version(tmp_path: Path) -> Path:
    """A pool of random's and greedy's games, as if an older code version ("old") played them."""
    pool = tmp_path / "pool.jsonl"
    played = CliRunner().invoke(app, [*ROUND_ROBIN, str(pool), "--json"])
    assert played.exit_code == 0, played.output
    old = [{**orjson.loads(line), "version": "old"} for line in pool.read_text().splitlines()]
    pool.write_text("".join(orjson.dumps(r).decode() + "\n" for r in old))
    return pool


def test_the_ladder_command_rates_an_older_version_only_for_players_whose_play_is_unchanged(
    tmp_path: Path,
) -> None:
    pool = _played_by_an_older_version(tmp_path)
    rate = ["ladder", "pagan", "--pool", str(pool), "--code-version", "new,old", "--json"]
    alike = CliRunner().invoke(app, rate)
    changed = CliRunner().invoke(app, [*rate, "--changed", "greedy"])
    assert alike.exit_code == changed.exit_code == 0, changed.output
    assert orjson.loads(alike.stdout)["games"] == 2
    assert orjson.loads(changed.stdout)["games"] == 0
    assert orjson.loads(changed.stdout)["changed"] == ["greedy"]


def test_the_ladder_command_does_not_replay_games_a_version_rated_with_it_holds(
    tmp_path: Path,
) -> None:
    from ai.pool import code_version

    pool = _played_by_an_older_version(tmp_path)
    alike = [*ROUND_ROBIN, str(pool), "--code-version", f"{code_version()},old"]
    again = CliRunner().invoke(app, [*alike, "--json"])
    assert again.exit_code == 0, again.output
    assert len(pool.read_text().splitlines()) == 2
    assert orjson.loads(again.stdout)["games"] == 2
    replayed = CliRunner().invoke(app, [*alike, "--changed", "greedy", "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert len(pool.read_text().splitlines()) == 4
    # Rating older versions only, the round robin plays today's code and counts its own games.
    older = [*ROUND_ROBIN, str(pool), "--code-version", "old", "--changed", "greedy", "--json"]
    alone = CliRunner().invoke(app, older)
    assert alone.exit_code == 0, alone.output
    assert len(pool.read_text().splitlines()) == 4


def test_the_ladder_command_refuses_an_unknown_changed_player(tmp_path: Path) -> None:
    pool = str(tmp_path / "pool.jsonl")
    rate = ["ladder", "pagan", "--pool", pool, "--code-version", "new,old", "--changed", "eazy"]
    result = CliRunner().invoke(app, rate)
    assert result.exit_code != 0 and "unknown player 'eazy'" in result.output


def test_the_ladder_command_counts_a_player_changed_after_a_version_up_to_it(
    tmp_path: Path,
) -> None:
    pool = _played_by_an_older_version(tmp_path)
    rate = ["ladder", "pagan", "--pool", str(pool), "--code-version", "new,old,older", "--json"]
    after_old = CliRunner().invoke(app, [*rate, "--changed", "greedy@old"])
    assert after_old.exit_code == 0, after_old.output
    assert orjson.loads(after_old.stdout)["games"] == 2
    assert orjson.loads(after_old.stdout)["changed"] == ["greedy@old"]
    unknown = CliRunner().invoke(app, [*rate, "--changed", "greedy@elder"])
    assert unknown.exit_code != 0 and "elder is not among the --code-version" in unknown.output


def test_the_ladder_command_needs_a_pool_for_a_round_robin() -> None:
    result = CliRunner().invoke(app, ["ladder", "pagan", "--round-robin", "random,greedy"])
    assert result.exit_code != 0 and "--pool" in result.output
