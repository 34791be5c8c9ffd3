"""Live updates: one Redis pub/sub connection per process, fanned out to every local listener.

Every commit publishes the new version on the game's channel (inside the commit script, so no
write goes unannounced). Nobody trusts the message itself: a notification only makes the game's
feed (`service.fanout.GameFeed`, one per game watched in this process) read the game again, so
coalesced or lost notifications cannot leave a client behind. What the streams send is built
in `service.fanout`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from redis.exceptions import RedisError

from gamestore.connect import AsyncClient

log = logging.getLogger(__name__)


class Broadcaster:
    def __init__(self, redis: AsyncClient) -> None:
        self.redis = redis
        self._pubsub: Any = None
        self._queues: dict[str, set[asyncio.Queue[None]]] = {}
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    async def subscribe(self, channel: str) -> asyncio.Queue[None]:
        queue: asyncio.Queue[None] = asyncio.Queue(maxsize=1)
        async with self._lock:
            if self._pubsub is None:
                self._pubsub = self.redis.pubsub()
            if channel not in self._queues:
                # Recorded once subscribed: a SUBSCRIBE that failed or was cancelled must be
                # sent again by the next stream, not taken as done.
                await self._pubsub.subscribe(channel)
                self._queues[channel] = set()
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
        # Ends on `_closed` as well as on cancellation, which the Redis client can lose
        # (service.fanout); a read waits one second at most.
        while not self._closed:
            try:
                message = await self._pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=1.0
                )
            except RedisError as exc:
                log.warning("pub/sub connection lost (%s); retrying", exc)
                await asyncio.sleep(0.5)
                continue
            except Exception:
                # Whatever else fails, the reader goes on: without it every stream of this
                # process would wait for its keep-alive check to notice a move.
                log.exception("pub/sub reader failed; retrying")
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
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(RedisError):
                await self._pubsub.aclose()
