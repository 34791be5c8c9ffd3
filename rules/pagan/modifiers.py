"""The cards in play and their modifiers: where each card in play is, which of them are covered,
the modifiers they (and the scenario's rules) put on each seat, and what they make a card cost.
"""

from __future__ import annotations

from typing import Any

from rules.pagan.cards import Card
from rules.pagan.state import HUNTER, WITCH, PaganState, has_expansion, opponent
from rules.pagan.state import Villager as VillagerState
from rules.pagan.tables import CARDS, CATALOG, HAND_LIMIT, derived


def cards_in_play(
    s: PaganState, covered: bool = False, among: frozenset[str] | None = None
) -> list[tuple[str, str, str]]:
    """(card id, owner seat, place key) for every card in play. Place keys name the spot. A
    Hunter card covered by an Enchantment such as Lost in Plain Sight is on the table but not in
    play: it is listed only with `covered=True` (see `cards_on_table`). With `among`, only the
    cards of that set are listed (in the same order): a hot caller skips building the place keys
    of cards it has no use for."""
    out: list[tuple[str, str, str]] = []
    h, w = s.hunter, s.witch
    for i, slot in enumerate(h.locations):
        if slot and (among is None or slot.card in among):
            out.append((slot.card, HUNTER, f"location-{i}"))
    for i, slot in enumerate(h.allies):
        if slot and (among is None or slot.card in among):
            out.append((slot.card, HUNTER, f"ally-{i}"))
    for i, slot in enumerate(w.brews):
        if slot and (among is None or slot.card in among):
            out.append((slot.card, WITCH, f"brew-{i}"))
    for i, slot in enumerate(w.familiars):
        if slot and (among is None or slot.card in among):
            out.append((slot.card, WITCH, f"familiar-{i}"))
    for i, card in enumerate(s.enchantments):
        if among is None or card in among:
            out.append((card, WITCH, f"enchantment-{i}"))
    for v in s.villagers:
        if v.investigation and (among is None or v.investigation in among):
            out.append((v.investigation, HUNTER, f"investigation-{v.id}"))
    if not covered and has_expansion(s) and any(s.ench_covers):
        covers = s.ench_covers
        return [entry for entry in out if entry[2] not in covers]
    return out


def cards_on_table(s: PaganState) -> list[tuple[str, str, str]]:
    """Every card on a board or a villager, covered or not: what card bookkeeping counts."""
    return cards_in_play(s, covered=True)


def is_covered(s: PaganState, place: str) -> bool:
    return place in s.ench_covers


def _applies_to(card: Card, owner: str, modifier: dict[str, Any]) -> str:
    who = modifier.get("applies_to")
    if isinstance(who, str):
        return who
    if card.type == "enchantment":
        return opponent(owner)
    if card.type == "investigation":
        return str(card.data.get("affects", owner))
    return owner


# Cards whose modifiers act everywhere (an Investigation's act only on its villager).
_GLOBAL_MODIFIER_CARDS = frozenset(
    cid for cid, c in CARDS.items() if c.data.get("modifiers") and c.type != "investigation"
)


def _cards_with_global_modifiers(s: PaganState) -> list[tuple[str, str]]:
    """(card, owner) for the cards in play with global modifiers; the hot path of move
    generation, so it looks only where such cards can be."""
    if has_expansion(s) and any(s.ench_covers):  # a covered card is not in play: careful
        return [
            (card, owner) for card, owner, _ in cards_in_play(s) if card in _GLOBAL_MODIFIER_CARDS
        ]
    out: list[tuple[str, str]] = []
    mods = _GLOBAL_MODIFIER_CARDS
    h, w = s.hunter, s.witch
    # (one loop per board, unrolled: a third faster than looping over the boards)
    for slot in h.allies:
        if slot is not None and slot.card in mods:
            out.append((slot.card, HUNTER))
    for slot in h.locations:
        if slot is not None and slot.card in mods:
            out.append((slot.card, HUNTER))
    for slot in w.brews:
        if slot is not None and slot.card in mods:
            out.append((slot.card, WITCH))
    for slot in w.familiars:
        if slot is not None and slot.card in mods:
            out.append((slot.card, WITCH))
    for card in s.enchantments:
        if card in mods:
            out.append((card, WITCH))
    return out


def modifier_cards(s: PaganState) -> list[tuple[str, str]]:
    """The cards whose modifiers `global_modifier` sums, for a caller that asks for several
    modifiers of one state (a whole hand's play costs) and gathers them once."""
    return _cards_with_global_modifiers(s)


