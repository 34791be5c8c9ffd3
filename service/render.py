"""What a seat (or a spectator) is shown of a game: one plain dict, the same for REST and
GraphQL. Everything in it comes from the Game protocol's `view`, `to_move` and `legal_moves`
for that seat; the seed and the move ids of other seats are never included (the commitment to
the seed is, `gamestore.provenance`)."""

from __future__ import annotations

import time
from typing import Any

from gamestore import clocks, undo
from gamestore.records import FINISHED, GameRecord
from rules.core import Game


def seats_json(record: GameRecord) -> list[dict[str, Any]]:
    return [
        {
            "seat": c.seat,
            "kind": c.kind,
            "level": c.level,
            "open": c.kind == "human" and c.seat not in record.token_hashes,
            "name": record.names.get(c.seat),
        }
        for c in record.seats
    ]


def named_events(record: GameRecord, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events with the display name of the seat each one names (None: the seat has none)."""
    return [{**e, "seat_name": record.names.get(e["seat"])} for e in events]


def seat_game(
    game: Game, record: GameRecord, state: Any, viewer: str | None, events: list[dict[str, Any]]
) -> dict[str, Any]:
    finished = record.status == FINISHED
    to_move = None if finished else game.to_move(state)
    mine = viewer is not None and to_move == viewer
    return {
        "id": record.id,
        "game": record.game,
        "version": record.version,
        "seat": viewer,
        "status": record.status,
        "to_move": to_move,
        "your_decision": mine,
        "seats": seats_json(record),
        "options": record.options,
        "view": game.view(state, viewer),
        "legal_moves": [m.to_json() for m in game.legal_moves(state)] if mine else [],
        # Whether this seat may take back a decision now (`gamestore.undo`): only ever its own.
        "can_undo": mine and undo.can_undo(record, viewer),
        "outcome": record.outcome,
        "events": named_events(record, events),
        "rematch": record.rematch or None,
        "clock": clocks.snapshot(record, time.time()),
        "fill_open_seats": fill_json(record),
        # Published at creation; the seed and salt behind it only in a finished game's record.
        "seed_commitment": record.seed_commitment or None,
        # What the game hid, once it is over however it ended (a resignation too).
        "revealed": game.revealed(state) if finished else None,
    }


def fill_json(record: GameRecord) -> dict[str, Any] | None:
    """The game's AI fill-in of open seats, and when it takes them (None: no fill-in)."""
    fill = clocks.fill_of(record)
    if fill is None:
        return None
    return {**fill.to_json(), "at": clocks.iso(record.created + fill.after_seconds)}


def lobby_entry(record: GameRecord) -> dict[str, Any]:
    return {
        "id": record.id,
        "game": record.game,
        "options": options_summary(record.options),
        "seats": seats_json(record),
        "open_seats": record.open_seats(),
        "created": record.created,
    }


def options_summary(options: dict[str, Any]) -> dict[str, Any]:
    """Options as the lobby lists them: every deck in them (a mapping of card ids to copies)
    as {"cards", "distinct"}; the game's own read has them in full. It knows no game: any
    nested mapping whose values are all counts is taken for a deck."""
    return {k: _summary(v) for k, v in options.items()}


def _summary(value: Any) -> Any:
    if isinstance(value, dict):
        counts = list(value.values())
        if counts and all(type(c) is int for c in counts):
            return {"cards": sum(counts), "distinct": len(counts)}
        return {k: _summary(v) for k, v in value.items()}
    return value
