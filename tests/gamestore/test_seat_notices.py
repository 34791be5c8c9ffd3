"""A seat change is announced on the game's channel by the same script that writes it, like a
move: a join (with its name), a rematch claim (a join) and the AI's fill-in of open seats. A
refused one announces nothing."""

from __future__ import annotations

import dataclasses
import time
import uuid
from collections.abc import Iterator

import orjson
import pytest
import redis

from gamestore.records import GameRecord, SeatConfig
from gamestore.settings import Settings
from gamestore.store import SyncStore
from rules.core import get_game
from tests.support.tables import on_store


def _record(game_id: str) -> GameRecord:
    """A Pagan game whose Hunter seat is open."""
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
        created=time.time(),
        token_hashes={"witch": "w"},
    )


@pytest.fixture
def channel(settings: Settings) -> Iterator[tuple[GameRecord, redis.client.PubSub]]:
    record = _record(f"notices-{uuid.uuid4().hex[:8]}")
    assert on_store(settings, lambda store: store.create(record))
    client = redis.Redis.from_url(settings.redis_url)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(SyncStore(client, settings).keys.channel(record.id))
    assert pubsub.get_message(timeout=2) is None  # the subscription is confirmed
    yield record, pubsub
    pubsub.close()
    client.close()


def _announced(pubsub: redis.client.PubSub) -> list[bytes]:
    out = []
    while (message := pubsub.get_message(timeout=0.5)) is not None:
        out.append(message["data"])
    return out


def test_a_join_is_announced_on_the_games_channel(
    settings: Settings, channel: tuple[GameRecord, redis.client.PubSub]
) -> None:
    record, pubsub = channel
    assert on_store(settings, lambda store: store.join(record, "hunter", "h", "Robin")) == 1
    assert _announced(pubsub) == [b"0"]  # the version, which a join leaves as it was
    # Taken already: refused, and nothing announced.
    assert on_store(settings, lambda store: store.join(record, "hunter", "x")) == 0
    assert _announced(pubsub) == []


def test_the_ai_filling_open_seats_is_announced_on_the_games_channel(
    settings: Settings, channel: tuple[GameRecord, redis.client.PubSub]
) -> None:
    record, pubsub = channel
    store = SyncStore(redis.Redis.from_url(settings.redis_url), settings)
    assert store.fill_seats(record, ["hunter"], "novice") == 1
    assert _announced(pubsub) == [b"0"]
    taken = dataclasses.replace(record, token_hashes={"witch": "w", "hunter": "ai-fill"})
    assert store.fill_seats(taken, ["hunter"], "novice") == 0  # taken: nothing announced
    assert _announced(pubsub) == []
