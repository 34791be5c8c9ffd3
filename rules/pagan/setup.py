"""Game options and setup for Pagan: Fate of Roanoke, with or without Beyond the Palisades.

Options (all optional):

    scenario   "standard" (no scenario, the default), "1", and with the expansion "10".."13"
    expansion  "palisades" to play with Beyond the Palisades (Gloom, its cards, villagers and
               scenarios); absent or None for the base game
    factions   {"witch": <red faction>, "hunter": <blue faction>, "green": <green faction>}: the
               Witch picks the Red faction, the Hunter the Blue one, the scenario the Green one
               (without a scenario the players agree on it; by default the base Caretakers)
    decks      {"witch": ..., "hunter": ...}: a named deck, a list of card ids or {card id: copies}
    max_turns  0 (no limit) or a turn limit (at most 10,000) after which the game is a draw
               (a house rule)

Defaults come from the data: the scenario's decks, or without a scenario the newest box's
recommended decks; the newest box's default Red and Blue factions (with the expansion: the
Wardens and the base game's Newcomers); the scenario's Green faction.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import InvalidOptions, Rng, seed_state
from rules.pagan import machine
from rules.pagan.cards import Scenario
from rules.pagan.catalog import box_order
from rules.pagan.decks import validate_deck
from rules.pagan.gloom_places import villager_gloom_limit
from rules.pagan.state import HUNTER, SEATS, WITCH, PaganState, Player, Villager
from rules.pagan.tables import BOARD_SLOTS, CATALOG, GLOOM_LIMIT, TOKEN_LIMITS
from rules.pagan.turn import start_turn

STARTING_INFLUENCE = 2
STARTING_HAND = 3
DEFAULT_SCENARIO = "standard"
BASE_BOX = "base"
EXPANSIONS = tuple(box for box in CATALOG.boxes if box != BASE_BOX)
FACTION_COLOURS = {WITCH: "red", HUNTER: "blue", "green": "green"}
FACTION_PICKERS = {WITCH: "the Witch picks the Red faction", HUNTER: "the Hunter picks the Blue"}
# A house-rule turn limit far above any real game, bounded so that options stay JSON numbers.
MAX_TURNS = 10_000
KNOWN_OPTIONS = frozenset({"scenario", "decks", "max_turns", "expansion", "factions"})


def default_options() -> dict[str, Any]:
    return {"scenario": DEFAULT_SCENARIO, "decks": {}, "max_turns": 0}


def validate_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Complete `options` with defaults and check them, listing every problem at once.

    A base game's options come back as {scenario, decks, max_turns} exactly as before the
    expansion existed; with the expansion they also name it and the three factions."""
    raw = dict(options or {})
    problems: list[str] = []
    for key in sorted(set(raw) - KNOWN_OPTIONS):
        problems.append(f"unknown option {key!r} (known: {', '.join(sorted(KNOWN_OPTIONS))})")

    expansion = raw.get("expansion")
    if expansion is not None and expansion not in EXPANSIONS:
        known = ", ".join(EXPANSIONS) or "none"
        raise InvalidOptions([*problems, f"unknown expansion {expansion!r} (known: {known})"])
    boxes = {BASE_BOX} | ({expansion} if expansion else set())
    newest = max(boxes, key=lambda b: box_order(CATALOG, b))

    scenario_id = str(raw.get("scenario", DEFAULT_SCENARIO))
    scenario = CATALOG.scenarios.get(scenario_id)
    if scenario is None:
        names = ", ".join(sorted(CATALOG.scenarios, key=_scenario_order))
        raise InvalidOptions([*problems, f"unknown scenario {scenario_id!r} (known: {names})"])
    if scenario.box not in boxes:
        box = CATALOG.boxes[scenario.box]
        raise InvalidOptions(
            [
                *problems,
                f"scenario {scenario_id} ({scenario.name}) comes with {box.name}: "
                f"add the option expansion: {scenario.box!r}",
            ]
        )

    factions = _factions(raw.get("factions"), scenario, boxes, newest, problems)
    decks = _decks(raw.get("decks"), scenario, boxes, newest, problems)

    max_turns = raw.get("max_turns", 0) or 0
    if (
        not isinstance(max_turns, int)
        or isinstance(max_turns, bool)
        or not 0 <= max_turns <= MAX_TURNS
    ):
        problems.append(
            f"max_turns must be a whole number of turns from 1 to {MAX_TURNS}, 0 for no limit"
        )
        max_turns = 0
    if problems:
        raise InvalidOptions(problems)
    out: dict[str, Any] = {"scenario": scenario_id, "decks": decks, "max_turns": max_turns}
    if expansion:
        out["expansion"] = expansion
        out["factions"] = factions
    return out


