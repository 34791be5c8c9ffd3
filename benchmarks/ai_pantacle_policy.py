"""Pantacle's playout policy (rules/pantacle/heuristics.py) against uniformly random seats, and
against itself, with no search.

    python benchmarks/ai_pantacle_policy.py [--players 2] [--games 400]

Game g is dealt with seed g; the policy takes seat g mod P against random seats, then every seat
in a second pass. Prints one JSON object: the policy's win rate against random play (a seat's
share is 1/P), the self-play wins by seat, and the mean game length in decisions.
"""

from __future__ import annotations

import argparse
import sys

import orjson

from ai.hooks import random_move
from rules.core import Rng
from rules.pantacle.game import PANTACLE
from rules.pantacle.heuristics import rollout_move
from rules.pantacle.state import seat_index


def play(players: int, policy_seats: set[int], seed: int) -> tuple[int, int]:
    """The winner's index and the game's length in decisions."""
    s = PANTACLE.new({"players": players}, seed)
    rng = Rng(seed * 7 + 1)
    n = 0
    while s.winner is None:
        moves = PANTACLE.legal_moves(s)
        seat = seat_index(str(PANTACLE.to_move(s)), players)
        choose = rollout_move if seat in policy_seats else random_move
        PANTACLE.apply_unchecked(s, choose(s, moves, rng))
        n += 1
    return s.winner, n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args(argv)
    p, n = args.players, args.games
    wins = sum(play(p, {g % p}, g)[0] == g % p for g in range(n))
    by_seat = [0] * p
    length = 0
    for g in range(n):
        winner, decisions = play(p, set(range(p)), g)
        by_seat[winner] += 1
        length += decisions
    out = {
        "players": p,
        "games": n,
        "policy_vs_random_win_rate": round(wins / n, 4),
        "seat_share": round(1 / p, 4),
        "self_play_wins_by_seat": by_seat,
        "self_play_mean_decisions": round(length / n, 1),
    }
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
