"""The `coven` command, run in-process on the toy game (registered for the test only)."""

import orjson
import pytest
from typer.testing import CliRunner

from coven.cli import app
from rules.core import registry
from tests.core.toy_game import TOY, BrokenNim

runner = CliRunner()


@pytest.fixture(autouse=True)
def toy_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy games for one test; the registry is left as it was afterwards."""
    monkeypatch.setitem(registry._GAMES, TOY.name, TOY)
    monkeypatch.setitem(registry._GAMES, "toy-broken", BrokenNim("toy-broken"))


def test_help_lists_the_subcommands() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("simulate", "catalog", "games"):
        assert command in result.output


def test_games_lists_registered_names() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "toy-nim" in result.output.splitlines()


def test_simulate_json_prints_one_object() -> None:
    result = runner.invoke(app, ["simulate", "toy-nim", "--games", "50", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = orjson.loads(result.stdout)
    assert data["game"] == "toy-nim"
    assert data["games"] == 50
    assert data["players"] == 2
    assert sum(data["wins"].values()) + data["unfinished"] + data["errors"] == 50
    assert data["errors"] == 0


def test_simulate_players_and_cap() -> None:
    args = ["simulate", "toy-nim", "-n", "20", "--players", "4", "--max-decisions", "1", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = orjson.loads(result.stdout)
    assert list(data["wins"]) == ["p1", "p2", "p3", "p4"]
    assert data["unfinished"] == 20


def test_simulate_is_deterministic_except_for_speed() -> None:
    def run() -> dict[str, object]:
        out = orjson.loads(runner.invoke(app, ["simulate", "toy-nim", "--json"]).stdout)
        del out["decisions_per_second"]
        return dict(out)

    assert run() == run()


def test_simulate_table() -> None:
    result = runner.invoke(app, ["simulate", "toy-nim", "--games", "30"])
    assert result.exit_code == 0, result.output
    for text in ("Wins", "p1", "p2", "End reasons", "last-stone", "decisions per second"):
        assert text in result.stdout


def test_simulate_errors_exit_1_with_json_and_traceback() -> None:
    result = runner.invoke(app, ["simulate", "toy-broken", "--games", "20", "--json"])
    assert result.exit_code == 1
    data = orjson.loads(result.stdout)
    assert data["errors"] > 0
    assert "Traceback" in result.stderr
    assert "BrokenNim breaks here on purpose" in result.stderr


def test_unknown_game_and_bad_options_exit_2() -> None:
    result = runner.invoke(app, ["simulate", "no-such-game", "--json"])
    assert result.exit_code == 2
    assert "unknown game 'no-such-game'" in result.stderr
    result = runner.invoke(app, ["simulate", "toy-nim", "--players", "9", "--json"])
    assert result.exit_code == 2
    assert "players must be 2 to 4" in result.stderr
    assert result.stdout == ""


def test_catalog_json_and_table() -> None:
    result = runner.invoke(app, ["catalog", "toy-nim", "--json"])
    assert result.exit_code == 0
    assert orjson.loads(result.stdout) == TOY.catalog()
    result = runner.invoke(app, ["catalog", "toy-nim"])
    assert result.exit_code == 0
    for text in ("number", "origin", "0009", "Card 9", "designed", "rules: 1"):
        assert text in result.stdout
