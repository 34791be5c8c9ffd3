"""Pagan round-robin games played into a pool, as `coven ladder` plays them, with the village tally.

    python benchmarks/experiments/ai_pagan_counted.py --pool benchmarks/results/pagan-pool.jsonl \
        --tallies FILE --games 100 [--level hard] [--seed bal2] [--scenario 10] \
        [--expansion palisades] [--workers 2] [--first 78] [--hunter SPEC] [--witch SPEC]
    python benchmarks/experiments/ai_pagan_counted.py --summarise FILE [FILE ...]

The games are the round robin's own (`{seed}/{level}/{level}-{k}`, the ladder's options for the
expansion and scenario, both seats at `--level`): each game not yet in the pool for today's code
version is played and its record appended to the pool exactly as `coven ladder --round-robin`
writes it, so the same compute adds to the pooled figures. Each game also writes one JSON line
to `--tallies`: `ai_pagan_balance.py`'s board tally at every Hunter turn start (bare villagers,
Clues in play, her villager held, raidable, eliminable after a Ready), the Hunter turns in which
an Eliminate was legal (on her, on an innocent), and where the Clues went: for each seat and
move kind (with the innermost frames it was asked in, for runs from session 21 on), the Clues
that its moves added to and took from the village (a Ready's, a Raid's and
a skill's costs are the Hunter's own; an innocent's elimination sends every Clue back).
`--hunter` and `--witch` put another player spec on that seat (`hard:iterations=4000`) in the
same deals, so a change to one role's search is measured against the games both seats at
`--level` played (keep such games in a pool file of their own: the ladder rates every spec).
`--summarise` reads tally files and prints, per file, those counts per Hunter turn start and per
game, over all games and by the winner.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from ai_pagan_balance import Board

from ai.arena import Player, parse_spec, play_out
from ai.pool import (
    append_record,
    code_version,
    game_record,
    round_robin_plan,
    unplayed,
)
from rules.core.moves import Move
from rules.core.protocol import Game, Seat
from rules.core.registry import get_game
from rules.pagan.state import PaganState

Job = tuple[dict[str, Any], str, dict[str, str]]


def _clues(s: PaganState) -> int:
    return sum(v.clues for v in s.villagers if v.alive)


def _bare_by_colour(s: PaganState, village: Counter[str]) -> None:
    """Living villagers without a Clue, by colour, and of her colour."""
    colour = s.villager(s.true_witch).colour
    for v in s.villagers:
        if v.alive and not v.clues:
            village[f"bare_{v.colour}"] += 1
            village["bare_her_colour"] += v.colour == colour


class Counted:
    """A seat's player whose positions go to the board tally, and whose moves' effect on the
    Clues in play is kept (the state is changed in place, so after the move it is the same
    object; every player is told of every move, and the first to hear it counts it)."""

    def __init__(self, player: Player, tally: Tally) -> None:
        self.player, self.tally = player, tally

    def choose(self, state: Any, seed: str) -> Move:
        self.tally.before(state)
        move = self.player.choose(state, seed)
        self.tally.pending = move
        return move

    def observe(self, seat: Seat, move: Move) -> None:
        self.tally.after(seat, move)
        self.player.observe(seat, move)


class Tally:
    def __init__(self, game: Game) -> None:
        self.board = Board(game)
        self.added: Counter[str] = Counter()
        self.taken: Counter[str] = Counter()
        self.pending: Move | None = None
        self._state: PaganState | None = None
        self._clues = 0
        self._where = ""

    def before(self, s: PaganState) -> None:
        starts = self.board.counts["hunter_turns"]
        self.board.record(s)
        if self.board.counts["hunter_turns"] > starts:  # a Hunter turn starts: who is bare
            _bare_by_colour(s, self.board.village)
        self._state, self._clues = s, _clues(s)
        # where the move is asked: the three innermost frames (a skill's cost is paid in a
        # `pay_tokens` frame above the visit, a Raid's above the action)
        self._where = "/".join(str(f.get("t")) for f in s.stack[-3:])

    def after(self, seat: Seat, move: Move) -> None:
        if move is not self.pending or self._state is None:
            return
        self.pending = None
        delta = _clues(self._state) - self._clues
        key = f"{seat}:{move.kind}@{self._where}"
        if delta > 0:
            self.added[key] += delta
        elif delta < 0:
            self.taken[key] -= delta


def play_counted(job: Job) -> tuple[dict[str, Any], dict[str, Any]]:
    """One game as `ai.arena.play_game` plays it (`play_out`), tallied: (what the pool keeps of
    it, the tally)."""
    options, deal, texts = job
    game = get_game("pagan")
    state = game.new(options, deal)
    tally = Tally(game)
    players = {s: Counted(Player(game, s, parse_spec(t)), tally) for s, t in texts.items()}
    decisions = play_out(game, state, players, deal)
    outcome = game.outcome(state)
    played = {
        "stats": game.arena_stats(state),  # type: ignore[attr-defined]
        "winners": list(outcome.winners) if outcome is not None else [],
        "reason": outcome.reason if outcome is not None else "unfinished",
        "decisions": decisions,
    }
    board = tally.board
    return played, {
        "seed": deal,
        "witch": state.true_witch,
        "winners": played["winners"],
        "reason": played["reason"],
        "turns": state.turn,
        "innocents_eliminated": state.innocents_eliminated,
        "hunter_turns": board.counts["hunter_turns"],
        "her_villager": {k: v for k, v in board.counts.items() if k != "hunter_turns"},
        "village": dict(board.village),
        "eliminate_legal_turns": dict(Counter(key for _, _, key in board.eliminable)),
        "clues_added": dict(tally.added),
        "clues_taken": dict(tally.taken),
    }


def _indexed(item: tuple[int, Job]) -> tuple[int, tuple[dict[str, Any], dict[str, Any]]]:
    index, job = item
    return index, play_counted(job)


def summarise(tallies: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per Hunter turn start (the board tally) and per game (Eliminates legal, Clues' flow)."""
    turns = sum(t["hunter_turns"] for t in tallies)
    board: Counter[str] = Counter()
    legal: Counter[str] = Counter()
    added: Counter[str] = Counter()
    taken: Counter[str] = Counter()
    for t in tallies:
        board.update(t["her_villager"])
        board.update(t["village"])
        legal.update(t["eliminate_legal_turns"])
        added.update(t["clues_added"])
        taken.update(t["clues_taken"])
    games = len(tallies)
    return {
        "games": games,
        "witch_wins": sum(1 for t in tallies if t["winners"] == ["witch"]),
        "reasons": dict(Counter(t["reason"] for t in tallies)),
        "hunter_turn_starts": turns,
        "per_hunter_turn": {k: round(v / turns, 3) for k, v in sorted(board.items())},
        "eliminate_legal_turns": dict(legal),
        "innocents_eliminated": sum(t["innocents_eliminated"] for t in tallies),
        "clues_added_per_game": {k: round(v / games, 2) for k, v in added.most_common()},
        "clues_taken_per_game": {k: round(v / games, 2) for k, v in taken.most_common()},
    }


