"""Beyond the Palisades: Gloom on the table, and the places of cards.

Gloom sits on Gloom cards in play (a board slot's `gloom`, `ench_gloom` beside the Enchantment
board, `inv_gloom` for an Investigation) and on villagers showing their Tainted side
(`Villager.gloom`). Places are named like the card places of `cards_in_play`, with
`villager-<id>` for a villager's own Gloom.

Gloom's ops and frames (adding and removing it, Cleanse) are in `rules.pagan.gloom`.
"""

from __future__ import annotations

from typing import Any

from rules.pagan.modifiers import cards_in_play, global_modifier, is_covered
from rules.pagan.piles import slot_kind_owner
from rules.pagan.state import HUNTER, WITCH, PaganState, opponent
from rules.pagan.tables import CARDS, CATALOG, VILLAGERS, card_name, villager_name


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
