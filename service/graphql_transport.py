"""GraphQL's transports, over strawberry's ASGI view (`CovenGraphQL`): HTTP and the
graphql-transport-ws WebSocket.

Over HTTP, GET runs queries only; a refused request is a GraphQL error with its code and status,
never plain text (`Refusal`); a body that is not JSON or nests too deeply is malformed input.
Subscriptions use the graphql-transport-ws protocol in text frames (`TextFramesAdapter`); the
server pings idle connections every `keepalive_seconds`, and each operation is charged and
capped (`KeepAliveTransportWS`). The schema's parsing, validation and errors are
`service.graphql_api`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncGenerator, Callable, Mapping, Sequence
from datetime import timedelta
from typing import Any, Final

import orjson
from cross_web import HTTPException
from graphql import GraphQLError
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect, WebSocketState
from strawberry.asgi import ASGIWebSocketAdapter, GraphQL
from strawberry.exceptions import MissingQueryError
from strawberry.extensions import SchemaExtension
from strawberry.http import GraphQLHTTPResponse, GraphQLRequestData
from strawberry.http.exceptions import (
    NonJsonMessageReceived,
    NonTextMessageReceived,
    WebSocketDisconnected,
)
from strawberry.schema.exceptions import CannotGetOperationTypeError, InvalidOperationTypeError
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import (
    BaseGraphQLTransportWSHandler,
)
from strawberry.subscriptions.protocols.graphql_transport_ws.types import (
    ConnectionInitMessage,
    SubscribeMessage,
)
from strawberry.types import ExecutionResult
from strawberry.types.graphql import OperationType

from gamestore.pool import PoolExhausted
from rules.core import N_
from service import explorers, i18n
from service.errors import (
    BadToken,
    MalformedInput,
    MethodNotAllowed,
    RateLimited,
    ServiceError,
    ServiceUnavailable,
    UnsupportedMediaType,
)
from service.graphql_api import make_schema
from service.graphql_context import connection_token, negotiated
from service.graphql_documents import Documents
from service.graphql_errors import as_graphql_error, finish_errors, format_error, shaped
from service.limits import SubscriptionSlots, charge, client_address
from service.unavailable import UNREACHABLE, busy, unavailable_error
from service.validation import check_writable

MAX_JSON_DEPTH: Final = 64
"""The deepest JSON a request may nest (body, variables, extensions, WebSocket message): far
beyond any operation's variables, and below what orjson or the stdlib parser can take."""
MAX_OPERATION_ID_BYTES: Final = 64
"""The longest graphql-transport-ws operation id: strawberry echoes an id in a close reason,
which a WebSocket bounds to 123 bytes."""


class BadJson(json.JSONDecodeError):
    """A request body, parameter or WebSocket message that is not JSON, or nests too deeply:
    a JSONDecodeError, so strawberry's WebSocket loop closes the socket as its protocol says
    (4400), while `CovenGraphQL.parse_json` answers HTTP with the typed error."""

    def __init__(self, error: ServiceError) -> None:
        super().__init__(error.detail, "", 0)
        self.error = error


def deeper_than(value: object, limit: int) -> bool:
    """Whether `value` nests lists and objects more than `limit` deep (iteratively: a recursive
    walk would itself hit Python's recursion limit)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        children: Any
        if isinstance(node, dict):
            children = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _message_problem(message: object) -> str | None:
    """What makes a graphql-transport-ws message unreadable, if anything: strawberry reads its
    fields unchecked, so a list, a number as an id or a string as a payload raised inside its
    loop (a server error, the socket dropped) instead of the protocol's 4400 close."""
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return "a message is an object with a type"
    kind = message["type"]
    if kind in ("connection_init", "ping", "pong"):
        payload = message.get("payload")
        return None if payload is None or isinstance(payload, dict) else "invalid payload"
    if kind not in ("subscribe", "complete"):
        return None  # strawberry closes on an unknown type itself
    op_id = message.get("id")
    if not isinstance(op_id, str) or not 0 < len(op_id.encode()) <= MAX_OPERATION_ID_BYTES:
        return f"an id is a string of 1 to {MAX_OPERATION_ID_BYTES} bytes"
    if kind == "complete":
        return None
    payload = message.get("payload")
    if not isinstance(payload, dict) or not isinstance(payload.get("query"), str):
        return "a subscribe payload is an object with a query"
    for key in ("variables", "extensions"):
        if not isinstance(payload.get(key), dict | None):
            return f"{key} must be an object"
    if not isinstance(payload.get("operationName"), str | None):
        return "operationName must be a string"
    return None


