"""The per-seat hint limit: a fixed-window counter in Redis, so it holds across API replicas.

A hint is a search at the asked level on the hint workers; one seat asking for many at once
(15 `expert` hints) would fill the hint queue for every other seat. The limit is per game and
seat, counted in windows of `Settings.rate_limit_window_seconds`.
"""

from __future__ import annotations

import time

from gamestore.store import Store


async def hint_wait(store: Store, game_id: str, seat: str) -> int:
    """Count one hint for `seat` of `game_id`: 0 when allowed, else the seconds until the
    window ends."""
    settings = store.settings
    limit = settings.hint_rate_limit_per_seat
    if limit <= 0:
        return 0
    window = settings.rate_limit_window_seconds
    now = time.time()
    key = f"{store.keys.prefix}hint-rl:{game_id}:{seat}:{int(now) // window}"
    pipe = store.redis.pipeline(transaction=True)
    pipe.incr(key)
    pipe.expire(key, window + 1)
    count, _ = await pipe.execute()
    if int(count) <= limit:
        return 0
    return max(1, window - int(now) % window)
