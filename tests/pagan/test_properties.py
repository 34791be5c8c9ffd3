"""Pagan's own properties of random legal play; the Game protocol's, which Pagan shares with every
game, are in tests/test_game_conformance.py (its `[pagan]` tests draw from the option sets here)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import Rng, get_game
from rules.pagan.game import PaganGame
from rules.pagan.state import HUNTER, SEATS, WITCH
from tests.conformance import (
    assert_seat_cannot_tell,
    play_checking_invariants,
    play_random,
    positions,
)
from tests.pagan.conformance import DECISION_CAP, EXPANSION_SETS, OPTION_SETS, PAGAN, REASONS
from tests.pagan.invariants import check_invariants
from tests.support.search import examples

GAME = get_game("pagan")
assert isinstance(GAME, PaganGame)
LIMIT = PAGAN.spacing.limit
SCENARIOS = st.sampled_from(sorted(OPTION_SETS))
SEEDS = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=examples(8), deadline=None)
@given(seed=SEEDS, scenario=SCENARIOS)
def test_views_show_each_seat_its_own_secrets_only(seed: int, scenario: str) -> None:
    for s in positions(GAME, OPTION_SETS[scenario], seed, every=111, limit=LIMIT):
        witch, hunter, spectator = (GAME.view(s, seat) for seat in (WITCH, HUNTER, None))
        assert witch["players"]["witch"]["true_witch"]["id"] == s.true_witch
        assert "true_witch" not in hunter["players"]["witch"]
        assert "true_witch" not in spectator["players"]["witch"]
        assert "hand" in witch["players"]["witch"] and "hand" not in witch["players"]["hunter"]
        assert "hand" in hunter["players"]["hunter"] and "hand" not in hunter["players"]["witch"]
        assert "suspects" in hunter["players"]["hunter"]
        assert "suspects" not in witch["players"]["hunter"]
        for seat_view in (witch, hunter, spectator):
            json.dumps(seat_view)  # JSON-ready
            assert seat_view["players"]["witch"]["hand_count"] == len(s.witch.hand)
            assert seat_view["players"]["hunter"]["deck_count"] == len(s.hunter.deck)


# --- every expansion game, deterministically (the conformance suite samples among all games) -----


@pytest.mark.parametrize("scenario", EXPANSION_SETS)
def test_expansion_games_end_and_conserve_tokens_and_cards_at_every_decision(
    scenario: str,
) -> None:
    """Two whole random games of each expansion option set, every invariant (the 30 Gloom
    included) checked after every decision."""
    for seed in (11, 12):
        s = play_checking_invariants(
            GAME, OPTION_SETS[scenario], seed, DECISION_CAP, check_invariants
        )
        outcome = GAME.outcome(s)
        assert outcome is not None and outcome.reason in REASONS


@pytest.mark.parametrize("scenario", EXPANSION_SETS)
def test_expansion_views_depend_only_on_what_their_seat_may_know(scenario: str) -> None:
    rng = Rng(99)
    for s in positions(GAME, OPTION_SETS[scenario], 7, every=61, limit=LIMIT):
        for seat in SEATS:
            assert_seat_cannot_tell(GAME, s, GAME.sample(s, seat, rng), seat, check_invariants)


@pytest.mark.parametrize("scenario", EXPANSION_SETS)
def test_expansion_games_replay_and_round_trip_exactly(scenario: str) -> None:
    options = OPTION_SETS[scenario]
    s, played = play_random(GAME, options, 5, DECISION_CAP)
    assert GAME.to_json(GAME.replay(options, 5, played)) == GAME.to_json(s)
    half, _ = play_random(GAME, options, 5, len(played) // 2)
    data = json.loads(json.dumps(GAME.to_json(half)))
    assert GAME.to_json(GAME.from_json(data)) == GAME.to_json(half)
