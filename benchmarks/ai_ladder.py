"""An Elo ladder from arena results already on disk (the `coven ladder` figures without
replaying the games).

    python benchmarks/ai_ladder.py [--dir benchmarks/results] [--game pagan]
                                   [--rungs random,novice,easy,medium,hard]

For each pair of neighbouring rungs it reads `{game}-{upper}-vs-{lower}.json` (written by
`coven arena ... --out`), and prints one JSON object: each step's win rate, its 95% interval and
their Elo, and each rung's cumulative Elo (anchored at the first rung, 0) with the sums of the
step bounds as a conservative interval. A missing step ends the ladder there.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path
from typing import Any

import orjson

from ai.ratings import elo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--dir", default="benchmarks/results")
    parser.add_argument("--game", default="pagan")
    parser.add_argument("--rungs", default="random,novice,easy,medium,hard")
    args = parser.parse_args(argv)
    rungs = args.rungs.split(",")
    steps: list[dict[str, Any]] = []
    ratings: dict[str, Any] = {rungs[0]: {"elo": 0.0, "lo": 0.0, "hi": 0.0}}
    total = lo_total = hi_total = 0.0
    for lower, upper in itertools.pairwise(rungs):
        path = Path(args.dir) / f"{args.game}-{upper}-vs-{lower}.json"
        if not path.exists():
            break
        res = orjson.loads(path.read_bytes())
        n = res["games"]
        score = (res["a_wins"] + 0.5 * res["draws"]) / n
        lo, hi = res["ci95"]
        total += elo(score)
        lo_total += elo(lo)
        hi_total += elo(hi)
        ratings[upper] = {"elo": round(total), "lo": round(lo_total), "hi": round(hi_total)}
        steps.append(
            {
                "step": f"{upper} vs {lower}",
                "games": n,
                "win_rate": res["a_win_rate"],
                "ci95": res["ci95"],
                "elo": round(elo(score)),
                "elo_ci95": [round(elo(lo)), round(elo(hi))],
                "source": str(path),
            }
        )
    out = {"game": args.game, "steps": steps, "ratings": ratings}
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
