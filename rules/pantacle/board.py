"""Queries and bookkeeping shared by every phase: the catalog, component limits, what a player's
lasting effects (Powers and face-up Curses) change, and the one place resources move.

Every gain of Influence or Adepts goes through `gain`, so Hunt's extra cube, the Exhaustion
curses' interception, the Adept area's size and the limited supplies apply everywhere alike.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rules.core import Rng
from rules.core.machine import reads
from rules.pantacle.catalog import load_catalog
from rules.pantacle.components import TRIGGER_TIMES, Blade, Curse, Favor
from rules.pantacle.ops import lasting as lasting_op
from rules.pantacle.state import CurseCard, PantacleState, Player

CATALOG = load_catalog()
BLADES: Mapping[str, Blade] = CATALOG.blades
FAVORS: Mapping[str, Favor] = CATALOG.favors
CURSES: Mapping[str, Curse] = CATALOG.curses
POINTS = CATALOG.points
PENTAGRAM = CATALOG.pentagram
CURSE_FREE = CATALOG.curse_free
HOUND = next(k.id for k in CATALOG.keepers.values() if k.hound)
HOUND_BLADES = frozenset(b.id for b in BLADES.values() if b.keeper == HOUND)
BLADE_KEEPER = {b.id: b.keeper for b in BLADES.values()}
FAVOR_POWER = {f.id: f.power for f in FAVORS.values()}
POWER_EFFECTS = {power.id: power.effects for power in CATALOG.powers.values()}

SUPPLY_LIMITS = {"influence": 40, "adepts": 25}  # the components: 40 Influence cubes, 25 Adepts
FLAMES = 5
HAND_SIZE = 3
ADEPT_AREA = 5
POWER_AREA = 4
SACRIFICE = 3  # Power tokens or Adepts a Sacrifice discards
ADEPT_BASE_COST = 2  # plus the player's Flames on the PANTACLE
RESOLVE_HOUND = 2  # the rightmost position of the Resolve Bonus track
EXTRA_CURSE_TOTALS = (0, 1, 4, 9, 16)  # total cost of +0 .. +4 extra Curse cards


def keeper_name(keeper: str) -> str:
    return CATALOG.keepers[keeper].name


def favor_name(favor: str) -> str:
    return FAVORS[favor].name


def curse_name(curse: str) -> str:
    return CURSES[curse].name


def blade_name(blade: str) -> str:
    b = BLADES[blade]
    return f"{keeper_name(b.keeper)} ({CATALOG.moon_phases[b.moon].name})"


# --- lasting effects ------------------------------------------------------------------------------


def everyone(s: PantacleState) -> int:
    """The knowledge bitmask of a card every seat saw."""
    return (1 << len(s.players)) - 1


def lasting(p: Player) -> Iterator[tuple[Mapping[str, Any], CurseCard]]:
    """The lasting effect ops of the player's face-up curses, each with its card. A face-down
    curse is ignored (Protection); an Exhaustion card is face up only while it holds resources,
    since an empty one leaves at once."""
    for c in p.curses:
        if not c.face_down:
            for op in CURSES[c.id].effects:
                yield op, c


def modifier(p: Player, name: str) -> int:
    """The sum of `n` over the player's lasting effects called `name` (0 without any)."""
    if not p.curses:
        return 0
    return sum(int(op.get("n", 0)) for op, _ in lasting(p) if op["op"] == name)


def power_modifier(p: Player, name: str) -> int:
    """The sum of `n` over the lasting effects called `name` of the player's Power tokens."""
    return sum(
        int(op.get("n", 0)) for power in p.powers for op in POWER_EFFECTS[power] if op["op"] == name
    )


def has_modifier(p: Player, name: str) -> bool:
    return bool(p.curses) and any(op["op"] == name for op, _ in lasting(p))


# Each lasting op of the curses (docs/pantacle-data.md) is declared on the query that reads it.


@lasting_op("adept_cost", {"n": "int"})
def adept_cost(p: Player) -> int:
    return ADEPT_BASE_COST + len(p.flames) + modifier(p, "adept_cost")


@lasting_op("hand_size", {"n": "int"}, powers=True)
def hand_size(p: Player) -> int:
    base = HAND_SIZE + power_modifier(p, "hand_size")  # Enslavement: 4 instead of 3
    return max(1, base + modifier(p, "hand_size"))


@lasting_op("no_moon_cube")
def no_moon_cube(p: Player) -> bool:
    """Whether the player never gains the Moon Phase cube."""
    return has_modifier(p, "no_moon_cube")


@lasting_op("bribe_influence", {"n": "int"})
def bribe_influence(p: Player) -> int:
    """The Influence a bribe costs the player beyond its blades."""
    return modifier(p, "bribe_influence")


@lasting_op("no_bribe")
def no_bribe(p: Player) -> bool:
    return has_modifier(p, "no_bribe")


@lasting_op("adept_area", {"n": "int"})
def adept_area(p: Player) -> int:
    return max(0, ADEPT_AREA + modifier(p, "adept_area"))


@lasting_op("influence_cap", {"n": "int"})
def influence_cap(p: Player) -> int | None:
    if not p.curses:
        return None
    caps = [int(op["n"]) for op, _ in lasting(p) if op["op"] == "influence_cap"]
    return min(caps) if caps else None


@lasting_op("sacrifice_cost", {"which": ("powers", "adepts", "any", "all"), "n": "int"})
def sacrifice_need(p: Player, which: str) -> int:
    """Power tokens or Adepts the player's Sacrifice of `which` needs (and discards)."""
    need = SACRIFICE
    if p.curses:
        for op, c in lasting(p):
            if op["op"] == "sacrifice_cost":
                target = op["which"]
                if target == which or target == "all" or (target == "any" and c.target == which):
                    need += int(op["n"])
    return need


