"""Where a one-option decision's pad comes from (`workers.timing`), on the real Redis: the
searched times of its own kind once enough are known, at the pace of the moment, never the
kind's old times measured at another load."""

from __future__ import annotations

import uuid

import pytest
import redis

from gamestore.settings import Settings
from gamestore.store import SyncStore
from workers import timing

LEVEL = "novice"


@pytest.fixture
def store(settings: Settings) -> SyncStore:
    return SyncStore(redis.Redis.from_url(settings.redis_url), settings)


def _game() -> str:
    """A game name of the test's own: the lists are per game name and level."""
    return f"pads-{uuid.uuid4().hex[:8]}"


def _pads(store: SyncStore, game: str, kind: str | None, n: int = 200) -> list[float]:
    return [timing.single_option_seconds(store, game, LEVEL, kind) for _ in range(n)]


def test_until_enough_searches_are_known_there_is_no_pad(store: SyncStore) -> None:
    game = _game()
    assert _pads(store, game, "offer", 5) == [0.0] * 5
    for _ in range(timing.MIN_SAMPLES):
        timing.record_search(store, game, LEVEL, "offer", 0.010)
    # A pace, but no relative times yet: the first searches had no pace to be measured against.
    assert _pads(store, game, "offer", 5) == [0.0] * 5
    for _ in range(timing.MIN_SAMPLES):
        timing.record_search(store, game, LEVEL, "offer", 0.010)
    assert all(0.009 - 1e-9 <= p <= 0.011 + 1e-9 for p in _pads(store, game, "offer"))


def test_a_kind_with_enough_searches_pads_from_its_own_times_only(store: SyncStore) -> None:
    """Offers search in a quarter of a favor's time: an offer's pad is an offer's time, a
    favor's a favor's; a kind never searched ("pay") takes the asked kinds' (offer's)."""
    game = _game()
    timing.single_option_seconds(store, game, LEVEL, "offer")  # offer: asked with one option
    for _ in range(80):  # enough that every kept relative time was measured at a full pace
        timing.record_search(store, game, LEVEL, "favor", 0.020)
        timing.record_search(store, game, LEVEL, "offer", 0.005)
    # The pace is the median of 8 favors and 8 offers, 0.0125: an offer is 0.4 of it.
    offer, pay, favor = (
        _pads(store, game, "offer"),
        _pads(store, game, "pay"),
        _pads(store, game, "favor"),
    )
    assert all(0.0045 - 1e-9 <= p <= 0.0055 + 1e-9 for p in offer), (min(offer), max(offer))
    assert all(0.0045 - 1e-9 <= p <= 0.0055 + 1e-9 for p in pay), (min(pay), max(pay))
    assert all(0.018 - 1e-9 <= p <= 0.022 + 1e-9 for p in favor), (min(favor), max(favor))


def test_a_rarely_searched_kind_pads_at_the_current_pace(store: SyncStore) -> None:
    """The regression: offers were searched during a busy spell (10 ms) and not since; the
    machine is now fast (every search 4 ms). An offer's pad follows today's 4 ms, not the
    offers' own 10 ms (drawn as measured, it was told apart: twice as slow)."""
    game = _game()
    for _ in range(timing.PACE_SAMPLES):
        timing.record_search(store, game, LEVEL, "favor", 0.010)
    for _ in range(timing.MIN_SAMPLES * 2):
        timing.record_search(store, game, LEVEL, "offer", 0.010)
    for _ in range(timing.PACE_SAMPLES):
        timing.record_search(store, game, LEVEL, "favor", 0.004)
    offer = _pads(store, game, "offer")
    assert all(0.0036 - 1e-9 <= p <= 0.0044 + 1e-9 for p in offer), (min(offer), max(offer))


def test_a_processs_first_search_is_not_recorded(store: SyncStore) -> None:
    """The warm-up: the first search of a worker process costs many later ones."""
    game = _game()
    timing._first_search.clear()
    remember = timing.recorder(store, game, LEVEL, "offer")
    remember(0.300)
    remember(0.004)
    timing._recorder.submit(lambda: None).result()  # one thread: every earlier write is done
    assert store.redis.lrange(f"{store.keys.prefix}aitime:{game}:{LEVEL}", 0, -1) == [b"0.004000"]
