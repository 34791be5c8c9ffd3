"""Root parallelism: independent trees, merged by their root visit counts.

The three steps are pure functions over JSON-ready data, so the trees can run in one process, in
separate processes, or as the header tasks of a Celery chord whose body merges them:

    jobs = split(level, seed, overrides)                     # one job per tree
    results = [run_tree(game, state, seat, job) for job in jobs]   # anywhere, in any order
    stats = merge(results)                                   # root stats summed by move id
    move_id = pick(stats, legal_ids, params, seed)           # the final choice

Every tree's randomness comes from its job (`seed` and `tree` index), so the merged choice is the
same whichever machine or worker ran each tree.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ai.ismcts import root_stats, search
from ai.levels import Params, params_for
from rules.core import Game, Rng, Seat, seed_state

RootStats = dict[str, tuple[int, float]]
"""Move id -> (visits, summed reward of the seat to move)."""


def tree_rng(seed: int | str, tree: int) -> Rng:
    return Rng(seed_state(f"{seed}/tree/{tree}"))


def split(
    level: str,
    seed: int | str,
    overrides: Mapping[str, Any] | None = None,
    game: str | None = None,
) -> list[dict[str, Any]]:
    """One job per tree of `level` in `game` (with `overrides`): plain data for a task queue."""
    params = params_for(level, overrides, game)
    return [
        {"level": level, "overrides": dict(overrides or {}), "seed": seed, "tree": i}
        for i in range(params.trees)
    ]


def run_tree(game: Game, state: Any, seat: Seat, job: Mapping[str, Any]) -> dict[str, Any]:
    """Grow the tree of one job and return its root statistics as plain data."""
    if game.to_move(state) != seat:
        raise ValueError(f"it is not {seat}'s decision")
    params = params_for(str(job["level"]), job.get("overrides"), game.name)
    root, stats = search(game, state, seat, params, tree_rng(job["seed"], int(job["tree"])))
    moves = game.legal_moves(state)
    return {
        "tree": int(job["tree"]),
        "iterations": stats.iterations,
        "seconds": round(stats.seconds, 6),
        "timed_out": stats.timed_out,
        "moves": {mid: [v, r] for mid, (v, r) in root_stats(root, moves).items()},
    }


def merge(results: Sequence[Mapping[str, Any]]) -> RootStats:
    """Sum the root statistics of several trees, move by move (in a fixed order, so the sums of
    floats are the same whichever order the results arrived in)."""
    out: dict[str, list[float]] = {}
    for result in sorted(results, key=lambda r: int(r["tree"])):
        for mid, (visits, reward) in result["moves"].items():
            acc = out.setdefault(mid, [0, 0.0])
            acc[0] += int(visits)
            acc[1] += float(reward)
    return {mid: (int(v), r) for mid, (v, r) in out.items()}


def pick(stats: RootStats, legal_ids: Sequence[str], params: Params, seed: int | str) -> str:
    """The move id to play. 'robust': most visits, then best mean reward, then legal order.
    'temperature': drawn with probability proportional to visits ** (1 / temperature).
    'softmax': drawn among the visited moves with probability proportional to
    exp(mean reward / (temperature * spread)), spread being the best mean minus the worst: a
    beginner's noise on the root's values, close calls going either way and blunders rare. The
    temperature is in units of the spread because games differ in how far apart their root
    values lie (Pagan's by hundredths, Pantacle's by tenths), so one setting fits both."""
    ids = [mid for mid in legal_ids if mid in stats] or list(legal_ids)
    if params.select == "softmax":
        means = {mid: stats[mid][1] / stats[mid][0] for mid in ids if stats.get(mid, (0, 0.0))[0]}
        if means:
            best = max(means.values())
            scale = params.temperature * max(best - min(means.values()), 1e-9)
            weights = [math.exp((means[mid] - best) / scale) for mid in means]
            x = Rng(seed_state(f"{seed}/select")).random() * sum(weights)
            for mid, w in zip(means, weights, strict=True):
                x -= w
                if x < 0:
                    return mid
            return next(reversed(means))
    if params.select == "temperature":
        weights = [float(stats.get(mid, (0, 0.0))[0]) ** (1.0 / params.temperature) for mid in ids]
        total = sum(weights)
        if total > 0:
            x = Rng(seed_state(f"{seed}/select")).random() * total
            for mid, w in zip(ids, weights, strict=True):
                x -= w
                if x < 0:
                    return mid
            return ids[-1]

    def key(item: tuple[int, str]) -> tuple[int, float, int]:
        index, mid = item
        visits, reward = stats.get(mid, (0, 0.0))
        return (visits, reward / visits if visits else 0.0, -index)

    return max(enumerate(ids), key=key)[1]
