"""When an AI decision is written (`workers.timing`): at a time drawn from its level's range in
its game, whether it had one option or many, searched or not; its search ends before that time.
A fake clock and sleep stand in for the wall clock (no timing is asserted here: the real
worker's times are tests/workers/test_ai_timing.py's)."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import redis
from redis.asyncio import Redis

import ai
from gamestore.commits import Commit, load_state
from gamestore.records import GameRecord
from gamestore.settings import Settings
from gamestore.store import CommitResult, Store, SyncStore
from rules.core import get_game
from service.games import GameService
from workers import timing, turns, warmup


@dataclass
class FakeClock:
    """A clock that moves only when slept on: a decision's answer time is then exactly what
    the pacer waited for, whatever the work took."""

    now: float = 1000.0
    slept: list[float] = field(default_factory=list)

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


class TimedStore(SyncStore):
    """The real store, noting the fake clock at each commit."""

    def __init__(self, settings: Settings, clock: FakeClock) -> None:
        super().__init__(redis.Redis.from_url(settings.redis_url), settings)
        self.fake = clock
        self.committed_at: list[float] = []

    def commit(self, record: GameRecord, commit: Commit) -> CommitResult:
        self.committed_at.append(self.fake.now)
        return super().commit(record, commit)


def _create(
    settings: Settings, game: str, seats: list[dict[str, str]], options: dict[str, Any] | None
) -> str:
    """A game created as the API does, its AI turn enqueued nowhere (the test plays it)."""

    async def make() -> str:
        client = Redis.from_url(settings.redis_url)

        async def enqueue(task: str, game_id: str, args: list[object]) -> None:
            return None

        try:
            created = await GameService(Store(client, settings), enqueue).create(
                game, options, None, seats, "127.0.0.1"
            )
        finally:
            await client.aclose()
        return str(created["id"])

    return asyncio.run(make())


def test_an_answer_time_is_drawn_from_the_levels_range_in_its_game_times_the_pace() -> None:
    draws: list[tuple[float, float]] = []

    def uniform(low: float, high: float) -> float:
        draws.append((low, high))
        return high

    pacer = timing.Pacer(2.0, uniform=uniform)
    high = ai.answer_seconds("medium", "pantacle")[1]
    assert pacer.answer_seconds("pantacle", "medium") == 2 * high
    assert draws == [ai.answer_seconds("medium", "pantacle")]
    assert timing.Pacer(0.0, uniform=uniform).answer_seconds("pagan", "hard") == 0.0


def test_every_level_has_a_range_in_every_game_and_a_typical_turn_fits_its_aim() -> None:
    """The aims (issue 50): a whole `novice` or `easy` turn within about 1 s, `medium` about
    3 s, `hard` about 8 s; a Pagan AI turn is about nine decisions, a Pantacle one one to three."""
    aims = {"novice": 1.0, "easy": 1.0, "medium": 3.0, "hard": 8.0}
    for level in ai.LEVELS:
        for game, decisions in (("pagan", 9), ("pantacle", 3)):
            low, high = ai.answer_seconds(level, game)
            assert 0 < low < high
            if level in aims:
                assert decisions * (low + high) / 2 <= aims[level], (game, level)
    with pytest.raises(ai.InvalidLevel):
        ai.answer_seconds("grandmaster", "pagan")


def test_a_search_ends_within_its_share_of_the_answer_time_and_never_past_its_levels_cap() -> None:
    pacer = timing.Pacer(1.0)
    own = ai.params_for("hard", game="pagan").time_cap
    assert own is not None
    assert pacer.search_overrides("pagan", "hard", 0.8, 0.1) == {
        "time_cap": pytest.approx(0.8 * timing.SEARCH_SHARE - 0.1)
    }
    assert pacer.search_overrides("pagan", "hard", 100.0, 0.0) == {"time_cap": own}
    late = pacer.search_overrides("pagan", "hard", 0.8, 5.0)
    assert late == {"time_cap": timing.MIN_SEARCH_SECONDS}
    assert pacer.search_overrides("pagan", "hard", 0.0, 0.0) == {}  # unpaced: the level's own


def test_one_option_and_many_option_decisions_are_written_at_the_same_drawn_times(
    settings: Settings,
) -> None:
    """All-AI Pantacle decisions, answered with one option (no search) and with several (a
    search): given the same draws, each is written exactly its drawn time after its start, so
    the two kinds' answer times have one distribution, whatever the work took."""
    clock = FakeClock()
    store = TimedStore(settings, clock)
    seats = [{"seat": f"seat-{i}", "kind": "ai", "level": "novice"} for i in range(2)]
    game_id = _create(settings, "pantacle", seats, {"players": 2})
    game = get_game("pantacle")
    draws = random.Random(46)
    drawn: list[float] = []

    def uniform(low: float, high: float) -> float:
        drawn.append(draws.uniform(low, high))
        return drawn[-1]

    pacer = timing.Pacer(1.0, clock=clock.clock, sleep=clock.sleep, uniform=uniform)
    answered: dict[bool, list[float]] = {True: [], False: []}
    expected: dict[bool, list[float]] = {True: [], False: []}
    for version in range(60):
        record = store.load(game_id)
        assert record is not None
        if record.status != "active":
            break
        single = len(game.legal_moves(load_state(game, record))) == 1
        started = clock.now
        assert turns.play_turn(store, game_id, version, f"t{version}", lambda g, v: None, pacer)
        answered[single].append(store.committed_at[-1] - started)
        expected[single].append(drawn[-1])
    assert len(answered[True]) >= 10 and len(answered[False]) >= 10, answered
    low, high = ai.answer_seconds("novice", "pantacle")
    for single in (True, False):
        assert answered[single] == pytest.approx(expected[single])
        assert all(low <= s <= high for s in answered[single])


