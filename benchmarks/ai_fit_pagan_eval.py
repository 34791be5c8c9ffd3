"""Fit the weights of Pagan's position evaluation (rules/pagan/heuristics.py) by logistic
regression on positions of games played by the heuristic rollout policy on both sides, or by a
searching level on both sides.

    python benchmarks/ai_fit_pagan_eval.py [--games 400] [--seed fit] [--every 7]
    python benchmarks/ai_fit_pagan_eval.py --players medium --games 200 --every 3 --workers 2 \
        --positions /tmp/pagan-eval-medium.jsonl

Prints one JSON object: the fitted weights (paste them into WEIGHTS), the number of positions,
and the log-loss and accuracy of the fitted and of the current weights on held-out games
(every fifth game), with their calibration (the Witch's predicted and actual share of wins
by tenth of predicted chance). Pure Python (Newton's method on the mean log-loss, small L2
penalty).

With `--players`, the games are played by that arena spec at both seats (deal seeds
`{seed}/{players}-{i}`), and every game's positions are appended to `--positions` as it ends, so
a run can be stopped and resumed (games already there are not played again) and `--games 0`
fits on what the file holds. Features are read from the true state, outcomes from the game's end.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterable
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import orjson

from ai.arena import Player, parse_spec, play_out
from rules.core import Move, Rng, seed_state
from rules.pagan import heuristics
from rules.pagan.game import PAGAN
from rules.pagan.state import WITCH, PaganState

Row = tuple[list[float], float]


def _row(s: PaganState) -> list[float]:
    """A position as the model reads it: 1 (for the bias), then each feature in order."""
    f = heuristics.features(s)
    return [1.0, *(f[k] for k in heuristics.FEATURES)]


def _chance(w: list[float], x: list[float]) -> float:
    """The Witch's chance to win by weights `w` at position `x`, as `heuristics.evaluate` has it."""
    z = max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x, strict=True))))
    return 1.0 / (1.0 + math.exp(-z))


def positions(games: int, seed: str, every: int) -> tuple[list[Row], list[Row]]:
    train: list[Row] = []
    test: list[Row] = []
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
                rows.append(_row(s))
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


class _Recorder:
    """Plays a seat as the arena's player does, noting the position before every `every`-th
    decision of the game (counted over both seats, in `rows`)."""

    def __init__(self, player: Player, rows: list[list[float]], every: int) -> None:
        self.player, self.rows, self.every = player, rows, every

    def choose(self, state: PaganState, seed: str) -> Move:
        if int(seed.rsplit("/", 1)[1]) % self.every == 0:
            self.rows.append(_row(state))
        return self.player.choose(state, seed)

    def observe(self, seat: str, move: Move) -> None:
        self.player.observe(seat, move)


def _searched_game(job: tuple[int, str, str, int]) -> dict[str, Any]:
    i, spec, seed, every = job
    deal = f"{seed}/{spec}-{i}"
    s = PAGAN.new(None, deal)
    rows: list[list[float]] = []
    players = {
        seat: _Recorder(Player(PAGAN, seat, parse_spec(spec)), rows, every)
        for seat in PAGAN.seats(PAGAN.default_options())
    }
    play_out(PAGAN, s, players, deal)
    y = None if s.winner is None else 1.0 if s.winner == WITCH else 0.0
    return {"game": i, "deal": deal, "features": list(heuristics.FEATURES), "y": y, "rows": rows}


def searched_positions(
    spec: str, games: int, seed: str, every: int, workers: int, path: Path
) -> tuple[list[Row], list[Row]]:
    """Play the games of `spec` against itself the file at `path` does not hold yet (appending
    each as it ends), then read every game there into training and held-out positions."""
    done = {r["game"] for r in _read(path)}
    jobs = [(i, spec, seed, every) for i in range(games) if i not in done]
    with path.open("ab") as out:
        for record in _map(_searched_game, jobs, workers):
            out.write(orjson.dumps(record) + b"\n")
            out.flush()
    train: list[Row] = []
    test: list[Row] = []
    for r in _read(path):
        if r["y"] is None or r["features"] != list(heuristics.FEATURES):
            continue
        (test if r["game"] % 5 == 4 else train).extend((row, r["y"]) for row in r["rows"])
    return train, test


