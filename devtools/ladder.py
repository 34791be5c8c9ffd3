"""A pooled ladder: play a round robin into a pool of game records, then rate the pool.

    python -m devtools.ladder pagan --pool FILE --round-robin random,easy --games 10 --seed rr1
    python -m devtools.ladder pagan --pool FILE     (rate only: every poolable record)

Prints one JSON object: the game, its options, the fingerprint of each rated spec, and the
per-role ratings (`devtools.pool.rate_pool`). Options as in `coven arena`: --players,
--expansion, --scenario, --workers; --no-self-play leaves out each player against itself.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import orjson

from ai import LEVELS
from ai.arena import BadSpec, parse_specs
from devtools.pool import (
    fingerprints,
    play_into_pool,
    poolable,
    rate_pool,
    read_records,
    round_robin_plan,
    same_setting,
)
from rules.core import InvalidOptions, get_game


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m devtools.ladder", description=__doc__)
    p.add_argument("game", help="The game, e.g. pagan.")
    p.add_argument("--pool", required=True, help="The JSONL pool of game records.")
    p.add_argument(
        "--round-robin",
        help="Players, weakest first: every pair plays --games games on paired deals, each "
        "player itself too, into --pool (games it already holds are not played again).",
    )
    p.add_argument("--games", type=int, default=20, help="Games a pair (default 20).")
    p.add_argument("--seed", default="1", help="Run seed (default 1).")
    p.add_argument("--no-self-play", action="store_true", help="No player against itself.")
    p.add_argument("--players", type=int, help="Players (Pantacle).")
    p.add_argument("--expansion", help="An expansion, e.g. palisades (Pagan).")
    p.add_argument("--scenario", help="A scenario, e.g. 10 (Pagan).")
    p.add_argument("--workers", type=int, default=1, help="Processes playing games at once.")
    return p


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Play what the round robin lacks, then rate every poolable record."""
    game = get_game(args.game)
    extra = {k: v for k, v in (("expansion", args.expansion), ("scenario", args.scenario)) if v}
    options = {**game.default_options(), **extra}
    if args.players is not None:
        options["players"] = args.players
    options = game.validate_options(options)
    order: list[str] | None = None
    if args.round_robin is not None:
        order = parse_specs(args.round_robin)
        if args.games < 1:
            raise BadSpec("--games must be at least 1")
        seats = game.seats(options)
        plan = round_robin_plan(seats, order, args.games, args.seed, not args.no_self_play)
        play_into_pool(args.pool, args.game, options, plan, args.workers)
    records = read_records(args.pool)
    specs = {
        text for r in records if same_setting(r, args.game, options) for text in r["seats"].values()
    }
    today = fingerprints(args.game, options, specs)
    pooled = poolable(records, args.game, options, today)
    if order is None:  # rating only: the steps go up the levels, other specs after, by name
        known = ("random", "greedy", *LEVELS)
        seen = {text for r in pooled for text in r["seats"].values()}
        order = [p for p in known if p in seen] + sorted(seen - set(known))
    return {
        "game": args.game,
        "options": options,
        "pool": args.pool,
        "fingerprints": today,
        "pooling": "same game and options, every spec with today's fingerprint; each game once",
        **rate_pool(pooled, per_role=True, order=order),
    }


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        result = run(args)
    except (KeyError, BadSpec, InvalidOptions, ValueError) as exc:
        sys.stderr.write(f"error: {exc.args[0] if exc.args else exc}\n")
        return 2
    sys.stdout.write(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