class KeepAliveTransportWS(BaseGraphQLTransportWSHandler[Any, Any]):
    """graphql-transport-ws with server pings, so proxies keep idle subscriptions open; every
    operation charged to the rate limits and held against the subscription caps
    (`service.limits.SubscriptionSlots`); malformed messages closed on, errors in the
    connection's language."""

    keepalive_seconds = 15.0
    _pinger: asyncio.Task[None] | None = None

    async def handle_connection_init(self, message: ConnectionInitMessage) -> None:
        await super().handle_connection_init(message)
        if self.connection_acknowledged and self._pinger is None:
            self._pinger = asyncio.create_task(self._ping())

    async def _ping(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                await asyncio.sleep(self.keepalive_seconds)
                await self.send_message({"type": "ping", "payload": {"keepalive": True}})

    async def handle_message(self, message: Any) -> None:
        problem = _message_problem(message)
        if problem is not None:
            await self.handle_invalid_message(problem)
            return
        await super().handle_message(message)

    async def handle_subscribe(self, message: SubscribeMessage) -> None:
        if not self.connection_acknowledged or message["id"] in self.operations:
            await super().handle_subscribe(message)  # closes the socket, as the protocol says
            return
        request = self.context["request"]
        view: CovenGraphQL = self.view  # type: ignore[assignment]
        try:
            await self._charge(request)
            release = view.subscriptions.take(client_address(request.scope), len(self.operations))
        except ServiceError as exc:
            error = format_error(as_graphql_error(exc))
            await self.send_message({"id": message["id"], "type": "error", "payload": [error]})
            return
        await super().handle_subscribe(message)
        operation = self.operations.get(message["id"])
        if operation is None or operation.task is None:
            release()
        else:
            # Done when the operation completes, fails, or is cancelled (a complete message,
            # the socket closed): the slot is free again then, whichever happened.
            operation.task.add_done_callback(lambda _task: release())

    async def _send_result_stream(self, operation: Any, result_source: Any) -> None:
        """An error raised before the operation's first result (a syntax error or a busy
        refusal from `Documents`, raised by the parsing hook as strawberry's ParserCache did)
        is the operation's `error` message; strawberry only logged it and sent `complete`."""
        try:
            await super()._send_result_stream(operation, result_source)
        except GraphQLError as error:
            await operation.send_initial_errors([shaped(error)])

    async def _charge(self, request: Any) -> None:
        """Charges the operation to the rate limits, like one HTTP request (OperationCost
        charges its further root fields); `RateLimited` when they are spent."""
        try:
            token = connection_token(self.context)
        except BadToken:
            token = None
        try:
            wait = await charge(request.app.state.store, request.scope, token)
        except PoolExhausted:
            raise busy() from None
        except UNREACHABLE:
            raise unavailable_error() from None
        if wait:
            raise RateLimited(
                N_("too many operations; try again in {wait} s").format(wait=wait),
                retry_after=wait,
            )

    async def send_message(self, message: Any) -> None:
        tr = i18n.translator(str(self.context.get("lang") or negotiated(self.context)))
        if tr is not None:
            payload = message.get("payload")
            errors = payload if message.get("type") == "error" else None
            if message.get("type") == "next" and isinstance(payload, dict):
                errors = payload.get("errors")
            for error in errors or ():
                error["message"] = tr.text(error["message"])
                if error.get("extensions"):
                    error["extensions"] = tr.localise(error["extensions"])
        await super().send_message(message)

    async def handle_task_exception(self, error: Exception) -> None:
        # A client that went away while its subscription was sending is not a server error.
        if not isinstance(error, WebSocketDisconnected):
            await super().handle_task_exception(error)

    async def shutdown(self) -> None:
        if self._pinger is not None:
            self._pinger.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pinger
        await super().shutdown()


class TextFramesAdapter(ASGIWebSocketAdapter):
    """graphql-transport-ws messages as text frames, as the protocol has them: strawberry sends
    the bytes of `encode_json` (orjson) as binary frames, which a browser's graphql-ws client
    takes for an invalid message and closes the connection on (the web client's live updates).
    A message larger than an HTTP body may be closes the socket (1009) unread."""

    async def iter_json(self, *, ignore_parsing_errors: bool = False) -> AsyncGenerator[object]:
        view: CovenGraphQL = self.view  # type: ignore[assignment]
        try:
            while self.ws.application_state != WebSocketState.DISCONNECTED:
                text = await self.ws.receive_text()
                if len(text) > view.max_message_bytes:
                    await self.close(1009, "message too big")
                    return
                try:
                    yield self.view.decode_json(text)
                except json.JSONDecodeError as exc:
                    if not ignore_parsing_errors:
                        raise NonJsonMessageReceived from exc
        except KeyError as exc:  # Starlette: a binary frame
            raise NonTextMessageReceived from exc
        except WebSocketDisconnect:
            pass

    async def send_json(self, message: Mapping[str, object]) -> None:
        try:
            await self.ws.send_text(orjson.dumps(message).decode())
        except (WebSocketDisconnect, RuntimeError) as exc:
            # Starlette says a closed socket with a RuntimeError once the close is under way.
            raise WebSocketDisconnected from exc


class Refusal(HTTPException):
    """A request refused before any operation ran: answered as a GraphQL error with the
    error's code and HTTP status (and `headers`), never strawberry's plain-text reason."""

    def __init__(self, error: ServiceError, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(error.status, error.detail)
        self.error = error
        self.headers = dict(headers or {})


# Strawberry's reasons for refusing an HTTP request, as the service's errors.
_REFUSALS: Final[dict[str, Callable[[], ServiceError]]] = {
    "Unsupported content type": lambda: UnsupportedMediaType(
        N_(
            "a GraphQL request is a POST with a JSON body (Content-Type: application/json), "
            "or a GET with ?query= for a query"
        )
    ),
    "Batching is not enabled": lambda: MalformedInput(
        N_("send one operation per request: a JSON array of operations is not accepted")
    ),
    "The GraphQL operation's `query` must be a string or null, if provided.": lambda: (
        MalformedInput(N_("query must be a string"))
    ),
    "The GraphQL operation's `variables` must be an object or null, if provided.": lambda: (
        MalformedInput(N_("variables must be an object"))
    ),
    "The GraphQL operation's `extensions` must be an object or null, if provided.": lambda: (
        MalformedInput(N_("extensions must be an object"))
    ),
}


class CovenGraphQL(GraphQL[Any, Any]):
    graphql_transport_ws_handler_class = KeepAliveTransportWS
    websocket_adapter_class = TextFramesAdapter

    def __init__(
        self,
        keepalive_seconds: float,
        allowed_origins: Sequence[str] = (),
        subscriptions: SubscriptionSlots | None = None,
        extensions: Sequence[Callable[[], SchemaExtension]] = (),
        documents: Documents | None = None,
        max_message_bytes: int = 65536,
    ) -> None:
        handler: Any = type(
            "Handler", (KeepAliveTransportWS,), {"keepalive_seconds": keepalive_seconds}
        )
        self.graphql_transport_ws_handler_class = handler
        self.subscriptions = subscriptions or SubscriptionSlots(100, 0, 0)
        self.max_message_bytes = max_message_bytes
        super().__init__(
            make_schema(extensions, documents),
            # GraphiQL from the vendored assets (`render_graphql_ide`), never strawberry's CDN page.
            graphql_ide="graphiql",
            # The WebSocket origin check follows COVEN_CORS_ORIGINS, like the HTTP answers.
            allowed_origins=allowed_origins,
            # Queries only: `execute_single` refuses a mutation sent by GET.
            allow_queries_via_get=True,
            subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
            connection_init_wait_timeout=timedelta(seconds=30),
            # `self.subscriptions` holds the cap, with a typed refusal.
            max_subscriptions_per_connection=None,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        request = Request(scope=scope, receive=receive)
        try:
            response = await self.run(request)
        except HTTPException as exc:
            response = _refused(request, exc)
        await response(scope, receive, send)

    def encode_json(self, data: object) -> bytes:
        return orjson.dumps(data)

    def decode_json(self, data: str | bytes) -> object:
        """orjson, and JSON nested at most MAX_JSON_DEPTH deep: the stdlib parser strawberry
        uses raised RecursionError (a 500) on a deeply nested body, variables or extensions."""
        too_deep = MalformedInput(
            N_("the request nests JSON more than {limit} levels deep").format(limit=MAX_JSON_DEPTH)
        )
        try:
            value = orjson.loads(data)
        except orjson.JSONDecodeError as exc:
            if "depth limit" in exc.msg:  # orjson's own bound (1,024 levels)
                raise BadJson(too_deep) from None
            raise BadJson(
                MalformedInput(
                    N_("the request is not valid JSON (line {line}, column {column})").format(
                        line=exc.lineno, column=exc.colno
                    )
                )
            ) from None
        if deeper_than(value, MAX_JSON_DEPTH):
            raise BadJson(too_deep)
        return value

    def parse_json(self, data: str | bytes) -> Any:
        try:
            return self.decode_json(data)
        except BadJson as exc:
            raise Refusal(exc.error) from None

    async def render_graphql_ide(self, request: Any) -> HTMLResponse:
        return HTMLResponse(explorers.page(explorers.GRAPHIQL_PAGE))

    async def execute_single(
        self,
        request: Any,
        request_adapter: Any,
        sub_response: Any,
        context: Any,
        root_value: Any,
        request_data: GraphQLRequestData,
    ) -> ExecutionResult:
        """Queries and mutations over HTTP POST, queries only over GET: a page on any site
        can make a browser send a GET (an image, a link) without asking this server first, so
        a mutation sent by GET is refused (405) before it runs. A subscription gets a typed
        error, since it is served over WebSocket only (strawberry would run it as a query and
        fail inside). Variables that cannot be written back (lone surrogates) are refused like
        REST bodies. Error messages are in the request's language (`graphql_context.lang`)."""
        allowed = {OperationType.QUERY}
        if request_adapter.method == "POST":
            allowed.add(OperationType.MUTATION)
        result = await self._execute(context, root_value, request_data, allowed)
        if result.data is None and sub_response.status_code is None:
            # Refused as busy before it ran (`Documents`): a 503 with Retry-After, as REST.
            for error in result.errors or ():
                extensions = error.extensions or {}
                if extensions.get("code") == ServiceUnavailable.code:
                    sub_response.status_code = ServiceUnavailable.status
                    sub_response.headers["Retry-After"] = str(extensions["retry_after"])
                    break
        finish_errors(result.errors or [], context)
        return result

    async def _execute(
        self,
        context: Any,
        root_value: Any,
        request_data: GraphQLRequestData,
        allowed: set[OperationType],
    ) -> ExecutionResult:
        try:
            check_writable(request_data.variables)
        except MalformedInput as exc:
            return ExecutionResult(data=None, errors=[as_graphql_error(exc)])
        try:
            return await self.schema.execute(
                request_data.query,
                root_value=root_value,
                variable_values=request_data.variables,
                context_value=context,
                operation_name=request_data.operation_name,
                allowed_operation_types=allowed,
                operation_extensions=request_data.extensions,
            )
        except InvalidOperationTypeError as exc:
            if exc.operation_type is OperationType.MUTATION:
                raise Refusal(
                    MethodNotAllowed(
                        N_(
                            "a mutation is sent by POST: GET runs queries only, since any web "
                            "page can make a browser send a GET"
                        )
                    ),
                    {"Allow": "POST"},
                ) from None
            error = MalformedInput(
                N_(
                    "subscriptions are served over WebSocket (graphql-transport-ws) at /graphql, "
                    "not over HTTP"
                )
            )
            return ExecutionResult(data=None, errors=[as_graphql_error(error)])
        except CannotGetOperationTypeError as exc:
            if exc.operation_name is None:
                raise Refusal(MalformedInput(N_("the document has no operation to run"))) from None
            raise Refusal(
                MalformedInput(
                    N_("the document has no operation named {name}").format(
                        name=repr(exc.operation_name)
                    )
                )
            ) from None
        except MissingQueryError:
            raise Refusal(MalformedInput(N_("No GraphQL query found in the request"))) from None

    async def process_result(self, request: Any, result: ExecutionResult) -> GraphQLHTTPResponse:
        data: GraphQLHTTPResponse = {"data": result.data}
        if result.errors:
            data["errors"] = [format_error(e) for e in result.errors]
        if result.extensions:
            data["extensions"] = result.extensions
        return data


def _refused(request: Request, exc: HTTPException) -> Response:
    """The answer to a request refused before any operation ran, in the request's language."""
    headers: dict[str, str] = {}
    if isinstance(exc, Refusal):
        error, headers = exc.error, exc.headers
    elif exc.status_code == 405:
        error = MethodNotAllowed(N_("GraphQL over HTTP is a POST, or a GET for a query"))
        headers = {"Allow": "GET, POST"}
    else:
        make = _REFUSALS.get(exc.reason)
        error = make() if make is not None else MalformedInput(exc.reason)
    body: dict[str, Any] = {"data": None, "errors": [format_error(as_graphql_error(error))]}
    tr = i18n.translator(i18n.negotiate(request.headers.get("accept-language")))
    if tr is not None:
        body = tr.localise(body)
    return Response(orjson.dumps(body), error.status, headers, media_type="application/json")