@lasting_op("forbid_favor", {"favor": "favor"})
def forbidden(p: Player, favor: str) -> bool:
    return bool(p.curses) and any(
        op["op"] == "forbid_favor" and op["favor"] == favor for op, _ in lasting(p)
    )


@lasting_op("no_resolve")
def no_resolve(p: Player) -> bool:
    """Whether the player's Resolve Bonus tracker never moves."""
    return has_modifier(p, "no_resolve")


@lasting_op("trigger", {"when": TRIGGER_TIMES, "do": "ops"})
def triggered(p: Player, when: str) -> list[tuple[list[Any], str]]:
    """(ops, curse id) of the player's face-up curses that trigger at `when`."""
    if not p.curses:
        return []
    return [
        (op["do"], c.id) for op, c in lasting(p) if op["op"] == "trigger" and op["when"] == when
    ]


def intercepts(p: Player, resource: str) -> bool:
    """Would a face-up Exhaustion curse take this gain instead of the reserve?"""
    for c in p.curses:
        if not c.face_down and (c.influence if resource == "influence" else c.adepts):
            return True
    return False


# --- resources ------------------------------------------------------------------------------------


def gain(s: PantacleState, seat: int, resource: str, n: int, hunt: bool = True) -> int:
    """The player gains `n` of `resource` from the reserve, and returns how many reached the
    Sanctuary. Hunt adds one Influence cube to any gain of at least one; face-up Exhaustion
    curses holding that resource take the gain first (their resources return to the reserve,
    and a card left empty goes to the bottom of the Curse pile); then the reserve, the Adept
    area and any Influence cap limit what arrives."""
    if n <= 0:
        return 0
    p = s.players[seat]
    if hunt and resource == "influence" and "hunt" in p.powers:
        n += 1
    if p.curses:
        for c in p.curses[:]:
            if n == 0:
                break
            if c.face_down:
                continue
            if resource == "influence":
                take = min(n, c.influence)
                c.influence -= take
            else:
                take = min(n, c.adepts)
                c.adepts -= take
            if take:
                n -= take
                s.supply[resource] += take
                if c.influence == 0 and c.adepts == 0:
                    p.curses.remove(c)
                    curse_to_bottom(s, c.id, everyone(s))
    room = s.supply[resource]
    if resource == "adepts":
        room = min(room, adept_area(p) - p.adepts)
        k = max(0, min(n, room))
        p.adepts += k
    else:
        cap = influence_cap(p)
        if cap is not None:
            room = min(room, cap - p.influence)
        k = max(0, min(n, room))
        p.influence += k
    s.supply[resource] -= k
    return k


def lose(s: PantacleState, seat: int, resource: str, n: int) -> int:
    """Return up to `n` of the player's `resource` to the reserve; how many went back."""
    p = s.players[seat]
    if resource == "influence":
        k = min(n, p.influence)
        p.influence -= k
    else:
        k = min(n, p.adepts)
        p.adepts -= k
    s.supply[resource] += k
    return k


def can_receive_adept(p: Player, supply: Mapping[str, int]) -> bool:
    """Whether gaining an Adept would do something: place one, or spend a curse's Adept."""
    return intercepts(p, "adepts") or (p.adepts < adept_area(p) and supply["adepts"] > 0)


# --- Power tokens ---------------------------------------------------------------------------------


def gain_power(p: Player, power: str) -> bool:
    """Place the player's token of `power` in the next free location of the Power area. A token
    already there cannot be gained twice (one set per player), nor a fifth token (4 locations)."""
    if power in p.powers or len(p.powers) >= POWER_AREA:
        return False
    p.powers.append(power)
    return True


def discard_powers(p: Player, n: int) -> list[str]:
    """Discard the tokens in the first `n` locations; the rest move up. Losing Protection flips
    its curse face up again, resources and all."""
    gone = p.powers[:n]
    del p.powers[:n]
    if "protection" in gone:
        for c in p.curses:
            c.face_down = False
    return gone


# --- piles ----------------------------------------------------------------------------------------


def draw_blade(s: PantacleState, p: Player) -> bool:
    """Draw the top Keeper blade; an empty pile is first rebuilt from the discards (all but the
    last one, shuffled). False when there is no blade to draw at all."""
    if not s.blade_pile:
        if len(s.blade_discard) <= 1:
            return False
        pile = s.blade_discard[:-1]
        del s.blade_discard[:-1]
        rng = Rng(s.rng)
        rng.shuffle(pile)
        s.rng = rng.state
        s.blade_pile = pile
    reads(s)  # the pile's order: nobody knows which blade comes
    p.take_blade(s.blade_pile.pop(), len(s.passes))
    return True


def refill(s: PantacleState, p: Player) -> None:
    target = hand_size(p)
    while len(p.hand) < target and draw_blade(s, p):
        pass


def discard_blade(s: PantacleState, p: Player, blade: str) -> None:
    p.remove_blade(blade)
    s.blade_discard.append(blade)


def draw_curse(s: PantacleState) -> str | None:
    if not s.curse_pile:
        return None
    reads(s)  # the Curse pile, face down
    s.curse_seen.pop()
    return s.curse_pile.pop()


def curse_to_bottom(s: PantacleState, curse: str, known_by: int) -> None:
    """Put a Curse card at the bottom of the pile; `known_by` is the bitmask of seats that saw
    which card it is."""
    s.curse_pile.insert(0, curse)
    s.curse_seen.insert(0, known_by)


def distinct(cards: list[str]) -> list[str]:
    """The cards without repeats (the same blade is one choice), sorted by id as the seat's
    view shows its hand: never in the order they were dealt, which no seat sees, lest the
    order of a legal-move list tell it."""
    return sorted(set(cards))
