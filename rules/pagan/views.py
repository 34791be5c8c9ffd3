"""What each seat may see of a Pagan game.

Public: the village (tokens, pawns, Investigations), the boards, the Enchantments, Influence,
Evidence, discard piles, and how many cards each hand and deck holds. The Witch also sees her hand
and her true identity; the Hunter his hand and the Suspects he drew. A spectator sees the public
part only. Card ids of hidden cards never appear, not even in prompts; only counts do.
"""

from __future__ import annotations

from typing import Any

from rules.pagan import machine
from rules.pagan.board import CARDS, VILLAGERS, card_name
from rules.pagan.state import DRAW, HUNTER, SEATS, WITCH, PaganState, Player, Slot, opponent


def _card(card_id: str) -> dict[str, Any]:
    c = CARDS[card_id]
    return {"id": c.id, "name": c.name, "type": c.type}


def _slot(slot: Slot | None) -> dict[str, Any] | None:
    if slot is None:
        return None
    out = _card(slot.card)
    if CARDS[slot.card].type == "brew":
        out["secrets"] = slot.secrets
        out["secrets_needed"] = int(CARDS[slot.card].data.get("secrets", 0))
    if CARDS[slot.card].type == "location":
        out["occupied"] = slot.occupied
    return out


def _player(s: PaganState, p: Player, viewer: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "influence": p.influence,
        "hand_count": len(p.hand),
        "deck_count": len(p.deck),
        "discard": [_card(c) for c in p.discard],
        "pawns": p.pawns,
    }
    if p.seat == viewer:
        out["hand"] = [_card(c) for c in sorted(p.hand)]
    else:
        out["known_in_hand"] = [_card(c) for c in sorted(p.revealed)]
    if p.seat == HUNTER:
        out["evidence"] = p.evidence
        out["suspects_count"] = len(p.suspects)
        if viewer == HUNTER:
            out["suspects"] = [{"id": v, "name": VILLAGERS[v].name} for v in sorted(p.suspects)]
        out["locations"] = [_slot(x) for x in p.locations]
        out["allies"] = [_slot(x) for x in p.allies]
    else:
        out["familiar_pawn"] = p.familiar_pawn
        out["familiar_used"] = p.familiar_used
        out["brews"] = [_slot(x) for x in p.brews]
        out["familiars"] = [_slot(x) for x in p.familiars]
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
    return out


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