def _read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [orjson.loads(line) for line in path.read_bytes().splitlines() if line.strip()]


def _map(fn: Any, jobs: list[Any], workers: int) -> Iterable[dict[str, Any]]:
    if workers <= 1:
        yield from map(fn, jobs)
        return
    with get_context("spawn").Pool(workers) as pool:
        yield from pool.imap_unordered(fn, jobs)


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


def fit(
    rows: list[Row], l2: float = 1e-3, steps: int = 12, fixed: dict[int, float] | None = None
) -> list[float]:
    """The weights minimising the mean log-loss, those at the indices of `fixed` held there."""
    d = len(rows[0][0])
    fixed = fixed or {}
    w = [fixed.get(i, 0.0) for i in range(d)]
    for _ in range(steps):
        g = [0.0] * d
        h = [[0.0] * d for _ in range(d)]
        for x, y in rows:
            p = _chance(w, x)
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
        for i in fixed:  # no step along a held weight
            g[i] = 0.0
            h[i] = [0.0] * d
            for row in h:
                row[i] = 0.0
            h[i][i] = 1.0
        step = _solve(h, g)
        w = [a - b for a, b in zip(w, step, strict=True)]
    return w


def score(rows: list[Row], w: list[float]) -> dict[str, float]:
    loss = acc = 0.0
    for x, y in rows:
        p = min(max(_chance(w, x), 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        acc += (p > 0.5) == (y > 0.5)
    return {"log_loss": round(loss / len(rows), 4), "accuracy": round(acc / len(rows), 4)}


def calibration(rows: list[Row], w: list[float]) -> list[dict[str, float]]:
    """By tenth of the predicted chance of the Witch: positions, mean predicted, share won."""
    bins: dict[int, list[float]] = {}
    for x, y in rows:
        p = _chance(w, x)
        b = bins.setdefault(min(int(p * 10), 9), [0.0, 0.0, 0.0])
        b[0] += 1
        b[1] += p
        b[2] += y
    return [
        {"bin": k / 10, "positions": n, "predicted": round(sp / n, 3), "won": round(sy / n, 3)}
        for k, (n, sp, sy) in sorted(bins.items())
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", default="fit")
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--players", help="an arena spec playing both seats (e.g. medium)")
    parser.add_argument("--positions", type=Path, help="with --players: the positions file")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--fixed",
        nargs="*",
        default=[],
        metavar="FEATURE",
        help="features whose weight stays as set by hand (a cause the games confound)",
    )
    args = parser.parse_args(argv)
    unknown = set(args.fixed) - set(heuristics.FEATURES)
    if unknown:
        parser.error(f"unknown features: {', '.join(sorted(unknown))}")
    if args.players:
        if args.positions is None:
            parser.error("--players needs --positions")
        train, test = searched_positions(
            args.players, args.games, args.seed, args.every, args.workers, args.positions
        )
    else:
        train, test = positions(args.games, args.seed, args.every)
    names = ("bias", *heuristics.FEATURES)
    current = [heuristics.WEIGHTS[k] for k in names]
    w = fit(train, fixed={names.index(k): heuristics.WEIGHTS[k] for k in args.fixed})
    out = {
        "positions": {"train": len(train), "test": len(test)},
        "fixed": args.fixed,
        "weights": {k: round(v, 4) for k, v in zip(names, w, strict=True)},
        "fitted_on_test": score(test, w),
        "current_on_test": score(test, current),
        "constant_on_test": score(test, [0.0] * len(w)),
        "fitted_calibration": calibration(test, w),
        "current_calibration": calibration(test, current),
    }
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
