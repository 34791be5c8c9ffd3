"""Checks that hold in every Pagan state: tokens and cards are neither made nor lost."""

from __future__ import annotations

from collections import Counter

from rules.pagan.board import TOKEN_LIMITS, cards_in_play
from rules.pagan.state import HUNTER, SEATS, WITCH, PaganState

# Frames that hold a card between hand and its destination.
_CARD_FRAMES = ("to_discard", "replace", "place_investigation")


def token_totals(s: PaganState) -> dict[str, int]:
    totals = dict(s.supply)
    for v in s.villagers:
        totals["clue"] += v.clues
        totals["secret"] += v.secrets
        totals["favor"] += v.favors
    for slot in s.witch.brews:
        if slot:
            totals["secret"] += slot.secrets
    totals["evidence"] += s.hunter.evidence
    return totals


def card_locations(s: PaganState, side: str) -> Counter[str]:
    p = s.player(side)
    found: Counter[str] = Counter(p.hand)
    found.update(p.deck)
    found.update(p.discard)
    found.update(card for card, owner, _ in cards_in_play(s) if owner == side)
    for f in s.stack:
        if f.get("seat") == side and f["t"] in _CARD_FRAMES:
            found[f["card"]] += 1
        if f.get("seat") == side and f["t"] == "look":
            found.update(f["cards"])
    return found


def check_invariants(s: PaganState) -> None:
    assert token_totals(s) == TOKEN_LIMITS, token_totals(s)
    for key, n in s.supply.items():
        assert n >= 0, (key, n)
    for side in SEATS:
        assert card_locations(s, side) == Counter(s.options["decks"][side]), side
        assert s.player(side).influence >= 0
    assert s.witch.pawns >= 0 and s.witch.familiar_pawn >= 0 and s.hunter.pawns >= 0
    for v in s.villagers:
        assert min(v.clues, v.secrets, v.favors, v.hunter_pawns, v.witch_pawns) >= 0, v
        if not v.alive:
            assert v.clues == v.secrets == v.favors == 0 and v.investigation is None, v
    assert len(s.enchantments) <= 3
    for p in (s.witch, s.hunter):
        assert all(c in p.hand for c in p.revealed)
    hunter_suspects = set(s.hunter.suspects)
    assert s.true_witch not in hunter_suspects
    assert s.true_witch not in s.suspect_deck
    assert len(hunter_suspects) + len(s.suspect_deck) == len(s.villagers) - 1
    assert s.player(WITCH).seat == WITCH and s.player(HUNTER).seat == HUNTER
