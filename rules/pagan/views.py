"""What each seat may see of a Pagan game.

Public: the village (tokens, pawns, Investigations), the boards, the Enchantments, Influence,
Evidence, discard piles, and how many cards each hand and deck holds. The Witch also sees her hand
and her true identity; the Hunter his hand and the Suspects he drew. A spectator sees the public
part only. Card ids of hidden cards never appear, not even in prompts; only counts do.
"""

from __future__ import annotations

from typing import Any

from rules.pagan import machine
from rules.pagan.gloom_places import gloom_at, gloom_limit
from rules.pagan.modifiers import is_covered
from rules.pagan.scenario import objective_names
from rules.pagan.state import (
    DRAW,
    HUNTER,
    SEATS,
    WITCH,
    PaganState,
    Player,
    Slot,
    has_expansion,
    opponent,
)
from rules.pagan.tables import CARDS, CATALOG, VILLAGERS, card_name


def _card(card_id: str) -> dict[str, Any]:
    c = CARDS[card_id]
    return {"id": c.id, "name": c.name, "type": c.type}


def _own_card(card_id: str) -> dict[str, Any]:
    """A card of the seat's own hand: what it costs and does too (the catalog's, never hidden)."""
    c = CARDS[card_id]
    return {"id": c.id, "name": c.name, "type": c.type, "cost": c.cost, "text": c.text}


def _slot(s: PaganState, slot: Slot | None, place: str) -> dict[str, Any] | None:
    if slot is None:
        return None
    out = _card(slot.card)
    if CARDS[slot.card].type == "brew":
        out["secrets"] = slot.secrets
        out["secrets_needed"] = int(CARDS[slot.card].data.get("secrets", 0))
    if CARDS[slot.card].type == "location":
        out["occupied"] = slot.occupied
    if has_expansion(s):
        _gloom(s, out, slot.card, place)
    return out


def _gloom(s: PaganState, out: dict[str, Any], card: str, place: str) -> None:
    """Beyond the Palisades: a Gloom card's Gloom and limit, and whether it is covered (on the
    table but not in play)."""
    if CARDS[card].gloom:
        out["gloom"] = gloom_at(s, place)
        out["gloom_limit"] = gloom_limit(s, place)
    if is_covered(s, place):
        out["covered"] = True


def _slots(s: PaganState, kind: str, slots: list[Slot | None]) -> list[dict[str, Any] | None]:
    return [_slot(s, slot, f"{kind}-{i}") for i, slot in enumerate(slots)]


def _player(s: PaganState, p: Player, viewer: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "influence": p.influence,
        "hand_count": len(p.hand),
        "deck_count": len(p.deck),
        "discard": [_card(c) for c in p.discard],
        "pawns": p.pawns,
    }
    if p.seat == viewer:
        out["hand"] = [_own_card(c) for c in sorted(p.hand)]
    else:
        out["known_in_hand"] = [_card(c) for c in sorted(p.revealed)]
    if p.seat == HUNTER:
        out["evidence"] = p.evidence
        out["suspects_count"] = len(p.suspects)
        if viewer == HUNTER:
            out["suspects"] = [{"id": v, "name": VILLAGERS[v].name} for v in sorted(p.suspects)]
        out["locations"] = _slots(s, "location", p.locations)
        out["allies"] = _slots(s, "ally", p.allies)
    else:
        out["familiar_pawn"] = p.familiar_pawn
        out["familiar_used"] = p.familiar_used
        out["brews"] = _slots(s, "brew", p.brews)
        out["familiars"] = _slots(s, "familiar", p.familiars)
        if viewer == WITCH:
            out["true_witch"] = {"id": s.true_witch, "name": VILLAGERS[s.true_witch].name}
    return out


