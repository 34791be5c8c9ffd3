"""Fit the weights of Pagan's position evaluation (rules/pagan/heuristics.py) by logistic
regression on positions of games played by the heuristic rollout policy on both sides.

    python benchmarks/ai_fit_pagan_eval.py [--games 400] [--seed fit] [--every 7]

Prints one JSON object: the fitted weights (paste them into WEIGHTS), the number of positions,
and the log-loss and accuracy of the fitted and of the current weights on held-out games
(every fifth game). Pure Python (Newton's method on the mean log-loss, small L2 penalty).
"""

from __future__ import annotations

import argparse
import math
import sys

import orjson

from rules.core.rng import Rng, seed_state
from rules.pagan import heuristics
from rules.pagan.game import PAGAN
from rules.pagan.state import WITCH

Row = tuple[list[float], float]


def positions(games: int, seed: str, every: int) -> tuple[list[Row], list[Row]]:
    train: list[Row] = []
    test: list[Row] = []
    names = heuristics.FEATURES
    for i in range(games):
        s = PAGAN.new(None, f"{seed}-{i}")
        rng = Rng(seed_state(f"{seed}-{i}/moves"))
        rows: list[list[float]] = []
        n = 0
        # Each side plays at random this share of its decisions, drawn per game, so the
        # positions span strong and weak play by either side (the heuristic alone lets the
        # Witch win nearly every game, which would teach the model nothing).
        noise = {"witch": rng.random(), "hunter": rng.random()}
        while PAGAN.to_move(s) is not None and n < 10_000:
            if n % every == 0:
                f = heuristics.features(s)
                rows.append([1.0, *(f[k] for k in names)])
            moves = PAGAN.legal_moves(s)
            if rng.random() < noise[str(PAGAN.to_move(s))]:
                move = moves[rng.below(len(moves))]
            else:
                move = heuristics.rollout_move(s, moves, rng)
            PAGAN.apply_unchecked(s, move)
            n += 1
        if s.winner is None:
            continue
        y = 1.0 if s.winner == WITCH else 0.0 if s.winner != "draw" else 0.5
        (test if i % 5 == 4 else train).extend((r, y) for r in rows)
    return train, test


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                k = m[r][c] / m[c][c]
                m[r] = [x - k * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit(rows: list[Row], l2: float = 1e-3, steps: int = 12) -> list[float]:
    d = len(rows[0][0])
    w = [0.0] * d
    for _ in range(steps):
        g = [0.0] * d
        h = [[0.0] * d for _ in range(d)]
        for x, y in rows:
            z = max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x, strict=True))))
            p = 1.0 / (1.0 + math.exp(-z))
            r = p - y
            q = p * (1 - p)
            for i in range(d):
                xi = x[i]
                if xi:
                    g[i] += r * xi
                    hi = h[i]
                    for j in range(d):
                        if x[j]:
                            hi[j] += q * xi * x[j]
        n = len(rows)
        for i in range(d):
            g[i] = g[i] / n + l2 * w[i] * (i > 0)
            for j in range(d):
                h[i][j] /= n
            h[i][i] += l2 * (i > 0) + 1e-9
        step = _solve(h, g)
        w = [a - b for a, b in zip(w, step, strict=True)]
    return w


def score(rows: list[Row], w: list[float]) -> dict[str, float]:
    loss = acc = 0.0
    for x, y in rows:
        z = max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x, strict=True))))
        p = min(max(1.0 / (1.0 + math.exp(-z)), 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        acc += (p > 0.5) == (y > 0.5)
    return {"log_loss": round(loss / len(rows), 4), "accuracy": round(acc / len(rows), 4)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", default="fit")
    parser.add_argument("--every", type=int, default=7)
    args = parser.parse_args(argv)
    train, test = positions(args.games, args.seed, args.every)
    w = fit(train)
    names = ("bias", *heuristics.FEATURES)
    current = [heuristics.WEIGHTS[k] for k in names]
    out = {
        "positions": {"train": len(train), "test": len(test)},
        "weights": {k: round(v, 4) for k, v in zip(names, w, strict=True)},
        "fitted_on_test": score(test, w),
        "current_on_test": score(test, current),
        "constant_on_test": score(test, [0.0] * len(w)),
    }
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
