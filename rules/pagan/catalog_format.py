"""The fixed words of the Pagan data format (docs/pagan-card-data.md): the fields each kind of
entry and each card type may have, the modifier kinds, targets, tokens, costs and triggers.

The ops and conditions are not here: each is declared where it is implemented
(`rules.pagan.ops`).
"""

from __future__ import annotations

from collections.abc import Mapping

CARD_FIELDS = frozenset({"id", "name", "side", "type", "cost", "origin", "source", "text"})
VILLAGER_FIELDS = frozenset(
    {
        "id",
        "name",
        "colour",
        "faction",
        "number",
        "assets",
        "target",
        "skill",
        "origin",
        "source",
        "text",
        "back_of",
    }
)
FACTION_FIELDS = frozenset({"id", "name", "colour", "villagers", "origin", "source"})
DECK_FIELDS = frozenset({"id", "name", "side", "cards"})
SCENARIO_FIELDS = frozenset(
    {
        "id",
        "name",
        "green_faction",
        "decks",
        "deck_size",
        "origin",
        "text",
        "source",
        "category",
        "rules",
        "objectives",
        "victory",
        "villager_gloom",
    }
)
BOX_FIELDS = frozenset({"id", "name", "numbers", "decks", "factions"})
SCENARIO_CATEGORIES = ("rules", "objectives", "victory")
OBJECTIVE_FIELDS = frozenset({"id", "who", "name", "text", "cond", "effect", "modifiers"})
VICTORY_FIELDS = frozenset({"who", "cond", "reason", "text"})

LASTING_TYPES = frozenset({"ally", "location", "investigation", "brew", "familiar", "enchantment"})
# Per type: (required fields, optional fields), beyond CARD_FIELDS. Every lasting type may also be
# a Gloom card (`gloom` with `cleanse`).
TYPE_FIELDS: Mapping[str, tuple[frozenset[str], frozenset[str]]] = {
    "event": (frozenset({"effect"}), frozenset()),
    "charm": (frozenset({"effect"}), frozenset()),
    "ally": (frozenset({"upkeep"}), frozenset({"triggers", "modifiers", "on_play"})),
    "location": (frozenset({"activate"}), frozenset({"triggers", "modifiers", "on_play"})),
    "investigation": (frozenset({"affects", "on_visit"}), frozenset({"modifiers", "on_play"})),
    "brew": (frozenset({"secrets", "consume"}), frozenset({"on_play", "triggers"})),
    "familiar": (frozenset({"effect", "empower"}), frozenset({"on_play", "triggers"})),
    "enchantment": (frozenset({"lift"}), frozenset({"triggers", "modifiers", "on_play", "covers"})),
}
GLOOM_FIELDS = frozenset({"gloom", "cleanse"})

# Per modifier kind: how `n` is checked (None: no `n`) and whether it needs an Investigation.
SIGNED, POSITIVE, NONNEG = "signed", "positive", "nonneg"
MODIFIER_KINDS: Mapping[str, tuple[str | None, bool]] = {
    "play_cost": (SIGNED, False),
    "visit_pawns": (POSITIVE, True),
    "skip_skill": (None, True),
    "skip_distribute": (None, False),
    "distribute": (SIGNED, False),
    "ready_cost": (POSITIVE, False),
    "raid_cost": (POSITIVE, False),
    "hand_limit": (SIGNED, False),
    "basic_influence": (SIGNED, False),
    "no_evidence_step": (None, False),
    "convert_limit": (NONNEG, True),
    # Beyond the Palisades
    "no_cleanse": (None, False),
    "gloom_limit": (SIGNED, False),
    "gloom_on_play": (POSITIVE, False),
}

COUNTS = frozenset({"pawns_on", "gloom_cards"})
COST_KEYS = frozenset({"influence", "discard", "clues", "secrets", "evidence", "gloom", "assets"})
TRIGGER_WHEN = ("upkeep_start", "upkeep", "upkeep_end", "cleansed")
TRIGGER_FIELDS = frozenset({"when", "whose", "optional", "effect", "label", "cost", "cond"})
BOARD_TOKENS = ("clue", "secret", "favor")
SIDE_TOKENS: Mapping[str, tuple[str, ...]] = {"hunter": ("clue",), "witch": ("secret", "favor")}
TARGET_BASES = frozenset({"villager", "here", "same_colour", "brew", "villager_or_brew"})
# Where Gloom can be added or removed: the card the effect is on (`self`), the visited villager
# (`here`), a Gloom card in play (anyone's, yours, your opponent's), a villager with Gloom, or
# any of these ("Gloom in play").
GLOOM_TARGETS = frozenset(
    {
        "self",
        "here",
        "gloom_card",
        "gloom_card:yours",
        "gloom_card:theirs",
        "gloom_villager",
        "gloom",
    }
)
