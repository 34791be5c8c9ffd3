"""ISMCTS speed on one core: iterations per second, and time per decision and per turn by level.

    python benchmarks/ai_speed.py [--game pagan] [--players N] [--positions 10]
                                  [--iterations 2000] [--turns 6] [--levels novice,easy,medium,hard]
                                  (--turns 0: iterations per second only)

Prints one JSON object:
- `iterations_per_second`: a `hard`-parameter search with a fixed iteration budget (no time cap)
  from `--positions` mid-game positions (decision 150 to 600 of seeded random games); the median
  over positions, with min and max.
- `levels`: for each level, `--turns` whole turns played from mid-game turn starts by that level
  (a `Session`, so the tree is reused within the turn): the median seconds per decision (over
  decisions with two or more legal moves) and per turn, and the largest.
The process pins itself to one core.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from typing import Any

import orjson

from ai import Session
from ai.ismcts import search
from ai.levels import params_for
from rules.core import Game, Rng, get_game, seed_state


def pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        cores = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cores[-1]})


def mid_game(game: Game, options: dict[str, Any], count: int, seed: str) -> list[Any]:
    """Positions at decision 150 + 50k of seeded random games (one per game)."""
    out: list[Any] = []
    g = 0
    while len(out) < count and g < count * 20:
        state = game.new(options, f"{seed}-{g}")
        rng = Rng(seed_state(f"{seed}-{g}/moves"))
        target = 150 + 50 * (g % 10)
        for _ in range(target):
            if game.to_move(state) is None:
                break
            moves = game.legal_moves(state)
            game.apply_unchecked(state, moves[rng.below(len(moves))])
        if game.to_move(state) is not None and len(game.legal_moves(state)) > 1:
            out.append(state)
        g += 1
    return out


def iterations_per_second(game: Game, positions: list[Any], iterations: int) -> dict[str, Any]:
    params = params_for("hard", {"iterations": iterations, "time_cap": None, "early_stop": False})
    rates = []
    for i, state in enumerate(positions):
        seat = game.to_move(state)
        assert seat is not None
        _, stats = search(game, state, seat, params, Rng(i))
        rates.append(stats.iterations / stats.seconds)
    return {
        "median": round(statistics.median(rates)),
        "min": round(min(rates)),
        "max": round(max(rates)),
        "positions": len(rates),
        "iterations": iterations,
    }


def turn_times(game: Game, positions: list[Any], level: str) -> dict[str, Any]:
    per_decision: list[float] = []
    per_turn: list[float] = []
    for i, start in enumerate(positions):
        state = game.clone(start)
        seat = game.to_move(state)
        assert seat is not None
        session = Session(game, seat, level)
        total = 0.0
        decisions = 0
        # One turn: this seat's decisions until another seat decides (bounded).
        while game.to_move(state) == seat and decisions < 60:
            many = len(game.legal_moves(state)) > 1
            started = time.perf_counter()
            move = session.choose(state, seed=f"{i}/{decisions}")
            spent = time.perf_counter() - started
            total += spent
            if many:
                per_decision.append(spent)
            game.apply_unchecked(state, move)
            session.observe(seat, move)
            decisions += 1
        per_turn.append(total)
    return {
        "decision_median_s": round(statistics.median(per_decision), 4),
        "decision_max_s": round(max(per_decision), 4),
        "decisions": len(per_decision),
        "turn_median_s": round(statistics.median(per_turn), 3),
        "turn_max_s": round(max(per_turn), 3),
        "turns": len(per_turn),
    }


def turn_starts(game: Game, options: dict[str, Any], count: int, seed: str) -> list[Any]:
    """The first decision of a seat after another seat's, at decision 100 or later."""
    out: list[Any] = []
    for state in mid_game(game, options, count * 3, seed):
        rng = Rng(seed_state(f"{seed}/turn"))
        last = game.to_move(state)
        for _ in range(300):
            seat = game.to_move(state)
            if seat is None:
                break
            if seat != last and len(game.legal_moves(state)) > 1:
                out.append(state)
                break
            last = seat
            moves = game.legal_moves(state)
            game.apply_unchecked(state, moves[rng.below(len(moves))])
        if len(out) >= count:
            break
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="pagan")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--levels", default="novice,easy,medium,hard")
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args(argv)
    pin_to_one_core()
    game = get_game(args.game)
    options = game.default_options()
    if args.players is not None:
        options["players"] = args.players
    options = game.validate_options(options)
    out: dict[str, Any] = {"game": args.game, "python": platform.python_version()}
    if args.players is not None:
        out["players"] = args.players
    positions = mid_game(game, options, args.positions, args.seed)
    out["iterations_per_second"] = iterations_per_second(game, positions, args.iterations)
    levels = [x for x in args.levels.split(",") if x] if args.turns > 0 else []
    starts = turn_starts(game, options, args.turns, args.seed) if levels else []
    out["levels"] = {level: turn_times(game, starts, level) for level in levels}
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
