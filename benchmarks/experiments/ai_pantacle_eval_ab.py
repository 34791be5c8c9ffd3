"""Play one set of Pantacle evaluation weights against another: the same search level on every
seat, seat by seat in turn with weights B, the others with weights A, on the same deals.

    python benchmarks/ai_pantacle_eval_ab.py --a results/pantacle-eval-handset-weights.json \
        --b results/pantacle-eval-fit-8000.json --level medium --deals 30 [--players 2]

A weights file is a JSON object with a "weights" mapping (as ai_fit_pantacle_eval.py prints);
"current" names the weights in rules/pantacle/heuristics.py. Prints one JSON object: B's wins,
the games, B's win rate with its Clopper-Pearson 95% interval, and the share a seat no better
than the others would win.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import orjson

from ai.agent import Session
from ai.arena import play_out
from ai.ratings import clopper_pearson
from rules.pantacle import heuristics
from rules.pantacle.game import PantacleGame
from rules.pantacle.state import PantacleState, seat_name


class Weighted(PantacleGame):
    """Pantacle whose `evaluate` uses the given weights."""

    def __init__(self, weights: dict[str, float]) -> None:
        self.weights = tuple(weights[k] for k in heuristics.FEATURES)

    def evaluate(self, s: PantacleState) -> dict[str, float]:
        return heuristics.evaluate(s, self.weights)


def load(name: str) -> dict[str, float]:
    if name == "current":
        return dict(heuristics.WEIGHTS)
    with open(name, "rb") as f:
        data: dict[str, Any] = orjson.loads(f.read())
    return {k: float(v) for k, v in data["weights"].items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", default="lab")
    args = parser.parse_args(argv)
    game_a, game_b = Weighted(load(args.a)), Weighted(load(args.b))
    wins = games = 0
    for deal in range(args.deals):
        for b_seat in range(args.players):
            games_by_seat = {
                seat_name(i): game_b if i == b_seat else game_a for i in range(args.players)
            }
            s = game_a.new({"players": args.players}, f"{args.seed}-{deal}")
            sessions = {k: Session(g, k, args.level) for k, g in games_by_seat.items()}
            play_out(game_a, s, sessions, f"{args.seed}-{deal}")
            wins += s.winner == b_seat
            games += 1
    lo, hi = clopper_pearson(wins, games)
    out = {
        "a": args.a,
        "b": args.b,
        "level": args.level,
        "players": args.players,
        "b_wins": wins,
        "games": games,
        "b_win_rate": round(wins / games, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "even_share": round(1 / args.players, 4),
    }
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
