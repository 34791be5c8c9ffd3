"""While the game store (Redis) or the broker cannot be reached, every request answers 503
with `Retry-After` (the `STORE_UNAVAILABLE` problem), never 500; games resume when it is back.
While the process has no Redis connection to give (the bounded pool of `gamestore.pool` timed
out), the answer is the `SERVICE_UNAVAILABLE` problem, with `Retry-After` too.

`Unavailable` is ASGI middleware placed outside the rate limit: exceptions raised in
Starlette user middleware (the rate limit calls Redis) never reach the app's exception
handlers, only the outermost ServerErrorMiddleware, which answers 500. GraphQL maps the same
exceptions raised in its resolvers to an error with that code and sets the 503 on its response
(`service.graphql_errors`, with `error_for`).
"""

from __future__ import annotations

import contextlib
import logging
from typing import Final

import orjson
from kombu.exceptions import OperationalError
from redis.exceptions import BusyLoadingError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamestore.pool import PoolExhausted
from rules.core import N_
from service.errors import ServiceError, ServiceUnavailable, StoreUnavailable
from service.limits import Responder

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS: Final = 2
"""What a client is told to wait: a restarted Redis (`coven serve` starts it again at once)
answers within a second or two."""
BUSY_RETRY_AFTER_SECONDS: Final = 1

UNREACHABLE: Final = (RedisConnectionError, RedisTimeoutError, BusyLoadingError, OperationalError)
"""Redis cannot be reached, timed out or is still loading its data; kombu's OperationalError:
the broker (the same Redis by default) refused a task."""

WEBSOCKET_TRY_AGAIN_LATER: Final = 1013
GRAPHQL_PATH: Final = "/graphql"


def unavailable_error() -> StoreUnavailable:
    return StoreUnavailable(
        N_(
            "the game store cannot be reached just now; nothing was changed: "
            "try again in {retry_after_seconds} s"
        ).format(retry_after_seconds=RETRY_AFTER_SECONDS),
        retry_after=RETRY_AFTER_SECONDS,
    )


def busy() -> ServiceUnavailable:
    return ServiceUnavailable(
        N_("the server is too busy to answer now; the game is unchanged: try again shortly"),
        retry_after=BUSY_RETRY_AFTER_SECONDS,
    )


def error_for(exc: BaseException) -> ServiceError:
    """The 503 for one of `UNREACHABLE` (a PoolExhausted is a ConnectionError too)."""
    return busy() if isinstance(exc, PoolExhausted) else unavailable_error()


def graphql_answer(error: ServiceError) -> Response:
    """The error as a GraphQL client expects it (`errors[].extensions.code`), with the 503."""
    body = {
        "data": None,
        "errors": [
            {
                "message": error.detail,
                "extensions": {"code": error.code, "status": error.status, **error.extra},
            }
        ],
    }
    headers = {"Retry-After": str(error.extra["retry_after"])}
    return Response(orjson.dumps(body), error.status, headers, media_type="application/json")


class Unavailable:
    """Answers the 503 problem of `error_for` (with Retry-After) when the app below raised one
    of `UNREACHABLE` before it began its answer; a WebSocket is closed with 1013 ("try again
    later") and a stream already under way is ended (its client reconnects and is told)."""

    def __init__(self, app: ASGIApp, respond: Responder) -> None:
        self.app = app
        self.respond = respond

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            if message["type"] in ("http.response.start", "websocket.accept"):
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except UNREACHABLE as exc:
            error = error_for(exc)
            log.warning("%s on %s: %s", error.code, scope.get("path"), exc)
            with contextlib.suppress(Exception):  # the client may be gone already
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": WEBSOCKET_TRY_AGAIN_LATER})
                elif not started and scope["path"] == GRAPHQL_PATH:
                    await graphql_answer(error)(scope, receive, send)
                elif not started:
                    await self.respond(error, scope)(scope, receive, send)
