"""A typed 503 when the process has no Redis connection to give (`gamestore.pool`).

The bounded pool makes a request wait for a free connection; past the pool's timeout it raises
`PoolExhausted`. This middleware answers that with a `SERVICE_UNAVAILABLE` problem and
`Retry-After` instead of a 500 (a WebSocket is closed with 1013, "try again later"), as long as
the answer has not started. It sits outside the rate limits, which use Redis too.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamestore.pool import PoolExhausted
from service.errors import ServiceUnavailable
from service.limits import Responder

RETRY_AFTER_SECONDS = 1


def busy() -> ServiceUnavailable:
    return ServiceUnavailable(
        "the server is too busy to answer now; the game is unchanged: try again shortly",
        retry_after=RETRY_AFTER_SECONDS,
    )


class PoolGuard:
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
            if message["type"] in ("http.response.start", "websocket.accept", "websocket.close"):
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except PoolExhausted:
            if started:
                raise
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1013, "reason": "server busy"})
                return
            await self.respond(busy(), scope)(scope, receive, send)
