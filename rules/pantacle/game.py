"""Pantacle behind the Game protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import IllegalMove
from rules.core.moves import JsonValue, Move, find_move
from rules.core.protocol import Options, Outcome
from rules.core.rng import Rng
from rules.pantacle import heuristics, machine, sampling, setup, state, views
from rules.pantacle.board import CATALOG
from rules.pantacle.catalog import catalog_json
from rules.pantacle.state import PantacleState, seat_name

# Register every frame type with the machine.
from rules.pantacle import curses, effects, flames, turn  # noqa: F401  isort: skip

REASONS = {
    "favor": "Five Flames on the PANTACLE and a last Favor received",
    "bribe": "Five Flames on the PANTACLE and a last Favor bribed away",
}


class PantacleGame:
    name = "pantacle"

    def seats(self, options: Options | None = None) -> list[str]:
        players = setup.validate_options(options or {})["players"]
        return [seat_name(i) for i in range(players)]

    def default_options(self) -> Options:
        return setup.default_options()

    def validate_options(self, options: Options) -> Options:
        return setup.validate_options(options)

    def new(self, options: Options | None, seed: int | str) -> PantacleState:
        return setup.new_game(options, seed)

    def to_move(self, s: PantacleState) -> str | None:
        seat = machine.to_move(s)
        return None if seat is None else seat_name(seat)

    def legal_moves(self, s: PantacleState) -> list[Move]:
        return machine.legal_moves(s)

    def find_legal(self, s: PantacleState, move: Move | str | Mapping[str, JsonValue]) -> Move:
        """The legal move that `move` names, or `IllegalMove` saying why there is none."""
        if s.winner is not None:
            raise IllegalMove("the game is over", move)
        if not isinstance(move, (Move, str, Mapping)):
            raise IllegalMove(f"{move!r} is not a move", move)
        legal = machine.legal_moves(s)
        found = find_move(legal, move if not isinstance(move, Mapping) else dict(move))
        if found is None:
            raise IllegalMove(self._why_illegal(s, move, legal), move)
        return found

    def _why_illegal(self, s: PantacleState, move: object, legal: list[Move]) -> str:
        pending = machine.pending(s)
        prompt = pending[0].prompt(s, pending[1]) if pending else ""
        seat = self.to_move(s)
        shown = move.id if isinstance(move, Move) else move
        return (
            f"{shown!r} is not a legal move now: it is {seat}'s decision ({prompt}); "
            f"{len(legal)} moves are legal"
        )

    def apply(self, s: PantacleState, move: Move | str | Mapping[str, JsonValue]) -> PantacleState:
        found = self.find_legal(s, move)
        out = s.copy()
        machine.decide(out, found)
        return out

    def apply_unchecked(self, s: PantacleState, move: Move) -> None:
        machine.decide(s, move)

    def outcome(self, s: PantacleState) -> Outcome | None:
        if s.winner is None:
            return None
        winner = seat_name(s.winner)
        reason = s.reason or ""
        scores = {seat_name(p.seat): (1.0 if p.seat == s.winner else 0.0) for p in s.players}
        return Outcome((winner,), reason, REASONS.get(reason, reason), scores)

    def view(self, s: PantacleState, seat: str | None) -> dict[str, Any]:
        return views.view(s, seat)

    def sample(self, s: PantacleState, seat: str, rng: Rng) -> PantacleState:
        return sampling.sample(s, seat, rng)

    def clone(self, s: PantacleState) -> PantacleState:
        return s.copy()

    # Optional AI hook (see rules/core/protocol.py): heuristics.py holds the knowledge.
    def evaluate(self, s: PantacleState) -> dict[str, float]:
        return heuristics.evaluate(s)

    def to_json(self, s: PantacleState) -> dict[str, Any]:
        return state.to_json(s)

    def from_json(self, data: dict[str, Any]) -> PantacleState:
        return state.from_json(data)

    def replay(self, options: Options | None, seed: int | str, moves: list[str]) -> PantacleState:
        s = self.new(options, seed)
        for i, move in enumerate(moves):
            try:
                found = self.find_legal(s, move)
            except IllegalMove as exc:
                raise IllegalMove(f"move {i + 1} of the replay: {exc.reason}", move) from None
            machine.decide(s, found)
        return s

    def catalog(self) -> dict[str, Any]:
        return catalog_json(CATALOG)


PANTACLE = PantacleGame()

__all__ = ["PANTACLE", "PantacleGame"]
