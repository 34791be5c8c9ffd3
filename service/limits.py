"""Abuse limits at the edge: request body size and request rates (ASGI middleware), and the
GraphQL subscriptions a process holds.

Rates are fixed-window counters in Redis (one script call per request), per client address and,
when the request carries a seat token, per token; so the limits hold across every replica.
Health, readiness and metrics are never limited. A WebSocket is charged once when it opens and
each of its operations (`charge`) like one request. Open subscriptions are capped in memory
(`SubscriptionSlots`): per connection, per client address and per process.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamestore.store import Store
from rules.core import N_
from service import auth, metrics
from service.errors import PayloadTooLarge, RateLimited, ServiceError, TooManySubscriptions

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


async def charge(store: Store, scope: Scope, token: str | None, cost: int = 1) -> int:
    """Charges `cost` requests to the address of `scope` and to `token`: the seconds to wait
    when either limit is spent, else 0."""
    token_hash = auth.token_hash(token) if token is not None else None
    wait: int = await store.rate_limit(auth.address_hash(client_address(scope)), token_hash, cost)
    if wait:
        metrics.RATE_LIMITED.labels("token" if token_hash else "address").inc()
    return wait


class SubscriptionSlots:
    """The GraphQL operations in flight over WebSocket in one process (subscriptions, mostly:
    a query or mutation holds its slot only while it runs): at most `per_connection` on one
    socket, `per_address` from one client address over all its sockets and `per_process` in
    all (0: no limit for the last two). Counted in memory: a slot is released when its
    operation ends, however it ends, and a process that dies holds none."""

    def __init__(self, per_connection: int, per_address: int, per_process: int) -> None:
        self.per_connection = per_connection
        self.per_address = per_address
        self.per_process = per_process
        self.by_address: dict[str, int] = {}
        self.total = 0

    def take(self, address: str, on_connection: int) -> Callable[[], None]:
        """A slot for one more operation from `address`, whose socket holds `on_connection`;
        returns its release (which only the first call does). `TooManySubscriptions` when a
        cap is reached."""
        held = self.by_address.get(address, 0)
        if on_connection >= self.per_connection:
            raise self._refusal(
                N_("one connection holds at most {limit} subscriptions; complete one first"),
                self.per_connection,
                "connection",
            )
        if self.per_address and held >= self.per_address:
            raise self._refusal(
                N_("one address holds at most {limit} subscriptions; complete one first"),
                self.per_address,
                "address",
            )
        if self.per_process and self.total >= self.per_process:
            raise self._refusal(
                N_("the server holds {limit} subscriptions, its most; try again later"),
                self.per_process,
                "process",
            )
        self.by_address[address] = held + 1
        self.total += 1
        released = False

        def release() -> None:
            nonlocal released
            if released:
                return
            released = True
            self.total -= 1
            left = self.by_address[address] - 1
            if left:
                self.by_address[address] = left
            else:
                del self.by_address[address]

        return release

    @staticmethod
    def _refusal(template: str, limit: int, scope: str) -> TooManySubscriptions:
        return TooManySubscriptions(template.format(limit=limit), limit=limit, scope=scope)


class BodyLimit:
    """Refuses bodies over `max_bytes` with 413 before the app sees them; `larger`: the paths
    that take larger bodies (a whole record to replay), with their limits."""

    def __init__(
        self,
        app: ASGIApp,
        max_bytes: int,
        respond: Responder,
        larger: dict[str, int] | None = None,
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.respond = respond
        self.larger = larger or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.max_bytes)
        too_large = PayloadTooLarge(
            N_("request bodies are limited to {max_bytes} bytes").format(max_bytes=limit),
            limit=limit,
        )
        length = _header(scope, b"content-length")
        if length is not None and length.isdigit() and int(length) > limit:
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
            if size > limit:
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
