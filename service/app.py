"""The ASGI app: REST at /api/v1, GraphQL at /graphql, /healthz, /readyz and /metrics, the web
client at /.

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
from redis.exceptions import RedisError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamestore.connect import async_client
from gamestore.handoff import AIQueue, celery_app
from gamestore.settings import Settings, get_settings
from gamestore.store import Store
from rules.core import N_, IllegalMove
from service import contracts, explorers, i18n, logfilter, metrics, webclient
from service.cors import CrashHeaders, cors_middleware
from service.errors import (
    INTERNAL_DETAIL,
    MethodNotAllowed,
    NotFound,
    ServiceError,
    from_rules,
)
from service.etags import etag_of
from service.fanout import LiveHub, raise_fd_limit
from service.games import GameService, catalog
from service.graphql_limits import bounded_documents, graphql_extensions
from service.graphql_transport import CovenGraphQL
from service.headers import SecurityHeaders
from service.i18n import Localise
from service.limits import BodyLimit, RateLimit, SubscriptionSlots
from service.live import Broadcaster
from service.proxies import proxy_middleware
from service.replication import ReplicationNotice
from service.rest import PREFIX, REPLAYS, VERIFY, json_response, problem, problem_app, routes
from service.unavailable import Unavailable
from service.validation import JsonBodies

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
        response = problem(
            MethodNotAllowed(N_("{method} is not allowed here").format(method=request.method[:20])),
            request.url.path,
        )
        # RFC 9110 wants Allow: every method of every route at this path (Starlette's own
        # header names only the first route's, and REST has a route per method).
        allowed = {
            method
            for route in request.app.routes
            if isinstance(route, Route) and route.path_regex.match(request.url.path)
            for method in route.methods or ()
        }
        response.headers["Allow"] = ", ".join(sorted(allowed))
        return response
    return problem(
        NotFound(N_("there is nothing at {path}").format(path=repr(request.url.path[:200]))),
        request.url.path,
    )


async def on_crash(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s", request.url.path, exc_info=exc)
    # Answered outside the Localise middleware (Starlette's outermost error handler), so in
    # the request's language here.
    lang = i18n.negotiate(request.headers.get("accept-language"))
    body = {
        "type": "about:blank",
        "title": i18n.text(ServiceError.title, lang),
        "status": 500,
        "detail": i18n.text(INTERNAL_DETAIL, lang),
        "instance": request.url.path,
        "code": "INTERNAL_ERROR",
    }
    headers = request.app.state.crash_headers(request.headers.get("origin"))
    return Response(orjson.dumps(body), 500, headers, media_type="application/problem+json")


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or get_settings()
    raise_fd_limit()
    redis = async_client(settings)
    store = Store(redis, settings)
    queue = AIQueue(
        celery_app(settings), settings.ai_queue, settings.hint_queue, settings.webhook_queue
    )
    service = GameService(store, queue.enqueue)
    broadcaster = Broadcaster(redis)
    live = LiveHub(service, broadcaster)
    graphql = CovenGraphQL(
        settings.keepalive_seconds,
        allowed_origins=settings.cors_origin_list,
        subscriptions=SubscriptionSlots(
            settings.max_subscriptions_per_connection,
            settings.max_subscriptions_per_address,
            settings.max_subscriptions_per_process,
        ),
        extensions=graphql_extensions(settings),
        documents=bounded_documents(settings),
        max_message_bytes=settings.max_body_bytes,
    )
    logfilter.install()

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
            *explorers.routes(contracts.openapi),
            # Last: the web client's page at / and its assets at /app/ shadow no API path.
            *webclient.routes(),
        ],
        middleware=[
            # nosniff, frame-ancestors and each page's Content-Security-Policy on every answer.
            Middleware(SecurityHeaders),
            # Outside the rest, so the problem answers of the limits and of 404/405 carry CORS
            # headers.
            cors_middleware(settings.cors_origin_list),
            Middleware(Metrics),
            # A write made but not confirmed by the replicas: 202 with Coven-Replication.
            Middleware(ReplicationNotice),
            # Before anything reads the client's address (the rate limit).
            *proxy_middleware(settings.trusted_proxies),
            # JSON answers of 1 KB or more; never the event stream (excluded by default).
            Middleware(GZipMiddleware, minimum_size=1024, compresslevel=6),
            # REST answers in the language of Accept-Language (inside gzip: it reads the JSON).
            Middleware(Localise),
            # Redis down or no pool connection free: a 503 problem, outside the rate limit.
            Middleware(Unavailable, respond=problem_app),
            Middleware(
                BodyLimit,
                max_bytes=settings.max_body_bytes,
                respond=problem_app,
                larger={
                    PREFIX + REPLAYS: settings.max_record_bytes,
                    PREFIX + VERIFY: settings.max_record_bytes,
                },
            ),
            Middleware(JsonBodies, respond=problem_app),
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
    app.state.crash_headers = CrashHeaders(settings.cors_origin_list)
    app.state.redis = redis
    app.state.store = store
    app.state.service = service
    app.state.broadcaster = broadcaster
    app.state.live = live
    app.state.aiqueue = queue
    app.state.catalog_bytes = orjson.dumps(catalog())
    app.state.catalog_etag = etag_of(app.state.catalog_bytes)
    return app


__all__: list[Any] = ["create_app"]
