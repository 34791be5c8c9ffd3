"""The ceiling for the API benchmark: a minimal Starlette endpoint doing one Redis GET and one
SET, served exactly like the real API (uvicorn, 2 worker processes)."""

from __future__ import annotations

import os

import orjson
from redis.asyncio import Redis
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route


def create_app() -> Starlette:
    redis = Redis.from_url(os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    key = os.environ.get("CEILING_KEY", "bench:ceiling")

    async def touch(request: Request) -> Response:
        value = await redis.get(key)
        await redis.set(key, b"x" if value is None else value)
        return Response(orjson.dumps({"ok": True}), media_type="application/json")

    async def healthz(request: Request) -> Response:
        return Response(b"ok")  # what `servers.start_api` waits for

    return Starlette(routes=[Route("/touch", touch, methods=["POST"]), Route("/healthz", healthz)])
