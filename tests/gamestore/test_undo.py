"""The undo window as the store keeps it (`gamestore.undo`): written by the COMMIT script with
the move, so a write refused as stale changes neither; an undo returns the game to the state
before the decision as a new version and empties the window one decision at a time; the clocks
give no time back."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import orjson
import pytest
import redis

from gamestore import clocks, undo
from gamestore.commits import Commit, load_state, plan_move
from gamestore.records import GameRecord
from gamestore.settings import Settings
from gamestore.store import SyncStore
from rules.core import get_game
from tests.support.games import clocked_record
from tests.support.tables import on_store

PAGAN = get_game("pagan")


def _written(record: GameRecord, commit: Commit, now: float) -> GameRecord:
    """`record` after `commit` is stamped at `now` and written (the clock and the window)."""
    stamped = clocks.stamp(record, [commit], now)
    return replace(clocks.after(record, stamped), undo=undo.window_after(record, stamped))


def _undoable_move(record: GameRecord) -> Any:
    state = load_state(PAGAN, record)
    seat = PAGAN.to_move(state)
    for move in PAGAN.legal_moves(state):
        commit, _ = plan_move(PAGAN, record, state, seat or "", move)
        if commit.undoable:
            return commit
    raise AssertionError("no undoable first move")


@pytest.mark.parametrize(
    ("clock", "deadline_after_undo"),
    [
        # The decision given back has the deadline it had: 10 s from the creation.
        ({"decision_seconds": 10, "on_timeout": "forfeit"}, 110.0),
        # The turn goes on: its deadline never moved.
        ({"turn_seconds": 10, "on_timeout": "forfeit"}, 110.0),
        # The bank paid for the 7 s used: 3 s left at the undo.
        ({"budget_seconds": 10, "increment_seconds": 5, "on_timeout": "forfeit"}, 110.0),
    ],
    ids=["decision", "turn", "budget"],
)
def test_an_undo_gives_no_time_back(clock: dict[str, object], deadline_after_undo: float) -> None:
    record = clocked_record(clock, created=100.0)
    assert clocks.deadline(record) == 110.0
    moved = _written(record, _undoable_move(record), 105.0)
    assert undo.can_undo(moved, "witch")
    state = load_state(PAGAN, moved)
    restored = record.state
    undone = _written(moved, undo.plan_undo(PAGAN, moved, state, "witch", restored), 107.0)
    assert undone.state == record.state and not undo.can_undo(undone, "witch")
    assert clocks.deadline(undone) == pytest.approx(deadline_after_undo)


@pytest.fixture
def own(settings: Settings) -> Iterator[Settings]:
    prefix = f"{settings.key_prefix}undo-{uuid.uuid4().hex[:6]}:"
    yield settings.model_copy(update={"key_prefix": prefix})
    client = redis.Redis.from_url(settings.redis_url)
    keys = list(client.scan_iter(match=prefix + "*"))
    if keys:
        client.delete(*keys)
    client.close()


def test_the_window_is_written_with_the_move_and_a_stale_write_changes_neither(
    own: Settings,
) -> None:
    record = clocked_record({"decision_seconds": 600, "on_timeout": "forfeit"}, 0.0)
    record = replace(record, id=f"undo-{uuid.uuid4().hex[:8]}", clock=None, clk=None)
    assert on_store(own, lambda store: store.create(record))
    store = SyncStore(redis.Redis.from_url(own.redis_url), own)
    client = redis.Redis.from_url(own.redis_url)
    states = store.keys.undo(record.id)

    first = _undoable_move(record)
    assert store.commit(record, first).ok
    moved = store.load(record.id)
    assert moved is not None and moved.undo == {"seat": "witch", "versions": [0], "since": [None]}
    assert client.lrange(states, 0, -1) == [record.state]

    # Planned from version 0 again: refused, the window as it was.
    assert not store.commit(record, first).ok
    assert client.lrange(states, 0, -1) == [record.state]
    assert store.load(record.id) == moved

    state = load_state(PAGAN, moved)
    taken_back = undo.plan_undo(PAGAN, moved, state, "witch", record.state)
    assert store.commit(moved, taken_back).ok
    undone = store.load(record.id)
    assert undone is not None and undone.version == 2 and undone.state == record.state
    assert undone.undo is None and client.exists(states) == 0
    entry = store.log_entry(record.id, 2)
    assert entry is not None and entry["kind"] == "undo"
    assert orjson.loads(entry["public"])["restores"] == 0
    client.close()
