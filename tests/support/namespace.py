"""The real Redis a test session works in (`tests.support.session_redis`: REDIS_URL, else
127.0.0.1:6379, else one of its own), under a key prefix and AI queue of its own, and the
settings that point there."""

from __future__ import annotations

import redis

from gamestore.settings import Settings
from tests.support.session_redis import session_redis_url

REDIS_URL = session_redis_url()


def clear(prefix: str, queue: str) -> None:
    """Delete every key under `prefix`, and the queue."""
    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=prefix + "*", count=1000))
    for i in range(0, len(keys), 500):
        client.delete(*keys[i : i + 500])
    client.delete(queue)
    client.close()


def settings_for(env: dict[str, str]) -> Settings:
    # The same open-games cap and rate limits as the session's API processes: every test sends
    # from 127.0.0.1 under one prefix, so in-process apps must not count the session's games
    # against 20, nor its requests (the counters are shared in Redis) against 1,200 a minute.
    return Settings(
        redis_url=env["REDIS_URL"],
        key_prefix=env["COVEN_KEY_PREFIX"],
        ai_queue=env["COVEN_AI_QUEUE"],
        max_open_games_per_address=int(env.get("COVEN_MAX_OPEN_GAMES_PER_ADDRESS", "20")),
        rate_limit_per_address=int(env.get("COVEN_RATE_LIMIT_PER_ADDRESS", "1200")),
        rate_limit_per_token=int(env.get("COVEN_RATE_LIMIT_PER_TOKEN", "600")),
    )