def _scenario_order(sid: str) -> tuple[int, str]:
    return (int(sid), "") if sid.isdigit() else (0, sid)


def _factions(
    given: Any, scenario: Scenario, boxes: set[str], newest: str, problems: list[str]
) -> dict[str, str]:
    """The Red, Blue and Green factions: the players' picks, checked, or the defaults."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        problems.append("factions must map 'witch', 'hunter' and 'green' to a faction id")
        given = {}
    extra = set(given) - set(FACTION_COLOURS)
    if extra:
        problems.append(
            f"factions are chosen for 'witch', 'hunter' and 'green' only, not {sorted(extra)}"
        )
    defaults = dict(CATALOG.boxes[newest].factions)
    defaults["green"] = scenario.green_faction
    out: dict[str, str] = {}
    for key, colour in FACTION_COLOURS.items():
        fid = str(given.get(key, defaults[key]))
        faction = CATALOG.factions.get(fid)
        choices = sorted(
            f.id
            for f in CATALOG.factions.values()
            if f.colour == colour and f.box in boxes and not _back_sides(f.id)
        )
        if faction is None or faction.box not in boxes:
            problems.append(f"unknown {colour} faction {fid!r} (known: {', '.join(choices)})")
            continue
        if faction.colour != colour:
            who = FACTION_PICKERS.get(key, "the Green faction is green")
            problems.append(f"{faction.name} is a {faction.colour} faction, but {who}")
            continue
        if key == "green" and scenario.id != DEFAULT_SCENARIO and fid != scenario.green_faction:
            green = CATALOG.factions[scenario.green_faction].name
            problems.append(
                f"scenario {scenario.id} ({scenario.name}) uses {green} as its Green faction"
            )
            continue
        if key == "green" and _back_sides(fid) and fid != scenario.green_faction:
            problems.append(
                f"{faction.name} start with Gloom set by a scenario (12 or 13); "
                f"without one choose from {', '.join(choices)}"
            )
            continue
        out[key] = fid
    return out


def _back_sides(faction_id: str) -> bool:
    return any(CATALOG.villagers[v].back_of for v in CATALOG.factions[faction_id].villagers)


def _decks(
    given: Any, scenario: Scenario, boxes: set[str], newest: str, problems: list[str]
) -> dict[str, dict[str, int]]:
    decks_in = given or {}
    if not isinstance(decks_in, Mapping):
        problems.append("decks must map 'witch' and 'hunter' to a deck")
        return {}
    if scenario.id == DEFAULT_SCENARIO:
        defaults = dict(CATALOG.boxes[newest].decks)
    else:
        defaults = dict(scenario.decks)
    decks: dict[str, dict[str, int]] = {}
    for seat in SEATS:
        chosen = decks_in.get(seat, defaults[seat])
        if isinstance(chosen, str):
            if chosen not in CATALOG.decks or CATALOG.deck_boxes[chosen] not in boxes:
                known = sorted(
                    d
                    for d in CATALOG.decks
                    if CATALOG.deck_sides[d] == seat and CATALOG.deck_boxes[d] in boxes
                )
                problems.append(f"unknown {seat} deck {chosen!r} (known: {', '.join(known)})")
                continue
            cards = dict(CATALOG.decks[chosen])
        elif isinstance(chosen, Mapping):
            cards = {str(k): v for k, v in chosen.items()}
        elif isinstance(chosen, list):
            cards = {}
            for card in chosen:
                cards[str(card)] = cards.get(str(card), 0) + 1
        else:
            problems.append(
                f"the {seat} deck must be a deck name, a list of card ids "
                "or a mapping of card id to count"
            )
            continue
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in cards.values()):
            problems.append(f"the {seat} deck's card counts must be whole numbers")
            continue
        for problem in validate_deck(cards, seat, scenario.deck_size):
            problems.append(f"{seat} deck: {problem}")
        for cid in sorted(cards):
            card = CATALOG.cards.get(cid)
            if card is not None and card.box not in boxes:
                box = CATALOG.boxes[card.box]
                problems.append(
                    f"{seat} deck: {card.name} ({cid}) comes with {box.name}: "
                    f"add the option expansion: {card.box!r}"
                )
        decks[seat] = dict(sorted(cards.items()))
    extra = set(decks_in) - set(SEATS)
    if extra:
        problems.append(f"decks are given for 'witch' and 'hunter' only, not {sorted(extra)}")
    return decks


def villager_ids(factions: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """(villager id, showing side) of the game's nine villagers in village-board order: the
    chosen factions', or the base game's. A villager whose faction is a back side (The Tainted)
    is the person on the front, showing the back."""
    if factions is None:
        chosen = [CATALOG.boxes[BASE_BOX].factions[WITCH], CATALOG.boxes[BASE_BOX].factions[HUNTER]]
        chosen.append(CATALOG.scenarios[DEFAULT_SCENARIO].green_faction)
    else:
        chosen = [factions[WITCH], factions[HUNTER], factions["green"]]
    out = []
    for fid in chosen:
        for face in CATALOG.factions[fid].villagers:
            out.append((CATALOG.villagers[face].back_of or face, face))
    return sorted(out, key=lambda pair: CATALOG.villagers[pair[1]].number)


def new_game(options: Mapping[str, Any] | None, seed: int | str) -> PaganState:
    opts = validate_options(options)
    rng = Rng(seed_state(seed))
    sides = villager_ids(opts.get("factions"))
    ids = [vid for vid, _ in sides]
    suspects = ids[:]
    rng.shuffle(suspects)
    true_witch = suspects.pop()  # the Witch draws the top Suspect: her secret identity
    players = {}
    for seat in (HUNTER, WITCH):
        deck = [card for card, n in opts["decks"][seat].items() for _ in range(n)]
        rng.shuffle(deck)
        p = Player(seat=seat, influence=STARTING_INFLUENCE, deck=deck)
        for _ in range(STARTING_HAND):
            p.hand.append(p.deck.pop())
        if seat == HUNTER:
            p.locations = [None] * BOARD_SLOTS
            p.allies = [None] * BOARD_SLOTS
        else:
            p.brews = [None] * BOARD_SLOTS
            p.familiars = [None] * BOARD_SLOTS
        players[seat] = p
    supply = dict(TOKEN_LIMITS)
    if opts.get("expansion"):
        supply["gloom"] = GLOOM_LIMIT
    state = PaganState(
        options=opts,
        seed=str(seed),
        rng=rng.state,
        witch=players[WITCH],
        hunter=players[HUNTER],
        villagers=[Villager(vid, CATALOG.villagers[face].colour, face=face) for vid, face in sides],
        enchantments=[],
        supply=supply,
        suspect_deck=suspects,
        true_witch=true_witch,
    )
    # Scenarios 12 and 13: The Tainted start with the Gloom their scenario sets.
    start_gloom = villager_gloom_limit(state)
    for v in state.villagers:
        if v.face != v.id:
            v.gloom = start_gloom
            state.supply["gloom"] -= start_gloom
    start_turn(state)
    machine.advance(state)
    return state
