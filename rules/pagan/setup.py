"""Game options and setup for Pagan: Fate of Roanoke."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import InvalidOptions
from rules.core.rng import Rng, seed_state
from rules.pagan import machine
from rules.pagan.board import BOARD_SLOTS, CATALOG, TOKEN_LIMITS
from rules.pagan.catalog import validate_deck
from rules.pagan.state import HUNTER, SEATS, WITCH, PaganState, Player, Villager
from rules.pagan.turn import start_turn

STARTING_INFLUENCE = 2
STARTING_HAND = 3
DEFAULT_SCENARIO = "standard"


def default_options() -> dict[str, Any]:
    return {"scenario": DEFAULT_SCENARIO, "decks": {}, "max_turns": 0}


def validate_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Complete `options` with defaults and check them, listing every problem at once."""
    raw = dict(options or {})
    problems: list[str] = []
    known = {"scenario", "decks", "max_turns"}
    for key in sorted(set(raw) - known):
        problems.append(f"unknown option {key!r} (known: {', '.join(sorted(known))})")
    scenario_id = str(raw.get("scenario", DEFAULT_SCENARIO))
    scenario = CATALOG.scenarios.get(scenario_id)
    if scenario is None:
        names = ", ".join(sorted(CATALOG.scenarios))
        raise InvalidOptions([*problems, f"unknown scenario {scenario_id!r} (known: {names})"])
    decks_in = raw.get("decks") or {}
    if not isinstance(decks_in, Mapping):
        raise InvalidOptions([*problems, "decks must map 'witch' and 'hunter' to a deck"])
    decks: dict[str, dict[str, int]] = {}
    for seat in SEATS:
        chosen = decks_in.get(seat, scenario.decks[seat])
        if isinstance(chosen, str):
            if chosen not in CATALOG.decks:
                problems.append(
                    f"unknown {seat} deck {chosen!r} (known: {', '.join(sorted(CATALOG.decks))})"
                )
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
        decks[seat] = dict(sorted(cards.items()))
    extra = set(decks_in) - set(SEATS)
    if extra:
        problems.append(f"decks are given for 'witch' and 'hunter' only, not {sorted(extra)}")
    max_turns = raw.get("max_turns", 0) or 0
    if not isinstance(max_turns, int) or isinstance(max_turns, bool) or max_turns < 0:
        problems.append("max_turns must be a whole number of turns, 0 for no limit")
    if problems:
        raise InvalidOptions(problems)
    return {"scenario": scenario_id, "decks": decks, "max_turns": max_turns}


def villager_ids() -> list[str]:
    """The base game's nine villagers in village-board order."""
    factions = [f for f in CATALOG.factions.values()]
    ids = [vid for f in factions for vid in f.villagers]
    return sorted(ids, key=lambda vid: CATALOG.villagers[vid].number)


def new_game(options: Mapping[str, Any] | None, seed: int | str) -> PaganState:
    opts = validate_options(options)
    rng = Rng(seed_state(seed))
    ids = villager_ids()
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
    state = PaganState(
        options=opts,
        seed=str(seed),
        rng=rng.state,
        witch=players[WITCH],
        hunter=players[HUNTER],
        villagers=[Villager(vid, CATALOG.villagers[vid].colour) for vid in ids],
        enchantments=[],
        supply=dict(TOKEN_LIMITS),
        suspect_deck=suspects,
        true_witch=true_witch,
    )
    start_turn(state)
    machine.advance(state)
    return state
