"""A live stream whose client goes away is left cleanly, and never holds up another stream.

Found in CI (a browser's subscription to a missing game never answered): a client dropped
while its game's feed was loading, the cancel was lost under the Redis client, the feed's load
loop never ended, and its teardown held the lock every new stream of the process takes."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
import redis.asyncio
import websockets

from gamestore.keys import Keys
from service.errors import GameNotFound
from service.fanout import LiveHub
from service.live import Broadcaster
from tests.support.namespace import REDIS_URL
from tests.support.processes import start_api


class _CancelLosingStore:
    """A store of no games whose load, cancelled midway, returns as if it never was: what the
    Redis client was seen doing (the load's task still marked as being cancelled)."""

    def __init__(self, prefix: str) -> None:
        self.keys = Keys(prefix)
        self.loading = asyncio.Event()

    async def load(self, game_id: str) -> None:
        self.loading.set()
        try:
            await asyncio.sleep(0.2)
        except asyncio.CancelledError:
            await asyncio.sleep(0.01)
        return None


class _Service:
    def __init__(self, store: _CancelLosingStore) -> None:
        self.store = store


def test_a_stream_left_while_its_feed_loads_holds_up_no_other_stream(
    namespace: dict[str, str],
) -> None:
    async def scenario() -> None:
        store = _CancelLosingStore(namespace["COVEN_KEY_PREFIX"])
        client = redis.asyncio.Redis.from_url(REDIS_URL)
        broadcaster = Broadcaster(client)
        hub = LiveHub(_Service(store), broadcaster)  # type: ignore[arg-type]

        async def a_stream_whose_client_goes_away() -> None:
            async with hub.watch("first") as feed:
                feed.ask()
                await asyncio.sleep(60)

        gone = asyncio.create_task(a_stream_whose_client_goes_away())
        await asyncio.wait_for(store.loading.wait(), 5)
        gone.cancel()
        try:
            async with asyncio.timeout(5):  # the next stream is served, on another game
                async with hub.watch("second") as feed:
                    with pytest.raises(GameNotFound):
                        await feed.fresh()
                with pytest.raises(asyncio.CancelledError):
                    await gone
        finally:
            await broadcaster.close()
            await client.aclose()
        assert hub.feeds() == 0

    asyncio.run(scenario())


async def _first_answer(port: int, game_id: str) -> dict[str, Any]:
    async with websockets.connect(
        f"ws://127.0.0.1:{port}/graphql",
        subprotocols=[websockets.Subprotocol("graphql-transport-ws")],
    ) as ws:
        await ws.send(json.dumps({"type": "connection_init", "payload": {}}))
        assert json.loads(await ws.recv())["type"] == "connection_ack"
        query = "subscription ($id: ID!) { game(gameId: $id) { version } }"
        payload = {"query": query, "variables": {"id": game_id}}
        await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": payload}))
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            if message["type"] != "ping":
                return message
            await ws.send(json.dumps({"type": "pong"}))


async def _dropped_midway(port: int, rng: random.Random) -> None:
    """A client that subscribes to a missing game and drops its connection at a random moment."""
    async with websockets.connect(
        f"ws://127.0.0.1:{port}/graphql",
        subprotocols=[websockets.Subprotocol("graphql-transport-ws")],
    ) as ws:
        await ws.send(json.dumps({"type": "connection_init", "payload": {}}))
        await ws.recv()
        query = 'subscription { game(gameId: "gone-midway") { version } }'
        await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": {"query": query}}))
        await asyncio.sleep(rng.random() * 0.02)
        ws.transport.abort()


@pytest.mark.slow
def test_subscriptions_are_answered_while_other_clients_drop_midway(
    namespace: dict[str, str],
) -> None:
    proc, base = start_api(namespace)  # its own, so its log holds only this test's streams
    port = int(base.rsplit(":", 1)[1])

    async def scenario() -> None:
        rng = random.Random(19)
        for _ in range(40):
            drops = [asyncio.create_task(_dropped_midway(port, rng)) for _ in range(20)]
            answer = await asyncio.wait_for(_first_answer(port, "no-such-game"), 10)
            assert answer["id"] == "1"
            assert answer["payload"]["errors"][0]["extensions"]["code"] == "GAME_NOT_FOUND", answer
            await asyncio.gather(*drops, return_exceptions=True)

    try:
        asyncio.run(scenario())
    finally:
        proc.stop()
    # A client gone while its subscription was sending is no server error.
    assert not [line for line in proc.lines if "Traceback" in line], proc.output()


class _FailingOncePubSub:
    """A pub/sub connection whose first read fails with an error the Redis client does not
    wrap (as a bug in a library could), then delivers one message."""

    def __init__(self) -> None:
        self.reads = 0

    async def subscribe(self, channel: str) -> None:
        self.channel = channel

    async def get_message(self, **_: Any) -> dict[str, Any] | None:
        self.reads += 1
        if self.reads == 1:
            raise ValueError("unexpected frame")
        if self.reads == 2:
            return {"type": "message", "channel": self.channel.encode(), "data": b"7"}
        await asyncio.sleep(0.05)
        return None

    async def aclose(self) -> None:
        pass


class _OnePubSubRedis:
    def __init__(self, pubsub: _FailingOncePubSub) -> None:
        self._pubsub = pubsub

    def pubsub(self) -> _FailingOncePubSub:
        return self._pubsub


def test_the_pubsub_reader_outlives_an_unexpected_error() -> None:
    async def scenario() -> None:
        pubsub = _FailingOncePubSub()
        broadcaster = Broadcaster(_OnePubSubRedis(pubsub))  # type: ignore[arg-type]
        queue = await broadcaster.subscribe("game:g1")
        await asyncio.wait_for(queue.get(), 5)
        await broadcaster.close()

    asyncio.run(scenario())
