"""Queries and token bookkeeping on a Pagan state: targets, modifiers, costs, supply, cards.

Everything here is a small pure helper over `PaganState`; the turn flow and the effect
interpreter are built from them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableMapping
from functools import cache
from typing import Any, Final, NamedTuple, TypeVar, cast

from mypy_extensions import mypyc_attr

from rules.core import N_, Rng
from rules.core.machine import reads
from rules.pagan.cards import Card, Villager
from rules.pagan.catalog import load_catalog
from rules.pagan.state import HUNTER, WITCH, PaganState, Player, Slot, opponent
from rules.pagan.state import Villager as VillagerState

V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])

# --- the catalog, and facts worked out from it once --------------------------------------------

_DERIVED: list[Any] = []


def derived(fn: F) -> F:
    """Memoize `fn`, a pure function of its arguments and the catalog tables (`CARDS`,
    `VILLAGERS`): a card's modifiers, a move whose label names a card. The memo is dropped
    whenever a table changes (see `CatalogTable`), so it never outlives the data it came from."""
    memo = cache(fn)
    _DERIVED.append(memo)
    return cast(F, memo)


def forget_derived() -> None:
    for memo in _DERIVED:
        memo.cache_clear()


# A plain Python class even when compiled: a native class ignores the MutableMapping methods
# assigned below, so `update` and the rest would bypass `__setitem__`.
@mypyc_attr(native_class=False)
class CatalogTable(dict[str, V]):
    """A catalog table by id. The engine only reads it; a change (a test replacing a card with
    `monkeypatch.setitem`) drops every `derived` memo. Entries are frozen dataclasses: they are
    replaced, never changed in place."""

    def __setitem__(self, key: str, value: V) -> None:
        super().__setitem__(key, value)
        forget_derived()

    def __delitem__(self, key: str) -> None:
        super().__delitem__(key)
        forget_derived()

    def __ior__(self, other: Iterable[tuple[str, V]]) -> CatalogTable[V]:  # type: ignore[override,misc]
        self.update(other)
        return self

    # dict's own bulk changes bypass the two methods above; these go through them.
    update = MutableMapping.update
    pop = MutableMapping.pop
    popitem = MutableMapping.popitem
    setdefault = MutableMapping.setdefault
    clear = MutableMapping.clear


CATALOG = load_catalog()
CARDS: CatalogTable[Card] = CatalogTable(CATALOG.cards)
VILLAGERS: CatalogTable[Villager] = CatalogTable(CATALOG.villagers)

TOKEN_LIMITS = {"clue": 30, "evidence": 9, "secret": 30, "favor": 20}
GLOOM_LIMIT: Final = 30  # Beyond the Palisades: the Gloom supply (only in games with the expansion)
BOARD_SLOTS: Final = 3
ENCHANTMENT_SLOTS: Final = 3
HAND_LIMIT: Final = 7
LASTING_ON_BOARD = ("location", "ally", "brew", "familiar")
TOKEN_NAMES = {
    "clue": N_("Clue"),
    "secret": N_("Secret"),
    "favor": N_("Favor"),
    "evidence": N_("Evidence"),
}
# The plural of each word `plural` counts (marked, so the catalog renders each form).
PLURALS = {
    "Clue": N_("Clues"),
    "Secret": N_("Secrets"),
    "Favor": N_("Favors"),
    "Evidence": N_("Evidences"),
    "Gloom": N_("Glooms"),
    "card": N_("cards"),
}


def card_name(card_id: str) -> str:
    return CARDS[card_id].name


def villager_name(villager_id: str) -> str:
    return VILLAGERS[villager_id].name


def plural(n: int, word: str) -> str:
    return N_("{n} {word}").format(n=n, word=word if n == 1 else PLURALS.get(word, word + "s"))


# --- targets ------------------------------------------------------------------------------------


class Selector(NamedTuple):
    base: str  # villager | here | same_colour | brew | villager_or_brew
    colour: str | None
    with_token: str | None
    ready: bool


@cache
def parse_target(spec: str) -> Selector:
    parts = spec.split("+")
    head = parts[0]
    colour = None
    if ":" in head:
        head, colour = head.split(":", 1)
    with_token = None
    ready = False
    for extra in parts[1:]:
        if extra.startswith("with:"):
            with_token = extra[5:]
        elif extra == "ready":
            ready = True
        else:
            raise ValueError(f"unknown target modifier {extra!r} in {spec!r}")
    if head not in ("villager", "here", "same_colour", "brew", "villager_or_brew"):
        raise ValueError(f"unknown target {spec!r}")
    return Selector(head, colour, with_token, ready)


def brew_target(index: int) -> str:
    return f"brew-{index}"


def targets(s: PaganState, spec: str, here: str | None) -> list[str]:
    """Target ids (villager ids, or `brew-N` for the Witch's Brew slots) matching `spec`."""
    sel = parse_target(spec)
    out: list[str] = []
    token = sel.with_token
    base = sel.base
    if base != "brew":
        colour = sel.colour
        if base == "same_colour":
            colour = s.villager(here).colour if here else None
            if colour is None:
                return out
        only_here = base == "here"
        ready = sel.ready
        for v in s.villagers:
            if not v.alive:
                continue
            if only_here and v.id != here:
                continue
            if colour is not None and v.colour != colour:
                continue
            if ready and not v.ready:
                continue
            if token is not None and tokens_on(v, token) == 0:
                continue
            out.append(v.id)
    if base in ("brew", "villager_or_brew"):
        for i, slot in enumerate(s.witch.brews):
            if slot is None:
                continue
            if token is not None and (token != "secret" or slot.secrets == 0):
                continue
            out.append(brew_target(i))
    return out


def target_name(s: PaganState, target: str) -> str:
    if target.startswith("brew-"):
        slot = s.witch.brews[int(target[5:])]
        return (
            N_("the Brew {card}").format(card=card_name(slot.card))
            if slot
            else N_("an empty Brew spot")
        )
    return villager_name(target)


def token_count_on(s: PaganState, target: str, token: str) -> int:
    if target.startswith("brew-"):
        slot = s.witch.brews[int(target[5:])]
        return slot.secrets if slot is not None and token == "secret" else 0
    return tokens_on(s.villager(target), token)


def tokens_on(v: VillagerState, token: str) -> int:
    """`token_count_on` of a villager already at hand."""
    if token == "clue":
        return v.clues
    if token == "secret":
        return v.secrets
    if token == "favor":
        return v.favors
    return 0


def _add_on(s: PaganState, target: str, token: str, n: int) -> None:
    if target.startswith("brew-"):
        slot = s.witch.brews[int(target[5:])]
        if slot is None or token != "secret":
            raise ValueError(f"cannot put a {token} on {target}")
        slot.secrets += n
        return
    v = s.villager(target)
    if token == "clue":
        v.clues += n
    elif token == "secret":
        v.secrets += n
    elif token == "favor":
        v.favors += n
    else:
        raise ValueError(f"cannot put {token} on a villager")


def place_from_supply(s: PaganState, target: str, token: str) -> bool:
    """Put one token from the supply on `target`; False (nothing placed) when the supply is out."""
    if s.supply[token] <= 0:
        return False
    s.supply[token] -= 1
    _add_on(s, target, token, 1)
    return True


def move_token(s: PaganState, source: str, target: str, token: str) -> None:
    _add_on(s, source, token, -1)
    _add_on(s, target, token, 1)


def remove_to_supply(s: PaganState, target: str, token: str, n: int = 1) -> int:
    """Remove up to n tokens from `target` to the supply; returns how many were removed."""
    n = min(n, token_count_on(s, target, token))
    if n > 0:
        _add_on(s, target, token, -n)
        s.supply[token] += n
    return n


def holders(s: PaganState, token: str, exclude: str | None = None) -> list[str]:
    """Every place in play holding `token` (for "move a token already in play instead")."""
    spec = "villager_or_brew" if token == "secret" else "villager"
    return [t for t in targets(s, f"{spec}+with:{token}", None) if t != exclude]


def gain_evidence(s: PaganState, n: int) -> None:
    n = min(n, s.supply["evidence"])
    s.supply["evidence"] -= n
    s.hunter.evidence += n


# --- cards in play and their modifiers ------------------------------------------------------------


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
    if not covered and "gloom" in s.supply and any(s.ench_covers):
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
    if "gloom" in s.supply and any(s.ench_covers):  # a covered card is not in play: careful
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
    if "gloom" in s.supply:  # only expansion games have scenario rule modifiers
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


# --- costs ----------------------------------------------------------------------------------------

Cost = dict[str, Any]


def can_pay(s: PaganState, seat: str, cost: Cost, colour: str | None = None) -> bool:
    p = s.player(seat)
    if not cost:  # most Locations and Lifts: the checks below reduce to these two
        return p.influence >= 0 and p.evidence >= 0
    if p.influence < int(cost.get("influence", 0)):
        return False
    if p.evidence < int(cost.get("evidence", 0)):
        return False
    if len(p.hand) < int(cost.get("discard", 0)):
        return False
    for token, key in (("clue", "clues"), ("secret", "secrets")):
        need = int(cost.get(key, 0))
        if need and tokens_on_villagers(s, token, colour) < need:
            return False
    if "assets" in cost or "gloom" in cost:  # the expansion's costs
        assets = int(cost.get("assets", 0))
        mine = "clue" if seat == HUNTER else "secret"
        if assets and tokens_on_villagers(s, mine, colour) < assets + int(cost.get(mine + "s", 0)):
            return False
        if int(cost.get("gloom", 0)) > gloom_in_play(s):
            return False
    return True


def tokens_on_villagers(s: PaganState, token: str, colour: str | None = None) -> int:
    total = 0
    for v in s.villagers:
        if v.alive and (colour is None or v.colour == colour):
            total += v.clues if token == "clue" else v.secrets if token == "secret" else v.favors
    return total


# --- cards: drawing, discarding, slots ---------------------------------------------------------


def draw(s: PaganState, p: Player, n: int = 1) -> int:
    """Draw n cards one at a time, reshuffling the discard pile into the deck when it runs out."""
    drawn = 0
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                break
            p.deck = p.discard
            p.discard = []
            shuffle(s, p.deck)
        reads(s)  # the deck's order: nobody knows which card comes
        p.hand.append(p.deck.pop())
        drawn += 1
    return drawn


def reveal_top(s: PaganState, p: Player, n: int) -> list[str]:
    """Take the top n cards off the deck (reshuffling as needed) into limbo."""
    out: list[str] = []
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                break
            p.deck = p.discard
            p.discard = []
            shuffle(s, p.deck)
        reads(s)  # the deck's order
        out.append(p.deck.pop())
    return out


def leave_hand(p: Player, card: str) -> None:
    """Take a card out of a hand; if the opponent knew of it, they now know it is gone."""
    p.hand.remove(card)
    if card in p.revealed:
        p.revealed.remove(card)


def shuffle(s: PaganState, cards: list[str]) -> None:
    reads(s)  # the game's RNG, which nobody may know
    rng = Rng(s.rng)
    rng.shuffle(cards)
    s.rng = rng.state


def free_slot(slots: list[Slot | None]) -> int | None:
    for i, slot in enumerate(slots):
        if slot is None:
            return i
    return None


def seat_of_card(card_id: str) -> str:
    return CARDS[card_id].side


def slot_kind_owner(kind: str) -> str:
    return HUNTER if kind in ("location", "ally") else WITCH


# --- Beyond the Palisades: Gloom -----------------------------------------------------------------
#
# Gloom sits on Gloom cards in play (a board slot's `gloom`, `ench_gloom` beside the Enchantment
# board, `inv_gloom` for an Investigation) and on villagers showing their Tainted side
# (`Villager.gloom`). Places are named like the card places of `cards_in_play`, with
# `villager-<id>` for a villager's own Gloom.


def has_expansion(s: PaganState) -> bool:
    """Whether the game is played with Beyond the Palisades (only then is there Gloom)."""
    return "gloom" in s.supply


def place_owner(place: str) -> str | None:
    """The seat owning the card at a place (None for a villager)."""
    kind = place.partition("-")[0]
    if kind == "enchantment":
        return WITCH
    if kind == "investigation":
        return HUNTER
    if kind == "villager":
        return None
    return slot_kind_owner(kind)


def card_at_place(s: PaganState, place: str) -> str | None:
    kind, _, where = place.partition("-")
    if kind == "enchantment":
        i = int(where)
        return s.enchantments[i] if i < len(s.enchantments) else None
    if kind == "investigation":
        return s.villager(where).investigation
    if kind == "villager":
        return None
    slot = s.player(slot_kind_owner(kind)).slots(kind)[int(where)]
    return slot.card if slot else None


def gloom_at(s: PaganState, place: str) -> int:
    kind, _, where = place.partition("-")
    if kind == "enchantment":
        return s.ench_gloom[int(where)]
    if kind == "investigation":
        return s.villager(where).inv_gloom
    if kind == "villager":
        return s.villager(where).gloom
    slot = s.player(slot_kind_owner(kind)).slots(kind)[int(where)]
    return slot.gloom if slot else 0


def _add_gloom_at(s: PaganState, place: str, n: int) -> None:
    kind, _, where = place.partition("-")
    if kind == "enchantment":
        s.ench_gloom[int(where)] += n
    elif kind == "investigation":
        s.villager(where).inv_gloom += n
    elif kind == "villager":
        s.villager(where).gloom += n
    else:
        slot = s.player(slot_kind_owner(kind)).slots(kind)[int(where)]
        if slot is None:
            raise ValueError(f"no card at {place} to put Gloom on")
        slot.gloom += n


def tainted(villager_face: str) -> bool:
    """Whether a villager side is a back side that holds Gloom (The Tainted)."""
    return bool(VILLAGERS[villager_face].back_of)


def villager_gloom_limit(s: PaganState) -> int:
    """The Gloom a Tainted villager starts with, set by the scenario, is also its limit."""
    return int(CATALOG.scenarios[s.options["scenario"]].data.get("villager_gloom", 0))


def gloom_limit(s: PaganState, place: str) -> int:
    """How much Gloom the place may hold: a Gloom card's printed Gloom (changed by `gloom_limit`
    modifiers for its owner), a Tainted villager's starting Gloom; 0 for anything else."""
    if place.startswith("villager-"):
        v = s.villager(place[9:])
        return villager_gloom_limit(s) if v.alive and tainted(v.face) else 0
    card = card_at_place(s, place)
    if card is None or not CARDS[card].gloom:
        return 0
    owner = place_owner(place)
    assert owner is not None
    return max(0, CARDS[card].gloom + global_modifier(s, "gloom_limit", owner))


def gloom_holders(s: PaganState) -> list[str]:
    """Every place in play that can hold Gloom: Gloom cards in play (not covered) and villagers
    showing their Tainted side."""
    out = [place for card, _, place in cards_in_play(s) if CARDS[card].gloom]
    out.extend(f"villager-{v.id}" for v in s.villagers if v.alive and tainted(v.face))
    return out


def gloom_cards(s: PaganState, owner: str | None = None) -> list[str]:
    """The places of Gloom cards in play, of `owner` if given."""
    return [
        place
        for card, seat, place in cards_in_play(s)
        if CARDS[card].gloom and (owner is None or seat == owner)
    ]


def gloom_in_play(s: PaganState) -> int:
    return sum(gloom_at(s, place) for place in gloom_holders(s))


def gloom_targets(
    s: PaganState, spec: str, seat: str, here: str | None, at: str | None
) -> list[str]:
    """Places matching a Gloom target (docs/pagan-card-data.md): self, here, gloom_card[:yours|
    :theirs], gloom_villager, gloom."""
    holders = gloom_holders(s)
    if spec == "self":
        return [at] if at is not None and at in holders else []
    if spec == "here":
        place = f"villager-{here}"
        return [place] if here is not None and place in holders else []
    if spec == "gloom_villager":
        return [p for p in holders if p.startswith("villager-")]
    if spec == "gloom":
        return holders
    cards = [p for p in holders if not p.startswith("villager-")]
    if spec == "gloom_card:yours":
        return [p for p in cards if place_owner(p) == seat]
    if spec == "gloom_card:theirs":
        return [p for p in cards if place_owner(p) == opponent(seat)]
    return cards


def gloom_room(s: PaganState, place: str) -> int:
    return gloom_limit(s, place) - gloom_at(s, place)


def can_add_gloom(
    s: PaganState, spec: str, n: int, seat: str, here: str | None, at: str | None
) -> bool:
    """ "You can only add Gloom to Gloom cards, and only if it won't exceed the limit": some
    single target has room for all n, and the supply has n."""
    if s.supply.get("gloom", 0) < n:
        return False
    return any(gloom_room(s, p) >= n for p in gloom_targets(s, spec, seat, here, at))


def put_gloom(s: PaganState, place: str, n: int) -> int:
    """Move up to n Gloom from the supply onto a place; returns how many were placed."""
    n = min(n, s.supply.get("gloom", 0))
    if n > 0:
        s.supply["gloom"] -= n
        _add_gloom_at(s, place, n)
    return n


def drop_gloom(s: PaganState, place: str, n: int) -> int:
    """Return up to n Gloom from a place to the supply, with no Cleanse (see `gloom.take_gloom`
    for removal that cleanses); returns how many were removed."""
    n = min(n, gloom_at(s, place))
    if n > 0:
        _add_gloom_at(s, place, -n)
        s.supply["gloom"] += n
    return n


def place_name(s: PaganState, place: str) -> str:
    if place.startswith("villager-"):
        return villager_name(place[9:])
    card = card_at_place(s, place)
    return card_name(card) if card else "an empty spot"


def lift_out(s: PaganState, place: str) -> tuple[str, str]:
    """Take the card at a place out of play, returning its tokens (Secrets, Gloom) to the supply
    and uncovering what it covered; returns (card, owner). The caller says where it goes."""
    kind, _, where = place.partition("-")
    if kind == "enchantment":
        i = int(where)
        card = s.enchantments.pop(i)
        gloom = s.ench_gloom.pop(i)
        s.ench_covers.pop(i)
        if gloom:
            s.supply["gloom"] += gloom
        return card, WITCH
    if kind == "investigation":
        v = s.villager(where)
        card = v.investigation or ""
        v.investigation = None
        if v.inv_gloom:
            s.supply["gloom"] += v.inv_gloom
            v.inv_gloom = 0
        return card, HUNTER
    owner = slot_kind_owner(kind)
    slots = s.player(owner).slots(kind)
    slot = slots[int(where)]
    if slot is None:
        raise ValueError(f"no card at {place}")
    slots[int(where)] = None
    if slot.secrets:
        s.supply["secret"] += slot.secrets
    if slot.gloom:
        s.supply["gloom"] += slot.gloom
    return slot.card, owner


def uncover_place(s: PaganState, place: str) -> None:
    """A covered card left the table (its villager was eliminated): nothing is covered there."""
    for i, covered in enumerate(s.ench_covers):
        if covered == place:
            s.ench_covers[i] = None


def removable_by_owner(s: PaganState, place: str) -> bool:
    """A player cannot voluntarily remove their own Gloom card, not even to make room, nor a
    card that is covered (not in play)."""
    return not is_covered(s, place) and gloom_at(s, place) == 0


def count(s: PaganState, spec: dict[str, Any], seat: str) -> int:
    """A `per` count (docs/pagan-card-data.md)."""
    if "pawns_on" in spec:
        colour = spec["pawns_on"]
        return sum(
            v.hunter_pawns + v.witch_pawns for v in s.villagers if v.alive and v.colour == colour
        )
    if "gloom_cards" in spec:
        whose = spec["gloom_cards"]
        owner = None if whose == "any" else seat if whose == "yours" else opponent(seat)
        return len(gloom_cards(s, owner))
    raise ValueError(f"unknown count {spec!r}")
