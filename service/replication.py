"""How the API answers a write whose copy to the replicas is unconfirmed
(`gamestore.replication`): as made, with `202 Accepted` and the `Coven-Replication` header over
HTTP (REST and GraphQL alike), and the `replication` extension of a GraphQL result (over the
WebSocket too). `200` (or `201`) keeps meaning that every write of the request is where
`COVEN_WRITE_REPLICAS` asks; no write that was made is answered as an error."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from strawberry.extensions import SchemaExtension

from gamestore import replication


class ReplicationNotice:
    """ASGI middleware: a notice in force for each HTTP request; a 2xx answer of a request
    whose writes were not all confirmed becomes a 202 with the header."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with replication.notice() as shortfall:

            async def sending(message: Message) -> None:
                start = message["type"] == "http.response.start"
                if start and shortfall.unconfirmed and 200 <= message["status"] < 300:
                    headers = [*message.get("headers", [])]
                    headers.append(
                        (replication.HEADER.lower().encode(), shortfall.header().encode())
                    )
                    message = {**message, "status": 202, "headers": headers}
                await send(message)

            await self.app(scope, receive, sending)


class ReplicationExtension(SchemaExtension):
    """A GraphQL operation's own notice: its result says `extensions.replication` when one of
    its writes was not confirmed, and the request's notice (HTTP: the 202) hears of it."""

    shortfall: replication.Shortfall | None = None

    def on_operation(self) -> Iterator[None]:
        with replication.notice() as shortfall:
            # Read by `get_results`, which strawberry calls after the operation ends over
            # HTTP but before it ends over the WebSocket: the writes are made by then.
            self.shortfall = shortfall
            yield
        if shortfall.confirmed is not None:
            replication.note(shortfall.wanted, shortfall.confirmed)

    def get_results(self) -> dict[str, Any]:
        if self.shortfall is None or not self.shortfall.unconfirmed:
            return {}
        return {"replication": self.shortfall.extension()}
