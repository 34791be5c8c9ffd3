"""Abuse limits at the edge, as ASGI middleware: request body size and request rates.

Rates are fixed-window counters in Redis (one script call per request), per client address and,
when the request carries a seat token, per token; so the limits hold across every replica.
Health, readiness and metrics are never limited.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamestore.store import Store
from rules.core.text import N_
from service import auth, metrics
from service.errors import PayloadTooLarge, RateLimited, ServiceError

EXEMPT = ("/healthz", "/readyz", "/metrics")

Responder = Callable[[ServiceError, Scope], Any]


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return client[0] if client else "unknown"


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            decoded: str = value.decode("latin-1")
            return decoded
    return None


class BodyLimit:
    """Refuses bodies over `max_bytes` with 413 before the app sees them."""

    def __init__(self, app: ASGIApp, max_bytes: int, respond: Responder) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.respond = respond

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        too_large = PayloadTooLarge(
            N_("request bodies are limited to {max_bytes} bytes").format(max_bytes=self.max_bytes),
            limit=self.max_bytes,
        )
        length = _header(scope, b"content-length")
        if length is not None and length.isdigit() and int(length) > self.max_bytes:
            await self.respond(too_large, scope)(scope, receive, send)
            return
        # Read the body here (it is small by definition) so chunked bodies are bounded too.
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self.respond(too_large, scope)(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class RateLimit:
    def __init__(self, app: ASGIApp, store: Store, respond: Responder) -> None:
        self.app = app
        self.store = store
        self.respond = respond

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or scope["path"] in EXEMPT:
            await self.app(scope, receive, send)
            return
        token_hash = None
        header = _header(scope, b"authorization")
        if header and header.lower().startswith("bearer "):
            token_hash = auth.token_hash(header[7:].strip())
        wait = await self.store.rate_limit(auth.address_hash(client_address(scope)), token_hash)
        if wait:
            metrics.RATE_LIMITED.labels("token" if token_hash else "address").inc()
            error = RateLimited(
                N_("too many requests; try again in {wait} s").format(wait=wait), retry_after=wait
            )
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4429, "reason": N_("rate limited")})
                return
            await self.respond(error, scope)(scope, receive, send)
            return
        await self.app(scope, receive, send)
