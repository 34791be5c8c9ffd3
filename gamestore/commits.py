"""Move planning: what a move or a resignation writes, as pure functions from a loaded game to
a `Commit`. A move the rules refuse raises the rules' own `IllegalMove`; the API turns it into
its error at its edge.

The API and the AI workers both plan their writes here and then hand the `Commit` to the same
compare-and-set script, so a move means the same thing whoever makes it.

Events: every commit appends one entry to the game's move log. Its public part (who decided,
what kind of change, and the JSON Patch of the spectator's view) goes to every seat and to
spectators; the move itself (id, value, label) goes only to the seat that made it, because a
move's label may name cards that only its maker holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from gamestore import patch
from gamestore.records import ACTIVE, FINISHED, GameRecord
from rules.core.errors import IllegalMove
from rules.core.moves import JsonValue, Move, find_move
from rules.core.protocol import Game


@dataclass(frozen=True, slots=True)
class Commit:
    """One write: from `expected` version to `expected + 1`."""

    expected: int
    state: bytes
    status: str
    outcome: dict[str, Any] | None
    seat: str
    kind: str  # "move" or "resign"
    move_id: str
    public: dict[str, Any]
    private: dict[str, Any]
    next_to_move: str | None
    task: str = ""

    @property
    def version(self) -> int:
        return self.expected + 1

    def stream_fields(self) -> dict[str, str | bytes]:
        return {
            "v": str(self.version),
            "seat": self.seat,
            "kind": self.kind,
            "move": self.move_id,
            "public": orjson.dumps(self.public),
            "private": orjson.dumps(self.private),
            "task": self.task,
        }


def load_state(game: Game, record: GameRecord) -> Any:
    return game.from_json(orjson.loads(record.state))


def resolve_move(game: Game, state: Any, submitted: str | dict[str, JsonValue]) -> Move:
    """The legal move a submission names (its id or its value), else `IllegalMove` with the
    rules' reason. Call only when it is the submitting seat's decision."""
    found = find_move(game.legal_moves(state), submitted)
    if found is not None:
        return found
    game.apply(state, submitted)  # raises the rules' reason why not
    raise IllegalMove("that is not one of the legal moves", submitted)


def plan_move(
    game: Game, record: GameRecord, state: Any, seat: str, move: Move, task: str = ""
) -> tuple[Commit, Any]:
    """The commit of `seat` playing the legal `move`, and the new state (`IllegalMove` when the
    rules refuse it)."""
    new_state = game.apply(state, move)
    outcome = game.outcome(new_state)
    finished = outcome is not None or game.to_move(new_state) is None
    version = record.version + 1
    public = {
        "version": version,
        "seat": seat,
        "kind": "move",
        "changes": patch.diff(game.view(state, None), game.view(new_state, None)),
    }
    commit = Commit(
        expected=record.version,
        state=orjson.dumps(game.to_json(new_state)),
        status=FINISHED if finished else ACTIVE,
        outcome=outcome.to_json() if outcome is not None else None,
        seat=seat,
        kind="move",
        move_id=move.id,
        public=public,
        private={"move": move.to_json()},
        next_to_move=None if finished else game.to_move(new_state),
        task=task,
    )
    return commit, new_state


def plan_resign(game: Game, record: GameRecord, state: Any, seat: str) -> Commit:
    """`seat` resigns: every other seat wins. The rules core knows nothing of resignations, so
    the outcome is decided here and the state itself stays as it was."""
    winners = [c.seat for c in record.seats if c.seat != seat]
    outcome = {
        "winners": winners,
        "reason": "resigned",
        "detail": f"The {seat} resigned",
        "scores": {c.seat: (0.0 if c.seat == seat else 1.0) for c in record.seats},
    }
    return Commit(
        expected=record.version,
        state=record.state,
        status=FINISHED,
        outcome=outcome,
        seat=seat,
        kind="resign",
        move_id="",
        public={"version": record.version + 1, "seat": seat, "kind": "resign", "changes": []},
        private={},
        next_to_move=None,
    )


def event_for(public: bytes, private: bytes, seat: str, viewer: str | None) -> dict[str, Any]:
    """One log entry as `viewer` may see it."""
    event: dict[str, Any] = orjson.loads(public)
    if viewer is not None and viewer == seat:
        event.update(orjson.loads(private))
    return event
