"""Properties of random legal play, for every player count and every seed hypothesis tries."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.errors import IllegalMove
from rules.core.moves import Move
from rules.core.rng import Rng
from rules.pantacle.state import PantacleState
from tests.pantacle.invariants import check_invariants
from tests.pantacle.positions import GAME, PLAYER_COUNTS

DECISION_CAP = 2_000  # random games last 70 (2 players) to 190 (5 players) decisions on average
SEEDS = st.integers(min_value=0, max_value=2**32)
PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
players = pytest.mark.parametrize("players", PLAYER_COUNTS)


def options(players: int) -> dict[str, int]:
    return {"players": players}


def play_random(seed: int, players: int, steps: int) -> tuple[PantacleState, list[str]]:
    """A game after up to `steps` random decisions, and the ids of the moves played."""
    s = GAME.new(options(players), seed)
    rng = Rng(seed ^ 0x5EED)
    played: list[str] = []
    while GAME.outcome(s) is None and len(played) < steps:
        moves = GAME.legal_moves(s)
        move = moves[rng.below(len(moves))]
        played.append(move.id)
        GAME.apply_unchecked(s, move)
    return s, played


def positions(seed: int, players: int, every: int = 7, limit: int = 600) -> list[PantacleState]:
    """Copies of the states a random game passes through, one every `every` decisions."""
    s = GAME.new(options(players), seed)
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


@players
@PROPERTY
@given(seed=SEEDS)
def test_every_random_game_ends(players: int, seed: int) -> None:
    s, played = play_random(seed, players, DECISION_CAP)
    outcome = GAME.outcome(s)
    assert outcome is not None, f"no end after {len(played)} decisions"
    assert GAME.to_move(s) is None and GAME.legal_moves(s) == []
    assert len(outcome.winners) == 1 and outcome.reason in {"favor", "bribe"}
    assert sum(outcome.scores.values()) == 1.0 and len(outcome.scores) == players


@players
@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_supplies_and_cards_are_conserved_at_every_decision(players: int, seed: int) -> None:
    s = GAME.new(options(players), seed)
    rng = Rng(seed)
    check_invariants(s)
    while GAME.outcome(s) is None and s.decisions < DECISION_CAP:
        moves = GAME.legal_moves(s)
        GAME.apply_unchecked(s, moves[rng.below(len(moves))])
        check_invariants(s)


@players
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_every_listed_move_applies_and_leaves_the_original_untouched(
    players: int, seed: int
) -> None:
    for s in positions(seed, players, every=5):
        before = GAME.to_json(s)
        moves = GAME.legal_moves(s)
        # A real choice, except where the count of choices would give a hidden hand away.
        assert len(moves) >= 2 or s.stack[-1]["t"] in ("offer", "pay", "hound")
        assert len({m.id for m in moves}) == len(moves), "move ids are unique"
        for move in moves:
            assert move.label and move.to_json()["value"]["type"] == move.kind
            after = GAME.apply(s, move)
            check_invariants(after)
            assert after.decisions == s.decisions + 1
        assert GAME.to_json(s) == before


def _not_listed(s: PantacleState, others: list[PantacleState]) -> list[object]:
    legal = {m.id for m in GAME.legal_moves(s)}
    candidates: list[object] = [
        m for o in others for m in GAME.legal_moves(o) if m.id not in legal
    ][:25]
    candidates += [
        "",
        "favor",
        "favor:no-such-favor",
        "point:centre",
        "pay:hound-new:extra",
        {"type": "favor"},
        {"type": "favor", "favor": "hunt", "extra": 1},
        {"id": 42},
        {"no": "type"},
        42,
        None,
        ["bribe"],
    ]
    return candidates


@players
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_unlisted_moves_are_rejected_and_change_nothing(players: int, seed: int) -> None:
    states = positions(seed, players, every=4)
    for i, s in enumerate(states):
        before = json.dumps(GAME.to_json(s), sort_keys=True)
        for bad in _not_listed(s, states[max(0, i - 3) : i] + states[i + 1 : i + 4]):
            with pytest.raises(IllegalMove) as err:
                GAME.apply(s, bad)  # type: ignore[arg-type]
            assert err.value.reason
            assert json.dumps(GAME.to_json(s), sort_keys=True) == before


@players
@PROPERTY
@given(seed=SEEDS, steps=st.integers(min_value=0, max_value=400))
def test_serialization_round_trips_and_play_continues_identically(
    players: int, seed: int, steps: int
) -> None:
    s, _ = play_random(seed, players, steps)
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


@players
@PROPERTY
@given(seed=SEEDS, steps=st.integers(min_value=0, max_value=DECISION_CAP))
def test_replay_rebuilds_the_state_exactly(players: int, seed: int, steps: int) -> None:
    s, played = play_random(seed, players, steps)
    again = GAME.replay(options(players), seed, played)
    assert GAME.to_json(again) == GAME.to_json(s)


@players
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, sample_seed=SEEDS)
def test_a_view_depends_only_on_what_its_seat_may_know(
    players: int, seed: int, sample_seed: int
) -> None:
    """Resampling everything a seat cannot know leaves that seat's view (and the spectator's)
    byte-identical, and its legal moves too, while the hidden truth really does change."""
    rng = Rng(sample_seed)
    truths = set()
    seats = GAME.seats(options(players))
    for s in positions(seed, players, every=9):
        for seat in seats:
            other = GAME.sample(s, seat, rng)
            check_invariants(other)
            assert json.dumps(GAME.view(other, seat)) == json.dumps(GAME.view(s, seat))
            assert json.dumps(GAME.view(other, None)) == json.dumps(GAME.view(s, None))
            if GAME.to_move(s) == seat:
                ids = [m.to_json() for m in GAME.legal_moves(s)]
                assert [m.to_json() for m in GAME.legal_moves(other)] == ids
            hands = tuple(tuple(p.hand) for p in other.players if f"seat-{p.seat}" != seat)
            truths.add((seat, hands, tuple(other.curse_pile)))
    assert len(truths) > 2


@players
@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_views_show_each_seat_its_own_hand_only(players: int, seed: int) -> None:
    seats = GAME.seats(options(players))
    for s in positions(seed, players, every=11):
        spectator = GAME.view(s, None)
        json.dumps(spectator)
        for sanctuary in spectator["sanctuaries"].values():
            assert "hand" not in sanctuary and "known_hand" not in sanctuary
        assert "curse_pile_known" not in spectator
        for seat in seats:
            v = GAME.view(s, seat)
            json.dumps(v)  # JSON-ready
            for other, sanctuary in v["sanctuaries"].items():
                p = s.players[int(other.rpartition("-")[2])]
                assert sanctuary["hand_count"] == len(p.hand)
                if other == seat:
                    assert sorted(b["id"] for b in sanctuary["hand"]) == sorted(p.hand)
                else:
                    assert "hand" not in sanctuary
                    assert {b["id"] for b in sanctuary["known_hand"]} <= set(p.hand)
            assert v["keeper_pile_count"] == len(s.blade_pile)
            assert v["curse_pile_count"] == len(s.curse_pile)


def test_hidden_cards_leave_no_identifier_in_other_views() -> None:
    """Swapping one seat's hand with the pile, by hand rather than through `sample`, changes
    nothing that another seat or a spectator sees."""
    a = GAME.new({"players": 3}, 7)
    b = a.copy()
    p = b.players[1]
    p.hand, b.blade_pile = b.blade_pile[-3:], p.hand + b.blade_pile[:-3]
    b.curse_pile.reverse()
    assert GAME.view(a, "seat-0") == GAME.view(b, "seat-0")
    assert GAME.view(a, "seat-2") == GAME.view(b, "seat-2")
    assert GAME.view(a, None) == GAME.view(b, None)
    assert GAME.view(a, "seat-1") != GAME.view(b, "seat-1")


@players
def test_move_ids_values_and_labels_are_stable(players: int) -> None:
    s = GAME.new(options(players), 3)
    for move in GAME.legal_moves(s):
        assert isinstance(move, Move)
        assert move.label and move.id.startswith(move.value["type"])
        assert GAME.find_legal(s, move.value) == move
        assert GAME.find_legal(s, move.id) == move
