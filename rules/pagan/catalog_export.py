"""The Pagan catalog as JSON for the CLI and the API (no op lists: what players read)."""

from __future__ import annotations

from typing import Any

from rules.pagan.cards import COLOURS, Catalog


def catalog_json(catalog: Catalog) -> dict[str, Any]:
    """The catalog as players read it (no op lists): what `coven catalog pagan --json` prints."""
    return {
        "cards": [
            {
                "id": card.id,
                "number": card.number,
                "name": card.name,
                "side": card.side,
                "type": card.type,
                "cost": card.cost,
                "origin": card.origin,
                "text": card.text,
                "box": card.box,
                "gloom": card.gloom,
            }
            for card in sorted(catalog.cards.values(), key=lambda c: (c.number, c.id))
        ],
        "villagers": [
            {
                "id": v.id,
                "number": v.number,
                "name": v.name,
                "colour": v.colour,
                "faction": v.faction,
                "assets": v.assets,
                "target": v.target,
                "origin": v.origin,
                "text": v.text,
                "box": v.box,
                **({"back_of": v.back_of} if v.back_of else {}),
            }
            for v in sorted(catalog.villagers.values(), key=lambda v: (v.number, v.id))
        ],
        "factions": [
            {
                "id": f.id,
                "name": f.name,
                "colour": f.colour,
                "villagers": list(f.villagers),
                "origin": f.origin,
                "box": f.box,
            }
            for f in sorted(
                catalog.factions.values(),
                key=lambda f: (COLOURS.index(f.colour) if f.colour in COLOURS else 99, f.id),
            )
        ],
        "scenarios": [
            {
                "id": s.id,
                "name": s.name,
                "green_faction": s.green_faction,
                "decks": dict(s.decks),
                "deck_size": s.deck_size,
                "origin": s.origin,
                "text": s.text,
                "box": s.box,
                **({"category": s.data["category"]} if "category" in s.data else {}),
            }
            for s in catalog.scenarios.values()
        ],
        "decks": {
            did: {
                "name": catalog.deck_names.get(did, did),
                "side": catalog.deck_sides.get(did, ""),
                "cards": dict(sorted(cards.items())),
                "box": catalog.deck_boxes.get(did, "base"),
            }
            for did, cards in catalog.decks.items()
        },
        "boxes": [
            {
                "id": b.id,
                "name": b.name,
                "numbers": list(b.numbers),
                "decks": dict(b.decks),
                "factions": dict(b.factions),
            }
            for b in catalog.boxes.values()
        ],
    }
