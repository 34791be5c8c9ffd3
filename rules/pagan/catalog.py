"""Reading the Pagan catalog from its YAML files (docs/pagan-card-data.md is the format).

This module only reads the data into the catalog's types (`rules.pagan.cards`), recording
structural faults as it goes; `rules.pagan.catalog_check` holds the data to exactly the vocabulary
the engine implements, so an edit the engine could not carry out fails a test instead of a game
in progress.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rules.core import FieldReader, is_whole, read_yaml
from rules.pagan.cards import Box, Card, Catalog, CatalogError, Faction, Scenario, Villager
from rules.pagan.catalog_format import (
    BOX_FIELDS,
    DECK_FIELDS,
    FACTION_FIELDS,
    SCENARIO_FIELDS,
    VILLAGER_FIELDS,
)

DATA_DIR = Path(__file__).parent / "data"


class _Reader(FieldReader):
    """Turns raw mappings into the catalog's types, recording every fault (see `FieldReader`)."""

    def entries(self, value: Any, what: str, filename: str) -> list[Mapping[str, Any]]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise CatalogError(f"{filename}: `{what}` must be a list of mappings")
        out = []
        for i, item in enumerate(value):
            if isinstance(item, Mapping):
                out.append(item)
            else:
                self.problems.append(f"{filename}: {what} entry {i + 1} is not a mapping")
        return out


# Each box's three files, base game first. An expansion's files may be absent from a data
# directory (a copy of the base data being checked); the base game's may not.
BOX_FILES: tuple[tuple[str, str, str, str], ...] = (
    ("base", "cards.yaml", "villagers.yaml", "scenarios.yaml"),
    ("palisades", "palisades-cards.yaml", "palisades-villagers.yaml", "palisades-scenarios.yaml"),
)


def read_catalog(data_dir: Path = DATA_DIR) -> Catalog:
    """Read a catalog from a directory of YAML files (each box's cards, villagers and
    scenarios), uncached (for tests and for checking an edited copy of the data before it
    replaces ours). Every entry records the box it was read from."""
    r = _Reader()
    cards: dict[str, Card] = {}
    villagers: dict[str, Villager] = {}
    factions: dict[str, Faction] = {}
    decks: dict[str, Mapping[str, int]] = {}
    deck_names: dict[str, str] = {}
    deck_sides: dict[str, str] = {}
    deck_boxes: dict[str, str] = {}
    scenarios: dict[str, Scenario] = {}
    boxes: dict[str, Box] = {}
    for box_id, cards_file, villagers_file, scenarios_file in BOX_FILES:
        if box_id != "base" and not (data_dir / cards_file).exists():
            continue
        cards_raw = read_yaml(data_dir / cards_file)
        villagers_raw = read_yaml(data_dir / villagers_file) or {}
        scenarios_raw = read_yaml(data_dir / scenarios_file) or {}
        if not isinstance(villagers_raw, Mapping) or not isinstance(scenarios_raw, Mapping):
            raise CatalogError(
                f"{villagers_file} and {scenarios_file} must each be a mapping of lists"
            )
        boxes[box_id] = _read_box(r, box_id, scenarios_raw.get("box"), scenarios_file)
        _read_cards(r, box_id, cards_raw, cards_file, cards)
        _read_villagers(r, box_id, villagers_raw, villagers_file, villagers, factions)
        for raw in r.entries(scenarios_raw.get("decks"), "decks", scenarios_file):
            did = str(raw.get("id", ""))
            where = f"deck {did or '(no id)'}"
            if not r.unique(decks, did, "deck"):
                continue
            unknown = set(raw) - DECK_FIELDS
            if unknown:
                r.problems.append(f"{where}: unknown fields {sorted(unknown)}")
            counts: dict[str, int] = {}
            for key, n in r.mapping(raw.get("cards"), f"{where}: `cards`").items():
                if not isinstance(key, str):
                    r.problems.append(f'{where}: card id {key!r} must be quoted text, e.g. "0002"')
                if isinstance(n, bool) or not isinstance(n, int):
                    r.problems.append(f"{where}: the count of {key} must be a whole number")
                    continue
                counts[str(key)] = n
            decks[did] = counts
            deck_names[did] = r.text(raw, "name", where)
            deck_sides[did] = r.text(raw, "side", where)
            deck_boxes[did] = box_id
        for raw in r.entries(scenarios_raw.get("scenarios"), "scenarios", scenarios_file):
            sid = str(raw.get("id", ""))
            where = f"scenario {sid or '(no id)'}"
            if not r.unique(scenarios, sid, "scenario"):
                continue
            unknown = set(raw) - SCENARIO_FIELDS
            if unknown:
                r.problems.append(f"{where}: unknown fields {sorted(unknown)}")
            scenario_decks = r.mapping(raw.get("decks"), f"{where}: `decks`")
            scenarios[sid] = Scenario(
                id=sid,
                name=r.text(raw, "name", where),
                green_faction=r.text(raw, "green_faction", where),
                decks={str(k): str(v) for k, v in scenario_decks.items()},
                deck_size=r.whole(raw, "deck_size", where),
                origin=r.text(raw, "origin", where),
                text=r.text(raw, "text", where),
                box=box_id,
                data=raw,
            )

    return Catalog(
        cards=cards,
        villagers=villagers,
        factions=factions,
        scenarios=scenarios,
        decks=decks,
        deck_names=deck_names,
        deck_sides=deck_sides,
        load_problems=tuple(r.problems),
        boxes=boxes,
        deck_boxes=deck_boxes,
    )


