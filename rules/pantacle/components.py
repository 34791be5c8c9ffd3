"""Pantacle's components as data: Moon Phases, Keepers and their blades, Powers, Favors, the
PANTACLE's points and the Curse cards, with the words and counts the rulebook fixes.

The rulebook prints the rules but not this data, so most of it is designed (each entry says so in
its `origin`); `rules.pantacle.catalog` reads it from `data/*.yaml` (format:
docs/pantacle-data.md). Mappings are YAML's plain dicts and lists: read-only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

ORIGINS = ("printed", "example", "designed")
RESOURCES = ("influence", "adepts")
CURSE_KINDS = ("permanent", "exhaustion")
TRIGGER_TIMES = ("turn_start", "favor_received", "bribed_away", "bribe_paid", "flame_placed")
SACRIFICES = ("powers", "adepts")

BLADE_COUNT = 24
CURSE_COUNT = 27
FAVOR_COUNT = 7
POINT_COUNT = 5


@dataclass(frozen=True, slots=True)
class MoonPhase:
    id: str
    name: str
    origin: str


@dataclass(frozen=True, slots=True)
class Keeper:
    id: str
    name: str
    hound: bool
    origin: str
    source: str


@dataclass(frozen=True, slots=True)
class Blade:
    id: str
    keeper: str
    moon: str
    origin: str
    source: str


@dataclass(frozen=True, slots=True)
class Power:
    id: str
    name: str
    text: str
    origin: str
    source: str
    # Lasting ops that apply while the token is held (Enslavement's larger hand); the other
    # Powers change a rule the engine knows them by.
    effects: tuple[Mapping[str, Any], ...] = field(default=(), hash=False)


@dataclass(frozen=True, slots=True)
class Favor:
    id: str
    name: str
    keepers: tuple[str, ...]
    moon: str | None
    effect: tuple[Mapping[str, Any], ...] = field(hash=False)
    text: str
    origin: str
    source: str

    @property
    def power(self) -> str | None:
        """The Power token this Favor gives, if it gives one."""
        for op in self.effect:
            if op.get("op") == "power":
                return str(op["power"])
        return None


@dataclass(frozen=True, slots=True)
class Point:
    id: str
    name: str
    effect: tuple[Mapping[str, Any], ...] = field(hash=False)
    text: str
    origin: str
    source: str


@dataclass(frozen=True, slots=True)
class Curse:
    id: str
    number: int
    name: str
    kind: str
    holds: Mapping[str, int] = field(hash=False)
    effects: tuple[Mapping[str, Any], ...] = field(hash=False)
    text: str
    origin: str


@dataclass(frozen=True, slots=True)
class Catalog:
    moon_phases: Mapping[str, MoonPhase]
    keepers: Mapping[str, Keeper]
    blades: Mapping[str, Blade]
    powers: Mapping[str, Power]
    favors: Mapping[str, Favor]
    points: Mapping[str, Point]
    pentagram: tuple[str, ...]
    curse_free: str
    curses: Mapping[str, Curse]
    load_problems: tuple[str, ...] = ()


class CatalogError(ValueError):
    """A data file that is not the documented shape at all."""