def test_a_searched_decision_is_given_its_answer_time_as_its_deadline(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search the turn runs is capped at the share of the drawn time left to it, counted
    from just before it starts."""
    caps: list[Any] = []
    run_tree = turns.run_tree

    def spy(game: Any, state: Any, seat: str, job: dict[str, Any]) -> dict[str, Any]:
        caps.append(job["overrides"]["time_cap"])
        return run_tree(game, state, seat, job)

    monkeypatch.setattr(turns, "run_tree", spy)
    clock = FakeClock()
    store = TimedStore(settings, clock)
    game_id = _create(
        settings,
        "pagan",
        [{"seat": "witch", "kind": "ai", "level": "hard"}, {"seat": "hunter", "kind": "human"}],
        None,
    )
    pacer = timing.Pacer(1.0, clock=clock.clock, sleep=clock.sleep, uniform=lambda a, b: 0.8)
    assert turns.play_turn(store, game_id, 0, "t0", lambda g, v: None, pacer) == "moved"
    assert (
        len(caps) == 1 and 0.8 * timing.SEARCH_SHARE - 0.05 < caps[0] <= 0.8 * timing.SEARCH_SHARE
    )
    assert store.committed_at == [clock.now] and clock.slept == [pytest.approx(0.8)]


def test_the_warm_up_plays_every_games_first_decisions_in_memory() -> None:
    seconds = warmup.warm_up(decisions=2)
    assert seconds > 0


def test_a_worker_process_warms_up_before_its_first_task() -> None:
    from celery import signals

    from workers import tasks

    receivers = [r() for _, r in signals.worker_process_init.receivers]
    assert tasks._warm_up in receivers


def test_the_documented_answer_times_are_the_declared_ones() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "ai.md").read_text()
    table = text.split("<!-- answer-times -->\n")[1].split("<!-- /answer-times -->")[0]
    games = ("pagan", "pantacle")
    rows = [
        f"| {level} | " + " | ".join(_span(level, g) for g in games) + " |" for level in ai.LEVELS
    ]
    assert table.splitlines()[2:] == rows


def _span(level: str, game: str) -> str:
    low, high = ai.answer_seconds(level, game)
    return f"{low:g}-{high:g}"
