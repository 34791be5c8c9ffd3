"""Pooled Pagan games' Witch wins by her villager, its colour and its faction.

    python benchmarks/experiments/ai_pagan_by_villager.py POOL [POOL ...] \
        [--version 13616652] [--level hard] [--scenario 10]

For each pool file, the equal-level games at `--level` (and, when given, of that code version
prefix and that scenario; "standard" for none) are grouped by the witch's villager. The pool
keeps the deal seed, not the witch, so each game's first state is dealt again from its options
and seed; the deal puts the witch on the same board place under any data change that keeps the
number of villagers, so this reads every probe's pool. Prints one JSON object per pool, with
exact 95% intervals by colour and by faction.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ai.pool import read_records
from ai.ratings import clopper_pearson
from rules.core.registry import get_game
from rules.pagan.board import VILLAGERS


def selected(
    records: Iterable[Mapping[str, Any]], version: str, level: str, scenario: str | None
) -> list[Mapping[str, Any]]:
    """The equal-level games of `version`: a code version prefix, or several separated by commas
    for versions that play alike (each deal then counted once, from the first version listed
    that played it)."""
    prefixes = version.split(",")
    games: dict[str, tuple[int, Mapping[str, Any]]] = {}
    for r in records:
        rank = next((i for i, p in enumerate(prefixes) if r["version"].startswith(p)), None)
        if (
            rank is None
            or r["game"] != "pagan"
            or r["seats"] != {"hunter": level, "witch": level}
            or (scenario is not None and str(r["options"].get("scenario", "standard")) != scenario)
        ):
            continue
        key = json.dumps([r["options"], r["seed"]], sort_keys=True)
        if key not in games or rank < games[key][0]:
            games[key] = (rank, r)
    return [r for _, r in games.values()]


def _table(counts: Mapping[str, list[int]]) -> dict[str, dict[str, Any]]:
    out = {}
    for key, (wins, games) in sorted(counts.items()):
        low, high = clopper_pearson(wins, games)
        out[key] = {"witch": wins, "games": games, "ci95": [round(low, 2), round(high, 2)]}
    return out


def by_villager(records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Witch wins and games by the witch's villager, colour and faction."""
    game = get_game("pagan")
    groups: dict[str, dict[str, list[int]]] = {
        "colour": defaultdict(lambda: [0, 0]),
        "faction": defaultdict(lambda: [0, 0]),
        "villager": defaultdict(lambda: [0, 0]),
    }
    wins = 0
    for record in records:
        witch = VILLAGERS[game.new(record["options"], record["seed"]).true_witch]
        won = int("witch" in record["winners"])
        wins += won
        for kind, key in (
            ("colour", witch.colour),
            ("faction", witch.faction),
            ("villager", witch.id),
        ):
            groups[kind][key][0] += won
            groups[kind][key][1] += 1
    return {"witch": wins, "games": len(records), **{k: _table(v) for k, v in groups.items()}}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pools", nargs="+", help="JSONL pool files")
    parser.add_argument(
        "--version",
        default="",
        help="a code version prefix, or several joined by commas (default: any)",
    )
    parser.add_argument("--level", default="hard", help="the level at both seats")
    parser.add_argument("--scenario", default=None, help='a scenario ("standard" for none)')
    args = parser.parse_args(argv)
    for path in args.pools:
        records = selected(read_records(path), args.version, args.level, args.scenario)
        print(json.dumps({"pool": path, **by_villager(records)}))


if __name__ == "__main__":
    main()
