"""Random-playout speed of a game's rules engine, on one core.

    python benchmarks/random_playouts.py [--game pagan] [--games 300] [--seed 1] [--players P]

Prints one JSON object. Exits 1 (after printing it) when any game raised, since a speed measured
over failing games means nothing. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys

import orjson

from coven.simulate import play_random
from rules.core import JsonValue, get_game


def pin_to_one_core() -> None:
    """Keep the run on one core (where the OS allows it) so figures compare across machines."""
    if hasattr(os, "sched_setaffinity"):
        cores = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cores[0]})


def measure(
    game_name: str, games: int, seed: str, max_decisions: int, players: int | None = None
) -> dict[str, JsonValue]:
    game = get_game(game_name)
    options = game.default_options()
    if players is not None:
        options["players"] = players
    tally = play_random(game, games, seed, game.validate_options(options), max_decisions)
    if tally.first_error is not None:
        sys.stderr.write(f"{tally.errors} game(s) raised; the first:\n{tally.first_error}")
    return {
        "game": game_name,
        **({"players": tally.players} if tally.players is not None else {}),
        "games": games,
        "decisions": tally.decisions,
        "seconds": round(tally.seconds, 3),
        "decisions_per_second": round(tally.decisions_per_second, 1),
        "games_per_second": round(games / tally.seconds, 2) if tally.seconds > 0 else 0.0,
        "avg_decisions_per_game": round(tally.avg_decisions, 2),
        "python": platform.python_version(),
        **({"errors": tally.errors} if tally.errors else {}),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="pagan", help="registered game name (default pagan)")
    parser.add_argument("--games", type=int, default=300, help="games to play (default 300)")
    parser.add_argument("--seed", default="1", help="run seed (default 1)")
    parser.add_argument("--max-decisions", type=int, default=10_000, help="cap per game")
    parser.add_argument("--players", type=int, help="number of players (games that have a choice)")
    args = parser.parse_args(argv)
    pin_to_one_core()
    result = measure(args.game, args.games, args.seed, args.max_decisions, args.players)
    sys.stdout.write(orjson.dumps(result).decode() + "\n")
    return 1 if "errors" in result else 0


if __name__ == "__main__":
    sys.exit(main())
