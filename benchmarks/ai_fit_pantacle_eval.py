"""Fit the weights of Pantacle's position evaluation (rules/pantacle/heuristics.py) by
conditional-logit regression (a softmax over the seats, as `evaluate` computes it) on positions
of games played by the heuristic rollout policy in every seat.

    python benchmarks/ai_fit_pantacle_eval.py [--games 600] [--seed fit] [--every 5]

Games are played with 2 to 5 players in turn. Prints one JSON object: the fitted weights (paste
them into WEIGHTS), the number of positions, and the log-loss and accuracy (the favourite won)
of the fitted and of the current weights on held-out games (every fifth game). Needs numpy
(installed with the dev extras).
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import orjson

from rules.core import Rng, seed_state
from rules.pantacle import heuristics
from rules.pantacle.game import PANTACLE
from rules.pantacle.state import seat_index

Data = dict[int, tuple[list[list[tuple[float, ...]]], list[int]]]


def positions(games: int, seed: str, every: int) -> tuple[Data, Data]:
    train: Data = {}
    test: Data = {}
    for i in range(games):
        players = 2 + i % 4
        s = PANTACLE.new({"players": players}, f"{seed}-{i}")
        rng = Rng(seed_state(f"{seed}-{i}/moves"))
        # Each seat plays at random this share of its decisions, drawn per game, so the
        # positions span strong and weak play.
        noise = [rng.random() * 0.6 for _ in range(players)]
        rows: list[list[tuple[float, ...]]] = []
        n = 0
        while s.winner is None and n < 5_000:
            if n % every == 0:
                rows.append([heuristics.features(s, k) for k in range(players)])
            moves = PANTACLE.legal_moves(s)
            seat = seat_index(str(PANTACLE.to_move(s)), players)
            if len(moves) > 1 and rng.random() < noise[seat]:
                move = moves[rng.below(len(moves))]
            else:
                move = heuristics.rollout_move(s, moves, rng)
            PANTACLE.apply_unchecked(s, move)
            n += 1
        if s.winner is None:
            continue
        xs, ys = (test if i % 5 == 4 else train).setdefault(players, ([], []))
        xs.extend(rows)
        ys.extend([s.winner] * len(rows))
    return train, test


def _arrays(data: Data) -> list[tuple[np.ndarray, np.ndarray]]:
    return [(np.array(xs, dtype=float), np.array(ys)) for xs, ys in data.values() if xs]


def fit(data: Data, l2: float = 1e-3, steps: int = 25) -> np.ndarray:
    """Newton's method on the mean negative log-likelihood of the softmax over seats."""
    groups = _arrays(data)
    d = groups[0][0].shape[2]
    w = np.zeros(d)
    total = sum(len(y) for _, y in groups)
    for _ in range(steps):
        g = l2 * w
        h = l2 * np.eye(d)
        for x, y in groups:
            p = _softmax(x @ w)  # (N, P)
            onehot = np.zeros_like(p)
            onehot[np.arange(len(y)), y] = 1.0
            g = g + np.einsum("np,npd->d", p - onehot, x) / total
            mean = np.einsum("np,npd->nd", p, x)
            second = np.einsum("np,npd,npe->de", p, x, x)
            h = h + (second - mean.T @ mean) / total
        w = w - np.linalg.solve(h, g)
    return w


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e: np.ndarray = np.exp(z)
    out: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return out


def score(data: Data, w: np.ndarray) -> dict[str, float]:
    loss = hits = 0.0
    total = 0
    for x, y in _arrays(data):
        p = _softmax(x @ w)
        loss -= float(np.log(np.clip(p[np.arange(len(y)), y], 1e-9, 1.0)).sum())
        hits += float((p.argmax(axis=1) == y).sum())
        total += len(y)
    return {"log_loss": round(loss / total, 4), "accuracy": round(hits / total, 4)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", default="fit")
    parser.add_argument("--every", type=int, default=5)
    args = parser.parse_args(argv)
    train, test = positions(args.games, args.seed, args.every)
    w = fit(train)
    current = np.array([heuristics.WEIGHTS[k] for k in heuristics.FEATURES])
    out = {
        "positions": {
            "train": sum(len(y) for _, y in train.values()),
            "test": sum(len(y) for _, y in test.values()),
        },
        "weights": {k: round(float(v), 4) for k, v in zip(heuristics.FEATURES, w, strict=True)},
        "fitted_on_test": score(test, w),
        "current_on_test": score(test, current),
        "constant_on_test": score(test, np.zeros_like(w)),
    }
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
