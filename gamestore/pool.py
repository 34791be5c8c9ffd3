"""The API's Redis client: a bounded, blocking connection pool.

redis-py's default asyncio pool opens up to `max_connections` and then raises at once, so a
burst of concurrent calls (a thousand live streams, a GraphQL request with hundreds of aliases)
failed requests instead of queueing them. This pool holds at most
`Settings.redis_max_connections` connections; a call that finds none free waits up to
`Settings.redis_pool_timeout_seconds` for one and then raises `PoolExhausted`, which the API
answers with a typed 503 and `Retry-After`.
"""

from __future__ import annotations

from typing import Any

from redis.asyncio import BlockingConnectionPool, Redis
from redis.exceptions import ConnectionError as RedisConnectionError

from gamestore.settings import Settings


class PoolExhausted(RedisConnectionError):
    """No Redis connection became free within the pool's timeout (the process is overloaded;
    Redis itself may be fine)."""


class _BoundedPool(BlockingConnectionPool):
    async def get_connection(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return await super().get_connection(*args, **kwargs)  # type: ignore[no-untyped-call]
        except RedisConnectionError as exc:
            # The blocking pool says "No connection available." after its timeout; any other
            # connection error (Redis down) stays what it is.
            if isinstance(exc.__cause__, TimeoutError):
                raise PoolExhausted(f"no Redis connection free within {self.timeout} s") from exc
            raise


def async_client(settings: Settings) -> Redis:
    """The asyncio client of one API process, owning its bounded pool."""
    pool = _BoundedPool.from_url(
        settings.redis_url,
        max_connections=settings.redis_max_connections,
        timeout=settings.redis_pool_timeout_seconds,
    )
    return Redis.from_pool(pool)
