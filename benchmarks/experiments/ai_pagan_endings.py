"""How pooled Pagan games ended: ritual, the witch eliminated, exonerated, and how often the
Hunter eliminated anyone at all.

    python benchmarks/experiments/ai_pagan_endings.py POOL [POOL ...] \
        [--version 13616652] [--level hard] [--scenario 10] [--expansion palisades|none]

For each pool file, the equal-level games at `--level` (of that code version prefix, scenario
and expansion when given) are counted from their records alone: the Witch's wins with an exact
95% interval, the end reasons, the games in which an innocent was eliminated (the record's
`stats.eliminated`) and the share of games with an elimination of anyone (her, ending the game,
or an innocent), then the same for the games that lasted past game turns 12 and 20. An
elimination needs 3 Clues on the villager and a Clue on every living one, so this share says how
often the Hunter's second way to win was within his reach and taken. Prints one JSON object per
pool.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ai_pagan_by_villager import selected

from ai.pool import read_records
from ai.ratings import clopper_pearson


def endings(records: Sequence[Mapping[str, Any]], longer: bool = True) -> dict[str, Any]:
    """The Witch's wins, end reasons and eliminations of `records`; with `longer`, the same for
    the games that lasted past game turn 12 and past game turn 20 (is a missing elimination only
    a matter of time?)."""
    games = len(records)
    wins = sum(1 for r in records if "witch" in r["winners"])
    reasons = Counter(str(r["reason"]) for r in records)
    innocents = sum(1 for r in records if r["stats"].get("eliminated", 0) > 0)
    # (a game can have both: an innocent first, then her)
    eliminating = sum(
        1
        for r in records
        if r["reason"] == "eliminated-witch" or r["stats"].get("eliminated", 0) > 0
    )
    low, high = clopper_pearson(wins, games) if games else (0.0, 1.0)
    out: dict[str, Any] = {
        "games": games,
        "witch": wins,
        "ci95": [round(low, 2), round(high, 2)],
        "reasons": dict(sorted(reasons.items())),
        "innocent_eliminated": innocents,
        "with_elimination": round(eliminating / games, 2) if games else None,
    }
    if longer:
        for turn in (12, 20):
            rest = [r for r in records if r["stats"]["turns"] > turn]
            out[f"past_turn_{turn}"] = endings(rest, longer=False)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pools", nargs="+")
    parser.add_argument(
        "--version",
        default="",
        help="a code version prefix, or several joined by commas (default: any)",
    )
    parser.add_argument("--level", default="hard")
    parser.add_argument("--scenario", default=None, help='"standard" for none (default: any)')
    parser.add_argument(
        "--expansion", default=None, help='"palisades", or "none" for the base game (default: any)'
    )
    args = parser.parse_args(argv)
    for pool in args.pools:
        records = selected(read_records(pool), args.version, args.level, args.scenario)
        if args.expansion is not None:
            wanted = None if args.expansion == "none" else args.expansion
            records = [r for r in records if r["options"].get("expansion") == wanted]
        print(json.dumps({"pool": pool, **endings(records)}))


if __name__ == "__main__":
    main()
