"""Reading the Pantacle catalog from `data/*.yaml` (format: docs/pantacle-data.md) into its
components (`rules.pantacle.components`), recording every structural fault on the way;
`rules.pantacle.catalog_check` holds the data to exactly the vocabulary the engine implements, so
an edit the engine could not carry out fails a test instead of a game in progress.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rules.core import FieldReader, read_yaml
from rules.pantacle.components import (
    Blade,
    Catalog,
    CatalogError,
    Curse,
    Favor,
    Keeper,
    MoonPhase,
    Point,
    Power,
)

DATA_DIR = Path(__file__).parent / "data"


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
