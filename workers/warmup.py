"""A worker process's warm-up: the first decisions of every game, played in memory before the
process takes its first task, so that its first real decision costs what later ones do.

Whatever a process does only once (a game's catalog and texts loaded, caches filled, the first
search's interpreter and allocator work) would otherwise land on its first AI decision, and a
decision that takes longer than its answer time is written late: the table would see which
decision was a process's first, and how much work it was.
"""

from __future__ import annotations

import logging
import time
from typing import Final

import orjson

import ai
from gamestore.commits import load_state, plan_move
from gamestore.records import GameRecord, SeatConfig
from rules.core import Rng, game_names, get_game, seed_state

log = logging.getLogger(__name__)

DECISIONS: Final = 6
"""Decisions played per game: enough for each kind of a first turn's work to have run once."""
SEARCH_SECONDS: Final = 0.05
"""The time cap of each warm-up search: the code paths run, the budget does not matter."""


def warm_up(decisions: int = DECISIONS) -> float:
    """Play the first `decisions` decisions of a standard game of every registered game, as a
    worker decides and writes them but in memory (no Redis); the seconds it took."""
    started = time.perf_counter()
    for name in game_names():
        try:
            _play(name, decisions)
        except Exception:  # a warm-up that fails must not stop the worker: its tasks will say
            log.exception("warm-up of %s failed", name)
    seconds = time.perf_counter() - started
    log.info("warm-up: %d games in %.2f s", len(game_names()), seconds)
    return seconds


def _play(name: str, decisions: int) -> None:
    game = get_game(name)
    options = game.default_options()
    state = game.new(options, "warm-up")
    seats = [SeatConfig(seat, "ai", "novice") for seat in game.seats(options)]
    record = GameRecord(
        id="warm-up",
        game=name,
        options=game.to_json(state)["options"],
        seed="warm-up",
        seats=seats,
        version=0,
        state=orjson.dumps(game.to_json(state)),
    )
    for version in range(decisions):
        seat = game.to_move(state)
        if seat is None:
            return
        state = load_state(game, record)
        seed = f"warm-up/{version}"
        info = game.sample(state, seat, Rng(seed_state(seed)))
        ai.decisive_move(game, info, seat, game.legal_moves(info), seed)
        chosen = ai.choose_move(game, info, seat, "novice", seed, {"time_cap": SEARCH_SECONDS})
        move = next(m for m in game.legal_moves(state) if m.id == chosen.id)
        _, state = plan_move(game, record, state, seat, move, task="warm-up")
        record.version += 1
        record.state = orjson.dumps(game.to_json(state))
