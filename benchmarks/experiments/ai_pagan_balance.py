"""Pagan's role balance under given players: how often each side wins, how soon, and where the
Witch's villager stands when the Hunter's turns begin (see the README's sixth round of AI figures).

    python benchmarks/ai_pagan_balance.py --witch easy --hunter easy --deals 20 [--seed balance]
                                          [--scenario 1] [--expansion palisades]

Every deal is played once, `--witch` (a level, `random`, `greedy` or `level:name=value,...`)
as the Witch and `--hunter` as the Hunter. Prints one JSON object: the Witch's wins with a
Clopper-Pearson 95% interval, the Hunter's wins, unfinished games, end reasons, the turn each game
ended on, and at the start of every Hunter turn how often the true witch's villager
- holds one of the Witch's pawns (she visited it; it stays occupied through his turn),
- holds one with no Clue on it (he cannot Ready it, so he can neither Raid nor Eliminate it),
- is raidable (ready, and 3 Clues on villagers of its colour),
- shows her progress (a Favor, or 3 Secrets);
and how the village stands for an elimination (3 Clues on the villager and a Clue on every living
one): the mean number of living villagers without a Clue and of Clues in play, how often none is
bare, and how often her villager could be eliminated after a Ready (3 Clues on it, none bare);
the Hunter turns in which an Eliminate was legal at one of his decisions (on her villager, on an
innocent's) and the innocents eliminated.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from typing import Any

import orjson

from ai.arena import Player, parse_spec, play_out
from ai.ratings import clopper_pearson
from rules.core.moves import Move
from rules.core.protocol import Game, Seat
from rules.core.registry import get_game
from rules.pagan.state import HUNTER, WITCH, PaganState


class Board:
    """Counts what the true witch's villager looks like at each Hunter turn start."""

    def __init__(self, game: Game) -> None:
        self.rules = game
        self.counts: Counter[str] = Counter()
        self.village: Counter[str] = Counter()
        self.eliminable: set[tuple[int, int, str]] = set()  # (deal, game turn, on whom)
        self.deal = 0  # the index of the deal being played
        self._last: tuple[int, int, str] | None = None

    def record(self, s: PaganState) -> None:
        turn = (self.deal, s.turn, s.active)
        if s.active == HUNTER:
            # Legal at any of his decisions this turn: counted once per turn.
            for m in self.rules.legal_moves(s):
                if m.kind == "eliminate":
                    key = "her" if m.args[0][1] == s.true_witch else "an_innocent"
                    self.eliminable.add((self.deal, s.turn, key))
        if turn == self._last:
            return
        self._last = turn
        if s.active != HUNTER:
            return
        tw = s.villager(s.true_witch)
        colour_clues = sum(v.clues for v in s.villagers if v.alive and v.colour == tw.colour)
        held = tw.witch_pawns > 0
        self.counts["hunter_turns"] += 1
        self.counts["held_by_her_pawn"] += held
        self.counts["held_without_clue"] += held and tw.clues == 0
        self.counts["raidable"] += tw.ready and colour_clues >= 3
        self.counts["shows_progress"] += tw.favors > 0 or tw.secrets >= 3
        living = [v for v in s.villagers if v.alive]
        bare = sum(1 for v in living if v.clues == 0)
        self.village["bare_villagers"] += bare
        self.village["clues_in_play"] += sum(v.clues for v in living)
        self.village["none_bare"] += bare == 0
        self.village["her_eliminable_after_a_ready"] += bare == 0 and tw.clues >= 3


class Watched:
    """A seat's player whose every position is shown to the board tally first."""

    def __init__(self, player: Player, board: Board) -> None:
        self.player = player
        self.board = board

    def choose(self, state: Any, seed: str) -> Move:
        self.board.record(state)
        return self.player.choose(state, seed)

    def observe(self, seat: Seat, move: Move) -> None:
        self.player.observe(seat, move)


def measure(
    witch: str, hunter: str, deals: int, seed: str, options: dict[str, Any]
) -> dict[str, Any]:
    game = get_game("pagan")
    specs = {WITCH: parse_spec(witch), HUNTER: parse_spec(hunter)}
    board = Board(game)
    winners: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    turns: list[int] = []
    innocents = 0
    for g in range(deals):
        deal = f"{seed}-{g}"
        state = game.new(options, deal)
        board.deal = g
        seats = {seat: Watched(Player(game, seat, spec), board) for seat, spec in specs.items()}
        play_out(game, state, seats, deal)
        outcome = game.outcome(state)
        winners[outcome.winners[0] if outcome and outcome.winners else "unfinished"] += 1
        reasons[outcome.reason if outcome else "unfinished"] += 1
        turns.append(state.turn)
        innocents += state.innocents_eliminated
    hunter_turns = board.counts["hunter_turns"]
    return {
        "witch": witch,
        "hunter": hunter,
        "options": options,
        "deals": deals,
        "seed": seed,
        "witch_wins": winners[WITCH],
        "witch_ci95": [round(x, 4) for x in clopper_pearson(winners[WITCH], deals)],
        "hunter_wins": winners[HUNTER],
        "unfinished": deals - winners[WITCH] - winners[HUNTER],
        "reasons": dict(reasons),
        "end_turns": sorted(turns),
        "hunter_turn_starts": hunter_turns,
        "her_villager": {
            name: {"turns": n, "share": round(n / hunter_turns, 3) if hunter_turns else None}
            for name, n in board.counts.items()
            if name != "hunter_turns"
        },
        # means (counts) and shares (yes/no) per Hunter turn start
        "village": {
            name: round(n / hunter_turns, 3) if hunter_turns else None
            for name, n in board.village.items()
        },
        # Hunter turns in which an Eliminate was legal at one of his decisions, on her villager
        # or on an innocent's
        "eliminate_legal_turns": dict(Counter(key for _, _, key in board.eliminable)),
        "innocents_eliminated": innocents,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--witch", default="easy")
    parser.add_argument("--hunter", default="easy")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", default="balance")
    parser.add_argument("--scenario")
    parser.add_argument("--expansion")
    args = parser.parse_args(argv)
    options = {k: v for k, v in (("scenario", args.scenario), ("expansion", args.expansion)) if v}
    result = measure(args.witch, args.hunter, args.deals, args.seed, options)
    sys.stdout.write(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
