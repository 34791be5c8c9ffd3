"""`sample()` soundness over 10,000 samples: every sample shows the seat exactly its view; the
Hunter's belief about the true witch is uniform over the villagers he cannot rule out (a
chi-square test), and no sample carries a trace of the real witch."""

from __future__ import annotations

from collections import Counter

from rules.core import Rng
from rules.pagan.game import PAGAN
from rules.pagan.state import HUNTER, WITCH, PaganState
from tests.ai.positions import random_positions

SAMPLES = 10_000
# Chi-square critical values at p = 0.001 by degrees of freedom (1 to 8).
CHI2_999 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12}


def _hunter_position() -> PaganState:
    """A mid-game Hunter decision where he has drawn some Suspects but not all."""
    for s in random_positions(PAGAN, 400, "soundness", every=11):
        if PAGAN.to_move(s) == HUNTER and 2 <= len(s.hunter.suspects) <= 5 and s.turn > 10:
            return s
    raise AssertionError("no suitable position")


def _candidates(s: PaganState) -> list[str]:
    return [v.id for v in s.villagers if v.alive and v.id not in s.hunter.suspects]


def test_every_sample_reproduces_the_seats_view_and_the_witch_is_uniform() -> None:
    s = _hunter_position()
    view = PAGAN.view(s, HUNTER)
    candidates = _candidates(s)
    rng = Rng(2024)
    counts: Counter[str] = Counter()
    for _ in range(SAMPLES):
        d = PAGAN.sample(s, HUNTER, rng)
        assert PAGAN.view(d, HUNTER) == view
        counts[d.true_witch] += 1
    assert set(counts) == set(candidates)
    expected = SAMPLES / len(candidates)
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in candidates)
    assert chi2 < CHI2_999[len(candidates) - 1], (chi2, counts)


def test_the_witchs_samples_reproduce_her_view() -> None:
    s = next(
        p
        for p in random_positions(PAGAN, 300, "soundness-w", every=13)
        if PAGAN.to_move(p) == WITCH and p.turn > 6
    )
    view = PAGAN.view(s, WITCH)
    rng = Rng(99)
    for _ in range(SAMPLES):
        assert PAGAN.view(PAGAN.sample(s, WITCH, rng), WITCH) == view


def test_samples_carry_no_trace_of_the_real_witch() -> None:
    """Move the real witch to another villager the Hunter cannot rule out: with the same
    random numbers, every sample comes out identical."""
    s = _hunter_position()
    other = next(c for c in _candidates(s) if c != s.true_witch)
    moved = PAGAN.clone(s)
    moved.true_witch = other
    moved.suspect_deck = sorted(
        v.id for v in s.villagers if v.id not in s.hunter.suspects and v.id != other
    )
    assert PAGAN.view(moved, HUNTER) == PAGAN.view(s, HUNTER)
    a, b = Rng(5), Rng(5)
    for _ in range(2000):
        x, y = PAGAN.sample(s, HUNTER, a), PAGAN.sample(moved, HUNTER, b)
        assert PAGAN.to_json(x) == PAGAN.to_json(y)


def test_samples_do_not_replay_the_real_future() -> None:
    """The game's RNG (which would foretell future shuffles) is drawn anew in each sample."""
    s = _hunter_position()
    rng = Rng(11)
    seen = {PAGAN.sample(s, HUNTER, rng).rng for _ in range(100)}
    assert s.rng not in seen
    assert len(seen) == 100


def test_the_hunters_belief_samples_keep_his_view_and_follow_the_witchs_choices() -> None:
    """`belief_sample` (the AI's inference on top of `sample`): every sample still shows the
    Hunter his view, the real witch leaves no trace, and a candidate on whom the Witch was seen
    to put her Secrets (the public record) is drawn as the witch more often than another."""
    s = _hunter_position()
    candidates = _candidates(s)
    chosen, other = candidates[0], candidates[1]
    ids = [v.id for v in s.villagers]
    colours = tuple(v.colour for v in s.villagers)
    s.witch_record = [("place:secret", ids.index(chosen), tuple(ids), colours)] * 8
    s.belief = None
    view = PAGAN.view(s, HUNTER)
    rng = Rng(8)
    counts: Counter[str] = Counter()
    for _ in range(2000):
        d = PAGAN.belief_sample(s, HUNTER, rng)
        assert PAGAN.view(d, HUNTER) == view
        counts[d.true_witch] += 1
    assert counts[chosen] > 5 * max(counts[other], 1)
    moved = PAGAN.clone(s)
    moved.true_witch = next(c for c in candidates if c != s.true_witch)
    moved.suspect_deck = sorted(
        v.id for v in s.villagers if v.id not in s.hunter.suspects and v.id != moved.true_witch
    )
    a, b = Rng(5), Rng(5)
    for _ in range(500):
        x, y = PAGAN.belief_sample(s, HUNTER, a), PAGAN.belief_sample(moved, HUNTER, b)
        assert PAGAN.to_json(x) == PAGAN.to_json(y)
