"""Recorded games kept as regression fixtures, the 18xx way: one abridged record per game in
tests/records/games/ (docs/records.md), AI games at novice, easy and medium in every
configuration of the conformance suite and each of its option sets. `test_recorded_games.py`
replays every one and checks every version's state hash; a rule change that alters any of them
fails, naming the game, the version, the seat and the move.

Regenerate them (only when a rule changes on purpose, and say so in the commit):

    .venv/bin/python -m tests.records.fixtures [--only NAME-PREFIX]

The games are played the way the service writes them (each move planned by
`gamestore.commits`, stamped by `gamestore.provenance`, the record built by
`gamestore.transcripts`), with every seat an `ai.Session` of the level. AI searches stop at a
time cap, so a regenerated game may differ from the one it replaces; a fixture is what was
played, and checking it needs no AI.

Beside them, games with undos (`UNDO_GAMES`, `gamestore.undo`): human seats playing seeded
random moves and taking back a decision a quarter of the times they may, so that a replay
meets every case of undo (one decision, several in a row, back to the turn's start).
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import orjson

import ai
from gamestore import transcripts
from gamestore.records import SeatConfig
from rules.core import Game, Move, Options, Rng, get_game
from tests.support.records import new_record, play, random_chooser

GAMES = Path(__file__).resolve().parent / "games"
LEVELS = ("novice", "easy", "medium")


def fixtures() -> list[tuple[str, str, Options, str]]:
    """(file name, game, options, level) of every fixture."""
    from tests.test_game_conformance import CONFIGURATIONS

    out = []
    for config in CONFIGURATIONS:
        for set_name, options in config.option_sets.items():
            for level in LEVELS:
                name = f"{config.id}-{set_name}-{level}" if config.id == "pagan" else None
                name = name or f"{config.id}-{level}"
                out.append((name, config.game_name, options, level))
    return out


UNDO_GAMES: dict[str, tuple[str, Options]] = {
    "pagan-undo": ("pagan", {"max_turns": 4}),
    "pantacle-3p-undo": ("pantacle", {"players": 3}),
}
"""Fixtures of games with undos: file name -> (game, options)."""


def dumps(doc: dict[str, Any]) -> bytes:
    """A record as JSON with one decision a line, so that a diff of two reads line by line."""
    head = [
        orjson.dumps(k) + b": " + orjson.dumps(v, option=orjson.OPT_SORT_KEYS)
        for k, v in doc.items()
        if k != "decisions"
    ]
    decisions = b",\n".join(b"  " + orjson.dumps(d) for d in doc["decisions"])
    return b"{\n" + b",\n".join(head) + b',\n"decisions": [\n' + decisions + b"\n]}\n"


class Sessions:
    """Every seat an `ai.Session` at one level, each told of every move (a `Chooser`)."""

    def __init__(self, game: Game, seats: list[str], level: str, seed: str) -> None:
        self.game = game
        self.sessions = {seat: ai.Session(game, seat, level) for seat in seats}
        self.seed = seed
        self.decisions = 0

    def __call__(self, state: Any, moves: list[Move]) -> Move:
        seat = self.game.to_move(state)
        assert seat is not None
        move = self.sessions[seat].choose(state, f"{self.seed}/{self.decisions}")
        self.decisions += 1
        for session in self.sessions.values():
            session.observe(seat, move)
        return move


def record(name: str, game_name: str, options: Options, level: str) -> dict[str, Any]:
    """Play the fixture's game and return its abridged record."""
    game = get_game(game_name)
    seed = f"fixture/{name}"
    start = new_record(game, options, seed, game_id=name)
    start = replace(
        start,
        seats=[SeatConfig(c.seat, "ai", level) for c in start.seats],
        created=0.0,
    )
    finished, log = play(game, start, Sessions(game, [c.seat for c in start.seats], level, seed))
    return transcripts.abridge(transcripts.build(game, finished, log, None))


def undo_record(name: str) -> dict[str, Any]:
    """Play an undo fixture's game (human seats, random moves, undos) and return its record."""
    game_name, options = UNDO_GAMES[name]
    game = get_game(game_name)
    seed = f"fixture/{name}"
    start = replace(new_record(game, options, seed, game_id=name), created=0.0)
    rng = Rng(7)
    finished, log = play(game, start, random_chooser(11), take_back=lambda: rng.below(4) == 0)
    return transcripts.abridge(transcripts.build(game, finished, log, None))


def main(argv: list[str]) -> int:
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    GAMES.mkdir(exist_ok=True)
    for name in UNDO_GAMES:
        if name.startswith(only):
            doc = undo_record(name)
            (GAMES / f"{name}.json").write_bytes(dumps(doc))
            undos = sum(d["kind"] == "undo" for d in doc["decisions"])
            print(f"{name}: {doc['version']} decisions, {undos} undos, {doc['outcome']['reason']}")
    for name, game_name, options, level in fixtures():
        if not name.startswith(only):
            continue
        started = time.process_time()
        doc = record(name, game_name, options, level)
        (GAMES / f"{name}.json").write_bytes(dumps(doc))
        seconds = time.process_time() - started
        print(f"{name}: {doc['version']} decisions, {doc['outcome']['reason']}, {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
