"""Checking the Pantacle catalog: `check_catalog` names every way the data breaks what the
rulebook fixes or what the engine can carry out. The effect ops, with their arguments, are the
ones declared where they are implemented (`rules.pantacle.ops`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.pantacle.components import (
    BLADE_COUNT,
    CURSE_COUNT,
    CURSE_KINDS,
    FAVOR_COUNT,
    ORIGINS,
    POINT_COUNT,
    RESOURCES,
    Catalog,
)
from rules.pantacle.ops import INSTANT, LASTING, POWER, TRIGGER, vocabulary


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
