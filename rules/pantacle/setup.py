"""Game options and setup for Pantacle.

Options: `players` (2 to 5) and `first_player` (a seat such as "seat-2", or its index; absent or
None: drawn from the seed). Setup follows the rulebook: each Sanctuary with its Resolve Bonus
tracker at the left, 1 Adept and 5 Flame discs on the pentagram; the shuffled Keeper pile and a
3-blade hand each; the shuffled Curse pile; the Favor board with no Favor marked yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import InvalidOptions, Rng, seed_state
from rules.pantacle import machine
from rules.pantacle.board import BLADES, CURSES, HAND_SIZE, PENTAGRAM, SUPPLY_LIMITS
from rules.pantacle.state import PantacleState, Player, seat_name
from rules.pantacle.turn import start_turn

MIN_PLAYERS = 2
MAX_PLAYERS = 5
DEFAULT_PLAYERS = 3
STARTING_ADEPTS = 1
OPTION_NAMES = ("players", "first_player")


def default_options() -> dict[str, Any]:
    return {"players": DEFAULT_PLAYERS, "first_player": None}


def validate_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Complete `options` with defaults and check them, listing every problem at once."""
    raw = dict(options or {})
    problems = [
        f"unknown option {key!r} (known: {', '.join(OPTION_NAMES)})"
        for key in sorted(set(raw) - set(OPTION_NAMES))
    ]
    players = raw.get("players", DEFAULT_PLAYERS)
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        problems.append(f"players must be a whole number from 2 to 5, not {players!r}")
        players = None
    first = raw.get("first_player")
    if first is not None and players is not None:
        seats = [seat_name(i) for i in range(players)]
        if isinstance(first, int) and not isinstance(first, bool) and 0 <= first < players:
            first = seat_name(first)
        if first not in seats:
            problems.append(
                f"first_player must be one of {', '.join(seats)} (or its index), not {first!r}"
            )
    if problems:
        raise InvalidOptions(problems)
    return {"players": players, "first_player": first}


def new_game(options: Mapping[str, Any] | None, seed: int | str) -> PantacleState:
    opts = validate_options(options)
    count = int(opts["players"])
    rng = Rng(seed_state(seed))
    first_option = opts["first_player"]
    first = rng.below(count) if first_option is None else int(first_option.rpartition("-")[2])
    blades = list(BLADES)
    rng.shuffle(blades)
    curses = list(CURSES)
    rng.shuffle(curses)
    supply = dict(SUPPLY_LIMITS)
    players = []
    for i in range(count):
        players.append(Player(seat=i, adepts=STARTING_ADEPTS, pentagram=list(PENTAGRAM)))
        supply["adepts"] -= STARTING_ADEPTS
    for _ in range(HAND_SIZE):  # dealt one at a time, clockwise from the first player
        for k in range(count):
            p = players[(first + k) % count]
            p.take_blade(blades.pop(), 0)
    state = PantacleState(
        options=opts,
        seed=str(seed),
        rng=rng.state,
        players=players,
        supply=supply,
        blade_pile=blades,
        blade_discard=[],
        curse_pile=curses,
        curse_seen=[0] * len(curses),
        first_player=first,
        active=first,
    )
    start_turn(state)
    machine.advance(state)
    return state
