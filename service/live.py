"""Live updates: one Redis pub/sub connection per process, fanned out to every local stream.

Every commit publishes the new version on the game's channel (inside the commit script, so no
write goes unannounced). A stream does not trust the message itself: on each notification it
reads the game again and sends the seat's current view with every event since its last
message, so coalesced or lost notifications cannot leave a client behind. The first message of
every stream is the seat's current view; when nothing happens for `keepalive_seconds` the
stream yields None (a keep-alive) after checking the version once more.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncGenerator
from typing import Any

from redis.exceptions import RedisError

from gamestore.connect import AsyncClient
from service.games import GameService

log = logging.getLogger(__name__)


class Broadcaster:
    def __init__(self, redis: AsyncClient) -> None:
        self.redis = redis
        self._pubsub: Any = None
        self._queues: dict[str, set[asyncio.Queue[None]]] = {}
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None

    async def subscribe(self, channel: str) -> asyncio.Queue[None]:
        queue: asyncio.Queue[None] = asyncio.Queue(maxsize=1)
        async with self._lock:
            if self._pubsub is None:
                self._pubsub = self.redis.pubsub()
            if channel not in self._queues:
                self._queues[channel] = set()
                await self._pubsub.subscribe(channel)
            self._queues[channel].add(queue)
            if self._task is None:
                self._task = asyncio.create_task(self._run())
        return queue

    async def unsubscribe(self, channel: str, queue: asyncio.Queue[None]) -> None:
        async with self._lock:
            queues = self._queues.get(channel)
            if queues is None:
                return
            queues.discard(queue)
            if not queues:
                del self._queues[channel]
                with contextlib.suppress(RedisError):
                    await self._pubsub.unsubscribe(channel)

    async def _run(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=1.0
                )
            except RedisError as exc:
                log.warning("pub/sub connection lost (%s); retrying", exc)
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            channel = message["channel"]
            name = channel.decode() if isinstance(channel, bytes) else str(channel)
            for queue in self._queues.get(name, ()):
                if queue.empty():
                    queue.put_nowait(None)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(RedisError):
                await self._pubsub.aclose()


async def seat_updates(
    service: GameService,
    broadcaster: Broadcaster,
    game_id: str,
    token: str | None,
    keepalive: float,
    last_seen: int | None = None,
) -> AsyncGenerator[dict[str, Any] | None, None]:
    """The seat's game after every change, starting with the current one; None for a
    keep-alive. Ends after the message that shows the game finished."""
    first = await service.read(game_id, token, events_after=last_seen)
    queue = await broadcaster.subscribe(service.store.keys.channel(game_id))
    try:
        # A change between the first read and the subscription would be missed: read again.
        current = await service.read(game_id, token, events_after=last_seen)
        if current["version"] != first["version"]:
            first = current
        yield first
        last = first["version"]
        while first["status"] != "finished":
            try:
                await asyncio.wait_for(queue.get(), timeout=keepalive)
            except TimeoutError:
                if await service.store.version(game_id) == last:
                    yield None
                    continue
            update = await service.read(game_id, token, events_after=last, events_limit=500)
            if update["version"] == last:
                continue
            last = update["version"]
            yield update
            if update["status"] == "finished":
                return
    finally:
        await broadcaster.unsubscribe(service.store.keys.channel(game_id), queue)
