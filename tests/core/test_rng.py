"""The seeded RNG: the same seed gives the same stream everywhere, and its draws are fair."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.rng import Rng, seed_state


def draws(rng: Rng, n: int = 20) -> list[int]:
    return [rng.next64() for _ in range(n)]


@given(st.one_of(st.integers(), st.text()))
def test_same_seed_same_stream_across_instances(seed: int | str) -> None:
    assert draws(Rng(seed_state(seed))) == draws(Rng(seed_state(seed)))


def test_different_seeds_differ() -> None:
    assert draws(Rng(seed_state("1-0"))) != draws(Rng(seed_state("1-1")))
    assert draws(Rng(seed_state(1))) != draws(Rng(seed_state(2)))


def test_stream_is_fixed() -> None:
    """The stream is part of every saved game: it must never change between versions."""
    assert Rng(0).next64() == 0xE220A8397B1DCDAF
    assert seed_state("") == 1469598103934665603


def test_state_is_one_integer_that_resumes_the_stream() -> None:
    rng = Rng(seed_state("resume"))
    draws(rng, 5)
    resumed = Rng(rng.state)
    assert draws(resumed) == draws(rng)


@given(st.integers(min_value=1, max_value=2**64), st.integers())
def test_below_is_in_range(n: int, seed: int) -> None:
    rng = Rng(seed_state(seed))
    assert all(0 <= rng.below(n) < n for _ in range(10))


@pytest.mark.parametrize("n", [0, -1])
def test_below_needs_a_positive_bound(n: int) -> None:
    with pytest.raises(ValueError):
        Rng(1).below(n)


def test_below_is_roughly_uniform() -> None:
    rng = Rng(seed_state("uniform"))
    n, trials = 6, 60_000
    counts = Counter(rng.below(n) for _ in range(trials))
    assert sorted(counts) == list(range(n))
    expected = trials / n
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(n))
    assert chi2 < 20.5  # chi-square, 5 degrees of freedom, p = 0.001


def test_random_is_in_unit_interval() -> None:
    rng = Rng(seed_state("floats"))
    values = [rng.random() for _ in range(10_000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.45 < sum(values) / len(values) < 0.55


def test_choice_picks_an_item() -> None:
    rng = Rng(seed_state("choice"))
    items = ["a", "b", "c"]
    assert {rng.choice(items) for _ in range(200)} == set(items)


@given(st.lists(st.integers()), st.integers())
def test_shuffle_is_a_deterministic_permutation(items: list[int], seed: int) -> None:
    first, second = list(items), list(items)
    Rng(seed_state(seed)).shuffle(first)
    Rng(seed_state(seed)).shuffle(second)
    assert first == second
    assert sorted(first) == sorted(items)


def test_shuffle_reaches_every_order() -> None:
    rng = Rng(seed_state("orders"))
    seen = set()
    for _ in range(600):
        items = [1, 2, 3]
        rng.shuffle(items)
        seen.add(tuple(items))
    assert len(seen) == 6


class ReferenceRng:
    """The plain SplitMix64 the fast paths of `Rng` inline: every draw must match it."""

    def __init__(self, state: int) -> None:
        self.state = state

    def next64(self) -> int:
        mask = (1 << 64) - 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & mask
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


# Bounds near 2**64 reject about half the draws, so the rejection loop is exercised too.
@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.lists(
        st.one_of(
            st.integers(min_value=1, max_value=50),
            st.integers(min_value=2**63 + 1, max_value=2**64),
        ),
        max_size=30,
    ),
    st.integers(min_value=0, max_value=40),
)
def test_fast_paths_draw_the_reference_stream(state: int, bounds: list[int], size: int) -> None:
    rng, ref = Rng(state), ReferenceRng(state)
    assert [rng.below(n) for n in bounds] == [ref.below(n) for n in bounds]
    assert [rng.random() for _ in range(5)] == [ref.random() for _ in range(5)]
    mine, theirs = list(range(size)), list(range(size))
    rng.shuffle(mine)
    ref.shuffle(theirs)
    assert mine == theirs
    assert [rng.next64() for _ in range(5)] == [ref.next64() for _ in range(5)]
    assert rng.state == ref.state
