"""The Pagan catalog: cards, villagers, factions, scenarios and named decks, read from YAML.

Cards are data, not code, so that whoever owns the printed cards can replace our designed texts
by editing `data/*.yaml` (docs/pagan-card-data.md is the format). This module only reads and
checks that data; the engine interprets the ops. `check_catalog` holds the data to exactly the
vocabulary the engine implements, so an edit the engine could not carry out fails a test instead
of a game in progress.

The raw mappings are kept as the plain dicts and lists YAML gives (not deep-frozen): the engine
copies op lists into its serialized decision frames, which must stay JSON-able. Treat them as
read-only; `load_catalog` is cached and shared.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

DATA_DIR = Path(__file__).parent / "data"

# The C loader is several times faster; the pure-Python one gives the same result.
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

SIDES = ("hunter", "witch")
HUNTER_TYPES = ("ally", "event", "investigation", "location")
WITCH_TYPES = ("brew", "charm", "enchantment", "familiar")
TYPES_BY_SIDE: Mapping[str, tuple[str, ...]] = {"hunter": HUNTER_TYPES, "witch": WITCH_TYPES}
COLOURS = ("blue", "red", "green")
ORIGINS = ("example", "printed", "designed")
VILLAGER_ORIGINS = ("example", "designed")
MAX_COPIES = 2

SIDE_NAMES = {"hunter": "Hunter", "witch": "Witch"}
TYPE_PLURALS = {
    "ally": "Allies",
    "event": "Events",
    "investigation": "Investigations",
    "location": "Locations",
    "brew": "Brews",
    "charm": "Charms",
    "enchantment": "Enchantments",
    "familiar": "Familiars",
}


# --- the catalog's types ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """One distinct card. `data` is the card's whole YAML mapping, type fields and ops included,
    so the engine reads effects from one place however the format grows."""

    id: str
    number: int
    name: str
    side: str
    type: str
    cost: int
    origin: str
    source: str
    text: str
    data: Mapping[str, Any] = field(compare=False, hash=False, repr=False)
    box: str = "base"  # the box the card comes in (see `Box`)
    gloom: int = 0  # a Gloom card's printed Gloom: placed when it enters play, and its limit


@dataclass(frozen=True, slots=True)
class Villager:
    id: str
    name: str
    colour: str
    faction: str
    number: int
    assets: int
    target: str
    skill: tuple[dict[str, Any], ...] = field(hash=False)
    origin: str
    source: str
    text: str
    box: str = "base"
    # The other side of a double-sided villager card: set on the back side (The Tainted), naming
    # the front (The Household) it is turned to when cleansed.
    back_of: str = ""


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    name: str
    colour: str
    villagers: tuple[str, ...]
    origin: str
    source: str = ""
    box: str = "base"


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    name: str
    green_faction: str
    decks: Mapping[str, str] = field(hash=False)
    deck_size: int
    origin: str
    text: str
    box: str = "base"
    # The whole YAML mapping: `rules` (triggers and modifiers), `objectives`, `victory`,
    # `villager_gloom`, so the engine reads a scenario's hooks from one place.
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True, slots=True)
class Box:
    """A box of the game (the base game, an expansion): its card number range and the decks
    and Red/Blue factions a game uses by default when this box is the newest one in play."""

    id: str
    name: str
    numbers: tuple[int, int]
    decks: Mapping[str, str] = field(hash=False)
    factions: Mapping[str, str] = field(hash=False)


@dataclass(frozen=True, slots=True)
class Catalog:
    """Everything keyed by id. `decks` maps a deck id to {card id: copies}; `deck_names` and
    `deck_sides` describe the same decks. `load_problems` are the structural faults found while
    reading (wrong field types, duplicates); `check_catalog` reports them with the rest."""

    cards: Mapping[str, Card]
    villagers: Mapping[str, Villager]
    factions: Mapping[str, Faction]
    scenarios: Mapping[str, Scenario]
    decks: Mapping[str, Mapping[str, int]]
    deck_names: Mapping[str, str] = field(default_factory=dict)
    deck_sides: Mapping[str, str] = field(default_factory=dict)
    load_problems: tuple[str, ...] = ()
    boxes: Mapping[str, Box] = field(default_factory=dict)  # in box order: base first
    deck_boxes: Mapping[str, str] = field(default_factory=dict)


class CatalogError(ValueError):
    """A data file that is not the documented shape at all (not a list of mappings...)."""


# --- loading ------------------------------------------------------------------------------------


def _read(path: Path) -> Any:
    with path.open("r", encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_LOADER)


class _Reader:
    """Turns raw mappings into the dataclasses, tolerating bad values (a placeholder is used and
    the fault recorded) so that one mistyped field is reported with every other fault at once."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def text(self, raw: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
        value = raw.get(key)
        if value is None:
            if required:
                self.problems.append(f"{where}: missing `{key}`")
            return ""
        if not isinstance(value, str):
            self.problems.append(f"{where}: `{key}` must be text, not {value!r}")
            return str(value)
        return value

    def whole(self, raw: Mapping[str, Any], key: str, where: str) -> int:
        value = raw.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            self.problems.append(f"{where}: `{key}` must be a whole number, not {value!r}")
            return -1
        return value

    def mapping(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            self.problems.append(f"{where}: expected a mapping, not {value!r}")
            return {}
        return value

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

    def unique(self, table: dict[str, Any], key: str, what: str) -> bool:
        if key in table:
            self.problems.append(f"{what} id {key!r} appears more than once")
            return False
        return True


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
        cards_raw = _read(data_dir / cards_file)
        villagers_raw = _read(data_dir / villagers_file) or {}
        scenarios_raw = _read(data_dir / scenarios_file) or {}
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
    if not (isinstance(numbers, list) and len(numbers) == 2 and all(_is_int(n) for n in numbers)):
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
            gloom=gloom if _is_int(gloom) else 0,
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


def expand_deck(cards: Mapping[str, int]) -> list[str]:
    """A deck as a list of card ids, one entry per copy, in card-number order (unshuffled)."""
    return [cid for cid in sorted(cards) for _ in range(max(0, cards[cid]))]


# --- deck validation ----------------------------------------------------------------------------


def type_minimum(size: int) -> int:
    """At least 10 of each type in a 50-card deck is a fifth of the deck; other sizes keep that
    proportion (6 of 30 for Scenario 1's starter decks, which hold 6 or 8 of each type)."""
    return size // 5


def validate_deck(
    cards: Mapping[str, int] | Sequence[str],
    side: str,
    size: int = 50,
    catalog: Catalog | None = None,
) -> list[str]:
    """Every way the deck breaks the deckbuilding rules, as messages a player can act on; an
    empty list means the deck is legal. `cards` is {card id: copies} or a list of card ids.

    Rules (Rulebook, Deckbuilding): exactly `size` cards (50; 30 for the starter decks), at most 2
    copies of any card name, only the side's own cards, and at least 10 cards of each of the
    side's four types. The rulebook states that minimum only for 50 cards; for another size we
    require the same fifth of the deck, `size // 5` (6 of 30), which the rulebook's own starter
    decks meet. Copies are counted by name, as the rulebook words it, so a reprint under another
    number still counts against the same limit."""
    cat = catalog if catalog is not None else load_catalog()
    if side not in SIDES:
        return [f"unknown side {side!r}: a deck belongs to the hunter or the witch"]
    side_name = SIDE_NAMES[side]
    problems: list[str] = []

    counts: Counter[str] = Counter()
    if isinstance(cards, str):
        return ["a deck must be a list of card ids or a mapping of card id to copies, not text"]
    if isinstance(cards, Mapping):
        for cid, n in cards.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                problems.append(
                    f"card {cid} has count {n!r}: a count must be a whole number of at least 1"
                )
                continue
            counts[str(cid)] += n
    else:
        for cid in cards:
            if not isinstance(cid, str):
                problems.append(f'card id {cid!r} must be text, e.g. "0002"')
                continue
            counts[cid] += 1

    by_name: Counter[str] = Counter()
    by_type: Counter[str] = Counter()
    for cid in sorted(counts):
        card = cat.cards.get(cid)
        if card is None:
            problems.append(f"unknown card id {cid!r}: no card has that number")
            continue
        if card.side != side:
            other = SIDE_NAMES.get(card.side, card.side)
            problems.append(
                f"{card.name} ({cid}) is a {other} card; a {side_name} deck may hold only "
                f"{side_name} cards"
            )
            continue
        by_name[card.name] += counts[cid]
        by_type[card.type] += counts[cid]

    total = sum(counts.values())
    if total != size:
        problems.append(f"a deck needs exactly {size} cards, this one has {total}")
    for name in sorted(by_name):
        if by_name[name] > MAX_COPIES:
            problems.append(
                f"a deck may hold at most {MAX_COPIES} copies of a card, "
                f"this one has {by_name[name]} of {name}"
            )
    minimum = type_minimum(size)
    for kind in TYPES_BY_SIDE[side]:
        if by_type[kind] < minimum:
            problems.append(
                f"a {side_name} deck of {size} cards needs at least {minimum} "
                f"{TYPE_PLURALS[kind]}, this one has {by_type[kind]}"
            )
    return problems


# --- checking the data against the documented vocabulary -----------------------------------------

CARD_FIELDS = frozenset({"id", "name", "side", "type", "cost", "origin", "source", "text"})
VILLAGER_FIELDS = frozenset(
    {
        "id",
        "name",
        "colour",
        "faction",
        "number",
        "assets",
        "target",
        "skill",
        "origin",
        "source",
        "text",
        "back_of",
    }
)
FACTION_FIELDS = frozenset({"id", "name", "colour", "villagers", "origin", "source"})
DECK_FIELDS = frozenset({"id", "name", "side", "cards"})
SCENARIO_FIELDS = frozenset(
    {
        "id",
        "name",
        "green_faction",
        "decks",
        "deck_size",
        "origin",
        "text",
        "source",
        "category",
        "rules",
        "objectives",
        "victory",
        "villager_gloom",
    }
)
BOX_FIELDS = frozenset({"id", "name", "numbers", "decks", "factions"})
SCENARIO_CATEGORIES = ("rules", "objectives", "victory")
OBJECTIVE_FIELDS = frozenset({"id", "who", "name", "text", "cond", "effect", "modifiers"})
VICTORY_FIELDS = frozenset({"who", "cond", "reason", "text"})

LASTING_TYPES = frozenset({"ally", "location", "investigation", "brew", "familiar", "enchantment"})
# Per type: (required fields, optional fields), beyond CARD_FIELDS. Every lasting type may also be
# a Gloom card (`gloom` with `cleanse`).
TYPE_FIELDS: Mapping[str, tuple[frozenset[str], frozenset[str]]] = {
    "event": (frozenset({"effect"}), frozenset()),
    "charm": (frozenset({"effect"}), frozenset()),
    "ally": (frozenset({"upkeep"}), frozenset({"triggers", "modifiers", "on_play"})),
    "location": (frozenset({"activate"}), frozenset({"triggers", "modifiers", "on_play"})),
    "investigation": (frozenset({"affects", "on_visit"}), frozenset({"modifiers", "on_play"})),
    "brew": (frozenset({"secrets", "consume"}), frozenset({"on_play", "triggers"})),
    "familiar": (frozenset({"effect", "empower"}), frozenset({"on_play", "triggers"})),
    "enchantment": (frozenset({"lift"}), frozenset({"triggers", "modifiers", "on_play", "covers"})),
}
GLOOM_FIELDS = frozenset({"gloom", "cleanse"})

# Per op: (required fields, optional fields), beyond `op`.
OP_FIELDS: Mapping[str, tuple[frozenset[str], frozenset[str]]] = {
    "gain": (frozenset({"what", "n"}), frozenset({"who", "per"})),
    "lose": (frozenset({"what", "n"}), frozenset({"who"})),
    "draw": (frozenset({"n"}), frozenset({"who"})),
    "discard": (frozenset({"n"}), frozenset({"who", "upto"})),
    "play": (frozenset({"n"}), frozenset({"discount", "free", "types", "per", "secrets"})),
    "look_draw": (frozenset({"look", "draw"}), frozenset()),
    "place": (frozenset({"token", "n", "target"}), frozenset({"upto"})),
    "place_each": (frozenset({"token", "n", "target"}), frozenset()),
    "remove": (frozenset({"token", "n", "target"}), frozenset({"upto", "max_targets"})),
    "remove_all": (frozenset({"token", "target"}), frozenset()),
    "remove_each": (frozenset({"token", "n", "target"}), frozenset()),
    "move": (frozenset({"token", "n", "from", "to"}), frozenset({"upto"})),
    "ready": (frozenset(), frozenset({"target"})),
    "move_investigation": (frozenset(), frozenset({"to"})),
    "return_investigation": (frozenset(), frozenset()),
    "discard_in_play": (frozenset({"types"}), frozenset({"owner"})),
    "exonerate": (frozenset(), frozenset()),
    "choose": (frozenset({"options"}), frozenset()),
    "if": (frozenset({"cond", "then"}), frozenset({"else"})),
    "optional": (frozenset({"effect"}), frozenset({"label", "cost"})),
    # Beyond the Palisades
    "add_gloom": (frozenset({"n", "target"}), frozenset()),
    "remove_gloom": (frozenset({"n", "target"}), frozenset({"upto"})),
    "copy_cleanse": (frozenset(), frozenset()),
    "recover": (frozenset({"n"}), frozenset({"gloom", "types"})),
    "reveal_play": (frozenset({"n"}), frozenset()),
}

# Per modifier kind: how `n` is checked (None: no `n`) and whether it needs an Investigation.
_SIGNED, _POSITIVE, _NONNEG = "signed", "positive", "nonneg"
MODIFIER_KINDS: Mapping[str, tuple[str | None, bool]] = {
    "play_cost": (_SIGNED, False),
    "visit_pawns": (_POSITIVE, True),
    "skip_skill": (None, True),
    "skip_distribute": (None, False),
    "distribute": (_SIGNED, False),
    "ready_cost": (_POSITIVE, False),
    "raid_cost": (_POSITIVE, False),
    "hand_limit": (_SIGNED, False),
    "basic_influence": (_SIGNED, False),
    "no_evidence_step": (None, False),
    "convert_limit": (_NONNEG, True),
    # Beyond the Palisades
    "no_cleanse": (None, False),
    "gloom_limit": (_SIGNED, False),
    "gloom_on_play": (_POSITIVE, False),
}

CONDS = frozenset(
    {
        "hand_at_least",
        "influence_at_least",
        "enchantments_at_least",
        "here_has",
        "opponent_influence_at_least",
        "evidence_at_least",
        # Beyond the Palisades
        "gloom_in_play_at_least",
        "own_gloom_cards_at_most",
        "opponent_gloom_cards_at_most",
        "cleansed_at_least",
        "tainted_at_most",
        "suspects_at_least",
        "all",
    }
)
COUNTS = frozenset({"pawns_on", "gloom_cards"})
COST_KEYS = frozenset({"influence", "discard", "clues", "secrets", "evidence", "gloom", "assets"})
TRIGGER_WHEN = ("upkeep_start", "upkeep", "upkeep_end", "cleansed")
TRIGGER_FIELDS = frozenset({"when", "whose", "optional", "effect", "label", "cost", "cond"})
BOARD_TOKENS = ("clue", "secret", "favor")
SIDE_TOKENS: Mapping[str, tuple[str, ...]] = {"hunter": ("clue",), "witch": ("secret", "favor")}
TARGET_BASES = frozenset({"villager", "here", "same_colour", "brew", "villager_or_brew"})
# Where Gloom can be added or removed: the card the effect is on (`self`), the visited villager
# (`here`), a Gloom card in play (anyone's, yours, your opponent's), a villager with Gloom, or
# any of these ("Gloom in play").
GLOOM_TARGETS = frozenset(
    {
        "self",
        "here",
        "gloom_card",
        "gloom_card:yours",
        "gloom_card:theirs",
        "gloom_villager",
        "gloom",
    }
)


@dataclass(frozen=True, slots=True)
class _Ctx:
    """Where an op list runs: `side` is the player carrying it out (None for villager skills,
    which either player uses), `here_ok` whether a visited villager exists to be `here` and
    `self_ok` whether the effect is on a card in play that can be `self`."""

    where: str
    side: str | None
    here_ok: bool
    self_ok: bool = False

    def at(self, where: str) -> _Ctx:
        return _Ctx(f"{self.where}{where}", self.side, self.here_ok, self.self_ok)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    # --- building blocks ---

    def number(self, where: str, key: str, value: Any, minimum: int = 1) -> None:
        if not _is_int(value) or value < minimum:
            self.add(where, f"`{key}` must be a whole number of at least {minimum}, not {value!r}")

    def flag(self, where: str, key: str, value: Any) -> None:
        if not isinstance(value, bool):
            self.add(where, f"`{key}` must be true or false, not {value!r}")

    def card_types(self, where: str, value: Any) -> None:
        known = HUNTER_TYPES + WITCH_TYPES
        if not isinstance(value, list) or not value or any(t not in known for t in value):
            self.add(
                where, f"`types` must be a non-empty list of card types {known}, not {value!r}"
            )

    def target(self, ctx: _Ctx, key: str, spec: Any) -> None:
        if not isinstance(spec, str):
            self.add(ctx.where, f"`{key}` must be a target such as villager:red, not {spec!r}")
            return
        head, *extras = spec.split("+")
        base, _, colour = head.partition(":")
        if base not in TARGET_BASES:
            self.add(ctx.where, f"unknown target {spec!r} in `{key}`")
            return
        if colour and (base != "villager" or colour not in COLOURS):
            self.add(ctx.where, f"unknown target colour in {spec!r}: villager:blue|red|green")
        for extra in extras:
            token = extra[5:] if extra.startswith("with:") else None
            if extra != "ready" and token not in BOARD_TOKENS:
                self.add(ctx.where, f"unknown target modifier {extra!r} in {spec!r}")
        if base in ("here", "same_colour") and not ctx.here_ok:
            self.add(ctx.where, f"target {spec!r} needs a visited villager, and there is none here")
        if base in ("brew", "villager_or_brew") and ctx.side != "witch":
            self.add(ctx.where, f"target {spec!r}: only the Witch's effects can target Brews")

    def gloom_target(self, ctx: _Ctx, spec: Any) -> None:
        if spec not in GLOOM_TARGETS:
            self.add(
                ctx.where,
                f"unknown Gloom target {spec!r}; Gloom targets are {sorted(GLOOM_TARGETS)}",
            )
        elif spec == "self" and not ctx.self_ok:
            self.add(ctx.where, "target 'self' needs a card in play, and this effect has none")
        elif spec == "here" and not ctx.here_ok:
            self.add(ctx.where, "target 'here' needs a visited villager, and there is none here")
        elif spec.startswith("gloom_card:") and ctx.side is None:
            self.add(ctx.where, f"{spec!r} needs a player: villager skills serve both")

    def token(self, ctx: _Ctx, op: Mapping[str, Any], placing: bool) -> None:
        token = op.get("token")
        if token not in BOARD_TOKENS:
            self.add(ctx.where, f"`token` must be one of {BOARD_TOKENS}, not {token!r}")
            return
        if placing:
            if ctx.side is None:
                self.add(
                    ctx.where, "villager skills serve both players, so they cannot place tokens"
                )
            elif token not in SIDE_TOKENS[ctx.side]:
                self.add(ctx.where, f"the {SIDE_NAMES[ctx.side]} cannot place a {token}")

    def cost(self, where: str, value: Any, side: str | None = "any") -> None:
        """`side` is who pays: a player cannot spend the other's assets, and villager skills
        (side None) serve both players, so they name `assets` (the visitor's own tokens)."""
        if not isinstance(value, Mapping):
            self.add(where, f"a cost must be a mapping such as {{influence: 2}}, not {value!r}")
            return
        for key, n in value.items():
            if key not in COST_KEYS:
                self.add(where, f"unknown cost {key!r}; costs are {sorted(COST_KEYS)}")
            elif not _is_int(n) or n < 1:
                self.add(where, f"cost `{key}` must be a whole number of at least 1, not {n!r}")
            elif (key == "clues" and side in ("witch", None)) or (
                key == "secrets" and side in ("hunter", None)
            ):
                self.add(
                    where,
                    f"cost `{key}`: nobody can spend the opponent's assets "
                    "(villager skills use `assets`, the visitor's own)",
                )

    def count(self, ctx: _Ctx, value: Any) -> None:
        if not isinstance(value, Mapping) or len(value) != 1:
            self.add(ctx.where, f"`per` must be a mapping with one count, not {value!r}")
            return
        ((kind, arg),) = value.items()
        if kind not in COUNTS:
            self.add(ctx.where, f"unknown count {kind!r}; counts are {sorted(COUNTS)}")
        elif kind == "pawns_on" and arg not in COLOURS:
            self.add(ctx.where, f"`pawns_on` must be a colour {COLOURS}, not {arg!r}")
        elif kind == "gloom_cards" and arg not in ("any", "yours", "theirs"):
            self.add(ctx.where, f"`gloom_cards` must be any, yours or theirs, not {arg!r}")

    def cond(self, ctx: _Ctx, value: Any) -> None:
        if not isinstance(value, Mapping) or len(value) != 1:
            self.add(ctx.where, f"`cond` must be a mapping with one condition, not {value!r}")
            return
        ((kind, arg),) = value.items()
        if kind not in CONDS:
            self.add(ctx.where, f"unknown condition {kind!r}; conditions are {sorted(CONDS)}")
        elif kind == "here_has":
            if not ctx.here_ok:
                self.add(ctx.where, "`here_has` needs a visited villager, and there is none here")
            if not isinstance(arg, Mapping) or set(arg) - {"token", "n"}:
                self.add(ctx.where, f"`here_has` must be {{token: T, n: N}}, not {arg!r}")
            else:
                if arg.get("token") not in BOARD_TOKENS:
                    self.add(ctx.where, f"`here_has` token must be one of {BOARD_TOKENS}")
                self.number(ctx.where, "here_has.n", arg.get("n", 1))
        elif kind == "all":
            if not isinstance(arg, list) or not arg:
                self.add(ctx.where, f"`all` must be a non-empty list of conditions, not {arg!r}")
            else:
                for sub in arg:
                    self.cond(ctx, sub)
        else:
            self.number(ctx.where, kind, arg, minimum=0)

    # --- ops ---

    def ops(self, ctx: _Ctx, value: Any, allow_empty: bool = False) -> None:
        if not isinstance(value, list):
            self.add(ctx.where, f"an effect must be a list of ops, not {value!r}")
            return
        if not value and not allow_empty:
            self.add(ctx.where, "the effect is empty")
        for i, op in enumerate(value):
            self.op(ctx.at(f"[{i}]"), op)

    def op(self, ctx: _Ctx, op: Any) -> None:
        if not isinstance(op, Mapping) or "op" not in op:
            self.add(ctx.where, f"an op must be a mapping with `op`, not {op!r}")
            return
        name = op["op"]
        if name not in OP_FIELDS:
            self.add(ctx.where, f"unknown op {name!r}")
            return
        ctx = ctx.at(f" {name}")
        required, optional = OP_FIELDS[name]
        fields = set(op) - {"op"}
        for missing in sorted(required - fields):
            self.add(ctx.where, f"missing `{missing}`")
        for extra in sorted(fields - required - optional):
            self.add(ctx.where, f"unknown field `{extra}`")
        for key in ("n", "look", "draw", "max_targets", "secrets"):
            if key in op:
                self.number(ctx.where, key, op[key])
        if "discount" in op:
            self.number(ctx.where, "discount", op["discount"], minimum=0)
        for key in ("upto", "free", "gloom"):
            if key in op:
                self.flag(ctx.where, key, op[key])
        for key in ("who", "owner"):
            if key in op and op[key] not in ("you", "opponent"):
                self.add(ctx.where, f"`{key}` must be you or opponent, not {op[key]!r}")
        if "types" in op:
            self.card_types(ctx.where, op["types"])
        if "per" in op:
            self.count(ctx, op["per"])
        if name in ("add_gloom", "remove_gloom"):
            self.gloom_target(ctx, op.get("target"))
        else:
            for key in ("target", "from", "to"):
                if key in op:
                    self.target(ctx, key, op[key])

        if name in ("gain", "lose") and op.get("what") not in ("influence", "evidence"):
            self.add(ctx.where, f"`what` must be influence or evidence, not {op.get('what')!r}")
        elif name in ("place", "place_each"):
            self.token(ctx, op, placing=True)
        elif name in ("remove", "remove_all", "remove_each", "move"):
            self.token(ctx, op, placing=False)
        elif name == "play" and "secrets" in op and ctx.side != "witch":
            self.add(ctx.where, "only the Witch's effects put Secrets on a Brew they play")
        elif name == "look_draw":
            look, draw = op.get("look"), op.get("draw")
            if isinstance(look, int) and isinstance(draw, int) and draw > look:
                self.add(ctx.where, "cannot draw more cards than it looks at")
        elif name == "reveal_play" and op.get("n") != 2:
            self.add(ctx.where, "reveal_play reveals 2 cards (the opponent discards one)")
        elif name == "copy_cleanse" and ctx.side == "witch":
            self.add(ctx.where, "Cleanse effects are the Hunter's to carry out")
        elif name == "choose":
            options = op.get("options")
            if not isinstance(options, list) or len(options) < 2:
                self.add(ctx.where, "`options` must be a list of at least 2 options")
                return
            for i, option in enumerate(options):
                octx = ctx.at(f" option {i + 1}")
                if not isinstance(option, Mapping) or set(option) != {"label", "effect"}:
                    self.add(octx.where, "an option must be {label: ..., effect: [ops]}")
                    continue
                if not isinstance(option["label"], str) or not option["label"]:
                    self.add(octx.where, "`label` must be text")
                self.ops(octx, option["effect"])
        elif name == "if":
            self.cond(ctx, op.get("cond"))
            self.ops(ctx.at(" then"), op.get("then"), allow_empty=True)
            if "else" in op:
                self.ops(ctx.at(" else"), op["else"], allow_empty=True)
        elif name == "optional":
            if "cost" in op:
                self.cost(ctx.where, op["cost"], ctx.side)
            if "label" in op and not isinstance(op["label"], str):
                self.add(ctx.where, "`label` must be text")
            self.ops(ctx.at(" effect"), op.get("effect"))

    # --- lasting effects ---

    def triggers(self, ctx: _Ctx, owner: str | None, value: Any) -> None:
        """Card triggers (`owner` is the card's side) or scenario rules (`owner` None: `whose`
        names the player, hunter, witch or both)."""
        if not isinstance(value, list) or not value:
            self.add(ctx.where, "`triggers` must be a non-empty list")
            return
        for i, trig in enumerate(value):
            tctx = ctx.at(f" trigger {i + 1}")
            if not isinstance(trig, Mapping):
                self.add(tctx.where, "a trigger must be a mapping")
                continue
            for extra in sorted(set(trig) - TRIGGER_FIELDS):
                self.add(tctx.where, f"unknown field `{extra}`")
            if trig.get("when") not in TRIGGER_WHEN:
                self.add(tctx.where, f"`when` must be one of {TRIGGER_WHEN}")
            if owner is None:
                whose = trig.get("whose")
                if whose not in ("hunter", "witch", "both"):
                    self.add(tctx.where, f"`whose` must be hunter, witch or both, not {whose!r}")
                runner: str | None = whose if whose in SIDES else None
            else:
                whose = trig.get("whose", "owner")
                if whose not in ("owner", "opponent"):
                    self.add(tctx.where, f"`whose` must be owner or opponent, not {whose!r}")
                runner = owner if whose == "owner" else _other(owner)
                if trig.get("when") == "cleansed" and whose != "owner":
                    self.add(tctx.where, "a `cleansed` trigger is carried out by the card's owner")
            optional = trig.get("optional", False)
            self.flag(tctx.where, "optional", optional)
            if "cost" in trig:
                if optional is not True:
                    self.add(tctx.where, "only an optional (may) trigger can have a cost")
                self.cost(tctx.where, trig["cost"], runner)
            if "label" in trig and not isinstance(trig["label"], str):
                self.add(tctx.where, "`label` must be text")
            if "cond" in trig:
                self.cond(_Ctx(tctx.where, runner, False), trig["cond"])
            self.ops(_Ctx(tctx.where, runner, False, ctx.self_ok), trig.get("effect"))

    def modifiers(self, where: str, card_type: str | None, value: Any) -> None:
        if not isinstance(value, list) or not value:
            self.add(where, "`modifiers` must be a non-empty list")
            return
        for i, mod in enumerate(value):
            mwhere = f"{where} modifier {i + 1}"
            if not isinstance(mod, Mapping):
                self.add(mwhere, "a modifier must be a mapping with `kind`")
                continue
            kind = str(mod.get("kind"))
            if kind not in MODIFIER_KINDS:
                self.add(mwhere, f"unknown modifier kind {kind!r}")
                continue
            rule, investigation_only = MODIFIER_KINDS[kind]
            allowed = {"kind", "applies_to"} | ({"n"} if rule else set())
            if kind == "play_cost":
                allowed.add("types")
            for extra in sorted(set(mod) - allowed):
                self.add(mwhere, f"unknown field `{extra}` for {kind}")
            if investigation_only and card_type != "investigation":
                self.add(mwhere, f"{kind} works only on an Investigation")
            if "applies_to" in mod and mod["applies_to"] not in SIDES:
                self.add(mwhere, f"`applies_to` must be hunter or witch, not {mod['applies_to']!r}")
            if card_type is None and "applies_to" not in mod:
                self.add(mwhere, "a scenario's modifier must say whom it `applies_to`")
            if "types" in mod:
                self.card_types(mwhere, mod["types"])
            n = mod.get("n")
            if rule == _SIGNED and (not _is_int(n) or n == 0):
                self.add(mwhere, f"{kind} needs a whole, non-zero `n`, not {n!r}")
            elif rule == _POSITIVE:
                self.number(mwhere, "n", n)
            elif rule == _NONNEG:
                self.number(mwhere, "n", n, minimum=0)

    # --- whole entries ---

    def card(self, card: Card, boxes: Mapping[str, Box]) -> None:
        where = f"card {card.id} {card.name}".rstrip()
        data = card.data
        if card.side not in SIDES:
            self.add(where, f"`side` must be hunter or witch, not {card.side!r}")
            return
        if card.number > 0:
            expected = "hunter" if ((card.number - 1) // 25) % 2 == 0 else "witch"
            if expected != card.side:
                self.add(where, f"number {card.id} belongs to the {SIDE_NAMES[expected]}'s range")
            box = boxes.get(card.box)
            if box is not None and not box.numbers[0] <= card.number <= box.numbers[1]:
                self.add(where, f"number {card.id} is outside box {box.id}'s {box.numbers}")
        if card.type not in TYPES_BY_SIDE[card.side]:
            self.add(
                where,
                f"a {SIDE_NAMES[card.side]} card cannot be of type {card.type!r}; "
                f"types are {TYPES_BY_SIDE[card.side]}",
            )
            return
        if not card.name:
            self.add(where, "`name` is empty")
        if not card.text.strip():
            self.add(where, "`text` is empty: every card says in English what it does")
        if card.cost < 0:
            self.add(where, "`cost` must be a whole number of at least 0")
        if card.origin not in ORIGINS:
            self.add(where, f"`origin` must be one of {ORIGINS}, not {card.origin!r}")
        elif card.origin in ("example", "printed") and not card.source.strip():
            self.add(where, f"an {card.origin} card must cite its `source` in the rulebook")

        required, optional = TYPE_FIELDS[card.type]
        if card.type in LASTING_TYPES:
            optional = optional | GLOOM_FIELDS
        fields = set(data) - CARD_FIELDS
        for missing in sorted(required - fields):
            self.add(where, f"a {card.type} needs `{missing}`")
        for extra in sorted(fields - required - optional):
            self.add(where, f"unknown field `{extra}` for a {card.type}")

        side = card.side
        plain = _Ctx(where, side, False)
        in_play = _Ctx(where, side, False, True)
        gloomy = "gloom" in data
        if gloomy:
            self.number(where, "gloom", data["gloom"])
            if "cleanse" not in data:
                self.add(where, "a Gloom card needs its `cleanse` effect")
        elif "cleanse" in data:
            self.add(where, "only a Gloom card (with `gloom`) has a `cleanse` effect")
        if "cleanse" in data:
            # Cleanse effects are the Hunter's (the card itself is already out of play).
            self.ops(_Ctx(f"{where} cleanse", "hunter", False), data["cleanse"])
        if "effect" in data and card.type in ("event", "charm"):
            self.ops(plain.at(" effect"), data["effect"])
        if "on_play" in data:
            self.ops(plain.at(" on_play"), data["on_play"])
        if "triggers" in data:
            self.triggers(in_play, side, data["triggers"])
        if "modifiers" in data:
            self.modifiers(where, card.type, data["modifiers"])

        if card.type == "ally":
            self.number(where, "upkeep", data.get("upkeep"), minimum=0)
        elif card.type == "location":
            activate = data.get("activate")
            if not isinstance(activate, Mapping) or set(activate) - {"cost", "effect"}:
                self.add(where, "`activate` must be {cost: COST, effect: [ops]}")
            else:
                self.cost(f"{where} activate", activate.get("cost", {}), side)
                self.ops(in_play.at(" activate"), activate.get("effect"))
        elif card.type == "investigation":
            affects = data.get("affects")
            if affects not in SIDES:
                self.add(where, f"`affects` must be hunter or witch, not {affects!r}")
                affects = side
            self.ops(
                _Ctx(f"{where} on_visit", affects, True, True),
                data.get("on_visit"),
                allow_empty=True,
            )
            if not data.get("on_visit") and not data.get("modifiers"):
                self.add(where, "an Investigation needs an on_visit effect or a modifier")
        elif card.type == "brew":
            self.number(where, "secrets", data.get("secrets"))
            self.ops(in_play.at(" consume"), data.get("consume"))
        elif card.type == "familiar":
            visit = _Ctx(where, side, True, True)
            self.ops(visit.at(" effect"), data.get("effect"))
            empower = data.get("empower")
            if not isinstance(empower, Mapping) or set(empower) != {"cost", "effect"}:
                self.add(where, "`empower` must be {cost: COST, effect: [ops]}")
            else:
                self.cost(f"{where} empower", empower["cost"], side)
                self.ops(visit.at(" empower"), empower["effect"])
        elif card.type == "enchantment":
            lift = data.get("lift")
            if gloomy:
                # The Gloom symbol in the banner: each Lift removes 1 Gloom, nothing else.
                if lift != {"gloom": 1}:
                    self.add(
                        where,
                        "a Gloom Enchantment is lifted by removing 1 Gloom: `lift: {gloom: 1}`",
                    )
            else:
                self.cost(f"{where} lift", lift)
                if isinstance(lift, Mapping) and set(lift) - {"influence", "clues"}:
                    self.add(where, "the Hunter lifts an Enchantment with Influence and/or Clues")
            if "covers" in data:
                covers = data["covers"]
                if (
                    not isinstance(covers, list)
                    or not covers
                    or any(t not in HUNTER_TYPES or t == "event" for t in covers)
                ):
                    self.add(where, "`covers` must list Hunter card types that stay in play")
            if not any(k in data for k in ("triggers", "modifiers", "on_play", "covers", "gloom")):
                self.add(where, "an Enchantment needs a trigger, a modifier or an on_play effect")

    def villager(
        self, v: Villager, factions: Mapping[str, Faction], villagers: Mapping[str, Villager]
    ) -> None:
        where = f"villager {v.id}"
        if v.colour not in COLOURS:
            self.add(where, f"`colour` must be one of {COLOURS}, not {v.colour!r}")
        if v.target not in COLOURS:
            self.add(where, f"`target` must be one of {COLOURS}, not {v.target!r}")
        if v.number < 1 or v.number > 9:
            self.add(where, f"`number` must be a board place 1-9, not {v.number}")
        elif v.colour in COLOURS:
            low = 1 + 3 * COLOURS.index(v.colour)
            if not low <= v.number < low + 3:
                self.add(where, f"a {v.colour} villager's board place is {low}-{low + 2}")
        if v.assets < 1:
            self.add(where, "`assets` must be at least 1")
        faction = factions.get(v.faction)
        if faction is None:
            self.add(where, f"unknown faction {v.faction!r}")
        elif faction.colour != v.colour:
            self.add(where, f"is {v.colour} but its faction {faction.id} is {faction.colour}")
        if not v.name:
            self.add(where, "`name` is empty")
        if not v.text.strip():
            self.add(where, "`text` is empty")
        if v.origin not in VILLAGER_ORIGINS:
            self.add(where, f"`origin` must be one of {VILLAGER_ORIGINS}, not {v.origin!r}")
        elif v.origin == "example" and not v.source.strip():
            self.add(where, "an example villager must cite its `source` in the rulebook")
        if v.back_of:
            front = villagers.get(v.back_of)
            if front is None:
                self.add(where, f"`back_of` names unknown villager {v.back_of!r}")
            elif front.back_of:
                self.add(where, f"`back_of` names {front.id}, which is itself a back side")
            elif (front.colour, front.number, front.name) != (v.colour, v.number, v.name):
                self.add(where, f"the back of {front.id} has its name, colour and board place")
            elif front.faction == v.faction:
                self.add(where, "the two sides of a villager card belong to two factions")
        self.ops(_Ctx(f"{where} skill", None, True), list(v.skill))

    def scenario(self, s: Scenario, catalog: Catalog) -> None:
        where = f"scenario {s.id}"
        data = s.data
        if "category" in data and data["category"] not in SCENARIO_CATEGORIES:
            self.add(where, f"`category` must be one of {SCENARIO_CATEGORIES}")
        rules = data.get("rules")
        if rules is not None:
            if not isinstance(rules, Mapping) or set(rules) - {"triggers", "modifiers"}:
                self.add(where, "`rules` must be {triggers: [...], modifiers: [...]}")
            else:
                if "triggers" in rules:
                    self.triggers(_Ctx(f"{where} rules", None, False), None, rules["triggers"])
                if "modifiers" in rules:
                    self.modifiers(f"{where} rules", None, rules["modifiers"])
        ids: set[str] = set()
        for i, obj in enumerate(data.get("objectives") or []):
            owhere = f"{where} objective {i + 1}"
            if not isinstance(obj, Mapping):
                self.add(owhere, "an objective must be a mapping")
                continue
            for extra in sorted(set(obj) - OBJECTIVE_FIELDS):
                self.add(owhere, f"unknown field `{extra}`")
            for key in ("id", "name", "text"):
                if not isinstance(obj.get(key), str) or not obj.get(key):
                    self.add(owhere, f"needs `{key}` as text")
            if obj.get("id") in ids:
                self.add(owhere, f"id {obj.get('id')!r} appears more than once")
            ids.add(str(obj.get("id")))
            who = obj.get("who")
            if who not in SIDES:
                self.add(owhere, f"`who` must be hunter or witch, not {who!r}")
                who = None
            self.cond(_Ctx(owhere, who, False), obj.get("cond"))
            if "effect" in obj:
                self.ops(_Ctx(f"{owhere} effect", who, False), obj["effect"])
            if "modifiers" in obj:
                self.modifiers(owhere, None, obj["modifiers"])
            if "effect" not in obj and "modifiers" not in obj:
                self.add(owhere, "an objective needs a reward: an `effect` or `modifiers`")
        for i, vic in enumerate(data.get("victory") or []):
            vwhere = f"{where} victory {i + 1}"
            if not isinstance(vic, Mapping):
                self.add(vwhere, "a victory condition must be a mapping")
                continue
            for extra in sorted(set(vic) - VICTORY_FIELDS):
                self.add(vwhere, f"unknown field `{extra}`")
            who = vic.get("who")
            if who not in SIDES:
                self.add(vwhere, f"`who` must be hunter or witch, not {who!r}")
                who = None
            self.cond(_Ctx(vwhere, who, False), vic.get("cond"))
            reason = vic.get("reason")
            if not isinstance(reason, str) or not re.fullmatch(r"[a-z][a-z-]*", reason):
                self.add(vwhere, "`reason` must be an id such as gloom-overwhelms")
            if not isinstance(vic.get("text"), str) or not vic.get("text"):
                self.add(vwhere, "needs `text`")
        if "villager_gloom" in data:
            self.number(where, "villager_gloom", data["villager_gloom"])
        green = catalog.factions.get(s.green_faction)
        backs = green is not None and any(
            catalog.villagers[v].back_of for v in green.villagers if v in catalog.villagers
        )
        if backs and "villager_gloom" not in data:
            self.add(
                where, f"{s.green_faction} starts with Gloom: the scenario sets `villager_gloom`"
            )
        if not backs and "villager_gloom" in data:
            self.add(where, "`villager_gloom` needs a Green Faction of back sides (The Tainted)")


def _other(side: str) -> str:
    return "witch" if side == "hunter" else "hunter"


def box_order(catalog: Catalog, box: str) -> int:
    """The position of a box (base 0, then the expansions in order); unknown boxes sort last."""
    ids = list(catalog.boxes)
    return ids.index(box) if box in ids else len(ids)


def check_catalog(catalog: Catalog) -> list[str]:
    """Every place the data leaves the documented format and op vocabulary, or contradicts
    itself (a deck naming an unknown card, a faction of the wrong colour...). Empty means the
    engine can carry out every card, villager and scenario as written."""
    c = _Checker()
    c.problems.extend(catalog.load_problems)

    names: dict[tuple[str, str], str] = {}
    for card in catalog.cards.values():
        c.card(card, catalog.boxes)
        key = (card.side, card.name)
        if key in names:
            c.add(f"card {card.id}", f"has the same name as card {names[key]}")
        names[key] = card.id

    numbers: dict[tuple[str, int], str] = {}
    for vil in catalog.villagers.values():
        c.villager(vil, catalog.factions, catalog.villagers)
        key2 = (vil.faction, vil.number)
        if key2 in numbers:
            c.add(f"villager {vil.id}", f"has the same number as {numbers[key2]}")
        numbers[key2] = vil.id

    for f in catalog.factions.values():
        where = f"faction {f.id}"
        if f.colour not in COLOURS:
            c.add(where, f"`colour` must be one of {COLOURS}, not {f.colour!r}")
        if not f.name:
            c.add(where, "`name` is empty")
        if f.origin not in ORIGINS:
            c.add(where, f"`origin` must be one of {ORIGINS}, not {f.origin!r}")
        if len(f.villagers) != 3:
            c.add(where, f"a faction has 3 villagers, not {len(f.villagers)}")
        for vid in f.villagers:
            v = catalog.villagers.get(vid)
            if v is None:
                c.add(where, f"lists unknown villager {vid!r}")
            elif v.faction != f.id:
                c.add(where, f"lists {vid}, whose faction is {v.faction!r}")
        for v in catalog.villagers.values():
            if v.faction == f.id and v.id not in f.villagers:
                c.add(where, f"does not list its villager {v.id}")

    for did, cards in catalog.decks.items():
        where = f"deck {did}"
        side = catalog.deck_sides.get(did, "")
        if side not in SIDES:
            c.add(where, f"`side` must be hunter or witch, not {side!r}")
            continue
        deck_box = box_order(catalog, catalog.deck_boxes.get(did, "base"))
        for cid in sorted(cards):
            listed = catalog.cards.get(cid)
            if listed is None:
                c.add(where, f"unknown card id {cid!r}")
            elif listed.side != side:
                c.add(where, f"{listed.name} ({cid}) is not a {SIDE_NAMES[side]} card")
            elif box_order(catalog, listed.box) > deck_box:
                c.add(where, f"{listed.name} ({cid}) comes in a later box ({listed.box})")
        size = sum(cards.values())
        # Named decks are the 50-card decks of the deckbuilding rules or Scenario 1's 30.
        for problem in validate_deck(cards, side, size if size in (30, 50) else 50, catalog):
            c.add(where, problem)

    for box in catalog.boxes.values():
        where = f"box {box.id}"
        if set(box.decks) != set(SIDES):
            c.add(where, "`decks` must name one default deck for hunter and one for witch")
        for side, did in box.decks.items():
            if catalog.deck_sides.get(did) != side or catalog.deck_boxes.get(did) != box.id:
                c.add(where, f"default {side} deck {did!r} is not a {side} deck of this box")
            elif validate_deck(catalog.decks[did], side, 50, catalog):
                c.add(where, f"default deck {did} is not a legal 50-card deck")
        if set(box.factions) != set(SIDES):
            c.add(where, "`factions` must name the default witch (red) and hunter (blue) factions")
        for side, fid in box.factions.items():
            f2 = catalog.factions.get(fid)
            colour = "red" if side == "witch" else "blue"
            if f2 is None or f2.colour != colour:
                c.add(where, f"default {side} faction {fid!r} is not a {colour} faction")

    for s in catalog.scenarios.values():
        where = f"scenario {s.id}"
        green = catalog.factions.get(s.green_faction)
        if green is None:
            c.add(where, f"unknown green faction {s.green_faction!r}")
        elif green.colour != "green":
            c.add(where, f"green faction {green.id} is {green.colour}")
        elif box_order(catalog, green.box) > box_order(catalog, s.box):
            c.add(where, f"green faction {green.id} comes in a later box")
        if s.origin not in ORIGINS:
            c.add(where, f"`origin` must be one of {ORIGINS}, not {s.origin!r}")
        if not s.name or not s.text.strip():
            c.add(where, "needs a `name` and a `text`")
        if set(s.decks) != set(SIDES):
            c.add(where, "`decks` must name one deck for hunter and one for witch")
        for side, did in s.decks.items():
            if did not in catalog.decks:
                c.add(where, f"unknown deck {did!r}")
            elif catalog.deck_sides.get(did) != side:
                c.add(where, f"deck {did} is not a {side} deck")
            elif side in SIDES:
                for problem in validate_deck(catalog.decks[did], side, s.deck_size, catalog):
                    c.add(f"{where} deck {did}", problem)
        c.scenario(s, catalog)
    return c.problems


# --- JSON for the CLI and the API -------------------------------------------------------------


def catalog_json(catalog: Catalog) -> dict[str, Any]:
    """The catalog as players read it (no op lists): what `coven catalog pagan --json` prints."""
    return {
        "cards": [
            {
                "id": card.id,
                "number": card.number,
                "name": card.name,
                "side": card.side,
                "type": card.type,
                "cost": card.cost,
                "origin": card.origin,
                "text": card.text,
                "box": card.box,
                "gloom": card.gloom,
            }
            for card in sorted(catalog.cards.values(), key=lambda c: (c.number, c.id))
        ],
        "villagers": [
            {
                "id": v.id,
                "number": v.number,
                "name": v.name,
                "colour": v.colour,
                "faction": v.faction,
                "assets": v.assets,
                "target": v.target,
                "origin": v.origin,
                "text": v.text,
                "box": v.box,
                **({"back_of": v.back_of} if v.back_of else {}),
            }
            for v in sorted(catalog.villagers.values(), key=lambda v: (v.number, v.id))
        ],
        "factions": [
            {
                "id": f.id,
                "name": f.name,
                "colour": f.colour,
                "villagers": list(f.villagers),
                "origin": f.origin,
                "box": f.box,
            }
            for f in sorted(
                catalog.factions.values(),
                key=lambda f: (COLOURS.index(f.colour) if f.colour in COLOURS else 99, f.id),
            )
        ],
        "scenarios": [
            {
                "id": s.id,
                "name": s.name,
                "green_faction": s.green_faction,
                "decks": dict(s.decks),
                "deck_size": s.deck_size,
                "origin": s.origin,
                "text": s.text,
                "box": s.box,
                **({"category": s.data["category"]} if "category" in s.data else {}),
            }
            for s in catalog.scenarios.values()
        ],
        "decks": {
            did: {
                "name": catalog.deck_names.get(did, did),
                "side": catalog.deck_sides.get(did, ""),
                "cards": dict(sorted(cards.items())),
                "box": catalog.deck_boxes.get(did, "base"),
            }
            for did, cards in catalog.decks.items()
        },
        "boxes": [
            {
                "id": b.id,
                "name": b.name,
                "numbers": list(b.numbers),
                "decks": dict(b.decks),
                "factions": dict(b.factions),
            }
            for b in catalog.boxes.values()
        ],
    }


__all__ = [
    "HUNTER_TYPES",
    "WITCH_TYPES",
    "Card",
    "Catalog",
    "CatalogError",
    "Faction",
    "Scenario",
    "Villager",
    "catalog_json",
    "check_catalog",
    "expand_deck",
    "load_catalog",
    "read_catalog",
    "type_minimum",
    "validate_deck",
]
