"""The registry knows no game: the games come from the `coven.games` entry points, and a game
registered by hand is found like them."""

from __future__ import annotations

import ast
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import rules.core
from rules.core import registry
from rules.core.registry import ENTRY_POINT_GROUP, game_names, get_game, register
from tests.core.toy_game import HiddenNim

CORE = Path(rules.core.__file__).parent


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            if node.module == "rules":  # from rules import pagan
                names.update(f"rules.{alias.name}" for alias in node.names)
    return names


def test_the_rules_core_imports_nothing_of_rules_above_it() -> None:
    for path in sorted(CORE.glob("*.py")):
        modules = imported_modules(path)
        above = {m for m in modules if m.startswith("rules.") and m.split(".")[1] != "core"}
        assert above == set(), path.name


def test_the_installed_games_are_the_entry_points() -> None:
    points = {point.name: point.value for point in entry_points(group=ENTRY_POINT_GROUP)}
    assert points == {"pagan": "rules.pagan.game:PAGAN", "pantacle": "rules.pantacle.game:PANTACLE"}
    assert set(points) <= set(game_names())
    for name in points:
        assert get_game(name).name == name


def test_an_unknown_game_is_a_key_error_naming_the_known_ones() -> None:
    with pytest.raises(KeyError, match=r"unknown game 'chess'; known games: .*pagan, pantacle"):
        get_game("chess")


def test_a_game_registered_by_hand_is_found_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))  # undone after the test
    toy = register(HiddenNim("toy-registered"))
    assert get_game("toy-registered") is toy
    assert "toy-registered" in game_names()