@derived
def _card_modifiers(card_id: str, owner: str) -> tuple[tuple[str, str, Any, int], ...]:
    """(kind, seat it applies to, card types or None, n) of each modifier of a card with this
    owner: catalog data only, so worked out once per card and owner."""
    card = CARDS[card_id]
    return tuple(
        (mod["kind"], _applies_to(card, owner, mod), mod.get("types"), int(mod.get("n", 1)))
        for mod in card.data["modifiers"]
    )


def global_modifier(
    s: PaganState,
    kind: str,
    seat: str,
    card_type: str | None = None,
    cards: list[tuple[str, str]] | None = None,
) -> int:
    """The summed `n` of every modifier of `kind` that applies to `seat`, from cards in play other
    than Investigations (those act only on their own villager, see `villager_modifier`).
    `cards` is `modifier_cards(s)` when the caller already has it."""
    total = 0
    for card_id, owner in _cards_with_global_modifiers(s) if cards is None else cards:
        for mod_kind, applies_to, types, n in _card_modifiers(card_id, owner):
            if mod_kind == kind and applies_to == seat and (not types or card_type in types):
                total += n
    if has_expansion(s):  # only expansion games have scenario rule modifiers
        rules = RULE_MODIFIERS.get(s.options["scenario"])
        if rules is not None:
            total += _rule_modifier(s, rules, kind, seat, card_type)
    return total


def _rule_modifier(
    s: PaganState,
    rules: tuple[tuple[str, dict[str, Any]], ...],
    kind: str,
    seat: str,
    card_type: str | None,
) -> int:
    """The scenario's own modifiers, and those of the objectives completed (each rule is
    (objective id or "", modifier))."""
    total = 0
    for objective, mod in rules:
        if mod["kind"] != kind or mod["applies_to"] != seat:
            continue
        if objective and objective not in s.objectives:
            continue
        types = mod.get("types")
        if types and card_type not in types:
            continue
        total += int(mod.get("n", 1))
    return total


def _scenario_rule_modifiers() -> dict[str, tuple[tuple[str, dict[str, Any]], ...]]:
    out: dict[str, tuple[tuple[str, dict[str, Any]], ...]] = {}
    for sid, scenario in CATALOG.scenarios.items():
        rules: list[tuple[str, dict[str, Any]]] = [
            ("", dict(m)) for m in (scenario.data.get("rules") or {}).get("modifiers", ())
        ]
        for objective in scenario.data.get("objectives") or ():
            rules.extend((str(objective["id"]), dict(m)) for m in objective.get("modifiers", ()))
        if rules:
            out[sid] = tuple(rules)
    return out


# Scenario id -> its rule modifiers (only scenarios that have any, so the base game's lookups
# find nothing).
RULE_MODIFIERS = _scenario_rule_modifiers()


def villager_modifier(s: PaganState, villager_id: str, kind: str, seat: str) -> int | None:
    """The modifier of `kind` that the Investigation on this villager puts on `seat`, if any."""
    return modifier_on(s.villager(villager_id), kind, seat)


def modifier_on(v: VillagerState, kind: str, seat: str) -> int | None:
    """`villager_modifier` of a villager already at hand."""
    inv = v.investigation
    return investigation_modifier(inv, kind, seat) if inv else None


@derived
def investigation_modifier(card_id: str, kind: str, seat: str) -> int | None:
    """The modifier of `kind` that the Investigation `card_id` puts on `seat` (catalog data
    only, so worked out once)."""
    card = CARDS[card_id]
    for mod in card.data.get("modifiers", ()):
        if mod["kind"] == kind and _applies_to(card, HUNTER, mod) == seat:
            return int(mod.get("n", 1))
    return None


def play_cost(
    s: PaganState,
    seat: str,
    card_id: str,
    discount: int = 0,
    cards: list[tuple[str, str]] | None = None,
) -> int:
    """What playing `card_id` costs `seat` now; `cards` as for `global_modifier`."""
    card = CARDS[card_id]
    return cost_with(s, card, global_modifier(s, "play_cost", seat, card.type, cards), discount)


def cost_with(s: PaganState, card: Card, modifier: int, discount: int = 0) -> int:
    """`play_cost` given the card's `play_cost` modifier (for a caller pricing a whole hand,
    which asks for the modifier once per card type)."""
    cost = card.cost + modifier - discount
    if card.type == "enchantment":
        cost += len(s.enchantments)
    return max(0, cost)


def hand_limit(s: PaganState, seat: str) -> int:
    return max(0, HAND_LIMIT + global_modifier(s, "hand_limit", seat))
