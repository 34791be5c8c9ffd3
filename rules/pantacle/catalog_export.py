"""The Pantacle catalog as JSON for the CLI and the API: every piece of data with its `origin`."""

from __future__ import annotations

from typing import Any

from rules.pantacle.components import Catalog


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
