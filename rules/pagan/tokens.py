"""Targets and the tokens on them: which villagers or Brew spots a card's target names, and
Clues, Secrets, Favors and Evidence moved between the supply and the table.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from rules.core import N_
from rules.pagan.state import PaganState
from rules.pagan.state import Villager as VillagerState
from rules.pagan.tables import card_name, villager_name


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
