"""Properties of random legal play, for every seed hypothesis tries."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.errors import IllegalMove
from rules.core.moves import Move
from rules.core.registry import get_game
from rules.core.rng import Rng
from rules.pagan.game import PaganGame
from rules.pagan.state import HUNTER, SEATS, WITCH, PaganState, opponent
from tests.pagan.invariants import check_invariants

GAME = get_game("pagan")
assert isinstance(GAME, PaganGame)
DECISION_CAP = 10_000  # random games last 1,700 decisions on median, 4,400 at most in 300 games

# The games the properties range over, by name: the base game's two, and Beyond the Palisades
# with each scenario, its recommended mixed decks and chosen factions.
PALISADES: dict[str, Any] = {"expansion": "palisades"}
OPTION_SETS: dict[str, dict[str, Any]] = {
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
SCENARIOS = st.sampled_from(sorted(OPTION_SETS))
SEEDS = st.integers(min_value=0, max_value=2**32)
PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
REASONS = {
    "ritual",
    "innocents-eliminated",
    "eliminated-witch",
    "exonerated",
    "gloom-overwhelms",  # scenario 13's own victory conditions
    "mist-lifted",
}


def new(scenario: str, seed: int) -> PaganState:
    state: PaganState = GAME.new(OPTION_SETS[scenario], seed)
    return state


def play_random(seed: int, scenario: str, steps: int) -> tuple[PaganState, list[str]]:
    """A game after up to `steps` random decisions, and the ids of the moves played."""
    s = new(scenario, seed)
    rng = Rng(seed ^ 0x5EED)
    played: list[str] = []
    while GAME.outcome(s) is None and len(played) < steps:
        moves = GAME.legal_moves(s)
        move = moves[rng.below(len(moves))]
        played.append(move.id)
        GAME.apply_unchecked(s, move)
    return s, played


def positions(seed: int, scenario: str, every: int = 37, limit: int = 1200) -> list[PaganState]:
    """Copies of the states a random game passes through, one every `every` decisions."""
    s = new(scenario, seed)
    rng = Rng(seed)
    out = []
    n = 0
    while GAME.outcome(s) is None and n < limit:
        if n % every == 0:
            out.append(s.copy())
        moves = GAME.legal_moves(s)
        GAME.apply_unchecked(s, moves[rng.below(len(moves))])
        n += 1
    return out


@PROPERTY
@given(seed=SEEDS, scenario=SCENARIOS)
def test_every_random_game_ends(seed: int, scenario: str) -> None:
    s, played = play_random(seed, scenario, DECISION_CAP)
    outcome = GAME.outcome(s)
    assert outcome is not None, f"no end after {len(played)} decisions"
    assert GAME.to_move(s) is None and GAME.legal_moves(s) == []
    assert len(outcome.winners) == 1 and outcome.reason in REASONS
    if not scenario.startswith("palisades-13"):
        assert outcome.reason not in ("gloom-overwhelms", "mist-lifted")


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS, scenario=SCENARIOS)
def test_tokens_and_cards_are_conserved_at_every_decision(seed: int, scenario: str) -> None:
    s = new(scenario, seed)
    rng = Rng(seed)
    check_invariants(s)
    while GAME.outcome(s) is None and s.decisions < DECISION_CAP:
        moves = GAME.legal_moves(s)
        GAME.apply_unchecked(s, moves[rng.below(len(moves))])
        check_invariants(s)


@settings(max_examples=4, deadline=None)
@given(seed=SEEDS, scenario=SCENARIOS)
def test_every_listed_move_applies_and_leaves_the_original_untouched(
    seed: int, scenario: str
) -> None:
    for s in positions(seed, scenario, every=53):
        before = GAME.to_json(s)
        moves = GAME.legal_moves(s)
        assert moves, "a game that is not over always has a decision"
        assert len({m.id for m in moves}) == len(moves), "move ids are unique"
        for move in moves:
            after = GAME.apply(s, move)
            check_invariants(after)
            assert after.decisions == s.decisions + 1
        assert GAME.to_json(s) == before


def _not_listed(s: PaganState, others: list[PaganState]) -> list[object]:
    legal = {m.id for m in GAME.legal_moves(s)}
    candidates: list[object] = [
        m for o in others for m in GAME.legal_moves(o) if m.id not in legal
    ][:25]
    candidates += [
        "",
        "visit",
        "visit:nobody",
        "play:9999",
        {"type": "visit"},
        {"type": "visit", "villager": "doctor-annie", "extra": 1},
        {"id": 42},
        {"no": "type"},
        42,
        None,
        ["visit"],
    ]
    return candidates


@settings(max_examples=4, deadline=None)
@given(seed=SEEDS, scenario=SCENARIOS)
def test_unlisted_moves_are_rejected_and_change_nothing(seed: int, scenario: str) -> None:
    states = positions(seed, scenario, every=41)
    for i, s in enumerate(states):
        before = json.dumps(GAME.to_json(s), sort_keys=True)
        for bad in _not_listed(s, states[max(0, i - 3) : i] + states[i + 1 : i + 4]):
            with pytest.raises(IllegalMove) as err:
                GAME.apply(s, bad)  # type: ignore[arg-type]
            assert err.value.reason
            assert json.dumps(GAME.to_json(s), sort_keys=True) == before


@PROPERTY
@given(seed=SEEDS, scenario=SCENARIOS, steps=st.integers(min_value=0, max_value=2500))
def test_serialization_round_trips_and_play_continues_identically(
    seed: int, scenario: str, steps: int
) -> None:
    s, _ = play_random(seed, scenario, steps)
    data = json.loads(json.dumps(GAME.to_json(s)))
    restored = GAME.from_json(data)
    assert GAME.to_json(restored) == GAME.to_json(s)
    assert [m.id for m in GAME.legal_moves(restored)] == [m.id for m in GAME.legal_moves(s)]
    rng = Rng(seed)
    for _ in range(200):
        if GAME.outcome(s) is not None:
            break
        moves = GAME.legal_moves(s)
        move = moves[rng.below(len(moves))]
        GAME.apply_unchecked(s, move)
        GAME.apply_unchecked(restored, GAME.find_legal(restored, move.id))
    assert GAME.to_json(restored) == GAME.to_json(s)


@PROPERTY
@given(seed=SEEDS, scenario=SCENARIOS, steps=st.integers(min_value=0, max_value=DECISION_CAP))
def test_replay_rebuilds_the_state_exactly(seed: int, scenario: str, steps: int) -> None:
    s, played = play_random(seed, scenario, steps)
    again = GAME.replay(OPTION_SETS[scenario], seed, played)
    assert GAME.to_json(again) == GAME.to_json(s)


@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, scenario=SCENARIOS, sample_seed=SEEDS)
def test_a_view_depends_only_on_what_its_seat_may_know(
    seed: int, scenario: str, sample_seed: int
) -> None:
    """Resampling everything a seat cannot know leaves that seat's view (and the spectator's)
    byte-identical, while the hidden truth really does change across samples."""
    rng = Rng(sample_seed)
    truths = set()
    for s in positions(seed, scenario, every=97):
        for seat in SEATS:
            other = GAME.sample(s, seat, rng)
            again = GAME.sample(s, seat, rng)  # a second draw, so one short game suffices
            truths.add((seat, again.true_witch, tuple(sorted(again.player(opponent(seat)).hand))))
            check_invariants(other)
            assert json.dumps(GAME.view(other, seat)) == json.dumps(GAME.view(s, seat))
            assert json.dumps(GAME.view(other, None)) == json.dumps(GAME.view(s, None))
            if GAME.to_move(s) == seat:
                ids = [m.to_json() for m in GAME.legal_moves(s)]
                assert [m.to_json() for m in GAME.legal_moves(other)] == ids
            hidden = other.player(opponent(seat))
            truths.add((seat, other.true_witch, tuple(sorted(hidden.hand))))
    assert len(truths) > 2


@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, scenario=SCENARIOS)
def test_views_show_each_seat_its_own_secrets_only(seed: int, scenario: str) -> None:
    for s in positions(seed, scenario, every=111):
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


def test_hidden_cards_leave_no_identifier_in_other_views() -> None:
    """Changing only the Witch's hand and deck and the true witch, by hand rather than through
    `sample`, changes nothing the Hunter or a spectator sees."""
    a = GAME.new(None, 7)
    b = a.copy()
    b.witch.hand, b.witch.deck = b.witch.deck[:3], b.witch.hand + b.witch.deck[3:]
    candidates = [v.id for v in b.villagers if v.id != a.true_witch]
    b.true_witch = candidates[0]
    b.suspect_deck = [v.id for v in b.villagers if v.id != b.true_witch]
    assert GAME.view(a, HUNTER) == GAME.view(b, HUNTER)
    assert GAME.view(a, None) == GAME.view(b, None)
    assert GAME.view(a, WITCH) != GAME.view(b, WITCH)


def test_move_ids_values_and_labels_are_stable() -> None:
    s = GAME.new(None, 3)
    for move in GAME.legal_moves(s):
        assert isinstance(move, Move)
        assert move.label and move.id.startswith(move.value["type"])
        assert GAME.find_legal(s, move.value) == move
        assert GAME.find_legal(s, move.id) == move


# --- every expansion game, deterministically (the properties above sample among all games) --------


@pytest.mark.parametrize("scenario", EXPANSION_SETS)
def test_expansion_games_end_and_conserve_tokens_and_cards_at_every_decision(
    scenario: str,
) -> None:
    """Two whole random games of each expansion option set, every invariant (the 30 Gloom
    included) checked after every decision."""
    for seed in (11, 12):
        s = new(scenario, seed)
        rng = Rng(seed)
        check_invariants(s)
        while GAME.outcome(s) is None and s.decisions < DECISION_CAP:
            moves = GAME.legal_moves(s)
            GAME.apply_unchecked(s, moves[rng.below(len(moves))])
            check_invariants(s)
        outcome = GAME.outcome(s)
        assert outcome is not None and outcome.reason in REASONS


@pytest.mark.parametrize("scenario", EXPANSION_SETS)
def test_expansion_views_depend_only_on_what_their_seat_may_know(scenario: str) -> None:
    rng = Rng(99)
    for s in positions(7, scenario, every=61):
        for seat in SEATS:
            other = GAME.sample(s, seat, rng)
            check_invariants(other)
            assert json.dumps(GAME.view(other, seat)) == json.dumps(GAME.view(s, seat))
            assert json.dumps(GAME.view(other, None)) == json.dumps(GAME.view(s, None))
            if GAME.to_move(s) == seat:
                assert [m.to_json() for m in GAME.legal_moves(other)] == [
                    m.to_json() for m in GAME.legal_moves(s)
                ]


@pytest.mark.parametrize("scenario", EXPANSION_SETS)
def test_expansion_games_replay_and_round_trip_exactly(scenario: str) -> None:
    s, played = play_random(5, scenario, DECISION_CAP)
    assert GAME.to_json(GAME.replay(OPTION_SETS[scenario], 5, played)) == GAME.to_json(s)
    half, _ = play_random(5, scenario, len(played) // 2)
    data = json.loads(json.dumps(GAME.to_json(half)))
    assert GAME.to_json(GAME.from_json(data)) == GAME.to_json(half)
