"""The compiled core (mypyc) against pure Python, side by side in one run on the same machine.

    python benchmarks/compiled_speedup.py [--rounds 3] [--levels novice,easy,medium,hard,expert]
                                          [--turns 3] [--iterations 1000]

Every figure is measured in a fresh subprocess, compiled and pure in turn, round after round, so
that both builds see the same machine load; pure Python runs from a copy of the sources without
the extension modules, first on sys.path. Prints one JSON object with, for each measure, both
builds' figures (the median over rounds) and `speedup`, the median over rounds of each round's
ratio (compiled rate / pure rate, or pure seconds / compiled seconds):
- `pagan_playouts`: decisions per second of seeded random Pagan games (target: 2.5 times);
- `search_pagan`, `search_pantacle_4p`: ISMCTS iterations per second (`hard` parameters, a fixed
  budget, no time cap) from mid-game positions, the median over positions (target: 2 times);
- `turn_<level>`: the median seconds per whole turn of that level from mid-game turn starts,
  with no time cap so that both builds do the same search (target: at most half the time).
Times are CPU seconds of the measuring process (time.process_time), which other processes on a
busy machine disturb far less than wall-clock time; each subprocess pins itself to one core.
Needs a compiled install (`. scripts/ensure-venv.sh`).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[1]


def _pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        cores = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cores[-1]})


# --- measures (run in a subprocess, on one build) --------------------------------------------


def playouts(games: int) -> float:
    from coven.simulate import play_random
    from rules.core import get_game

    started = time.process_time()
    tally = play_random(get_game("pagan"), games, "7")
    seconds = time.process_time() - started
    assert tally.errors == 0, tally.first_error
    return tally.decisions / seconds


def search_rate(game_name: str, players: int | None, positions: int, iterations: int) -> float:
    from ai_speed import mid_game

    from ai.ismcts import search
    from ai.levels import params_for
    from rules.core import Rng, get_game

    game = get_game(game_name)
    options = game.default_options()
    if players is not None:
        options["players"] = players
    params = params_for("hard", {"iterations": iterations, "time_cap": None, "early_stop": False})
    rates = []
    for i, state in enumerate(mid_game(game, options, positions, "bench")):
        seat = game.to_move(state)
        assert seat is not None
        started = time.process_time()
        _, stats = search(game, state, seat, params, Rng(i))
        rates.append(stats.iterations / (time.process_time() - started))
    return statistics.median(rates)


def turn_seconds(level: str, turns: int) -> float:
    """The median seconds per whole turn of `level` (a Session, as the arena and service play)."""
    from ai_speed import turn_starts

    from ai import Session
    from rules.core import get_game

    game = get_game("pagan")
    per_turn = []
    for i, start in enumerate(turn_starts(game, game.default_options(), turns, "bench")):
        state = game.clone(start)
        seat = game.to_move(state)
        session = Session(game, str(seat), level, {"time_cap": None})
        total = 0.0
        decisions = 0
        while game.to_move(state) == seat and decisions < 60:
            started = time.process_time()
            move = session.choose(state, seed=f"{i}/{decisions}")
            total += time.process_time() - started
            game.apply_unchecked(state, move)
            session.observe(str(seat), move)
            decisions += 1
        per_turn.append(total)
    return statistics.median(per_turn)


def worker(task: list[Any], compiled: bool) -> float:
    # Import the rules and the AI from the tree this file is in: the project itself (compiled),
    # or the pure copy; this directory stays on the path for ai_speed's helpers.
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from rules.core import core_build

    if core_build().in_use != compiled:
        raise SystemExit(f"expected the {'compiled' if compiled else 'pure'} build")
    _pin_to_one_core()
    kind, *args = task
    if kind == "playouts":
        return playouts(*args)
    if kind == "search":
        return search_rate(*args)
    return turn_seconds(*args)


# --- the driver -----------------------------------------------------------------------------


def pure_copy(into: Path) -> Path:
    skip = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    for package in ("rules", "ai", "coven", "benchmarks"):
        shutil.copytree(ROOT / package, into / package, ignore=skip)
    return into


def run(tree: Path, task: list[Any], compiled: bool) -> float:
    script = tree / "benchmarks" / "compiled_speedup.py"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    argv = [sys.executable, str(script), "--worker", orjson.dumps(task).decode()]
    if compiled:
        argv.append("--compiled")
    out = subprocess.run(argv, cwd=tree, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{task} ({'compiled' if compiled else 'pure'}) failed:\n{out.stderr}")
    return float(out.stdout)


def compare(
    name: str, task: list[Any], rounds: int, copy: Path, higher_is_faster: bool
) -> dict[str, Any]:
    compiled: list[float] = []
    pure: list[float] = []
    for _ in range(rounds):
        compiled.append(run(ROOT, task, True))
        pure.append(run(copy, task, False))
        sys.stderr.write(f"{name}: compiled {compiled[-1]:.4g}, pure {pure[-1]:.4g}\n")
    ratios = [c / p if higher_is_faster else p / c for c, p in zip(compiled, pure, strict=True)]
    digits = 0 if higher_is_faster else 3
    return {
        "compiled": round(statistics.median(compiled), digits),
        "pure": round(statistics.median(pure), digits),
        "speedup": round(statistics.median(ratios), 2),
        "speedups": [round(r, 2) for r in ratios],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=40, help="random Pagan games per round")
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--levels", default="novice,easy,medium,hard,expert")
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--level-rounds", type=int, default=1)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--compiled", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        sys.stdout.write(f"{worker(orjson.loads(args.worker), args.compiled)!r}\n")
        return 0
    out: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cores": os.cpu_count(),
        "rounds": args.rounds,
    }
    with tempfile.TemporaryDirectory() as tmp:
        copy = pure_copy(Path(tmp))
        out["pagan_playouts"] = {
            "games": args.games,
            **compare("playouts", ["playouts", args.games], args.rounds, copy, True),
        }
        for name, game, players in (
            ("search_pagan", "pagan", None),
            ("search_pantacle_4p", "pantacle", 4),
        ):
            task = ["search", game, players, args.positions, args.iterations]
            out[name] = {
                "positions": args.positions,
                "iterations": args.iterations,
                **compare(name, task, args.rounds, copy, True),
            }
        for level in [x for x in args.levels.split(",") if x]:
            task = ["turn", level, args.turns]
            out[f"turn_{level}"] = {
                "turns": args.turns,
                **compare(f"turn_{level}", task, args.level_rounds, copy, False),
            }
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
