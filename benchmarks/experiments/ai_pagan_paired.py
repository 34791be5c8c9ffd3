"""Before and after a change, on the same deals: the Witch's wins of two sets of pooled games.

    python benchmarks/experiments/ai_pagan_paired.py --before e1ee9355 --after 1aa7a770 \
        [--pool benchmarks/results/pagan-pool.jsonl] [--after-pool FILE] [--scenario 1] \
        [--witch medium --hunter medium] [--after-hunter hard:beliefs=false]

A deal seed played with the same seat specs before and after a change of the data or the AI is a
pair: the arena seeds every decision by the deal and the decision number, so both sides see the
same deal and the change's effect lies in the pairs whose winner differs. Few games replay move
for move (`identical`): every card is among the unseen cards a determinization deals, so a change
to any card changes every search (2 of 150 deals for session 10's change). Printed (one JSON
object): the Witch's wins of each side over the common deals with Clopper-Pearson 95%
intervals, the discordant pairs (won by the Witch before and by the Hunter after, and the other
way) with McNemar's exact two-sided p, the two sides' winners' correlation over the common deals
(`phi`: near 0, the pairing gains nothing, and the comparison is as noisy as two independent
samples of that size), and each side's median and longest game in turns. A code
version is given by its first hex digits. `--after-hunter` and `--after-witch` compare a change of
one seat's player spec on the same code (`--before` and `--after` then name the same version).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from ai.pool import read_records
from ai.ratings import clopper_pearson

POOL = "benchmarks/results/pagan-pool.jsonl"


def games(
    records: Sequence[Mapping[str, Any]], version: str, scenario: str, seats: Mapping[str, str]
) -> dict[str, Mapping[str, Any]]:
    """This version's games of the setting and seat specs, by deal seed (the first copy)."""
    out: dict[str, Mapping[str, Any]] = {}
    for rec in records:
        if (
            rec["version"].startswith(version)
            and rec["options"].get("scenario") == scenario
            and rec["seats"] == seats
        ):
            out.setdefault(rec["seed"], rec)
    return out


def mcnemar_p(b: int, c: int) -> float:
    """Exact two-sided McNemar test of b against c discordant pairs (a binomial sign test)."""
    n = b + c
    if n == 0:
        return 1.0
    tail: float = sum(math.comb(n, k) for k in range(min(b, c) + 1)) / 2**n
    return min(1.0, 2 * tail)


def phi(a: int, b: int, c: int, d: int) -> float:
    """The phi coefficient of a two-by-two table (a, b / c, d); 0 where a margin is empty."""
    den = math.sqrt((a + b) * (c + d) * (a + c) * (b + d))
    return (a * d - b * c) / den if den else 0.0


def side(recs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    wins = sum("witch" in r["winners"] for r in recs)
    lo, hi = clopper_pearson(wins, len(recs))
    turns = [int(r["stats"]["turns"]) for r in recs]
    return {
        "games": len(recs),
        "witch_wins": wins,
        "witch_rate": round(wins / len(recs), 3) if recs else None,
        "ci95": [round(lo, 3), round(hi, 3)],
        "median_turns": statistics.median(turns) if turns else None,
        "longest_turns": max(turns) if turns else None,
        "no_winner": sum(not r["winners"] for r in recs),
    }


def compare(
    before: Mapping[str, Mapping[str, Any]], after: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    common = sorted(set(before) & set(after))
    pairs = [(before[s], after[s]) for s in common]
    to_hunter = sum("witch" in x["winners"] and "witch" not in y["winners"] for x, y in pairs)
    to_witch = sum("witch" not in x["winners"] and "witch" in y["winners"] for x, y in pairs)
    both = sum("witch" in x["winners"] and "witch" in y["winners"] for x, y in pairs)
    neither = len(pairs) - both - to_hunter - to_witch
    identical = sum(
        x["winners"] == y["winners"] and x["decisions"] == y["decisions"] for x, y in pairs
    )
    return {
        "common_deals": len(common),
        "before": side([x for x, _ in pairs]),
        "after": side([y for _, y in pairs]),
        "identical_games": identical,
        "witch_to_hunter": to_hunter,
        "hunter_to_witch": to_witch,
        "mcnemar_p": round(mcnemar_p(to_hunter, to_witch), 4),
        "phi": round(phi(both, to_hunter, to_witch, neither), 3),
        "after_all_games": side(list(after.values())),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", required=True, help="code version (first hex digits)")
    parser.add_argument("--after", required=True, help="code version (first hex digits)")
    parser.add_argument("--pool", default=POOL)
    parser.add_argument("--after-pool", help="the after games' pool, when not --pool")
    parser.add_argument("--scenario", default="standard")
    parser.add_argument("--witch", default="medium")
    parser.add_argument("--hunter", default="medium")
    parser.add_argument("--after-witch", help="the after games' Witch spec, when not --witch")
    parser.add_argument("--after-hunter", help="the after games' Hunter spec, when not --hunter")
    args = parser.parse_args(argv)
    seats = {"witch": args.witch, "hunter": args.hunter}
    after_seats = {
        "witch": args.after_witch or args.witch,
        "hunter": args.after_hunter or args.hunter,
    }
    records = read_records(args.pool)
    after_records = read_records(args.after_pool) if args.after_pool else records
    out = compare(
        games(records, args.before, args.scenario, seats),
        games(after_records, args.after, args.scenario, after_seats),
    )
    print(json.dumps({"before": args.before, "after": args.after, **out}, indent=2))


if __name__ == "__main__":
    main()
