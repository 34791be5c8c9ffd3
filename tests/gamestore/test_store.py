"""The store's two faces are one implementation: what one writes the other reads, under the same
keys, on the real Redis."""

from __future__ import annotations

from typing import TypeVar

import orjson
import redis

from gamestore.commits import load_state, own_event, plan_move
from gamestore.records import GameRecord, SeatConfig
from gamestore.settings import Settings
from gamestore.store import Store, SyncStore
from rules.core import get_game
from tests.support.tables import on_store

T = TypeVar("T")


def _record(game_id: str) -> GameRecord:
    game = get_game("pagan")
    return GameRecord(
        id=game_id,
        game="pagan",
        options={},
        seed=game_id,
        seats=[SeatConfig("witch", "human"), SeatConfig("hunter", "human")],
        version=0,
        state=orjson.dumps(game.to_json(game.new(None, game_id))),
        creator="test",
        created=1.0,
        token_hashes={"witch": "w", "hunter": "h"},
    )


def test_a_move_the_workers_face_writes_is_what_the_apis_face_reads(settings: Settings) -> None:
    record = _record("faces")
    assert on_store(settings, lambda store: store.create(record))
    sync = SyncStore(redis.Redis.from_url(settings.redis_url), settings)
    loaded = sync.load("faces")
    assert loaded == record
    game = get_game("pagan")
    state = load_state(game, loaded)
    commit, _ = plan_move(game, loaded, state, "witch", game.legal_moves(state)[0], task="t")
    assert sync.commit(loaded, commit).ok
    assert not sync.commit(loaded, commit).ok  # the same version again: refused

    async def read(store: Store) -> tuple[int | None, list[dict[str, object]], object]:
        return (
            await store.version("faces"),
            await store.events("faces", "witch", 0, 10),
            await store.move_log("faces"),
        )

    version, events, log = on_store(settings, read)
    assert version == 1
    assert events == [own_event(commit)]
    assert log == [{"v": "1", "seat": "witch", "kind": "move", "move": commit.move_id, "task": "t"}]
    assert sync.log_entry("faces", 1) is not None and sync.log_entry("faces", 2) is None


def test_a_hint_the_workers_face_leaves_is_what_the_apis_face_finds(settings: Settings) -> None:
    assert on_store(settings, lambda store: store.hint("request-1")) is None
    SyncStore(redis.Redis.from_url(settings.redis_url), settings).put_hint("request-1", b"{}")
    assert on_store(settings, lambda store: store.hint("request-1")) == b"{}"
