"""The Pantacle catalog: Moon Phases, Keepers and their blades, Favors, Powers, the PANTACLE's
points and the Curse cards, read from `data/*.yaml` (format: docs/pantacle-data.md).

The rulebook prints the rules but not this data, so most of it is designed (each entry says so in
its `origin`). The engine interprets the effect primitives; `check_catalog` holds the data to
exactly the vocabulary the engine implements, so an edit the engine could not carry out fails a
test instead of a game in progress. Mappings are YAML's plain dicts and lists: read-only.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core.yamldata import FieldReader, read_yaml
from rules.pantacle.ops import INSTANT, LASTING, POWER, TRIGGER, vocabulary

DATA_DIR = Path(__file__).parent / "data"

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


def _entries(raw: Any, key: str, filename: str) -> list[Mapping[str, Any]]:
    if not isinstance(raw, Mapping):
        raise CatalogError(f"{filename} must be a mapping with a `{key}` list")
    items = raw.get(key)
    if not isinstance(items, list) or not all(isinstance(i, Mapping) for i in items):
        raise CatalogError(f"{filename}: `{key}` must be a list of mappings")
    return list(items)


class _Reader(FieldReader):
    """Builds dataclasses from raw mappings, recording faults instead of stopping at the first."""

    def ops(self, raw: Mapping[str, Any], key: str, where: str) -> tuple[Mapping[str, Any], ...]:
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(op, Mapping) for op in value):
            self.problems.append(f"{where}: `{key}` must be a list of ops")
            return ()
        return tuple(value)


def read_catalog(data_dir: Path = DATA_DIR) -> Catalog:
    """Read a catalog from a directory of the four YAML files, uncached."""
    r = _Reader()
    keepers_raw = read_yaml(data_dir / "keepers.yaml")
    favors_raw = read_yaml(data_dir / "favors.yaml")
    points_raw = read_yaml(data_dir / "pantacle.yaml")
    curses_raw = read_yaml(data_dir / "curses.yaml")

    moons: dict[str, MoonPhase] = {}
    for raw in _entries(keepers_raw, "moon_phases", "keepers.yaml"):
        mid = str(raw.get("id", ""))
        if r.unique(moons, mid, "moon phase"):
            where = f"moon phase {mid}"
            moons[mid] = MoonPhase(mid, r.text(raw, "name", where), r.text(raw, "origin", where))

    keepers: dict[str, Keeper] = {}
    for raw in _entries(keepers_raw, "keepers", "keepers.yaml"):
        kid = str(raw.get("id", ""))
        where = f"keeper {kid}"
        if r.unique(keepers, kid, "keeper"):
            keepers[kid] = Keeper(
                kid,
                r.text(raw, "name", where),
                bool(raw.get("hound", False)),
                r.text(raw, "origin", where),
                r.text(raw, "source", where, required=False),
            )

    blades: dict[str, Blade] = {}
    for raw in _entries(keepers_raw, "blades", "keepers.yaml"):
        bid = str(raw.get("id", ""))
        where = f"blade {bid}"
        if r.unique(blades, bid, "blade"):
            blades[bid] = Blade(
                bid,
                r.text(raw, "keeper", where),
                r.text(raw, "moon", where),
                r.text(raw, "origin", where),
                r.text(raw, "source", where, required=False),
            )

    powers: dict[str, Power] = {}
    for raw in _entries(favors_raw, "powers", "favors.yaml"):
        pid = str(raw.get("id", ""))
        where = f"power {pid}"
        if r.unique(powers, pid, "power"):
            powers[pid] = Power(
                pid,
                r.text(raw, "name", where),
                r.text(raw, "text", where),
                r.text(raw, "origin", where),
                r.text(raw, "source", where, required=False),
                r.ops(raw, "effects", where),
            )

    favors: dict[str, Favor] = {}
    for raw in _entries(favors_raw, "favors", "favors.yaml"):
        fid = str(raw.get("id", ""))
        where = f"favor {fid}"
        if not r.unique(favors, fid, "favor"):
            continue
        keeper_list = raw.get("keepers")
        if not isinstance(keeper_list, list) or not keeper_list:
            r.problems.append(f"{where}: `keepers` must be a list of Keeper ids")
            keeper_list = []
        moon = raw.get("moon")
        if moon is not None and not isinstance(moon, str):
            r.problems.append(f"{where}: `moon` must be a Moon Phase id or null")
            moon = None
        favors[fid] = Favor(
            fid,
            r.text(raw, "name", where),
            tuple(str(k) for k in keeper_list),
            moon,
            r.ops(raw, "effect", where),
            r.text(raw, "text", where),
            r.text(raw, "origin", where),
            r.text(raw, "source", where, required=False),
        )

    points: dict[str, Point] = {}
    for raw in _entries(points_raw, "points", "pantacle.yaml"):
        pid = str(raw.get("id", ""))
        where = f"point {pid}"
        if r.unique(points, pid, "point"):
            points[pid] = Point(
                pid,
                r.text(raw, "name", where),
                r.ops(raw, "effect", where),
                r.text(raw, "text", where),
                r.text(raw, "origin", where),
                r.text(raw, "source", where, required=False),
            )
    pentagram = points_raw.get("pentagram")
    if not isinstance(pentagram, list):
        r.problems.append("pantacle.yaml: `pentagram` must list the five disc positions")
        pentagram = []
    curse_free = str(points_raw.get("curse_free", ""))

    curses: dict[str, Curse] = {}
    for raw in _entries(curses_raw, "curses", "curses.yaml"):
        cid = str(raw.get("id", ""))
        where = f"curse {cid}"
        if not r.unique(curses, cid, "curse"):
            continue
        holds = raw.get("holds", {})
        if not isinstance(holds, Mapping):
            r.problems.append(f"{where}: `holds` must map resources to counts")
            holds = {}
        number = raw.get("number")
        if isinstance(number, bool) or not isinstance(number, int):
            r.problems.append(f"{where}: `number` must be a whole number")
            number = 0
        curses[cid] = Curse(
            cid,
            number,
            r.text(raw, "name", where),
            r.text(raw, "kind", where),
            dict(holds),
            r.ops(raw, "effects", where),
            r.text(raw, "text", where),
            r.text(raw, "origin", where),
        )

    return Catalog(
        moon_phases=moons,
        keepers=keepers,
        blades=blades,
        powers=powers,
        favors=favors,
        points=points,
        pentagram=tuple(str(p) for p in pentagram),
        curse_free=curse_free,
        curses=curses,
        load_problems=tuple(r.problems),
    )


@functools.cache
def load_catalog() -> Catalog:
    """The shipped catalog, read once."""
    return read_catalog()


# --- checking -----------------------------------------------------------------------------------


def _check_ops(
    cat: Catalog,
    ops: tuple[Mapping[str, Any], ...] | list[Any],
    where_used: str,
    where: str,
) -> list[str]:
    """The problems of an op list used as `where_used` (instant, trigger or lasting ops)."""
    vocabulary_here = vocabulary()[where_used]
    problems = []
    for op in ops:
        if not isinstance(op, Mapping):
            problems.append(f"{where}: an op must be a mapping, not {op!r}")
            continue
        name = op.get("op")
        spec = vocabulary_here.get(str(name))
        if spec is None:
            known = ", ".join(vocabulary_here)
            problems.append(f"{where}: unknown op {name!r} (known here: {known})")
            continue
        unknown = set(op) - {"op", *spec}
        if unknown:
            problems.append(f"{where}: op {name} has unknown arguments {sorted(unknown)}")
        for arg, kind in spec.items():
            value = op.get(arg)
            optional = isinstance(kind, str) and kind.startswith("?")
            if value is None:
                if not optional:
                    problems.append(f"{where}: op {name} needs `{arg}`")
                continue
            if kind in ("int", "?int"):
                if isinstance(value, bool) or not isinstance(value, int):
                    problems.append(f"{where}: op {name}: `{arg}` must be a whole number")
            elif kind == "resource":
                if value not in RESOURCES:
                    problems.append(f"{where}: op {name}: `{arg}` must be one of {RESOURCES}")
            elif kind == "power":
                if value not in cat.powers:
                    problems.append(f"{where}: op {name}: unknown power {value!r}")
            elif kind == "favor":
                if value not in cat.favors:
                    problems.append(f"{where}: op {name}: unknown favor {value!r}")
            elif kind == "ops":
                if not isinstance(value, list):
                    problems.append(f"{where}: op {name}: `{arg}` must be a list of ops")
                else:
                    problems += _check_ops(cat, value, TRIGGER, f"{where} ({name})")
            elif isinstance(kind, tuple) and value not in kind:
                problems.append(f"{where}: op {name}: `{arg}` must be one of {kind}")
        if name == "gain" and (op.get("n") is None) == (op.get("per_flame") is None):
            problems.append(f"{where}: op gain needs exactly one of `n` and `per_flame`")
    return problems


def check_catalog(cat: Catalog) -> list[str]:
    """Every way the data breaks what the rulebook fixes or what the engine can carry out."""
    problems = list(cat.load_problems)
    everything: list[tuple[str, str]] = [
        *((f"moon phase {m.id}", m.origin) for m in cat.moon_phases.values()),
        *((f"keeper {k.id}", k.origin) for k in cat.keepers.values()),
        *((f"blade {b.id}", b.origin) for b in cat.blades.values()),
        *((f"power {p.id}", p.origin) for p in cat.powers.values()),
        *((f"favor {f.id}", f.origin) for f in cat.favors.values()),
        *((f"point {p.id}", p.origin) for p in cat.points.values()),
        *((f"curse {c.id}", c.origin) for c in cat.curses.values()),
    ]
    for where, origin in everything:
        if origin not in ORIGINS:
            problems.append(f"{where}: `origin` must be one of {ORIGINS}, not {origin!r}")

    if len(cat.blades) != BLADE_COUNT:
        problems.append(f"there must be {BLADE_COUNT} Keeper blades, not {len(cat.blades)}")
    hounds = [k.id for k in cat.keepers.values() if k.hound]
    if len(hounds) != 1:
        problems.append(f"exactly one Keeper entry must be the Hounds, not {hounds}")
    for b in cat.blades.values():
        if b.keeper not in cat.keepers:
            problems.append(f"blade {b.id}: unknown keeper {b.keeper!r}")
        if b.moon not in cat.moon_phases:
            problems.append(f"blade {b.id}: unknown moon phase {b.moon!r}")

    if len(cat.favors) != FAVOR_COUNT:
        problems.append(f"there must be {FAVOR_COUNT} Favors, not {len(cat.favors)}")
    for f in cat.favors.values():
        where = f"favor {f.id}"
        if len(f.keepers) != 2:
            problems.append(f"{where}: a Favor has two Keepers, not {len(f.keepers)}")
        for k in f.keepers:
            if k not in cat.keepers or cat.keepers[k].hound:
                problems.append(f"{where}: {k!r} is not a Keeper with blades of its own")
            elif not any(b.keeper == k for b in cat.blades.values()):
                problems.append(f"{where}: Keeper {k!r} has no blade")
        if f.moon is not None and f.moon not in cat.moon_phases:
            problems.append(f"{where}: unknown moon phase {f.moon!r}")
        problems += _check_ops(cat, f.effect, INSTANT, where)
    if cat.favors.get("indoctrination") and cat.favors["indoctrination"].moon is not None:
        problems.append("favor indoctrination is associated with no Moon Phase (printed)")

    if len(cat.points) != POINT_COUNT:
        problems.append(f"the PANTACLE has {POINT_COUNT} points, not {len(cat.points)}")
    for p in cat.points.values():
        problems += _check_ops(cat, p.effect, INSTANT, f"point {p.id}")
    for power in cat.powers.values():
        problems += _check_ops(cat, power.effects, POWER, f"power {power.id}")
    if sorted(cat.pentagram) != sorted(cat.points):
        problems.append("pantacle.yaml: `pentagram` must name each point once")
    if cat.curse_free not in cat.pentagram:
        problems.append("pantacle.yaml: `curse_free` must be one of the pentagram's positions")

    if len(cat.curses) != CURSE_COUNT:
        problems.append(f"there must be {CURSE_COUNT} Curse cards, not {len(cat.curses)}")
    numbers = sorted(c.number for c in cat.curses.values())
    if numbers != list(range(1, len(cat.curses) + 1)):
        problems.append("curse numbers must run 1, 2, 3... without gaps or repeats")
    for c in cat.curses.values():
        where = f"curse {c.id}"
        if c.kind not in CURSE_KINDS:
            problems.append(f"{where}: `kind` must be one of {CURSE_KINDS}")
        bad = set(c.holds) - set(RESOURCES)
        if bad:
            problems.append(f"{where}: `holds` names unknown resources {sorted(bad)}")
        held = [v for v in c.holds.values() if isinstance(v, int) and not isinstance(v, bool)]
        if len(held) != len(c.holds) or any(v < 0 for v in held):
            problems.append(f"{where}: `holds` counts must be whole numbers >= 0")
        if c.kind == "exhaustion" and sum(held) <= 0:
            problems.append(f"{where}: an Exhaustion curse must hold at least one resource")
        if c.kind == "permanent" and (c.holds or not c.effects):
            problems.append(f"{where}: a Permanent curse has effects and holds nothing")
        problems += _check_ops(cat, c.effects, LASTING, where)
    return problems


# --- JSON for players ---------------------------------------------------------------------------


def catalog_json(cat: Catalog) -> dict[str, Any]:
    """What `coven catalog pantacle --json` prints: every piece of data with its `origin`."""
    counts = {k: sum(1 for b in cat.blades.values() if b.keeper == k) for k in cat.keepers}
    moon_names = {m.id: m.name for m in cat.moon_phases.values()}
    return {
        # The physical cards, one row each, for `coven catalog pantacle`'s table.
        "cards": [
            *(
                {
                    "id": b.id,
                    "number": i,
                    "name": f"{cat.keepers[b.keeper].name} ({moon_names.get(b.moon, b.moon)})"
                    if b.keeper in cat.keepers
                    else b.id,
                    "type": "keeper blade",
                    "origin": b.origin,
                }
                for i, b in enumerate(cat.blades.values(), start=1)
            ),
            *(
                {
                    "id": c.id,
                    "number": c.number,
                    "name": c.name,
                    "type": f"{c.kind} curse",
                    "origin": c.origin,
                }
                for c in sorted(cat.curses.values(), key=lambda c: c.number)
            ),
        ],
        "moon_phases": [
            {"id": m.id, "name": m.name, "origin": m.origin} for m in cat.moon_phases.values()
        ],
        "keepers": [
            {
                "id": k.id,
                "name": k.name,
                "hound": k.hound,
                "blades": counts[k.id],
                "origin": k.origin,
            }
            for k in cat.keepers.values()
        ],
        "blades": [
            {
                "id": b.id,
                "keeper": b.keeper,
                "keeper_name": cat.keepers[b.keeper].name if b.keeper in cat.keepers else "",
                "moon": b.moon,
                "origin": b.origin,
            }
            for b in cat.blades.values()
        ],
        "favors": [
            {
                "id": f.id,
                "name": f.name,
                "keepers": list(f.keepers),
                "moon": f.moon,
                "power": f.power,
                "text": f.text,
                "origin": f.origin,
            }
            for f in cat.favors.values()
        ],
        "powers": [
            {"id": p.id, "name": p.name, "text": p.text, "origin": p.origin}
            for p in cat.powers.values()
        ],
        "points": [
            {"id": p.id, "name": p.name, "text": p.text, "origin": p.origin}
            for p in cat.points.values()
        ],
        "pentagram": {"positions": list(cat.pentagram), "curse_free": cat.curse_free},
        "curses": [
            {
                "id": c.id,
                "number": c.number,
                "name": c.name,
                "kind": c.kind,
                "holds": dict(c.holds),
                "text": c.text,
                "origin": c.origin,
            }
            for c in sorted(cat.curses.values(), key=lambda c: c.number)
        ],
    }
