"""Pagan in the Game-protocol conformance suite: the games its properties range over, and what
only Pagan knows (its invariants, end reasons, move vocabulary and secrets)."""

from __future__ import annotations

from typing import Any

from rules.core import Options, Rng, Seat
from rules.pagan.state import HUNTER, WITCH, PaganState, opponent
from rules.pagan.turn import ELIMINATE_CLUES
from tests.conformance import Conformance, Spacing
from tests.pagan.invariants import check_invariants

# The games the properties range over, by name: the base game's two, and Beyond the Palisades
# with each scenario, its recommended mixed decks and chosen factions.
PALISADES: dict[str, Any] = {"expansion": "palisades"}
OPTION_SETS: dict[str, Options] = {
    "standard": {"scenario": "standard"},
    "1": {"scenario": "1"},
    "palisades": PALISADES,
    "palisades-1": {**PALISADES, "scenario": "1"},
    "palisades-10": {**PALISADES, "scenario": "10"},
    "palisades-11": {**PALISADES, "scenario": "11"},
    "palisades-12": {**PALISADES, "scenario": "12"},
    "palisades-13": {**PALISADES, "scenario": "13"},
    "palisades-mixed": {
        **PALISADES,
        "decks": {"hunter": "frontier-hunter", "witch": "frontier-witch"},
        "factions": {"witch": "council", "hunter": "craftsmen", "green": "the-household"},
    },
}
EXPANSION_SETS = sorted(name for name in OPTION_SETS if name.startswith("palisades"))
DECISION_CAP = 10_000  # random games last 1,700 decisions on median, 4,400 at most in 300 games
REASONS = {
    "ritual",
    "innocents-eliminated",
    "eliminated-witch",
    "exonerated",
    "gloom-overwhelms",  # scenario 13's own victory conditions
    "mist-lifted",
}
SCENARIO_13_REASONS = {"gloom-overwhelms", "mist-lifted"}


def reasons(options: Options) -> set[str]:
    """How a game may end: scenario 13's own victory conditions only in scenario 13."""
    return REASONS if options.get("scenario") == "13" else REASONS - SCENARIO_13_REASONS


def hidden_truth(s: PaganState, seat: Seat) -> tuple[str, tuple[str, ...]]:
    """The true witch and the other side's hand."""
    return s.true_witch, tuple(sorted(s.player(opponent(seat)).hand))


def change_secrets(s: PaganState) -> Seat:
    """Trade some of the Witch's hand for her deck and make another villager the true witch."""
    s.witch.hand, s.witch.deck = s.witch.deck[:3], s.witch.hand + s.witch.deck[3:]
    s.true_witch = next(v.id for v in s.villagers if v.id != s.true_witch)
    s.suspect_deck = [v.id for v in s.villagers if v.id != s.true_witch]
    return WITCH


def reorder_own(s: PaganState, seat: Seat, rng: Rng) -> None:
    """The seat's hand and the cards it is looking at, which its view shows sorted."""
    rng.shuffle(s.player(seat).hand)
    for f in s.stack:
        if f["t"] == "look" and f["seat"] == seat:
            rng.shuffle(f["cards"])


def provoke(s: PaganState, rng: Rng) -> None:
    """At the Hunter's choice of action, Clues from the supply for an elimination: one on
    every living villager and three on one of them, as far as the supply goes."""
    top = s.stack[-1] if s.stack else {}
    if top.get("t") != "act" or top.get("seat") != HUNTER or not s.hunter.pawns:
        return
    living = [v for v in s.villagers if v.alive]
    target = living[rng.below(len(living))]
    for v in living:
        while v.clues < (ELIMINATE_CLUES if v is target else 1) and s.supply["clue"] > 0:
            s.supply["clue"] -= 1
            v.clues += 1
    s.cache = None


PAGAN = Conformance(
    id="pagan",
    game_name="pagan",
    option_sets=OPTION_SETS,
    check_invariants=check_invariants,
    reasons=reasons,
    decisions=lambda s: s.decisions,
    decision_cap=DECISION_CAP,
    round_trip_steps=2500,
    spacing=Spacing(listed=53, unlisted=41, views=97, batches=31, limit=1200),
    malformed=(
        "visit",
        "visit:nobody",
        "play:9999",
        {"type": "visit"},
        {"type": "visit", "villager": "doctor-annie", "extra": 1},
        ["visit"],
    ),
    hidden_truth=hidden_truth,
    samples_per_seat=2,
    change_secrets=change_secrets,
    reorder_own=reorder_own,
    deferred_kinds=frozenset({"play"}),
    secret_kinds=frozenset({"eliminate", "draw", "exonerate"}),
    provoke=provoke,
)
