"""How often a level passes a Pantacle bribe it could have paid: the likelihood an AI reading the
table's passes would give a pass that a deal makes affordable (see the README's fifth round of
AI figures, where such a reading was measured).

    python benchmarks/ai_pantacle_passes.py --level medium --players 2 --games 20 [--seed passrate]

Every seat plays `--level`; at each offer it is recorded whether the seat could pay and whether
it bribed. Prints one JSON object: offers, offers it could pay, passes among those, the rate
with its Clopper-Pearson 95% interval, and the same by Favor.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import orjson

from ai.arena import Player, parse_spec, play_out
from ai.ratings import clopper_pearson
from rules.core.moves import Move
from rules.core.protocol import Seat
from rules.core.registry import get_game
from rules.pantacle.state import PantacleState
from rules.pantacle.turn import can_bribe


class Tally:
    """Counts, per Favor, the offers a seat could pay and the passes among them."""

    def __init__(self) -> None:
        self.offers = 0
        self.able: dict[str, int] = {}
        self.passed: dict[str, int] = {}

    def record(self, s: PantacleState, move: Move) -> None:
        frame = s.stack[-1]
        favor = s.announced
        if frame["t"] != "offer" or favor is None:
            return
        self.offers += 1
        if can_bribe(s, frame["seat"], favor):
            self.able[favor] = self.able.get(favor, 0) + 1
            if move.kind == "pass":
                self.passed[favor] = self.passed.get(favor, 0) + 1


class Watched:
    """A seat's player whose every choice is shown to the tally first."""

    def __init__(self, player: Player, tally: Tally) -> None:
        self.player = player
        self.tally = tally

    def choose(self, state: Any, seed: str) -> Move:
        move = self.player.choose(state, seed)
        self.tally.record(state, move)
        return move

    def observe(self, seat: Seat, move: Move) -> None:
        self.player.observe(seat, move)


def measure(level: str, players: int, games: int, seed: str) -> dict[str, Any]:
    game = get_game("pantacle")
    spec = parse_spec(level)
    options = {"players": players}
    tally = Tally()
    for g in range(games):
        deal = f"{seed}-{g}"
        state = game.new(options, deal)
        seats = {s: Watched(Player(game, s, spec), tally) for s in game.seats(options)}
        play_out(game, state, seats, deal)
    able = sum(tally.able.values())
    passed = sum(tally.passed.values())
    return {
        "level": level,
        "players": players,
        "games": games,
        "seed": seed,
        "offers": tally.offers,
        "able": able,
        "passed_when_able": passed,
        "rate": round(passed / able, 4) if able else None,
        "ci95": [round(x, 4) for x in clopper_pearson(passed, able)] if able else None,
        "by_favor": {
            f: {"able": n, "passed": tally.passed.get(f, 0)} for f, n in sorted(tally.able.items())
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="medium")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", default="passrate")
    args = parser.parse_args(argv)
    result = measure(args.level, args.players, args.games, args.seed)
    sys.stdout.write(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
