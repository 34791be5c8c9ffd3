"""Queries and token bookkeeping on a Pagan state: targets, modifiers, costs, supply, cards.

Everything here is a small pure helper over `PaganState`; the turn flow and the effect
interpreter are built from them.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from rules.core.rng import Rng
from rules.pagan.catalog import Card, Villager, load_catalog
from rules.pagan.state import HUNTER, WITCH, PaganState, Player, Slot, opponent

CATALOG = load_catalog()
CARDS: dict[str, Card] = dict(CATALOG.cards)
VILLAGERS: dict[str, Villager] = dict(CATALOG.villagers)

TOKEN_LIMITS = {"clue": 30, "evidence": 9, "secret": 30, "favor": 20}
BOARD_SLOTS = 3
ENCHANTMENT_SLOTS = 3
HAND_LIMIT = 7
LASTING_ON_BOARD = ("location", "ally", "brew", "familiar")
TOKEN_NAMES = {"clue": "Clue", "secret": "Secret", "favor": "Favor", "evidence": "Evidence"}


def card_name(card_id: str) -> str:
    return CARDS[card_id].name


def villager_name(villager_id: str) -> str:
    return VILLAGERS[villager_id].name


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
    if sel.base != "brew":
        colour = sel.colour
        if sel.base == "same_colour":
            colour = s.villager(here).colour if here else None
            if colour is None:
                return out
        for v in s.villagers:
            if not v.alive:
                continue
            if sel.base == "here" and v.id != here:
                continue
            if colour is not None and v.colour != colour:
                continue
            if sel.ready and not v.ready:
                continue
            if token is not None and token_count_on(s, v.id, token) == 0:
                continue
            out.append(v.id)
    if sel.base in ("brew", "villager_or_brew"):
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
        return f"the Brew {card_name(slot.card)}" if slot else "an empty Brew spot"
    return villager_name(target)


def token_count_on(s: PaganState, target: str, token: str) -> int:
    if target.startswith("brew-"):
        slot = s.witch.brews[int(target[5:])]
        return slot.secrets if slot is not None and token == "secret" else 0
    v = s.villager(target)
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


def cards_in_play(s: PaganState) -> list[tuple[str, str, str]]:
    """(card id, owner seat, place key) for every card in play. Place keys name the spot."""
    out: list[tuple[str, str, str]] = []
    h, w = s.hunter, s.witch
    for i, slot in enumerate(h.locations):
        if slot:
            out.append((slot.card, HUNTER, f"location-{i}"))
    for i, slot in enumerate(h.allies):
        if slot:
            out.append((slot.card, HUNTER, f"ally-{i}"))
    for i, slot in enumerate(w.brews):
        if slot:
            out.append((slot.card, WITCH, f"brew-{i}"))
    for i, slot in enumerate(w.familiars):
        if slot:
            out.append((slot.card, WITCH, f"familiar-{i}"))
    for i, card in enumerate(s.enchantments):
        out.append((card, WITCH, f"enchantment-{i}"))
    for v in s.villagers:
        if v.investigation:
            out.append((v.investigation, HUNTER, f"investigation-{v.id}"))
    return out


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
    out: list[tuple[str, str]] = []
    mods = _GLOBAL_MODIFIER_CARDS
    for seat_slots, owner in (
        (s.hunter.allies, HUNTER),
        (s.hunter.locations, HUNTER),
        (s.witch.brews, WITCH),
        (s.witch.familiars, WITCH),
    ):
        for slot in seat_slots:
            if slot is not None and slot.card in mods:
                out.append((slot.card, owner))
    for card in s.enchantments:
        if card in mods:
            out.append((card, WITCH))
    return out


def global_modifier(s: PaganState, kind: str, seat: str, card_type: str | None = None) -> int:
    """The summed `n` of every modifier of `kind` that applies to `seat`, from cards in play other
    than Investigations (those act only on their own villager, see `villager_modifier`)."""
    total = 0
    for card_id, owner in _cards_with_global_modifiers(s):
        card = CARDS[card_id]
        for mod in card.data["modifiers"]:
            if mod["kind"] != kind or _applies_to(card, owner, mod) != seat:
                continue
            types = mod.get("types")
            if types and card_type not in types:
                continue
            total += int(mod.get("n", 1))
    return total


def villager_modifier(s: PaganState, villager_id: str, kind: str, seat: str) -> int | None:
    """The modifier of `kind` that the Investigation on this villager puts on `seat`, if any."""
    inv = s.villager(villager_id).investigation
    if not inv:
        return None
    card = CARDS[inv]
    for mod in card.data.get("modifiers", ()):
        if mod["kind"] == kind and _applies_to(card, HUNTER, mod) == seat:
            return int(mod.get("n", 1))
    return None


def play_cost(s: PaganState, seat: str, card_id: str, discount: int = 0) -> int:
    card = CARDS[card_id]
    cost = card.cost + global_modifier(s, "play_cost", seat, card.type) - discount
    if card.type == "enchantment":
        cost += len(s.enchantments)
    return max(0, cost)


def hand_limit(s: PaganState, seat: str) -> int:
    return max(0, HAND_LIMIT + global_modifier(s, "hand_limit", seat))


# --- costs ----------------------------------------------------------------------------------------

Cost = dict[str, Any]


def can_pay(s: PaganState, seat: str, cost: Cost, colour: str | None = None) -> bool:
    p = s.player(seat)
    if p.influence < int(cost.get("influence", 0)):
        return False
    if p.evidence < int(cost.get("evidence", 0)):
        return False
    if len(p.hand) < int(cost.get("discard", 0)):
        return False
    for token in ("clue", "secret"):
        need = int(cost.get(token + "s", 0))
        if need and tokens_on_villagers(s, token, colour) < need:
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
        out.append(p.deck.pop())
    return out


def leave_hand(p: Player, card: str) -> None:
    """Take a card out of a hand; if the opponent knew of it, they now know it is gone."""
    p.hand.remove(card)
    if card in p.revealed:
        p.revealed.remove(card)


def shuffle(s: PaganState, cards: list[str]) -> None:
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
