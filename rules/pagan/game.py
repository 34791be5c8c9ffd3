"""Pagan: Fate of Roanoke behind the Game protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import IllegalMove
from rules.core.moves import JsonValue, Move, find_move
from rules.core.protocol import Options, Outcome
from rules.core.rng import Rng
from rules.pagan import heuristics, machine, sampling, setup, state, views
from rules.pagan.board import CATALOG
from rules.pagan.catalog import catalog_json
from rules.pagan.state import DRAW, HUNTER, SEATS, WITCH, PaganState

# Register every frame type with the machine.
from rules.pagan import effects, gloom, playing, turn  # noqa: F401  isort: skip
from rules.pagan.scenario import victory_text  # isort: skip

REASONS = {
    "ritual": "The Witch performed the ritual",
    "innocents-eliminated": "The Hunter eliminated three innocent villagers",
    "eliminated-witch": "The Hunter eliminated the true witch",
    "exonerated": "The Hunter exonerated all eight innocent villagers",
    "turn-limit": "The turn limit was reached",
}


class PaganGame:
    name = "pagan"

    def seats(self, options: Options | None = None) -> list[str]:
        return list(SEATS)

    def default_options(self) -> Options:
        return setup.default_options()

    def validate_options(self, options: Options) -> Options:
        return setup.validate_options(options)

    def new(self, options: Options | None, seed: int | str) -> PaganState:
        return setup.new_game(options, seed)

    def to_move(self, s: PaganState) -> str | None:
        return machine.to_move(s)

    def legal_moves(self, s: PaganState) -> list[Move]:
        return machine.legal_moves(s)

    def find_legal(self, s: PaganState, move: Move | str | Mapping[str, JsonValue]) -> Move:
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

    def _why_illegal(self, s: PaganState, move: object, legal: list[Move]) -> str:
        pending = machine.pending(s)
        prompt = pending[0].prompt(s, pending[1]) if pending else ""
        seat = machine.to_move(s)
        name = "the Witch" if seat == WITCH else "the Hunter"
        shown = move.id if isinstance(move, Move) else move
        return (
            f"{shown!r} is not a legal move now: it is {name}'s decision ({prompt}); "
            f"{len(legal)} moves are legal"
        )

    def apply(self, s: PaganState, move: Move | str | Mapping[str, JsonValue]) -> PaganState:
        found = self.find_legal(s, move)
        out = s.copy()
        machine.decide(out, found)
        return out

    def apply_unchecked(self, s: PaganState, move: Move) -> None:
        machine.decide(s, move)

    def outcome(self, s: PaganState) -> Outcome | None:
        if s.winner is None:
            return None
        winners: tuple[str, ...] = () if s.winner == DRAW else (s.winner,)
        reason = s.reason or ""
        scores = {seat: (1.0 if seat in winners else 0.0 if winners else 0.5) for seat in SEATS}
        text = REASONS.get(reason) or victory_text(s.options["scenario"], reason) or reason
        return Outcome(winners, reason, text, scores)

    def view(self, s: PaganState, seat: str | None) -> dict[str, Any]:
        return views.view(s, seat)

    def sample(self, s: PaganState, seat: str, rng: Rng) -> PaganState:
        return sampling.sample(s, seat, rng)

    def clone(self, s: PaganState) -> PaganState:
        return s.copy()

    # Optional AI hooks (see rules/core/protocol.py): heuristics.py holds the knowledge.
    def rollout_move(self, s: PaganState, moves: list[Move], rng: Rng) -> Move:
        return heuristics.rollout_move(s, moves, rng)

    def evaluate(self, s: PaganState) -> dict[str, float]:
        return heuristics.evaluate(s)

    def belief_sample(self, s: PaganState, seat: str, rng: Rng) -> PaganState:
        return heuristics.belief_sample(s, seat, rng)

    def to_json(self, s: PaganState) -> dict[str, Any]:
        return state.to_json(s)

    def from_json(self, data: dict[str, Any]) -> PaganState:
        return state.from_json(data)

    def replay(self, options: Options | None, seed: int | str, moves: list[str]) -> PaganState:
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


PAGAN = PaganGame()

__all__ = ["HUNTER", "PAGAN", "WITCH", "PaganGame"]
