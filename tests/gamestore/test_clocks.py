"""Turn clocks as the store keeps them: the configuration checked, the running clock advanced by
each commit (decision, turn, budget with increment), and a timeout decided atomically against
the version on the real Redis (a move just in time wins, a late one is refused, never both)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from dataclasses import replace

import pytest
import redis

import ai
from gamestore import clocks
from gamestore.commits import load_state, plan_move
from gamestore.records import FINISHED, GameRecord
from gamestore.settings import Settings
from gamestore.store import SyncStore
from rules.core import get_game
from tests.support.games import clocked_record
from tests.support.tables import on_store


def _play(record: GameRecord, now: float) -> GameRecord:
    """The seat to move makes its first legal move at `now`: the record after it."""
    game = get_game("pagan")
    state = load_state(game, record)
    commit, _ = plan_move(
        game, record, state, game.to_move(state) or "", game.legal_moves(state)[0]
    )
    return clocks.after(record, clocks.stamp(record, [commit], now))


@pytest.mark.parametrize(
    ("clock", "problem"),
    [
        ({"on_timeout": "forfeit"}, "exactly one of"),
        ({"decision_seconds": 5, "turn_seconds": 5, "on_timeout": "forfeit"}, "exactly one of"),
        ({"decision_seconds": 0, "on_timeout": "forfeit"}, "between 1 and"),
        ({"decision_seconds": "5", "on_timeout": "forfeit"}, "a number of seconds"),
        ({"decision_seconds": 5, "increment_seconds": 1, "on_timeout": "forfeit"}, "only for"),
        ({"budget_seconds": 60, "increment_seconds": -1, "on_timeout": "forfeit"}, "between 0"),
        ({"decision_seconds": 5, "on_timeout": "ai:grandmaster"}, "on_timeout must be"),
        ({"decision_seconds": 5}, "on_timeout must be"),
        ({"decision_seconds": 5, "on_timeout": "forfeit", "delay": 1}, "unknown clock fields"),
    ],
)
def test_a_clock_that_cannot_be_used_is_refused_with_its_reason(
    clock: dict[str, object], problem: str
) -> None:
    with pytest.raises(clocks.InvalidClock, match=problem):
        clocks.parse_clock(clock, ai.LEVELS)


def test_a_fill_in_needs_a_delay_and_a_known_level() -> None:
    assert clocks.parse_fill(30, None, ai.LEVELS) == clocks.Fill(30.0, "medium")
    with pytest.raises(clocks.InvalidClock, match="fill_level must be"):
        clocks.parse_fill(30, "grandmaster", ai.LEVELS)
    with pytest.raises(clocks.InvalidClock, match="needs fill_open_seats_after_seconds"):
        clocks.parse_fill(None, "novice", ai.LEVELS)


def test_a_decision_clock_restarts_with_every_decision() -> None:
    record = clocked_record({"decision_seconds": 10, "on_timeout": "forfeit"}, created=100.0)
    assert clocks.deadline(record) == 110.0
    after = _play(record, now=104.0)  # the witch decides, and decides again
    assert clocks.deadline(after) == 114.0
    assert clocks.remaining(after, 105.0) == {"witch": 9.0, "hunter": 10.0}


def test_a_turn_clock_runs_through_the_seats_consecutive_decisions() -> None:
    record = clocked_record({"turn_seconds": 10, "on_timeout": "forfeit"}, created=100.0)
    after = _play(record, now=104.0)  # the witch's turn goes on: her clock keeps running
    assert clocks.deadline(after) == 110.0


def test_a_budget_runs_down_while_the_seat_decides_and_gains_the_increment_when_its_turn_ends() -> (
    None
):
    record = clocked_record(
        {"budget_seconds": 30, "increment_seconds": 5, "on_timeout": "forfeit"}, created=100.0
    )
    now = 100.0
    while clocks.state_of(record).seat == "witch":  # type: ignore[union-attr]
        now += 1.0
        record = _play(record, now)
    state = clocks.state_of(record)
    assert state is not None and state.seat == "hunter"
    # Five decisions of one second each, then the increment as her turn ended.
    assert state.banks["witch"] == pytest.approx(30 - (now - 100.0) + 5)
    assert clocks.deadline(record) == pytest.approx(now + 30)


def test_a_forfeit_ends_the_game_and_every_other_seat_wins() -> None:
    record = clocked_record({"decision_seconds": 10, "on_timeout": "forfeit"}, created=100.0)
    commit = clocks.plan_timeout(record, "witch")
    assert commit.status == FINISHED and commit.kind == "timeout"
    assert commit.outcome is not None
    assert commit.outcome["winners"] == ["hunter"] and commit.outcome["reason"] == "timeout"


def test_a_seat_timed_out_to_the_ai_is_away_until_its_player_is_back() -> None:
    record = clocked_record({"decision_seconds": 10, "on_timeout": "ai:novice"}, created=100.0)
    away = clocks.after(record, clocks.stamp(record, [clocks.plan_timeout(record, "witch")], 111))
    assert clocks.away_level(away, "witch") == "novice"
    assert clocks.deadline(away) is None  # an AI plays the seat: its clock does not run
    back = clocks.plan_back(away, "witch", "witch")
    returned = clocks.after(away, clocks.stamp(away, [back], 120.0))
    assert clocks.away_level(returned, "witch") is None
    assert clocks.deadline(returned) == 130.0  # its clock starts afresh


def test_a_seats_own_move_brings_it_back_but_the_ais_moves_do_not() -> None:
    record = clocked_record({"decision_seconds": 10, "on_timeout": "ai:novice"}, created=100.0)
    away = clocks.after(record, clocks.stamp(record, [clocks.plan_timeout(record, "witch")], 111))
    game = get_game("pagan")
    state = load_state(game, away)
    move = game.legal_moves(state)[0]
    by_ai, _ = plan_move(game, away, state, "witch", move, task="celery-task-id")
    assert clocks.away_level(clocks.after(away, clocks.stamp(away, [by_ai], 112)), "witch")
    by_player, _ = plan_move(game, away, state, "witch", move)
    assert not clocks.away_level(clocks.after(away, clocks.stamp(away, [by_player], 112)), "witch")


def test_a_player_back_while_another_seat_decides_leaves_that_seats_clock_running() -> None:
    record = clocked_record({"decision_seconds": 10, "on_timeout": "ai:novice"}, created=100.0)
    # The witch timed out and the AI played her turn: now the hunter decides, since 130.
    hunters_turn = clocks.ClockState("hunter", 130.0, {}, {"witch": "novice"})
    waiting = replace(record, clk=hunters_turn.to_json())
    assert clocks.deadline(waiting) == 140.0
    back = clocks.plan_back(waiting, "witch", "hunter")
    returned = clocks.after(waiting, clocks.stamp(waiting, [back], 135.0))
    assert clocks.away_level(returned, "witch") is None
    assert clocks.deadline(returned) == 140.0  # not 145: the hunter gains nothing


def test_an_open_seat_has_no_deadline_until_it_is_joined() -> None:
    record = clocked_record({"decision_seconds": 10, "on_timeout": "forfeit"}, created=100.0)
    waiting = replace(record, token_hashes={"hunter": "h"})
    assert clocks.deadline(waiting) is None
    joined = replace(record, joined={"witch": 150.0})
    assert clocks.deadline(joined) == 160.0


@pytest.fixture
def own(settings: Settings) -> Iterator[Settings]:
    """Keys of this test's own, which no worker of the session sweeps (it would time these
    games out under the test), deleted afterwards."""
    prefix = f"{settings.key_prefix}clocks-{uuid.uuid4().hex[:6]}:"
    yield settings.model_copy(update={"key_prefix": prefix})
    client = redis.Redis.from_url(settings.redis_url)
    keys = list(client.scan_iter(match=prefix + "*"))
    if keys:
        client.delete(*keys)
    client.close()


def _sync(settings: Settings) -> SyncStore:
    return SyncStore(redis.Redis.from_url(settings.redis_url), settings)


def _stored(settings: Settings, clock: dict[str, object], created: float) -> GameRecord:
    record = clocked_record(clock, created, f"clock-{uuid.uuid4().hex[:8]}")
    assert on_store(settings, lambda store: store.create(record))
    return record


def test_a_move_that_arrives_after_its_deadline_is_refused_and_the_game_is_untouched(
    own: Settings,
) -> None:
    record = _stored(own, {"decision_seconds": 1, "on_timeout": "forfeit"}, time.time() - 5)
    store = _sync(own)
    game = get_game("pagan")
    state = load_state(game, record)
    commit, _ = plan_move(game, record, state, "witch", game.legal_moves(state)[0])
    result = store.commit(record, commit)
    assert not result.ok and result.timed_out and result.version == 0
    assert store.version(record.id) == 0


def test_a_move_just_in_time_wins_and_the_timeout_at_that_version_is_stale(
    own: Settings,
) -> None:
    record = _stored(own, {"decision_seconds": 30, "on_timeout": "forfeit"}, time.time())
    store = _sync(own)
    game = get_game("pagan")
    state = load_state(game, record)
    commit, _ = plan_move(game, record, state, "witch", game.legal_moves(state)[0])
    assert store.commit(record, commit).ok
    late = store.commit(record, clocks.plan_timeout(record, "witch"))
    assert not late.ok and late.version == 1
    after = store.load(record.id)
    assert after is not None and after.status != FINISHED


def test_the_scheduler_index_holds_every_clocked_game_no_later_than_its_deadline(
    own: Settings,
) -> None:
    record = _stored(own, {"decision_seconds": 30, "on_timeout": "forfeit"}, time.time())
    store = _sync(own)
    score = store.redis.zscore(store.keys.clock_index, record.id)
    assert score is not None and score <= (clocks.deadline(record) or 0)
    store.reschedule(record.id, float(score), None)
