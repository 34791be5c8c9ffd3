"""Does the Hunter act on his suspicion? Paired Pagan deals, and at every one of his action
choices whether Ready, Raid and Eliminate were legal on the true witch's villager and taken.

    python benchmarks/experiments/ai_hunter_acts.py --witch easy --hunter easy --deals 20 \
        [--seed acts] [--informed] [--first 0] [--last 20]

`--hunter` and `--witch` are arena specs (a level, `random`, `greedy` or
`level:name=value,...`). `--informed` makes the Hunter a measuring device, not a product: each
of his determinizations is drawn as usual and then given the true witch (in the sampled witch's
place among the undrawn Suspects), so he searches knowing who she is and nothing else; it
measures how well he acts apart from how well he infers. Deals `{seed}-{first}` to
`{seed}-{last - 1}` are played, so chunks of one seed add up.

Prints one JSON object: the Hunter's wins with a Clopper-Pearson 95% interval, end reasons, the
turn each game ended on, and for each of ready, raid and eliminate how many of his action
choices had it legal on her villager and how many took it (`per_deal` lists the winner of each
deal, for pairing rows on the same seed).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from typing import Any, cast

import orjson

from ai.arena import Chooser, Player, parse_spec, play_out
from ai.ratings import clopper_pearson
from rules.core.moves import Move
from rules.core.protocol import Game, Seat
from rules.core.registry import get_game
from rules.core.rng import Rng
from rules.pagan.state import HUNTER, WITCH, PaganState

COUNTED = ("ready", "raid", "eliminate")


def _give_true_witch(world: PaganState, true_witch: str) -> PaganState:
    if world.true_witch != true_witch:
        i = world.suspect_deck.index(true_witch)
        world.suspect_deck[i] = world.true_witch
        world.true_witch = true_witch
    return world


class Informed:
    """Pagan whose Hunter determinizations hold the true witch; every other call goes to the
    game (the Witch's own draws already hold her)."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def sample(self, state: PaganState, seat: Seat, rng: Rng) -> PaganState:
        out: PaganState = self._game.sample(state, seat, rng)
        return _give_true_witch(out, state.true_witch) if seat == HUNTER else out

    def belief_sample(self, state: PaganState, seat: Seat, rng: Rng) -> PaganState:
        out: PaganState = self._game.belief_sample(state, seat, rng)  # type: ignore[attr-defined]
        return _give_true_witch(out, state.true_witch) if seat == HUNTER else out


class Tally:
    """At each of the Hunter's action choices: which counted moves were legal on her villager,
    and which he took."""

    def __init__(self) -> None:
        self.legal: Counter[str] = Counter()
        self.taken: Counter[str] = Counter()


class Watched:
    def __init__(self, player: Player, game: Game, tally: Tally) -> None:
        self.player = player
        self.game = game
        self.tally = tally

    def choose(self, state: PaganState, seed: str) -> Move:
        move = self.player.choose(state, seed)
        if state.stack[-1]["t"] == "act":
            tw = state.true_witch
            for m in self.game.legal_moves(state):
                if m.kind in COUNTED and m.args and m.args[0][1] == tw:
                    self.tally.legal[m.kind] += 1
            if move.kind in COUNTED and move.args and move.args[0][1] == tw:
                self.tally.taken[move.kind] += 1
        return move

    def observe(self, seat: Seat, move: Move) -> None:
        self.player.observe(seat, move)


def measure(
    witch: str, hunter: str, first: int, last: int, seed: str, informed: bool
) -> dict[str, Any]:
    game = get_game("pagan")
    hunter_game = cast(Game, Informed(game)) if informed else game
    tally = Tally()
    reasons: Counter[str] = Counter()
    turns: list[int] = []
    per_deal: list[str] = []
    for g in range(first, last):
        deal = f"{seed}-{g}"
        state = game.new({}, deal)
        seats: dict[Seat, Chooser] = {
            WITCH: Player(game, WITCH, parse_spec(witch)),
            HUNTER: Watched(Player(hunter_game, HUNTER, parse_spec(hunter)), game, tally),
        }
        play_out(game, state, seats, deal)
        outcome = game.outcome(state)
        winner = outcome.winners[0] if outcome and outcome.winners else "unfinished"
        per_deal.append(winner)
        reasons[outcome.reason if outcome else "unfinished"] += 1
        turns.append(state.turn)
    deals = last - first
    wins = per_deal.count(HUNTER)
    return {
        "witch": witch,
        "hunter": hunter,
        "informed": informed,
        "seed": seed,
        "deals": [first, last],
        "hunter_wins": wins,
        "hunter_ci95": [round(x, 4) for x in clopper_pearson(wins, deals)],
        "witch_wins": per_deal.count(WITCH),
        "reasons": dict(reasons),
        "end_turns": sorted(turns),
        "on_her_villager": {k: {"legal": tally.legal[k], "taken": tally.taken[k]} for k in COUNTED},
        "per_deal": per_deal,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--witch", default="easy")
    parser.add_argument("--hunter", default="easy")
    parser.add_argument("--deals", type=int, default=None, help="same as --last")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--last", type=int, default=20)
    parser.add_argument("--seed", default="acts")
    parser.add_argument("--informed", action="store_true")
    args = parser.parse_args(argv)
    last = args.deals if args.deals is not None else args.last
    result = measure(args.witch, args.hunter, args.first, last, args.seed, args.informed)
    sys.stdout.write(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
