"""How much there is still to win: a search that sees what no seat sees against an honest level.

    python benchmarks/ai_oracle.py --game pantacle --players 2 --oracle hard --against medium \
        --deals 50 [--sees everything|hands] [--seed lab]

The oracle is the given level searching with knowledge no seat has (it cheats; it exists only
here). `--sees everything`: its `sample` returns the true state, so it knows every hand, the
order of every pile and every future shuffle. `--sees hands` (Pantacle): its determinizations
are drawn as usual and then given every player's true hand, the rest of the hidden blades going
back to the pile in a random order, so it knows what the others hold but not what comes next.

Each deal is played once with the oracle in each seat, the other seats at `--against`. What the
oracle wins above a seat's share is what that knowledge is worth against that level; `hands`
measures what reading the other hands would be worth to an honest player.

Prints one JSON object: the oracle's wins, the games, its win rate with the Clopper-Pearson 95%
interval, by seat, and the share a seat no better than the others would win.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, cast

import orjson

from ai.agent import Session
from ai.arena import play_out
from ai.ratings import clopper_pearson
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


class HandReader(Clairvoyant):
    """Pantacle whose determinizations hold every player's true hand; the other hidden blades
    are dealt back to the pile at random."""

    def sample(self, state: Any, seat: Seat, rng: Rng) -> Any:
        out = self._game.sample(state, seat, rng)
        pile = out.blade_pile + [b for p in out.players for b in p.hand]
        for p, true in zip(out.players, state.players, strict=True):
            for blade in true.hand:
                pile.remove(blade)
            p.hand = true.hand[:]
            p.seen = true.seen[:]
        rng.shuffle(pile)
        out.blade_pile = pile
        return out

    def belief_sample(self, state: Any, seat: Seat, rng: Rng) -> Any:
        return self.sample(state, seat, rng)


SEERS = {"everything": Clairvoyant, "hands": HandReader}


def play(
    game: Game,
    options: dict[str, Any],
    deal: str,
    oracle_seat: Seat,
    oracle: str,
    against: str,
    sees: str = "everything",
) -> bool:
    """One game; whether the oracle's seat won."""
    seer = cast(Game, SEERS[sees](game))
    s = game.new(options, deal)
    sessions = {
        seat: Session(seer, seat, oracle) if seat == oracle_seat else Session(game, seat, against)
        for seat in game.seats(options)
    }
    play_out(game, s, sessions, deal)
    result = game.outcome(s)
    return result is not None and oracle_seat in result.winners


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="pantacle")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--oracle", default="hard")
    parser.add_argument("--against", default="medium")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--sees", choices=sorted(SEERS), default="everything")
    parser.add_argument("--seed", default="lab")
    args = parser.parse_args(argv)
    if args.sees == "hands" and args.game != "pantacle":
        parser.error("--sees hands is for Pantacle")
    game = get_game(args.game)
    options = game.validate_options({"players": args.players} if args.players else {})
    seats = game.seats(options)
    by_seat = {seat: 0 for seat in seats}
    for deal in range(args.deals):
        for seat in seats:
            by_seat[seat] += play(
                game, options, f"{args.seed}-{deal}", seat, args.oracle, args.against, args.sees
            )
    wins, games = sum(by_seat.values()), args.deals * len(seats)
    lo, hi = clopper_pearson(wins, games)
    out = {
        "game": args.game,
        "options": options,
        "oracle": args.oracle,
        "sees": args.sees,
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
