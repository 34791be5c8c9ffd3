"""Facts the engine works out once from the catalog follow the catalog when a test changes it."""

from __future__ import annotations

import dataclasses

import pytest

from rules.pagan import modifiers, state
from rules.pagan.tables import CARDS


def _investigation_with_modifier() -> tuple[str, dict[str, object]]:
    for card_id, card in CARDS.items():
        if card.type == "investigation" and card.data.get("modifiers"):
            return card_id, dict(card.data["modifiers"][0])
    raise AssertionError("no Investigation with a modifier in the catalog")


def test_a_replaced_card_drops_the_memos(monkeypatch: pytest.MonkeyPatch) -> None:
    card_id, mod = _investigation_with_modifier()
    kind = str(mod["kind"])
    seat = modifiers._applies_to(CARDS[card_id], state.HUNTER, mod)
    before = modifiers.investigation_modifier(card_id, kind, seat)
    assert before is not None
    card = CARDS[card_id]
    data = {**card.data, "modifiers": [{**mod, "n": before + 5}]}
    monkeypatch.setitem(CARDS, card_id, dataclasses.replace(card, data=data))
    assert modifiers.investigation_modifier(card_id, kind, seat) == before + 5
    monkeypatch.undo()
    assert modifiers.investigation_modifier(card_id, kind, seat) == before


def test_bulk_changes_drop_the_memos_too() -> None:
    card_id, mod = _investigation_with_modifier()
    kind = str(mod["kind"])
    seat = modifiers._applies_to(CARDS[card_id], state.HUNTER, mod)
    card = CARDS[card_id]
    before = modifiers.investigation_modifier(card_id, kind, seat)
    try:
        CARDS.update({card_id: dataclasses.replace(card, data={**card.data, "modifiers": []})})
        assert modifiers.investigation_modifier(card_id, kind, seat) is None
    finally:
        CARDS[card_id] = card
    assert modifiers.investigation_modifier(card_id, kind, seat) == before
