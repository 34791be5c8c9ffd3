"""Pantacle's declared view and move shapes (rules/pantacle/view_types.py) are exactly what the
views and legal moves of seeded random games hold: every player count, every seat and the
spectator."""

from __future__ import annotations

import pytest

from rules.pantacle import machine, view_types
from tests.view_contract import declared_moves, pantacle_survey


@pytest.mark.slow
def test_views_and_legal_moves_of_seeded_games_conform_to_the_declared_shapes() -> None:
    survey = pantacle_survey()
    assert survey.problems == []
    assert survey.views > 1_000


@pytest.mark.slow
def test_every_declared_kind_is_reached_and_every_reached_kind_is_declared() -> None:
    survey = pantacle_survey()
    declared = {k.value for k in view_types.PantacleDecisionKind}
    frames = {n for n, h in machine.MACHINE.handlers.items() if h.decision}
    assert declared == frames == survey.decision_kinds
    assert set(survey.moves) == declared_moves(view_types.MOVE_VALUES)
