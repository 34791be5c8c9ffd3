"""The Game protocol's move handling for a game that runs on the step machine: finding the legal
move a request names (with a player-readable reason when there is none), applying it, and
replaying a move list. Pagan and Pantacle inherit it and add what is their own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Generic

from rules.core.errors import IllegalMove
from rules.core.machine import Machine, S, W
from rules.core.moves import JsonValue, Move, find_move
from rules.core.protocol import Options

MoveRequest = Move | str | Mapping[str, JsonValue]


class MachineGame(Generic[S, W]):
    machine: Machine[S, W]

    def new(self, options: Options | None, seed: int | str) -> S:
        raise NotImplementedError

    def clone(self, s: S) -> S:
        raise NotImplementedError

    def seat_name(self, seat: W) -> str:
        """The protocol's name for a seat as the state holds it."""
        return str(seat)

    def seat_title(self, seat: str | None) -> str:
        """How an error message names the seat to decide."""
        return str(seat)

    def to_move(self, s: S) -> str | None:
        seat = self.machine.to_move(s)
        return None if seat is None else self.seat_name(seat)

    def legal_moves(self, s: S) -> list[Move]:
        return self.machine.legal_moves(s)

    def find_legal(self, s: S, move: MoveRequest) -> Move:
        """The legal move that `move` names, or `IllegalMove` saying why there is none."""
        if s.winner is not None:
            raise IllegalMove("the game is over", move)
        if not isinstance(move, (Move, str, Mapping)):
            raise IllegalMove(f"{move!r} is not a move", move)
        legal = self.machine.legal_moves(s)
        found = find_move(legal, move if not isinstance(move, Mapping) else dict(move))
        if found is None:
            raise IllegalMove(self._why_illegal(s, move, legal), move)
        return found

    def _why_illegal(self, s: S, move: object, legal: list[Move]) -> str:
        pending = self.machine.pending(s)
        prompt = pending[0].prompt(s, pending[1]) if pending else ""
        shown = move.id if isinstance(move, Move) else move
        return (
            f"{shown!r} is not a legal move now: it is {self.seat_title(self.to_move(s))}'s "
            f"decision ({prompt}); {len(legal)} moves are legal"
        )

    def apply(self, s: S, move: MoveRequest) -> S:
        found = self.find_legal(s, move)
        out = self.clone(s)
        self.machine.decide(out, found)
        return out

    def apply_unchecked(self, s: S, move: Move) -> None:
        self.machine.decide(s, move)

    def replay(self, options: Options | None, seed: int | str, moves: list[str]) -> S:
        s = self.new(options, seed)
        for i, move in enumerate(moves):
            try:
                found = self.find_legal(s, move)
            except IllegalMove as exc:
                raise IllegalMove(f"move {i + 1} of the replay: {exc.reason}", move) from None
            self.machine.decide(s, found)
        return s


__all__ = ["MachineGame", "MoveRequest"]
