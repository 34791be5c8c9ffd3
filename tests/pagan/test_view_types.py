"""Pagan's declared view and move shapes (rules/pagan/view_types.py) are exactly what the views
and legal moves of seeded random games hold: every option set, every seat and the spectator."""

from __future__ import annotations

import pytest

from rules.pagan import machine, view_types
from rules.pagan.game import PAGAN
from rules.pagan.state import HUNTER
from rules.pagan.tables import CARDS
from tests.pagan.positions import action_phase, new_game, play, set_tokens
from tests.view_contract import declared_moves, pagan_survey


@pytest.mark.slow
def test_views_and_legal_moves_of_seeded_games_conform_to_the_declared_shapes() -> None:
    survey = pagan_survey()
    assert survey.problems == []
    assert survey.views > 1_000


@pytest.mark.slow
def test_every_declared_kind_is_reached_and_every_reached_kind_is_declared() -> None:
    survey = pagan_survey()
    declared = {k.value for k in view_types.PaganDecisionKind}
    frames = {n for n, h in machine.MACHINE.handlers.items() if h.decision}
    assert declared == frames == survey.decision_kinds
    assert set(survey.moves) == declared_moves(view_types.MOVE_VALUES)


def test_the_own_hand_carries_each_cards_cost_type_and_text_and_other_hands_stay_hidden() -> None:
    s = new_game()
    for seat in ("witch", "hunter"):
        view = PAGAN.view(s, seat)
        for card in view["players"][seat]["hand"]:
            c = CARDS[card["id"]]
            assert (card["cost"], card["type"], card["text"]) == (c.cost, c.type, c.text)
        other = "hunter" if seat == "witch" else "witch"
        assert "hand" not in view["players"][other]
    assert all("hand" not in p for p in PAGAN.view(s, None)["players"].values())


def test_a_token_decision_names_its_token_for_a_frontend_counting_picks() -> None:
    """Pay 3 Clues: the decision says Clues, so a board can count each villager's Clues left."""
    s = new_game(seed=4)
    set_tokens(s, "doctor-annie", clues=1, secrets=1)
    set_tokens(s, "stranger-sue", clues=2)
    action_phase(s, HUNTER)
    s = play(s, "raid:doctor-annie")
    for reader in ("hunter", "witch", None):
        decision = PAGAN.view(s, reader)["decision"]
        assert (decision["kind"], decision["token"]) == ("pay_tokens", "clue")
        assert "max_targets" not in decision


def test_an_undeclared_key_a_missing_key_or_a_wrong_type_is_a_mismatch() -> None:
    from rules.core.shapes import mismatches

    view = PAGAN.view(new_game(), "witch")
    assert mismatches(view, view_types.PaganView) == []
    assert mismatches({**view, "extra": 1}, view_types.PaganView)
    assert mismatches({k: v for k, v in view.items() if k != "turn"}, view_types.PaganView)
    assert mismatches({**view, "turn": "1"}, view_types.PaganView)
