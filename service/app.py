"""The ASGI app: REST at /api/v1, GraphQL at /graphql, /healthz, /readyz and /metrics.

`create_app()` builds everything from the settings; it holds no game state, so any number of
replicas can serve the same Redis. Run it with `uvicorn --factory service.app:create_app` or
`coven serve`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

import orjson
from redis.asyncio import Redis
from redis.exceptions import RedisError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamestore.handoff import AIQueue, celery_app
from gamestore.settings import Settings, get_settings
from gamestore.store import Store
from rules.core.errors import IllegalMove
from service import metrics
from service.errors import MethodNotAllowed, NotFound, ServiceError, from_rules
from service.games import GameService, catalog
from service.graphql_api import CovenGraphQL
from service.limits import BodyLimit, RateLimit
from service.live import Broadcaster
from service.rest import json_response, problem, problem_app, routes
from service.unavailable import StoreUnavailableEdge

log = logging.getLogger(__name__)


class Metrics:
    """Counts every HTTP request and times it (streams are counted, not timed)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def record(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, record)
        finally:
            endpoint = scope.get("endpoint")
            route = getattr(endpoint, "__name__", None) or type(endpoint).__name__
            if endpoint is None:
                route = "unmatched"
            method = scope["method"]
            metrics.REQUESTS.labels(method, route, str(status)).inc()
            if route != "stream":
                metrics.LATENCY.labels(method, route).observe(time.perf_counter() - started)


async def healthz(request: Request) -> Response:
    return json_response({"status": "ok"})


async def readyz(request: Request) -> Response:
    redis_ok = broker_ok = False
    with contextlib.suppress(RedisError, OSError, TimeoutError):
        redis_ok = bool(await asyncio.wait_for(request.app.state.redis.ping(), 2))
    queue: AIQueue = request.app.state.aiqueue

    def broker() -> bool:
        with queue.celery.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
            return True

    with contextlib.suppress(Exception):
        broker_ok = await asyncio.wait_for(asyncio.to_thread(broker), 5)
    ready = redis_ok and broker_ok
    return json_response(
        {"status": "ready" if ready else "not ready", "redis": redis_ok, "broker": broker_ok},
        200 if ready else 503,
    )


async def metrics_endpoint(request: Request) -> Response:
    settings: Settings = request.app.state.settings
    body, content_type = await asyncio.to_thread(
        metrics.render,
        settings.redis_url,
        request.app.state.store.keys.ai_metrics,
        settings.ai_queue,
    )
    return Response(body, headers={"Content-Type": content_type})


async def on_service_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ServiceError)
    return problem(exc, request.url.path)


async def on_rules_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, IllegalMove)
    return problem(from_rules(exc), request.url.path)


async def on_http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 405:
        return problem(MethodNotAllowed(f"{request.method} is not allowed here"), request.url.path)
    return problem(NotFound(f"there is nothing at {request.url.path}"), request.url.path)


async def on_crash(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s", request.url.path, exc_info=exc)
    body = {
        "type": "about:blank",
        "title": "Internal error",
        "status": 500,
        "detail": "the server failed to answer; the game is unchanged",
        "instance": request.url.path,
        "code": "INTERNAL_ERROR",
    }
    return Response(orjson.dumps(body), 500, media_type="application/problem+json")


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or get_settings()
    redis = Redis.from_url(settings.redis_url)
    store = Store(redis, settings)
    queue = AIQueue(celery_app(settings), settings.ai_queue, settings.hint_queue)
    service = GameService(store, queue.enqueue)
    broadcaster = Broadcaster(redis)
    graphql = CovenGraphQL(settings.keepalive_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await broadcaster.close()
        await asyncio.to_thread(queue.close)
        await redis.aclose()

    app = Starlette(
        routes=[
            *routes(),
            Route("/graphql", graphql, methods=["GET", "POST"]),
            WebSocketRoute("/graphql", graphql),
            Route("/healthz", healthz),
            Route("/readyz", readyz),
            Route("/metrics", metrics_endpoint),
        ],
        middleware=[
            Middleware(Metrics),
            Middleware(StoreUnavailableEdge, respond=problem_app),
            Middleware(BodyLimit, max_bytes=settings.max_body_bytes, respond=problem_app),
            Middleware(RateLimit, store=store, respond=problem_app),
        ],
        exception_handlers={
            ServiceError: on_service_error,
            IllegalMove: on_rules_error,
            HTTPException: on_http_error,
            Exception: on_crash,
        },
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.redis = redis
    app.state.store = store
    app.state.service = service
    app.state.broadcaster = broadcaster
    app.state.aiqueue = queue
    app.state.catalog_bytes = orjson.dumps(catalog())
    return app


__all__: list[Any] = ["create_app"]
