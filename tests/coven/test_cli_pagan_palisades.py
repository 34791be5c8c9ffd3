"""`coven simulate pagan --expansion palisades --scenario N`: the options reach the game."""

from __future__ import annotations

import orjson
from typer.testing import CliRunner

from coven.cli import app

runner = CliRunner()


def test_simulate_plays_expansion_games_with_a_scenario_to_the_end() -> None:
    args = ["simulate", "pagan", "--expansion", "palisades", "--scenario", "13", "--games", "6"]
    result = runner.invoke(app, [*args, "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = orjson.loads(result.stdout)
    assert data["games"] == 6 and data["unfinished"] == 0 and data["errors"] == 0
    assert sum(data["wins"].values()) == 6


def test_simulate_rejects_an_expansion_scenario_without_the_expansion() -> None:
    result = runner.invoke(app, ["simulate", "pagan", "--scenario", "10", "--games", "1"])
    assert result.exit_code == 2
    assert "add the option expansion" in " ".join(result.output.split())
