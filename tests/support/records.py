"""Games played the way the service writes them, without Redis: each move planned by
`gamestore.commits` and stamped by `gamestore.provenance`, kept as the log entries the store
would hold (and the undo window's states as the store's list holds them, `gamestore.undo`), so
records can be built and replayed in unit tests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import orjson

from gamestore import provenance, undo
from gamestore.commits import Commit, plan_move, plan_resign
from gamestore.records import ACTIVE, GameRecord, SeatConfig
from gamestore.transcripts import LogEntry
from rules.core import Game, Move, Rng

Chooser = Callable[[Any, list[Move]], Move]


def new_record(
    game: Game, options: dict[str, Any], seed: str, salt: str = "ab" * 32, game_id: str = "g1"
) -> GameRecord:
    """A stored game at version 0 as `GameService.store_new` makes it (all seats human)."""
    full = game.validate_options(dict(options))
    state = game.new(full, seed)
    return GameRecord(
        id=game_id,
        game=game.name,
        options=full,
        seed=seed,
        seats=[SeatConfig(seat, "human") for seat in game.seats(full)],
        version=0,
        state=orjson.dumps(game.to_json(state)),
        status=ACTIVE,
        created=1_700_000_000.0,
        salt=salt,
        seed_commitment=provenance.seed_commitment(seed, salt) if salt else "",
        seed_chosen=False if salt else None,
    )


def _write(
    record: GameRecord, commit: Commit, log: list[LogEntry], states: list[bytes]
) -> GameRecord:
    (stamped,) = provenance.stamp(record, [commit])
    log.append(
        LogEntry(stamped.version, stamped.seat, stamped.kind, stamped.public, stamped.private)
    )
    return written(record, stamped, states)


def written(record: GameRecord, commit: Commit, states: list[bytes]) -> GameRecord:
    """`record` with `commit` written as the store writes it, its undo states (`states`, the
    store's list beside the game) kept alike."""
    window = undo.stack_write(record, [commit])
    if window.reset:
        states.clear()
    if window.pop:
        states.pop()
    states.extend(window.push)
    return replace(
        record,
        version=commit.version,
        state=commit.state,
        status=commit.status,
        outcome=commit.outcome,
        undo=orjson.loads(window.field) if window.field else None,
    )


def random_chooser(seed: int) -> Chooser:
    rng = Rng(seed)
    return lambda state, moves: moves[rng.below(len(moves))]


def play(
    game: Game,
    record: GameRecord,
    choose: Chooser,
    limit: int = 100_000,
    resign_at: int | None = None,
    take_back: Callable[[], bool] | None = None,
) -> tuple[GameRecord, list[LogEntry]]:
    """Play `record`'s game with `choose` to its end (or `limit` decisions; `resign_at`: the
    seat to move resigns at that version), as the service would write it; whenever the seat
    to move may undo and `take_back()` says so, it takes back its latest decision."""
    log: list[LogEntry] = []
    states: list[bytes] = []
    state = game.from_json(orjson.loads(record.state))
    while record.status == ACTIVE and record.version < limit:
        seat = game.to_move(state)
        assert seat is not None
        if record.version == resign_at:
            record = _write(record, plan_resign(game, record, state, seat), log, states)
            break
        if take_back is not None and undo.can_undo(record, seat) and take_back():
            restored = states[-1]
            commit = undo.plan_undo(game, record, state, seat, restored)
            state = game.from_json(orjson.loads(restored))
            record = _write(record, commit, log, states)
            continue
        move = choose(state, game.legal_moves(state))
        commit, state = plan_move(game, record, state, seat, move)
        record = _write(record, commit, log, states)
    return record, log
