"""How much there is still to win: a search that sees everything against an honest level.

    python benchmarks/ai_oracle.py --game pantacle --players 2 --oracle hard --against medium \
        --deals 50 [--seed lab]

The oracle is the given level searching the true state: its `sample` returns the state itself,
so it knows every hand, the order of every pile and every future shuffle (it cheats; it exists
only here). Each deal is played once with the oracle in each seat, the other seats at
`--against`. Where even this cheat wins little more than a seat's share, a game is decided by
luck more than by anything a stronger honest player could find, which bounds how far apart
honest levels can be.

Prints one JSON object: the oracle's wins, the games, its win rate with the Clopper-Pearson 95%
interval, by seat, and the share a seat no better than the others would win.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, cast

import orjson

from ai.agent import Session
from coven.arena import clopper_pearson
from rules.core.protocol import Game, Seat
from rules.core.registry import get_game
from rules.core.rng import Rng


class Clairvoyant:
    """`game` whose determinizations are the true state: every call but `sample` and
    `belief_sample` goes to `game`."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def sample(self, state: Any, seat: Seat, rng: Rng) -> Any:
        return self._game.clone(state)

    def belief_sample(self, state: Any, seat: Seat, rng: Rng) -> Any:
        return self._game.clone(state)


def play(
    game: Game, options: dict[str, Any], deal: str, oracle_seat: Seat, oracle: str, against: str
) -> bool:
    """One game; whether the oracle's seat won."""
    seer = cast(Game, Clairvoyant(game))
    s = game.new(options, deal)
    sessions = {
        seat: Session(seer, seat, oracle) if seat == oracle_seat else Session(game, seat, against)
        for seat in game.seats(options)
    }
    k = 0
    while (seat := game.to_move(s)) is not None:
        move = sessions[seat].choose(s, f"{deal}/{k}")
        k += 1
        game.apply_unchecked(s, move)
        for session in sessions.values():
            session.observe(seat, move)
    result = game.outcome(s)
    return result is not None and oracle_seat in result.winners


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="pantacle")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--oracle", default="hard")
    parser.add_argument("--against", default="medium")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", default="lab")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    options = game.validate_options({"players": args.players} if args.players else {})
    seats = game.seats(options)
    by_seat = {seat: 0 for seat in seats}
    for deal in range(args.deals):
        for seat in seats:
            by_seat[seat] += play(
                game, options, f"{args.seed}-{deal}", seat, args.oracle, args.against
            )
    wins, games = sum(by_seat.values()), args.deals * len(seats)
    lo, hi = clopper_pearson(wins, games)
    out = {
        "game": args.game,
        "options": options,
        "oracle": args.oracle,
        "against": args.against,
        "oracle_wins": wins,
        "games": games,
        "oracle_win_rate": round(wins / games, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "by_seat": {seat: {"games": args.deals, "oracle_wins": n} for seat, n in by_seat.items()},
        "even_share": round(1 / len(seats), 4),
    }
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
