"""AI turns as plain functions on the real Redis: stale and duplicate deliveries do nothing,
and a redelivery after its own write only finishes the follow-up."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest
import redis
from redis.asyncio import Redis

import ai
from ai.levels import PRESETS
from gamestore.commits import load_state
from gamestore.settings import Settings
from gamestore.store import Store, SyncStore
from rules.core import get_game
from service.games import GameService
from workers import turns


def _create(settings: Settings, seats: list[dict[str, str]]) -> str:
    async def make() -> str:
        client = Redis.from_url(settings.redis_url)
        enqueued: list[object] = []

        async def enqueue(task: str, game_id: str, args: list[object]) -> None:
            enqueued.append((task, game_id, args))

        try:
            created = await GameService(Store(client, settings), enqueue).create(
                "pagan", {"max_turns": 2}, "turns", seats, "127.0.0.1"
            )
        finally:
            await client.aclose()
        assert enqueued == [("workers.tasks.play_ai_turn", created["id"], [0])]
        game_id: str = created["id"]
        return game_id

    return asyncio.run(make())


def test_a_duplicate_or_stale_ai_task_does_nothing(settings: Settings) -> None:
    game_id = _create(
        settings,
        [{"seat": "witch", "kind": "ai", "level": "novice"}, {"seat": "hunter", "kind": "human"}],
    )
    store = SyncStore(redis.Redis.from_url(settings.redis_url), settings)
    followups: list[tuple[str, int]] = []
    assert (
        turns.play_turn(store, game_id, 0, "task-a", lambda g, v: followups.append((g, v)))
        == "moved"
    )
    version = store.load(game_id).version  # type: ignore[union-attr]
    assert version == 1
    # The same task delivered again, and another task for the same version: nothing happens.
    assert (
        turns.play_turn(store, game_id, 0, "task-b", lambda g, v: followups.append((g, v)))
        == "stale"
    )
    assert store.load(game_id).version == version  # type: ignore[union-attr]
    # The move's reasons are kept once, for the move that was made, and nothing for the stale
    # deliveries.
    entry = store.log_entry(game_id, 1)
    assert entry is not None
    thoughts = store.thoughts(game_id)
    assert list(thoughts) == [1] and thoughts[1]["move"] == entry["move"]
    assert thoughts[1]["how"] in ("only", "decisive", "searched")
    assert "belief" not in thoughts[1]  # the Witch knows her villager: no belief
    assert turns.play_turn(store, game_id, 5, "task-c", lambda g, v: None) == "stale"
    assert turns.play_turn(store, "no-such-game", 0, "task-d", lambda g, v: None) == "gone"


def test_a_redelivered_task_that_already_moved_only_re_enqueues_its_follow_up(
    settings: Settings,
) -> None:
    game_id = _create(
        settings,
        [
            {"seat": "witch", "kind": "ai", "level": "novice"},
            {"seat": "hunter", "kind": "ai", "level": "novice"},
        ],
    )
    store = SyncStore(redis.Redis.from_url(settings.redis_url), settings)
    first: list[tuple[str, int]] = []
    assert (
        turns.play_turn(store, game_id, 0, "task-x", lambda g, v: first.append((g, v))) == "moved"
    )
    # The worker died before acknowledging: the same task id comes back.
    again: list[tuple[str, int]] = []
    result = turns.play_turn(store, game_id, 0, "task-x", lambda g, v: again.append((g, v)))
    assert store.load(game_id).version == 1  # type: ignore[union-attr]
    if first:  # the next decision is an AI's: the follow-up is enqueued once more
        assert result == "resumed" and again == first == [(game_id, 1)]
    else:
        assert result == "stale" and again == []


def test_an_unpaced_turn_writes_the_move_choose_move_chooses_on_the_seats_information(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker grows the level's trees itself (to give them its deadline), and without one
    chooses exactly as `ai.choose_move` does, decision after decision. (Without the levels'
    time caps, in this process: a search is then a pure function of its seed on a busy machine
    too.)"""
    for level in ("novice", "easy"):
        monkeypatch.setitem(PRESETS, level, dataclasses.replace(PRESETS[level], time_cap=None))
    game_id = _create(
        settings,
        [
            {"seat": "witch", "kind": "ai", "level": "novice"},
            {"seat": "hunter", "kind": "ai", "level": "easy"},
        ],
    )
    store = SyncStore(redis.Redis.from_url(settings.redis_url), settings)
    for version in range(12):
        record = store.load(game_id)
        assert record is not None
        if record.status != "active":
            break
        game = get_game(record.game)
        state = load_state(game, record)
        seat = game.to_move(state)
        assert seat is not None
        seed = f"{record.seed}/ai/{version}"
        config = next(c for c in record.seats if c.seat == seat)
        info = turns.seat_information(game, state, seat, seed)
        expected = ai.choose_move(game, info, seat, config.level or "medium", seed)
        assert turns.play_turn(store, game_id, version, f"t{version}", lambda g, v: None)
        assert store.log_entry(game_id, version + 1)["move"] == expected.id  # type: ignore[index]
