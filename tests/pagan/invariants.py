"""Checks that hold in every Pagan state: tokens and cards are neither made nor lost."""

from __future__ import annotations

from collections import Counter

from rules.pagan.gloom_places import gloom_at
from rules.pagan.modifiers import cards_on_table
from rules.pagan.state import HUNTER, SEATS, WITCH, PaganState, has_expansion
from rules.pagan.tables import CARDS, GLOOM_LIMIT, TOKEN_LIMITS, VILLAGERS

# Frames that hold a card between hand and its destination (or, cleansed, between play and the
# discard pile).
_CARD_FRAMES = ("to_discard", "replace", "place_investigation")


def token_limits(s: PaganState) -> dict[str, int]:
    limits = dict(TOKEN_LIMITS)
    if has_expansion(s):
        limits["gloom"] = GLOOM_LIMIT
    return limits


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
    if "gloom" in totals:
        totals["gloom"] += sum(s.ench_gloom)
        totals["gloom"] += sum(v.gloom + v.inv_gloom for v in s.villagers)
        for p in (s.hunter, s.witch):
            for slots in (p.locations, p.allies, p.brews, p.familiars):
                totals["gloom"] += sum(slot.gloom for slot in slots if slot)
    return totals


def card_locations(s: PaganState, side: str) -> Counter[str]:
    p = s.player(side)
    found: Counter[str] = Counter(p.hand)
    found.update(p.deck)
    found.update(p.discard)
    found.update(card for card, owner, _ in cards_on_table(s) if owner == side)
    for f in s.stack:
        if f.get("seat") == side and f["t"] in _CARD_FRAMES:
            found[f["card"]] += 1
        if f.get("seat") == side and f["t"] == "look":
            found.update(f["cards"])
        if f["t"] == "cleanse" and f["card"] and f["owner"] == side and f["step"] < 2:
            found[f["card"]] += 1
        if f["t"] == "reveal" and f["owner"] == side:
            found.update(f["cards"])
    return found


def check_gloom(s: PaganState) -> None:
    """Gloom lies only on Gloom cards and Tainted villagers, never below 0; a Gloom card in play
    has Gloom (at 0 it is cleansed at once); the Enchantment lists keep in step."""
    assert len(s.ench_gloom) == len(s.enchantments) == len(s.ench_covers)
    for card, _, place in cards_on_table(s):
        g = gloom_at(s, place)
        assert g >= 0, (place, g)
        if not CARDS[card].gloom:
            assert g == 0, (card, place, g)
        else:
            assert g >= 1, (card, place, "a Gloom card in play without Gloom")
    for v in s.villagers:
        assert v.gloom >= 0 and v.inv_gloom >= 0, v
        if v.gloom:
            assert v.alive and VILLAGERS[v.face].back_of, v
        if not v.investigation:
            assert v.inv_gloom == 0, v
        assert VILLAGERS[v.face].back_of in ("", v.id), v
    covered = [c for c in s.ench_covers if c]
    assert len(covered) == len(set(covered)), "two cards cover the same card"
    for i, cover in enumerate(s.ench_covers):
        if cover is not None:
            assert CARDS[s.enchantments[i]].data.get("covers"), (i, cover)
            assert cover.split("-")[0] in ("location", "ally", "investigation"), cover


def check_invariants(s: PaganState) -> None:
    assert token_totals(s) == token_limits(s), token_totals(s)
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
    check_gloom(s)
