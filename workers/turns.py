"""An AI seat's turn and a hint, as plain functions over the worker's store (no Celery here).

Safe to run twice, in any order, on any number of workers:
- a task names the version it was enqueued for; when the game has moved on it does nothing
  (stale or duplicate), except finishing the follow-up of its own earlier delivery;
- the move is written by the same compare-and-set as every other move, so of two deliveries
  racing for one version exactly one writes.

The AI never sees the hidden truth: the worker first builds a state from the seat's
information alone (`game.sample(state, seat, rng)`, a determinization drawn from what the seat
knows) and hands only that to `ai.choose_move`, which samples further from it. The chosen move
is then checked against the real state like any other move.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import orjson

import ai
from rules.core.moves import Move
from rules.core.protocol import Game
from rules.core.registry import get_game
from rules.core.rng import Rng, seed_state
from service.commits import load_state, plan_move, resolve_move
from service.records import ACTIVE, GameRecord
from service.sync_store import SyncStore

log = logging.getLogger(__name__)

EnqueueNext = Callable[[str, int], None]


def seat_information(game: Game, state: Any, seat: str, seed: str) -> Any:
    """A full state consistent with everything `seat` knows and nothing it does not."""
    return game.sample(state, seat, Rng(seed_state(seed)))


def _ai_seat(game: Game, record: GameRecord, state: Any) -> tuple[str, str] | None:
    seat = game.to_move(state)
    config = record.seat_config(seat) if seat is not None else None
    if config is None or config.kind != "ai":
        return None
    return config.seat, config.level or "medium"


def play_turn(
    store: SyncStore,
    game_id: str,
    version: int,
    task_id: str,
    enqueue_next: EnqueueNext,
    min_seconds: float = 0.0,
) -> str:
    """Play the AI seat's move at `version`. Returns what happened: 'moved', 'stale',
    'resumed' (a redelivery that only re-enqueued its follow-up), 'not-ai' or 'gone'."""
    started = time.monotonic()
    record = store.load(game_id)
    if record is None:
        return "gone"
    if record.version != version or record.status != ACTIVE:
        return _after_stale(store, record, version, task_id, enqueue_next)
    game = get_game(record.game)
    state = load_state(game, record)
    who = _ai_seat(game, record, state)
    if who is None:
        return "not-ai"
    seat, level = who
    seed = f"{record.seed}/ai/{version}"
    try:
        chosen: Move = ai.choose_move(
            game, seat_information(game, state, seat, seed), seat, level, seed
        )
        move = resolve_move(game, state, chosen.id)
        commit, _ = plan_move(game, record, state, seat, move, task=task_id)
    except Exception:
        store.record_ai_task(time.monotonic() - started, failed=True)
        raise
    pause = min_seconds - (time.monotonic() - started)
    if pause > 0:
        time.sleep(pause)
    result = store.commit(record, commit)
    store.record_ai_task(time.monotonic() - started)
    if not result.ok:
        return "stale"
    if commit.next_to_move is not None:
        after = store.load(game_id)
        if after is not None and after.version == commit.version:
            nxt = after.seat_config(commit.next_to_move)
            if nxt is not None and nxt.kind == "ai":
                enqueue_next(game_id, commit.version)
    return "moved"


def _after_stale(
    store: SyncStore, record: GameRecord, version: int, task_id: str, enqueue_next: EnqueueNext
) -> str:
    """A delivery for an old version. If this very task wrote the next version (the worker died
    after the write but before the acknowledgement) and the game still waits on an AI seat at
    that version, the follow-up may never have been enqueued: enqueue it (a duplicate of it
    would be harmless)."""
    if task_id and record.status == ACTIVE and record.version == version + 1:
        entry = store.log_entry(record.id, version + 1)
        if entry is not None and entry.get("task") == task_id:
            game = get_game(record.game)
            if _ai_seat(game, record, load_state(game, record)) is not None:
                enqueue_next(record.id, record.version)
                return "resumed"
    return "stale"


def analyse(
    store: SyncStore, game_id: str, version: int, seat: str, level: str, request_id: str
) -> str:
    """Analyse `seat`'s decision at `version` for a hint and leave the result for the API."""
    record = store.load(game_id)
    if record is None:
        return "gone"
    if record.version != version:
        store.put_hint(
            request_id,
            orjson.dumps(
                {
                    "error": f"the game moved on to version {record.version}; ask again",
                    "version": record.version,
                }
            ),
        )
        return "stale"
    game = get_game(record.game)
    state = load_state(game, record)
    seed = f"{record.seed}/hint/{version}/{seat}"
    moves = ai.analyse(game, seat_information(game, state, seat, seed), seat, level, seed)
    store.put_hint(
        request_id,
        orjson.dumps(
            {
                "game_id": game_id,
                "version": version,
                "seat": seat,
                "level": level,
                "moves": moves,
            }
        ),
    )
    return "analysed"
