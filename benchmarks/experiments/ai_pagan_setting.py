"""Pooled Pagan games in a setting the command line cannot name: any game options, as JSON.

    python benchmarks/experiments/ai_pagan_setting.py --pool FILE --games 100 \
        --options '{"expansion": "palisades", "factions": {"green": "the-household"}}' \
        [--players hard] [--seed bal2] [--workers 2] [--alike VERSION,...]

`coven ladder --round-robin` takes an expansion and a scenario; this takes the whole options
object (validated by the game, so a bad one is refused with the game's message), for settings
that isolate one part of a scenario: scenario 10's board and decks without its three rules are
the options above. The deals are the round robin's (`{seed}/{a}/{b}-{k}`), so each game pairs
with the pooled games of the other settings on the same deal (and, for a setting that only
drops a scenario's rules, with the same witch); games already in the pool are not played
again, nor those an older code version in `--alike` played (one that plays these games move
for move as today's, docs/ai.md).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from ai.arena import BadSpec, parse_specs
from ai.pool import play_into_pool, round_robin_plan
from rules.core.errors import InvalidOptions
from rules.core.registry import get_game


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pool", required=True, help="the JSONL pool the games go into")
    parser.add_argument("--options", required=True, help="game options, a JSON object")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", default="hard", help="round robin players, weakest first")
    parser.add_argument("--seed", default="bal2")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--alike", default="", help="older code versions that play alike, comma-separated"
    )
    args = parser.parse_args(argv)
    game = get_game("pagan")
    try:
        options = game.validate_options({**game.default_options(), **json.loads(args.options)})
    except (InvalidOptions, ValueError) as exc:
        raise SystemExit(f"bad --options: {exc}") from None
    try:
        players = parse_specs(args.players)
    except BadSpec as exc:
        raise SystemExit(f"bad --players: {exc}") from None
    plan = round_robin_plan(game.seats(options), players, args.games, args.seed)
    alike = [v for v in args.alike.split(",") if v]
    played = play_into_pool(args.pool, "pagan", options, plan, args.workers, alike=alike)
    print(json.dumps({"options": options, "planned": len(plan), "played": played}))


if __name__ == "__main__":
    main()
