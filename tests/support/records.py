"""Games played the way the service writes them, without Redis: each move planned by
`gamestore.commits` and stamped by `gamestore.provenance`, kept as the log entries the store
would hold, so records can be built and replayed in unit tests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import orjson

from gamestore import provenance
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


def _write(record: GameRecord, commit: Commit, log: list[LogEntry]) -> GameRecord:
    (stamped,) = provenance.stamp(record, [commit])
    log.append(
        LogEntry(stamped.version, stamped.seat, stamped.kind, stamped.public, stamped.private)
    )
    return replace(
        record,
        version=stamped.version,
        state=stamped.state,
        status=stamped.status,
        outcome=stamped.outcome,
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
) -> tuple[GameRecord, list[LogEntry]]:
    """Play `record`'s game with `choose` to its end (or `limit` decisions; `resign_at`: the
    seat to move resigns at that version), as the service would write it."""
    log: list[LogEntry] = []
    state = game.from_json(orjson.loads(record.state))
    while record.status == ACTIVE and record.version < limit:
        seat = game.to_move(state)
        assert seat is not None
        if record.version == resign_at:
            record = _write(record, plan_resign(game, record, state, seat), log)
            break
        move = choose(state, game.legal_moves(state))
        commit, state = plan_move(game, record, state, seat, move)
        record = _write(record, commit, log)
    return record, log
