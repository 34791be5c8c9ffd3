"""`coven simulate pantacle` and `coven catalog pantacle` through the real registry."""

from __future__ import annotations

import orjson
import pytest
from typer.testing import CliRunner

from coven.cli import app
from rules.core import get_game
from rules.pantacle.game import PANTACLE

runner = CliRunner()


def test_pantacle_is_registered() -> None:
    assert get_game("pantacle") is PANTACLE
    assert "pantacle" in runner.invoke(app, ["games"]).output.splitlines()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simulate_json_has_the_issues_shape(players: int) -> None:
    args = ["simulate", "pantacle", "--players", str(players), "--games", "20", "--seed", "4"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = orjson.loads(result.stdout)
    assert data["game"] == "pantacle" and data["players"] == players and data["games"] == 20
    assert list(data["wins"]) == [f"seat-{i}" for i in range(players)]
    assert sum(data["wins"].values()) == 20 and data["errors"] == 0
    assert set(data["reasons"]) <= {"favor", "bribe"}
    assert isinstance(data["avg_decisions"], float) and data["decisions_per_second"] > 0
    expected = {"game", "players", "games", "wins", "reasons", "avg_decisions"}
    expected |= {"decisions_per_second", "errors", "unfinished"}
    assert set(data) == expected


def test_simulate_refuses_a_player_count_pantacle_does_not_have() -> None:
    result = runner.invoke(app, ["simulate", "pantacle", "--players", "6", "--json"])
    assert result.exit_code == 2
    assert "players must be a whole number from 2 to 5" in result.stderr


def test_catalog_json_lists_every_kind_of_data_with_its_origin() -> None:
    result = runner.invoke(app, ["catalog", "pantacle", "--json"])
    assert result.exit_code == 0, result.output
    data = orjson.loads(result.stdout)
    for key in ("blades", "favors", "points", "curses", "keepers", "powers", "moon_phases"):
        assert data[key] and all("origin" in entry for entry in data[key])
    assert len(data["blades"]) == 24 and len(data["curses"]) == 27
