"""Pantacle's `belief_sample`: the AI's reading of the table's passes. It keeps every sample
true to the seat's view, makes a hand that could have paid a passed bribe as much less likely as
the likelihood says, and reads nothing into a pass about cards that arrived after it."""

from __future__ import annotations

from rules.core.rng import Rng
from rules.pantacle import sampling
from rules.pantacle.board import BLADE_KEEPER, FAVORS, HOUND
from rules.pantacle.state import PantacleState, Pass
from rules.pantacle.turn import payable
from tests.ai.positions import random_positions
from tests.pantacle.positions import GAME, favor_phase, new_game, set_hand

SAMPLES = 4_000


def _can_pay(hand: list[str], favor: str) -> bool:
    counts: dict[str, int] = {}
    for b in hand:
        counts[BLADE_KEEPER[b]] = counts.get(BLADE_KEEPER[b], 0) + 1
    return payable(FAVORS[favor].keepers, counts, counts.get(HOUND, 0))


def _passed(times: int) -> PantacleState:
    """Two players; seat-1 has passed Recruitment `times` times holding its three hidden cards."""
    s = new_game(2)
    set_hand(s, 1, ["oracle-new", "herald-waxing", "scholar-new"])
    s.passes = [Pass(1, "recruitment", False) for _ in range(times)]
    favor_phase(s, 0)
    return s


def _share_able(s: PantacleState, draw: object, seed: int) -> float:
    rng = Rng(seed)
    sampler = sampling.belief_sample if draw == "belief" else sampling.sample
    able = sum(
        _can_pay(sampler(s, "seat-0", rng).players[1].hand, "recruitment") for _ in range(SAMPLES)
    )
    return able / SAMPLES


def test_belief_samples_reproduce_the_seats_view() -> None:
    positions = [
        p
        for p in random_positions(GAME, 600, "beliefs", every=7, options={"players": 3})
        if p.passes and GAME.to_move(p) is not None
    ][:12]
    assert len(positions) == 12
    rng = Rng(5)
    for s in positions:
        seat = GAME.to_move(s)
        assert seat is not None
        view = GAME.view(s, seat)
        for _ in range(200):
            assert GAME.view(GAME.belief_sample(s, seat, rng), seat) == view


def test_a_hand_that_could_have_paid_a_passed_bribe_is_less_likely_by_the_likelihood() -> None:
    """With prior share p of hands able to pay, after k passes the share is
    p q^k / (p q^k + 1 - p), q the chance of passing a bribe one could pay."""
    prior = _share_able(_passed(0), "uniform", 1)
    assert 0.05 < prior < 0.5
    for times in (1, 2):
        seen = _share_able(_passed(times), "belief", 2 + times)
        odds = prior * sampling.PASS_WHEN_ABLE**times
        expected = odds / (odds + 1 - prior)
        error = (
            4 * (expected * (1 - expected) / SAMPLES) ** 0.5
            + 4 * (prior * (1 - prior) / SAMPLES) ** 0.5
        )
        assert abs(seen - expected) < error, (times, prior, seen, expected)


def test_a_pass_says_nothing_about_cards_that_arrived_after_it() -> None:
    s = _passed(3)
    s.players[1].since = [3, 3, 3]  # all three drawn after the passes
    a, b = Rng(11), Rng(11)
    for _ in range(50):
        assert GAME.to_json(sampling.belief_sample(s, "seat-0", a)) == GAME.to_json(
            sampling.sample(s, "seat-0", b)
        )


def test_a_seat_reads_nothing_into_its_own_passes() -> None:
    s = _passed(3)
    s.active = 1  # any decision; seat-1 samples the world from its own view
    a, b = Rng(12), Rng(12)
    for _ in range(50):
        assert GAME.to_json(sampling.belief_sample(s, "seat-1", a)) == GAME.to_json(
            sampling.sample(s, "seat-1", b)
        )


def test_passes_are_read_from_the_public_record_only() -> None:
    """Two games alike in everything seat-0 sees, seat-1 holding a different hand, give
    seat-0 the same belief samples."""
    one, two = _passed(2), _passed(2)
    set_hand(two, 1, sorted(one.blade_pile)[:3])
    two.players[1].since = one.players[1].since[:]
    two.blade_pile.sort()
    one.blade_pile.sort()
    assert GAME.view(one, "seat-0") == GAME.view(two, "seat-0")
    a, b = Rng(13), Rng(13)
    for _ in range(50):
        x, y = sampling.belief_sample(one, "seat-0", a), sampling.belief_sample(two, "seat-0", b)
        assert GAME.to_json(x) == GAME.to_json(y)
