"""The compiled core (mypyc, setup.py): what runs compiled, and that it decides exactly as pure
Python does. Pure Python runs in a subprocess from a copy of the sources without the extension
modules, put first on sys.path (the editable install's finder comes after sys.path)."""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ai import analyse, choose_move
from ai.arena import parse_spec, play_game
from coven.cli import app
from coven.simulate import simulate
from rules.core import Rng, core_build, get_game, seed_state
from service.metrics import render

ROOT = Path(__file__).resolve().parents[1]
# setup.py's exclusions, as module names.
INTERPRETED = {"rules.core.protocol", "rules.pagan.view_types", "rules.pantacle.view_types"}
PURE = os.environ.get("COVEN_PURE_PYTHON", "") not in ("", "0")


def _play(game_name: str, options: dict[str, Any], seed: str, decisions: int) -> Any:
    """A seeded random game `decisions` deep (an unfinished mid-game state)."""
    game = get_game(game_name)
    state = game.new(options, seed)
    rng = Rng(seed_state(f"{seed}/moves"))
    for _ in range(decisions):
        moves = game.legal_moves(state)
        game.apply_unchecked(state, moves[rng.below(len(moves))])
    return state


def _playout_trace(game_name: str, options: dict[str, Any], seed: str, games: int) -> str:
    """The hash of every move id of `games` seeded random games, in order."""
    game = get_game(game_name)
    digest = hashlib.sha256()
    for g in range(games):
        state = game.new(options, f"{seed}-{g}")
        rng = Rng(seed_state(f"{seed}-{g}/moves"))
        while game.to_move(state) is not None:
            moves = game.legal_moves(state)
            move = moves[rng.below(len(moves))]
            digest.update(move.id.encode() + b"\n")
            game.apply_unchecked(state, move)
        digest.update(repr(game.outcome(state)).encode())
    return digest.hexdigest()


def _rng_draws() -> list[Any]:
    """Draws of every kind from seeds across the whole 64-bit range (the compiled RNG steps on
    signed machine integers, so states above 2**63 and large bounds matter)."""
    out: list[Any] = []
    for k in range(200):
        rng = Rng(seed_state(k) * 0x9E3779B97F4A7C15 + k)
        items = list(range(k % 37))
        rng.shuffle(items)
        bound = (2**61, 2**64, 3**40, 7)[k % 4] if k % 5 == 0 else k + 1
        out.append([rng.below(bound), rng.random(), items, rng.next64(), rng.state])
    return out


def fingerprint() -> dict[str, Any]:
    """Seeded decisions of every kind the core makes: random playouts, arena games between AI
    levels, and searches (fixed iteration budgets, no time cap: the same on any machine)."""
    pagan, pantacle = get_game("pagan"), get_game("pantacle")
    four = {**pantacle.default_options(), "players": 4}
    search = {"iterations": 200, "time_cap": None}
    timing = {"seconds", "decisions_per_second"}
    out: dict[str, Any] = {
        "simulate": [
            {k: v for k, v in simulate(pagan, 30, 7).items() if k not in timing},
            {k: v for k, v in simulate(pantacle, 20, 7, four).items() if k not in timing},
        ],
        "traces": [
            _playout_trace("pagan", pagan.default_options(), "trace", 5),
            _playout_trace("pantacle", four, "trace", 5),
        ],
        "rng": _rng_draws(),
        "arena": [],
        "moves": [],
    }
    # Arena games between a level and a policy, cut short: the AI's part is what counts here.
    for game_name, options, a, b in (
        ("pagan", pagan.default_options(), "easy:iterations=20,time_cap=none", "greedy"),
        ("pantacle", four, "novice:iterations=20,time_cap=none", "random"),
    ):
        seats = get_game(game_name).seats(options)
        specs = {seat: parse_spec(a if i % 2 == 0 else b) for i, seat in enumerate(seats)}
        record = play_game(game_name, options, "same", specs, max_decisions=60)
        out["arena"].append({k: v for k, v in record.items() if k != "seconds"})
    for game_name, options, decisions in (
        ("pagan", pagan.default_options(), 60),
        ("pantacle", four, 40),
    ):
        state = _play(game_name, options, "mid", decisions)
        game = get_game(game_name)
        seat = game.to_move(state)
        assert seat is not None
        for level in ("medium", "hard", "expert"):
            out["moves"].append(choose_move(game, state, seat, level, 3, search).id)
        out["moves"].append(analyse(game, state, seat, "hard", 5, search, top=3))
    return out


def _pure_copy(into: Path) -> Path:
    """The project's Python sources without extension modules or build products."""
    skip = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    for package in ("rules", "ai", "coven", "service", "workers", "tests"):
        shutil.copytree(ROOT / package, into / package, ignore=skip)
    return into


def _run_pure(copy: Path, code: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_every_module_but_the_listed_ones_runs_compiled_unless_built_pure() -> None:
    build = core_build()
    assert not build.stale, f"rebuild: . scripts/ensure-venv.sh ({build.stale})"
    if PURE or shutil.which("cc") is None:
        assert not build.in_use and not build.compiled
        return
    assert set(build.interpreted) == INTERPRETED
    assert {"rules.core.machine", "rules.pagan.turn", "ai.ismcts"} <= set(build.compiled)
    turn = importlib.import_module("rules.pagan.turn")
    assert turn.__file__ is not None and turn.__file__.endswith(tuple(EXTENSION_SUFFIXES))


def test_coven_info_and_metrics_say_whether_the_core_is_compiled() -> None:
    build = core_build()
    result = CliRunner().invoke(app, ["info", "--json"])
    assert result.exit_code == 0, result.output
    info = json.loads(result.stdout)
    assert info["compiled_core"] is build.in_use
    assert info["compiled"] == list(build.compiled)
    assert info["interpreted"] == list(build.interpreted)
    text = CliRunner().invoke(app, ["info"]).stdout
    assert ("compiled core: yes (mypyc)" in text) is build.in_use
    metrics, _ = render("redis://127.0.0.1:1/0", "unused", "unused")
    assert f"coven_compiled_core {float(build.in_use)}" in metrics.decode()


def test_the_pure_copy_imports_no_extension_module(tmp_path: Path) -> None:
    copy = _pure_copy(tmp_path)
    code = (
        "import json; import rules.pagan.game, ai.ismcts; "
        "from rules.core import core_build; b = core_build(); "
        "print(json.dumps([rules.pagan.game.__file__, ai.ismcts.__file__, list(b.compiled)]))"
    )
    game_file, search_file, compiled = json.loads(_run_pure(copy, code))
    assert game_file == str(copy / "rules" / "pagan" / "game.py")
    assert search_file == str(copy / "ai" / "ismcts.py")
    assert compiled == []


@pytest.mark.slow
def test_compiled_and_pure_python_decide_exactly_alike(tmp_path: Path) -> None:
    """Random playouts, arena games and AI moves (with their visit counts and win rates) for
    fixed seeds: the running build against pure Python. Under a pure build both are pure."""
    copy = _pure_copy(tmp_path)
    code = (
        "import json; from tests.test_compiled import fingerprint; print(json.dumps(fingerprint()))"
    )
    pure = json.loads(_run_pure(copy, code))
    here = json.loads(json.dumps(fingerprint()))
    assert here == pure
