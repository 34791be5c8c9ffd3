"""Pagan: Fate of Roanoke behind the Game protocol."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import N_, GameInfo, MachineGame, Move, Options, Outcome, Rng
from rules.pagan import (
    describe,
    heuristics,
    inference,
    sampling,
    setup,
    state,
    view_types,
    views,
)
from rules.pagan.catalog_export import catalog_json
from rules.pagan.machine import MACHINE
from rules.pagan.state import DRAW, HUNTER, SEATS, WITCH, PaganState
from rules.pagan.tables import CATALOG, VILLAGERS

# Register every frame type with the machine.
from rules.pagan import effects, gloom, playing, turn  # noqa: F401  isort: skip
from rules.pagan.scenario import victory_text  # isort: skip

REASONS = {
    "ritual": N_("The Witch performed the ritual"),
    "innocents-eliminated": N_("The Hunter eliminated three innocent villagers"),
    "eliminated-witch": N_("The Hunter eliminated the true witch"),
    "exonerated": N_("The Hunter exonerated all eight innocent villagers"),
    "turn-limit": N_("The turn limit was reached"),
}


INFO = GameInfo(
    min_players=len(SEATS),
    max_players=len(SEATS),
    view=view_types.VIEW,
    move_values=view_types.MOVE_VALUES,
    # A 100-iteration search plays nearly as well as a 300-iteration one here (its root bias
    # and playout policy carry most of its play), so budgets alone leave `easy` and `medium`
    # less than 100 Elo apart: `easy` also draws its move with noise on the root's values, and
    # `novice` with more, so that each stays a step below the next (docs/ai.md, "Levels in
    # Pagan"; at 0.3 `novice` played as `easy` does, at 0.5 it plays about as greedy does).
    level_params={
        "novice": {"temperature": 0.5},
        "easy": {"select": "softmax", "temperature": 0.2},
    },
    # An AI turn here is about nine decisions (up to twenty-odd): per decision, a range whose
    # turns come to about 0.7 s at `novice` and `easy`, 2 s at `medium`, 7 s at `hard`
    # (docs/ai.md, "Answer times"); a compiled search of the level fits its low end mostly.
    answer_seconds={
        "novice": (0.05, 0.1),
        "easy": (0.05, 0.1),
        "medium": (0.15, 0.3),
        "hard": (0.6, 1.0),
        "expert": (0.9, 1.4),
    },
)


class PaganGame(MachineGame[PaganState, str]):
    name = "pagan"
    info = INFO
    machine = MACHINE

    def seats(self, options: Options | None = None) -> list[str]:
        return list(SEATS)

    def default_options(self) -> Options:
        return setup.default_options()

    def validate_options(self, options: Options) -> Options:
        return setup.validate_options(options)

    def new(self, options: Options | None, seed: int | str) -> PaganState:
        return setup.new_game(options, seed)

    def to_move(self, s: PaganState) -> str | None:
        return MACHINE.to_move(s)  # the state's seat names are the protocol's: no mapping

    def seat_title(self, seat: str | None) -> str:
        return N_("the Witch") if seat == WITCH else N_("the Hunter")

    # The public log (rules/pagan/describe.py says what each seat may read).
    def redact(
        self, s: PaganState, decision: str, move: Move, reader: str | None
    ) -> tuple[str | None, tuple[str, ...]] | None:
        return describe.redact(s, decision, move, reader)

    def phrase(self, decision: str, move: Move) -> str | None:
        return describe.phrase(decision, move)

    def log_title(self, seat: str) -> str:
        return describe.log_title(seat)

    def pronoun(self, seat: str) -> str:
        return describe.pronoun(seat)

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

    def rollout_move_for(self, seat: str) -> Callable[[PaganState, list[Move], Rng], Move]:
        if seat == HUNTER:
            return heuristics.rollout_move_pursuing
        return heuristics.rollout_move

    def evaluate(self, s: PaganState) -> dict[str, float]:
        return heuristics.evaluate(s)

    def move_bias(self, s: PaganState, moves: list[Move]) -> list[float] | None:
        return heuristics.move_bias(s, moves)

    def belief_sample(self, s: PaganState, seat: str, rng: Rng) -> PaganState:
        return heuristics.belief_sample(s, seat, rng)

    def belief(self, s: PaganState, seat: str) -> dict[str, float] | None:
        """The Hunter's posterior over every villager (0 for one he has ruled out: dead or among
        his drawn Suspects), in the villagers' order; None for the Witch, who knows."""
        if seat != HUNTER:
            return None
        probs = inference.posterior(s)
        return {v.id: probs.get(v.id, 0.0) for v in s.villagers}

    def arena_stats(self, s: PaganState) -> dict[str, float]:
        """The game turn it ended on, the Favors on living villagers (how near the ritual the
        Witch came), the Hunter's Evidence and the villagers eliminated."""
        return {
            "turns": s.turn,
            "favors": sum(v.favors for v in s.villagers if v.alive),
            "evidence": s.hunter.evidence,
            "eliminated": sum(1 for v in s.villagers if not v.alive),
        }

    def to_json(self, s: PaganState) -> dict[str, Any]:
        return state.to_json(s)

    def from_json(self, data: dict[str, Any]) -> PaganState:
        return state.from_json(data)

    def revealed(self, s: PaganState) -> dict[str, Any]:
        return {"true_witch": {"id": s.true_witch, "name": VILLAGERS[s.true_witch].name}}

    def catalog(self) -> dict[str, Any]:
        return catalog_json(CATALOG)


PAGAN = PaganGame()

__all__ = ["HUNTER", "PAGAN", "WITCH", "PaganGame"]
