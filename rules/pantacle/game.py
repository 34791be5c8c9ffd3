"""Pantacle behind the Game protocol."""

from __future__ import annotations

from typing import Any

from rules.core import N_, GameInfo, MachineGame, Move, Options, Outcome, Rng
from rules.pantacle import describe, heuristics, sampling, setup, state, view_types, views
from rules.pantacle.board import CATALOG
from rules.pantacle.catalog_export import catalog_json
from rules.pantacle.machine import MACHINE
from rules.pantacle.state import PantacleState, seat_name

# Register every frame type with the machine.
from rules.pantacle import curses, effects, flames, turn  # noqa: F401  isort: skip

REASONS = {
    "favor": N_("Five Flames on the PANTACLE and a last Favor received"),
    "bribe": N_("Five Flames on the PANTACLE and a last Favor bribed away"),
}


INFO = GameInfo(
    min_players=setup.MIN_PLAYERS,
    max_players=setup.MAX_PLAYERS,
    view=view_types.VIEW,
    move_values=view_types.MOVE_VALUES,
    # An AI turn here is one decision, three at most in nine of ten: each may take longer than
    # in Pagan for the same turn (docs/ai.md, "Answer times").
    answer_seconds={
        "novice": (0.1, 0.3),
        "easy": (0.1, 0.3),
        "medium": (0.3, 0.7),
        "hard": (0.8, 1.6),
        "expert": (1.2, 2.4),
    },
)


class PantacleGame(MachineGame[PantacleState, int]):
    name = "pantacle"
    info = INFO
    machine = MACHINE

    def seats(self, options: Options | None = None) -> list[str]:
        players = setup.validate_options(options or {})["players"]
        return [seat_name(i) for i in range(players)]

    def default_options(self) -> Options:
        return setup.default_options()

    def validate_options(self, options: Options) -> Options:
        return setup.validate_options(options)

    def new(self, options: Options | None, seed: int | str) -> PantacleState:
        return setup.new_game(options, seed)

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    # The public log (rules/pantacle/describe.py says why every move is public).
    def phrase(self, decision: str, move: Move) -> str | None:
        return describe.phrase(decision, move)

    def redact(
        self, s: PantacleState, decision: str, move: Move, reader: str | None
    ) -> tuple[str | None, tuple[str, ...]] | None:
        return describe.redact(decision, move)

    def log_title(self, seat: str) -> str:
        return describe.log_title(seat)

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
    def rollout_move(self, s: PantacleState, moves: list[Move], rng: Rng) -> Move:
        return heuristics.rollout_move(s, moves, rng)

    def evaluate(self, s: PantacleState) -> dict[str, float]:
        return heuristics.evaluate(s)

    def to_json(self, s: PantacleState) -> dict[str, Any]:
        return state.to_json(s)

    def from_json(self, data: dict[str, Any]) -> PantacleState:
        return state.from_json(data)

    def revealed(self, s: PantacleState) -> dict[str, Any]:
        """Nothing: Pantacle decides no winner by a hidden card, and its hands are no story."""
        return {}

    def catalog(self) -> dict[str, Any]:
        return catalog_json(CATALOG)


PANTACLE = PantacleGame()

__all__ = ["PANTACLE", "PantacleGame"]