def _decision(s: PaganState, viewer: str | None) -> dict[str, Any] | None:
    pending = machine.pending(s)
    if pending is None:
        return None
    h, f = pending
    seat = h.seat(s, f)
    out: dict[str, Any] = {"seat": seat, "kind": f["t"], "prompt": h.prompt(s, f)}
    if f["t"] == "look" and viewer == seat:
        out["looking_at"] = [_card(c) for c in sorted(f["cards"])]
    if f["t"] == "reveal":  # revealed cards are shown to both players
        out["revealed"] = [_card(c) for c in sorted(f["cards"])]
    # Which token the picks are of, as the prompt says: a frontend gathering several picks
    # counts them against what the board shows (a villager's Clues left to pay from).
    if f["t"] == "pay_tokens":
        out["token"] = "clue" if f["clue"] else "secret"
    elif "token" in f:
        out["token"] = f["token"]
    if f.get("max_targets"):
        out["max_targets"] = f["max_targets"]
    return out


def _expansion(s: PaganState, out: dict[str, Any]) -> None:
    """What Beyond the Palisades adds to a view: factions, each villager's side and Gloom,
    Gloom on Enchantments and Investigations, covered cards, cards being cleansed, and the
    scenario's completed objectives. (The supply already shows the Gloom left.)"""
    out["expansion"] = s.options["expansion"]
    out["factions"] = {
        key: {"id": fid, "name": CATALOG.factions[fid].name}
        for key, fid in s.options["factions"].items()
    }
    for entry, v in zip(out["villagers"], s.villagers, strict=True):
        face = VILLAGERS[v.face]
        entry["side"] = {"id": face.id, "faction": CATALOG.factions[face.faction].name}
        entry["gloom"] = v.gloom
        if v.gloom or face.back_of:
            entry["gloom_limit"] = gloom_limit(s, f"villager-{v.id}")
        if v.investigation:
            _gloom(s, entry["investigation"], v.investigation, f"investigation-{v.id}")
    for i, entry in enumerate(out["enchantments"]):
        _gloom(s, entry, s.enchantments[i], f"enchantment-{i}")
        covered = s.ench_covers[i]
        if covered is not None:
            entry["covers"] = covered
    out["cleansing"] = [
        _card(f["card"]) for f in s.stack if f["t"] == "cleanse" and f["card"] and f["step"] < 2
    ]
    out["cleansed"] = s.cleansed
    names = objective_names(s.options["scenario"])
    out["objectives"] = [{"id": oid, "name": names[oid]} for oid in s.objectives]


def view(s: PaganState, viewer: str | None) -> dict[str, Any]:
    if viewer is not None and viewer not in SEATS:
        raise ValueError(f"unknown seat {viewer!r}")
    over = s.winner is not None
    out: dict[str, Any] = {
        "game": "pagan",
        "seat": viewer,
        "turn": s.turn,
        "active": s.active,
        "decisions": s.decisions,
        "scenario": s.options["scenario"],
        "villagers": [
            {
                "id": v.id,
                "name": VILLAGERS[v.id].name,
                "colour": v.colour,
                "alive": v.alive,
                "clues": v.clues,
                "secrets": v.secrets,
                "favors": v.favors,
                "pawns": {"hunter": v.hunter_pawns, "witch": v.witch_pawns},
                "investigation": (
                    {**_card(v.investigation), "affects": CARDS[v.investigation].data["affects"]}
                    if v.investigation
                    else None
                ),
            }
            for v in s.villagers
        ],
        "enchantments": [_card(c) for c in s.enchantments],
        "supply": dict(s.supply),
        "suspect_deck_count": len(s.suspect_deck),
        "innocents_eliminated": s.innocents_eliminated,
        "players": {seat: _player(s, s.player(seat), viewer) for seat in SEATS},
        "decision": _decision(s, viewer),
        "outcome": None,
    }
    if has_expansion(s):
        _expansion(s, out)
    if over:
        winners = [] if s.winner == DRAW else [s.winner]
        out["outcome"] = {
            "winners": winners,
            "reason": s.reason,
            # Once the game is over the Witch's identity is no secret.
            "true_witch": {"id": s.true_witch, "name": VILLAGERS[s.true_witch].name},
        }
    return out


def describe_opponent(seat: str) -> str:
    return "the Hunter" if opponent(seat) == HUNTER else "the Witch"


__all__ = ["card_name", "describe_opponent", "view"]