def _read_box(r: _Reader, box_id: str, raw: Any, filename: str) -> Box:
    where = f"box {box_id}"
    data = r.mapping(raw, f"{filename}: `box`")
    if data and str(data.get("id")) != box_id:
        r.problems.append(f"{where}: {filename} describes box {data.get('id')!r}")
    unknown = set(data) - BOX_FIELDS
    if unknown:
        r.problems.append(f"{where}: unknown fields {sorted(unknown)}")
    numbers = data.get("numbers")
    if not (isinstance(numbers, list) and len(numbers) == 2 and all(is_whole(n) for n in numbers)):
        r.problems.append(f"{where}: `numbers` must be the [first, last] card number of the box")
        numbers = [0, 0]
    return Box(
        id=box_id,
        name=r.text(data, "name", where),
        numbers=(int(numbers[0]), int(numbers[1])),
        decks={
            str(k): str(v) for k, v in r.mapping(data.get("decks"), f"{where}: `decks`").items()
        },
        factions={
            str(k): str(v)
            for k, v in r.mapping(data.get("factions"), f"{where}: `factions`").items()
        },
    )


def _read_cards(
    r: _Reader, box_id: str, cards_raw: Any, filename: str, cards: dict[str, Card]
) -> None:
    for raw in r.entries(cards_raw, "cards", filename):
        cid = str(raw.get("id", ""))
        where = f"card {cid or '(no id)'}"
        if not re.fullmatch(r"\d{4}", cid):
            r.problems.append(f'{where}: `id` must be the 4-digit card number as text, e.g. "0002"')
        if not r.unique(cards, cid, "card"):
            continue
        gloom = raw.get("gloom", 0)
        cards[cid] = Card(
            id=cid,
            number=int(cid) if cid.isdigit() else 0,
            name=r.text(raw, "name", where),
            side=r.text(raw, "side", where),
            type=r.text(raw, "type", where),
            cost=r.whole(raw, "cost", where),
            origin=r.text(raw, "origin", where),
            source=r.text(raw, "source", where, required=False),
            text=r.text(raw, "text", where),
            data=raw,
            box=box_id,
            gloom=gloom if is_whole(gloom) else 0,
        )


def _read_villagers(
    r: _Reader,
    box_id: str,
    villagers_raw: Mapping[str, Any],
    filename: str,
    villagers: dict[str, Villager],
    factions: dict[str, Faction],
) -> None:
    for raw in r.entries(villagers_raw.get("villagers"), "villagers", filename):
        vid = str(raw.get("id", ""))
        where = f"villager {vid or '(no id)'}"
        if not r.unique(villagers, vid, "villager"):
            continue
        unknown = set(raw) - VILLAGER_FIELDS
        if unknown:
            r.problems.append(f"{where}: unknown fields {sorted(unknown)}")
        skill = raw.get("skill")
        if not isinstance(skill, list):
            r.problems.append(f"{where}: `skill` must be a list of ops")
            skill = []
        villagers[vid] = Villager(
            id=vid,
            name=r.text(raw, "name", where),
            colour=r.text(raw, "colour", where),
            faction=r.text(raw, "faction", where),
            number=r.whole(raw, "number", where),
            assets=r.whole(raw, "assets", where),
            target=r.text(raw, "target", where),
            skill=tuple(skill),
            origin=r.text(raw, "origin", where),
            source=r.text(raw, "source", where, required=False),
            text=r.text(raw, "text", where),
            box=box_id,
            back_of=r.text(raw, "back_of", where, required=False),
        )

    for raw in r.entries(villagers_raw.get("factions"), "factions", filename):
        fid = str(raw.get("id", ""))
        where = f"faction {fid or '(no id)'}"
        if not r.unique(factions, fid, "faction"):
            continue
        unknown = set(raw) - FACTION_FIELDS
        if unknown:
            r.problems.append(f"{where}: unknown fields {sorted(unknown)}")
        members = raw.get("villagers")
        if not isinstance(members, list):
            r.problems.append(f"{where}: `villagers` must be a list of villager ids")
            members = []
        factions[fid] = Faction(
            id=fid,
            name=r.text(raw, "name", where),
            colour=r.text(raw, "colour", where),
            villagers=tuple(str(m) for m in members),
            origin=r.text(raw, "origin", where),
            source=r.text(raw, "source", where, required=False),
            box=box_id,
        )


@functools.cache
def load_catalog() -> Catalog:
    """The base catalog, read once per process: the engine looks cards up in every playout."""
    return read_catalog(DATA_DIR)


def box_order(catalog: Catalog, box: str) -> int:
    """The position of a box (base 0, then the expansions in order); unknown boxes sort last."""
    ids = list(catalog.boxes)
    return ids.index(box) if box in ids else len(ids)
