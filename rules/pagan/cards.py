"""The Pagan catalog's types: cards, villagers, factions, scenarios, boxes and the catalog that
holds them, with the printed words they are made of (sides, card types, colours, origins).

Cards are data, not code, so that whoever owns the printed cards can replace our designed texts
by editing `data/*.yaml` (docs/pagan-card-data.md is the format); `rules.pagan.catalog` reads
them into these types.

The raw mappings are kept as the plain dicts and lists YAML gives (not deep-frozen): the engine
copies op lists into its serialized decision frames, which must stay JSON-able. Treat them as
read-only; `load_catalog` is cached and shared.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core import N_

SIDES = ("hunter", "witch")
# Marked: a card's type is named in move labels and prompts ("Play Allure (charm, ...)").
HUNTER_TYPES = (N_("ally"), N_("event"), N_("investigation"), N_("location"))
WITCH_TYPES = (N_("brew"), N_("charm"), N_("enchantment"), N_("familiar"))
TYPES_BY_SIDE: Mapping[str, tuple[str, ...]] = {"hunter": HUNTER_TYPES, "witch": WITCH_TYPES}
COLOURS = ("blue", "red", "green")
ORIGINS = ("example", "printed", "designed")
VILLAGER_ORIGINS = ("example", "designed")

SIDE_NAMES = {"hunter": "Hunter", "witch": "Witch"}
TYPE_PLURALS = {
    "ally": "Allies",
    "event": "Events",
    "investigation": "Investigations",
    "location": "Locations",
    "brew": "Brews",
    "charm": "Charms",
    "enchantment": "Enchantments",
    "familiar": "Familiars",
}


# --- the catalog's types ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """One distinct card. `data` is the card's whole YAML mapping, type fields and ops included,
    so the engine reads effects from one place however the format grows."""

    id: str
    number: int
    name: str
    side: str
    type: str
    cost: int
    origin: str
    source: str
    text: str
    data: Mapping[str, Any] = field(compare=False, hash=False, repr=False)
    box: str = "base"  # the box the card comes in (see `Box`)
    gloom: int = 0  # a Gloom card's printed Gloom: placed when it enters play, and its limit


@dataclass(frozen=True, slots=True)
class Villager:
    id: str
    name: str
    colour: str
    faction: str
    number: int
    assets: int
    target: str
    skill: tuple[dict[str, Any], ...] = field(hash=False)
    origin: str
    source: str
    text: str
    box: str = "base"
    # The other side of a double-sided villager card: set on the back side (The Tainted), naming
    # the front (The Household) it is turned to when cleansed.
    back_of: str = ""


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    name: str
    colour: str
    villagers: tuple[str, ...]
    origin: str
    source: str = ""
    box: str = "base"


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    name: str
    green_faction: str
    decks: Mapping[str, str] = field(hash=False)
    deck_size: int
    origin: str
    text: str
    box: str = "base"
    # The whole YAML mapping: `rules` (triggers and modifiers), `objectives`, `victory`,
    # `villager_gloom`, so the engine reads a scenario's hooks from one place.
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True, slots=True)
class Box:
    """A box of the game (the base game, an expansion): its card number range and the decks
    and Red/Blue factions a game uses by default when this box is the newest one in play."""

    id: str
    name: str
    numbers: tuple[int, int]
    decks: Mapping[str, str] = field(hash=False)
    factions: Mapping[str, str] = field(hash=False)


@dataclass(frozen=True, slots=True)
class Catalog:
    """Everything keyed by id. `decks` maps a deck id to {card id: copies}; `deck_names` and
    `deck_sides` describe the same decks. `load_problems` are the structural faults found while
    reading (wrong field types, duplicates); `check_catalog` reports them with the rest."""

    cards: Mapping[str, Card]
    villagers: Mapping[str, Villager]
    factions: Mapping[str, Faction]
    scenarios: Mapping[str, Scenario]
    decks: Mapping[str, Mapping[str, int]]
    deck_names: Mapping[str, str] = field(default_factory=dict)
    deck_sides: Mapping[str, str] = field(default_factory=dict)
    load_problems: tuple[str, ...] = ()
    boxes: Mapping[str, Box] = field(default_factory=dict)  # in box order: base first
    deck_boxes: Mapping[str, str] = field(default_factory=dict)


class CatalogError(ValueError):
    """A data file that is not the documented shape at all (not a list of mappings...)."""
