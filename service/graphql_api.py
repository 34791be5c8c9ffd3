"""GraphQL at /graphql (strawberry): the same operations as REST, over `service.games`.

Errors carry `extensions.code` (the same codes as REST's problem+json `code`) and the same extra
members (`current_version`, `problems`, `retry_after`). Parsing and validation are cached
(ParserCache, ValidationCache): validation dominates small queries otherwise. The seat's view is
one JSON scalar, cheaper than thousands of resolved fields. Subscriptions use the
graphql-transport-ws protocol; the server pings idle connections every `keepalive_seconds`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, Awaitable
from datetime import timedelta
from typing import Any, TypeVar

import orjson
import strawberry
from graphql import GraphQLError
from strawberry.asgi import GraphQL
from strawberry.extensions import ParserCache, ValidationCache
from strawberry.http import GraphQLHTTPResponse
from strawberry.scalars import JSON
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import (
    BaseGraphQLTransportWSHandler,
)
from strawberry.subscriptions.protocols.graphql_transport_ws.types import ConnectionInitMessage
from strawberry.types import ExecutionResult, Info

from rules.core.errors import IllegalMove
from service import auth
from service.errors import BadToken, ServiceError, from_rules
from service.games import GameService, catalog
from service.limits import client_address
from service.live import seat_updates
from service.unavailable import UNREACHABLE, unavailable_error

T = TypeVar("T")


@strawberry.type
class LegalMove:
    id: str
    value: JSON
    label: str


@strawberry.type(description="One change of the game as this seat may see it.")
class Event:
    version: int
    seat: str
    kind: str
    changes: JSON = strawberry.field(description="JSON Patch of the spectator's view.")
    move: LegalMove | None = strawberry.field(
        description="The move itself, only for the seat that made it."
    )


@strawberry.type
class Seat:
    seat: str
    kind: str
    level: str | None
    open: bool


@strawberry.type(description="The game as one seat (or a spectator) sees it.")
class SeatGame:
    id: strawberry.ID
    game: str
    version: int
    seat: str | None
    status: str
    to_move: str | None
    your_decision: bool
    seats: list[Seat]
    options: JSON
    view: JSON
    legal_moves: list[LegalMove]
    outcome: JSON | None
    events: list[Event]


@strawberry.type
class SeatToken:
    seat: str
    token: str


@strawberry.type
class CreatedGame:
    id: strawberry.ID
    game: str
    version: int
    tokens: list[SeatToken]
    seats: list[Seat]


@strawberry.type
class JoinedGame:
    id: strawberry.ID
    seat: str
    token: str


@strawberry.type
class LobbyGame:
    id: strawberry.ID
    game: str
    options: JSON
    seats: list[Seat]
    open_seats: list[str]
    created: float


@strawberry.type
class CatalogGame:
    name: str
    seats: list[str]
    default_options: JSON
    ai_levels: list[str]
    catalog: JSON


@strawberry.type
class Catalog:
    games: list[CatalogGame]
    ai_levels: list[str]
    seat_kinds: list[str]


@strawberry.type
class HintMove:
    move: LegalMove
    visits: int
    win_rate: float


@strawberry.type
class Hint:
    game_id: strawberry.ID
    version: int
    seat: str
    level: str
    moves: list[HintMove]


@strawberry.input
class SeatInput:
    seat: str
    kind: str = strawberry.field(description="human, open or ai")
    level: str | None = None


@strawberry.input
class CreateGameInput:
    game: str
    options: JSON | None = None
    seed: str | None = None
    seats: list[SeatInput] = strawberry.field(default_factory=list)


def _move(d: dict[str, Any]) -> LegalMove:
    return LegalMove(id=d["id"], value=d["value"], label=d["label"])


def _event(d: dict[str, Any]) -> Event:
    move = d.get("move")
    return Event(
        version=d["version"],
        seat=d["seat"],
        kind=d["kind"],
        changes=d["changes"],
        move=_move(move) if move else None,
    )


def _seat(d: dict[str, Any]) -> Seat:
    return Seat(seat=d["seat"], kind=d["kind"], level=d["level"], open=d["open"])


def seat_game(d: dict[str, Any]) -> SeatGame:
    return SeatGame(
        id=strawberry.ID(d["id"]),
        game=d["game"],
        version=d["version"],
        seat=d["seat"],
        status=d["status"],
        to_move=d["to_move"],
        your_decision=d["your_decision"],
        seats=[_seat(s) for s in d["seats"]],
        options=d["options"],
        view=d["view"],
        legal_moves=[_move(m) for m in d["legal_moves"]],
        outcome=d["outcome"],
        events=[_event(e) for e in d["events"]],
    )


def as_graphql_error(error: ServiceError) -> GraphQLError:
    return GraphQLError(
        error.detail, extensions={"code": error.code, "status": error.status, **error.extra}
    )


async def _guard(call: Awaitable[T], info: Info | None = None) -> T:
    try:
        return await call
    except ServiceError as exc:
        raise as_graphql_error(exc) from None
    except IllegalMove as exc:
        raise as_graphql_error(from_rules(exc)) from None
    except UNREACHABLE:
        error = unavailable_error()
        response = info.context.get("response") if info is not None else None
        if response is not None and hasattr(response, "status_code"):  # not a WebSocket
            response.status_code = error.status
            response.headers["Retry-After"] = str(error.extra["retry_after"])
        raise as_graphql_error(error) from None


def _service(info: Info) -> GameService:
    service: GameService = info.context["request"].app.state.service
    return service


def _token(info: Info) -> str | None:
    """The seat token: the Authorization header, or for WebSockets the connection_init payload
    (`{"Authorization": "Bearer <token>"}` or `{"token": "<token>"}`)."""
    try:
        header = info.context["request"].headers.get("authorization")
        token = auth.bearer(header)
        if token is not None:
            return token
        params = info.context.get("connection_params") or {}
        if not isinstance(params, dict):
            return None
        if params.get("token") is not None:
            return str(params["token"])
        return auth.bearer(params.get("Authorization") or params.get("authorization"))
    except BadToken as exc:
        raise as_graphql_error(exc) from None


@strawberry.type
class Query:
    @strawberry.field(description="The games, their seats and options, AI levels and catalogs.")
    def catalog(self) -> Catalog:
        data = catalog()
        return Catalog(
            games=[
                CatalogGame(
                    name=g["name"],
                    seats=g["seats"],
                    default_options=g["default_options"],
                    ai_levels=g["ai_levels"],
                    catalog=g["catalog"],
                )
                for g in data["games"]
            ],
            ai_levels=data["ai_levels"],
            seat_kinds=data["seat_kinds"],
        )

    @strawberry.field(description="The lobby: unfinished games with an open seat.")
    async def open_games(self, info: Info, limit: int = 50) -> list[LobbyGame]:
        games = await _guard(_service(info).lobby(limit), info)
        return [
            LobbyGame(
                id=strawberry.ID(g["id"]),
                game=g["game"],
                options=g["options"],
                seats=[_seat(s) for s in g["seats"]],
                open_seats=g["open_seats"],
                created=g["created"],
            )
            for g in games
        ]

    @strawberry.field(description="The game as the token's seat sees it (no token: spectator).")
    async def game(
        self,
        info: Info,
        id: strawberry.ID,
        events_after: int | None = None,
        events_limit: int | None = None,
    ) -> SeatGame:
        data = await _guard(
            _service(info).read(str(id), _token(info), events_after, events_limit), info
        )
        return seat_game(data)

    @strawberry.field(description="The event log as the token's seat may see it.")
    async def events(
        self, info: Info, game_id: strawberry.ID, after: int | None = None, limit: int | None = None
    ) -> list[Event]:
        data = await _guard(_service(info).events(str(game_id), _token(info), after, limit), info)
        return [_event(e) for e in data]


@strawberry.type
class Mutation:
    @strawberry.mutation(description="Create a game; returns the token of every human seat.")
    async def create_game(self, info: Info, input: CreateGameInput) -> CreatedGame:
        options = input.options
        if options is not None and not isinstance(options, dict):
            raise as_graphql_error(_malformed("options must be an object"))
        seats = [{"seat": s.seat, "kind": s.kind, "level": s.level} for s in input.seats]
        created = await _guard(
            _service(info).create(
                input.game,
                options,
                input.seed,
                seats,
                client_address(info.context["request"].scope),
            ),
            info,
        )
        return CreatedGame(
            id=strawberry.ID(created["id"]),
            game=created["game"],
            version=created["version"],
            tokens=[SeatToken(seat=k, token=v) for k, v in created["tokens"].items()],
            seats=[_seat(s) for s in created["seats"]],
        )

    @strawberry.mutation(description="Take an open seat (any, or the one named).")
    async def join_game(
        self, info: Info, game_id: strawberry.ID, seat: str | None = None
    ) -> JoinedGame:
        joined = await _guard(_service(info).join(str(game_id), seat), info)
        return JoinedGame(
            id=strawberry.ID(joined["id"]), seat=joined["seat"], token=joined["token"]
        )

    @strawberry.mutation(
        description="Make a move by id or by value, at the version it was "
        "chosen at. The same idempotencyKey returns the first result again."
    )
    async def move(
        self,
        info: Info,
        game_id: strawberry.ID,
        version: int,
        move_id: str | None = None,
        value: JSON | None = None,
        idempotency_key: str | None = None,
    ) -> SeatGame:
        if (move_id is None) == (value is None):
            raise as_graphql_error(_malformed("give exactly one of moveId and value"))
        if value is not None and not isinstance(value, dict):
            raise as_graphql_error(_malformed("a move value must be an object"))
        move: Any = move_id if move_id is not None else value
        data = await _guard(
            _service(info).move(str(game_id), _token(info), version, move, idempotency_key),
            info,
        )
        return seat_game(data)

    @strawberry.mutation(description="Resign: every other seat wins.")
    async def resign(
        self, info: Info, game_id: strawberry.ID, version: int | None = None
    ) -> SeatGame:
        return seat_game(
            await _guard(_service(info).resign(str(game_id), _token(info), version), info)
        )

    @strawberry.mutation(description="The AI's analysis of this seat's decision.")
    async def hint(self, info: Info, game_id: strawberry.ID, level: str | None = None) -> Hint:
        data = await _guard(_service(info).hint(str(game_id), _token(info), level), info)
        return Hint(
            game_id=strawberry.ID(data["game_id"]),
            version=data["version"],
            seat=data["seat"],
            level=data["level"],
            moves=[
                HintMove(move=_move(m["move"]), visits=m["visits"], win_rate=m["win_rate"])
                for m in data["moves"]
            ],
        )


def _malformed(detail: str) -> ServiceError:
    from service.errors import MalformedInput

    return MalformedInput(detail)


@strawberry.type
class Subscription:
    @strawberry.subscription(
        description="The seat's game now, then after every change; ends "
        "after the game is over. Token in the connection_init payload."
    )
    async def game(self, info: Info, id: strawberry.ID) -> AsyncGenerator[SeatGame, None]:
        service = _service(info)
        updates = seat_updates(
            service,
            info.context["request"].app.state.broadcaster,
            str(id),
            _token(info),
            service.settings.keepalive_seconds,
        )
        try:
            while True:
                try:
                    update = await anext(updates)
                except StopAsyncIteration:
                    return
                except ServiceError as exc:
                    raise as_graphql_error(exc) from None
                except UNREACHABLE:
                    raise as_graphql_error(unavailable_error()) from None
                if update is not None:
                    yield seat_game(update)
        finally:
            await updates.aclose()


class CovenSchema(strawberry.Schema):
    """Logs only unexpected errors: a typed service error (it has a code) is an answer."""

    def process_errors(self, errors: list[GraphQLError], execution_context: Any = None) -> None:
        unexpected = [
            e for e in errors if "code" not in (e.extensions or {}) and e.original_error is not None
        ]
        super().process_errors(unexpected, execution_context)


schema = CovenSchema(
    query=Query,
    mutation=Mutation,
    subscription=Subscription,
    extensions=[lambda: ParserCache(maxsize=256), lambda: ValidationCache(maxsize=256)],
)


class KeepAliveTransportWS(BaseGraphQLTransportWSHandler[Any, Any]):
    """graphql-transport-ws with server pings, so proxies keep idle subscriptions open."""

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

    async def shutdown(self) -> None:
        if self._pinger is not None:
            self._pinger.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pinger
        await super().shutdown()


class CovenGraphQL(GraphQL[Any, Any]):
    graphql_transport_ws_handler_class = KeepAliveTransportWS

    def __init__(self, keepalive_seconds: float) -> None:
        handler: Any = type(
            "Handler", (KeepAliveTransportWS,), {"keepalive_seconds": keepalive_seconds}
        )
        self.graphql_transport_ws_handler_class = handler
        super().__init__(
            schema,
            graphql_ide=None,
            allow_queries_via_get=False,
            subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
            connection_init_wait_timeout=timedelta(seconds=30),
        )

    def encode_json(self, data: object) -> bytes:
        return orjson.dumps(data)

    async def process_result(self, request: Any, result: ExecutionResult) -> GraphQLHTTPResponse:
        data: GraphQLHTTPResponse = {"data": result.data}
        if result.errors:
            data["errors"] = [format_error(e) for e in result.errors]
        if result.extensions:
            data["extensions"] = result.extensions
        return data


def format_error(error: GraphQLError) -> dict[str, Any]:
    """Every error gets a code: errors without one are malformed queries (syntax, validation,
    variable types); anything unexpected is masked as an internal error."""
    formatted: dict[str, Any] = dict(error.formatted)
    extensions = dict(formatted.get("extensions") or {})
    if "code" not in extensions:
        if error.original_error is None or isinstance(error.original_error, GraphQLError):
            extensions["code"] = "MALFORMED_INPUT"
        else:
            extensions["code"] = "INTERNAL_ERROR"
            formatted["message"] = "internal error"
    formatted["extensions"] = extensions
    return formatted