def print_summaries(paths: Sequence[str]) -> None:
    for path in paths:
        tallies = [json.loads(line) for line in Path(path).read_text().splitlines() if line]
        by_winner = {
            w: summarise([t for t in tallies if t["winners"] == [w]]) for w in ("witch", "hunter")
        }
        out = {"file": path, **summarise(tallies), "by_winner": by_winner}
        print(json.dumps(out, sort_keys=False))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--summarise", nargs="+", metavar="TALLIES")
    parser.add_argument("--pool")
    parser.add_argument("--tallies", help="one JSON line a game is appended here")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first deal to play")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seed", default="bal2")
    parser.add_argument("--scenario")
    parser.add_argument("--expansion")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--hunter", help="another player spec at the Hunter's seat")
    parser.add_argument("--witch", help="another player spec at the Witch's seat")
    args = parser.parse_args(argv)
    if args.summarise:
        print_summaries(args.summarise)
        return
    if not (args.pool and args.tallies):
        parser.error("--pool and --tallies are needed to play")
    game = get_game("pagan")
    extra = {k: v for k, v in (("expansion", args.expansion), ("scenario", args.scenario)) if v}
    options = game.validate_options({**game.default_options(), **extra})  # as coven/arena.py
    version = code_version()
    plan = round_robin_plan(game.seats(options), [args.level], args.games, args.seed)
    given = {"hunter": args.hunter, "witch": args.witch}
    seats = {seat: parse_spec(text).text for seat, text in given.items() if text}
    plan = [(deal, {**texts, **seats}) for deal, texts in plan]
    todo = unplayed(args.pool, "pagan", options, plan[args.first :], version)
    jobs: list[Job] = [(options, deal, texts) for deal, texts in todo]
    print(json.dumps({"version": version, "to_play": len(jobs)}), file=sys.stderr, flush=True)
    with get_context("spawn").Pool(args.workers) as pool:
        for index, (played, tally) in pool.imap_unordered(_indexed, enumerate(jobs)):
            _, deal, texts = jobs[index]
            record = game_record("pagan", options, deal, texts, played, version)
            append_record(args.pool, record)
            with Path(args.tallies).open("a") as fh:
                fh.write(json.dumps({"version": version, **tally}, sort_keys=True) + "\n")
            print(tally["seed"], tally["reason"], tally["turns"], file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
