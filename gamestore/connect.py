"""The Redis clients of the API (asyncio) and the workers (blocking), built from the settings:
a plain client for one Redis, or a cluster client (`COVEN_REDIS_CLUSTER=true`) that finds every
node from the one REDIS_URL names and sends each command to the node of its key's slot."""

from __future__ import annotations

from typing import TypeAlias

import redis
import redis.asyncio
import redis.asyncio.cluster
import redis.cluster

from gamestore import pool
from gamestore.settings import Settings

AsyncClient: TypeAlias = "redis.asyncio.Redis | redis.asyncio.cluster.RedisCluster"
SyncClient: TypeAlias = "redis.Redis | redis.cluster.RedisCluster"


def async_client(settings: Settings) -> AsyncClient:
    if settings.redis_cluster:
        # Per node at most this many connections (the cluster client raises past it rather
        # than waiting: the bounded, waiting pool is the single-Redis client's).
        return redis.asyncio.cluster.RedisCluster.from_url(
            settings.redis_url, max_connections=settings.redis_max_connections
        )
    return pool.async_client(settings)


def sync_client(settings: Settings) -> SyncClient:
    if settings.redis_cluster:
        return redis.cluster.RedisCluster.from_url(settings.redis_url)
    return redis.Redis.from_url(settings.redis_url)
