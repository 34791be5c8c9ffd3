"""GraphQL at /graphql (strawberry): the same operations as REST, over `service.games`.

Errors carry `extensions.code` (the same codes as REST's problem+json `code`) and the same extra
members (`current_version`, `problems`, `retry_after`), on every channel; an unexpected error
leaves as `internal error` (`shaped`). Parsing and validation run in a thread of their own and
are cached (`Documents`): validation dominates small queries, and a large document would hold
the event loop. Over HTTP, GET runs queries only; a refused request is a GraphQL error with
its code and status, never plain text (`Refusal`). The seat's view is one JSON scalar, cheaper
than thousands of resolved fields. Subscriptions use the graphql-transport-ws protocol; the
server pings idle connections every `keepalive_seconds`, and each operation is charged and
capped (`KeepAliveTransportWS`).

Texts (move labels, prompts, log entries, outcomes, error messages) are in the language of the
`lang` argument of the field that returns them, else of the request's Accept-Language
(`service.i18n`); error messages follow the last `lang` given, else Accept-Language.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import json
import threading
from collections import OrderedDict
from collections.abc import (
    AsyncGenerator,
    AsyncIterator,
    Awaitable,
    Callable,
    Iterator,
    Mapping,
    Sequence,
)
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from functools import partial
from typing import Annotated, Any, Final, TypeVar, cast

import orjson
import strawberry
from cross_web import HTTPException
from graphql import DocumentNode, GraphQLError, GraphQLSchema, OperationDefinitionNode, parse
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
from strawberry.scalars import JSON
from strawberry.schema.exceptions import CannotGetOperationTypeError, InvalidOperationTypeError
from strawberry.schema.schema import validate_document
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import (
    BaseGraphQLTransportWSHandler,
)
from strawberry.subscriptions.protocols.graphql_transport_ws.types import (
    ConnectionInitMessage,
    SubscribeMessage,
)
from strawberry.types import ExecutionResult, Info
from strawberry.types.graphql import OperationType

from gamestore.pool import PoolExhausted
from rules.core import N_, IllegalMove
from service import (
    auth,
    catalog_text,
    explorers,
    graphql_records,
    graphql_views,
    graphql_webhooks,
    i18n,
    mine,
    rematch,
    transcripts,
    webhooks,
)
from service.errors import (
    INTERNAL_DETAIL,
    BadToken,
    IllegalMoveError,
    MalformedInput,
    MethodNotAllowed,
    RateLimited,
    ServiceError,
    ServiceUnavailable,
    UnsupportedMediaType,
    from_rules,
)
from service.fanout import Update, seat_updates
from service.games import GameService
from service.limits import SubscriptionSlots, charge, client_address
from service.replication import ReplicationExtension
from service.unavailable import UNREACHABLE, busy, unavailable_error
from service.validation import check_writable

T = TypeVar("T")


@strawberry.enum(description="The language of the texts of an answer.")
class Language(enum.Enum):
    EN = "en"
    ES = "es"


LangArg = Annotated[
    Language | None,
    strawberry.argument(
        description="The language of the texts in the answer (default: the Accept-Language "
        "header's, else English)."
    ),
]


def _lang(info: Info, lang: Language | None = None) -> str:
    """The language of a field's texts: its `lang`, else the request's Accept-Language. A
    field's `lang` is kept in the context for the error messages of the request."""
    if lang is not None:
        info.context["lang"] = lang.value
        return lang.value
    return str(info.context.get("lang") or _negotiated(info.context))


def _negotiated(context: Any) -> str:
    request = context.get("request") if isinstance(context, dict) else None
    headers = getattr(request, "headers", None)
    return i18n.negotiate(headers.get("accept-language") if headers is not None else None)


@strawberry.type
class LegalMove:
    id: str
    value: JSON = strawberry.field(description="The move's value, to send back as it is.")
    label: str

    @strawberry.field(graphql_type=graphql_views.MoveKind, description="The move's kind.")
    def kind(self) -> Any:
        return graphql_views.move_kind(self.value)

    @strawberry.field(graphql_type=graphql_views.MoveArgs, description="The value's arguments.")
    def args(self) -> Any:
        return graphql_views.move_args(self.value)


@strawberry.type(description="What the reading seat may know of a move (the public log).")
class Description:
    text: str
    actor: str
    action: str
    decision: str
    args: JSON = strawberry.field(description="The move's arguments the reader may see.")
    hidden: list[str] = strawberry.field(description="The names of those withheld from it.")


@strawberry.input(description="One move of a batch: a legal move's id or its value.")
class MoveInput:
    move_id: str | None = None
    value: JSON | None = None


@strawberry.type(description="One seat's clock.")
class SeatClock:
    seat: str
    remaining_seconds: float = strawberry.field(
        description="Seconds left: counting down for the running seat; for the others what "
        "they will have when their clock starts."
    )
    away: bool = strawberry.field(
        description="Whether an AI plays this seat since it timed out (until its player is back)."
    )


@strawberry.type(description="A game's turn clock (exactly one of the three seconds is set).")
class Clock:
    decision_seconds: float | None = strawberry.field(description="Seconds per decision.")
    turn_seconds: float | None = strawberry.field(description="Seconds per turn.")
    budget_seconds: float | None = strawberry.field(description="Each seat's starting bank.")
    increment_seconds: float | None = strawberry.field(
        description="Added to a budget seat's bank when its turn ends."
    )
    on_timeout: str = strawberry.field(description="forfeit, or ai:<level>.")
    running: str | None = strawberry.field(description="The seat whose clock runs now.")
    deadline: str | None = strawberry.field(description="When its time is up: ISO 8601, UTC.")
    seats: list[SeatClock]


@strawberry.type(description="Open seats the AI takes when nobody has taken them in time.")
class FillOpenSeats:
    after_seconds: float = strawberry.field(description="Seconds after the game's creation.")
    level: str = strawberry.field(description="The AI level that takes them.")
    at: str = strawberry.field(description="When: ISO 8601, UTC.")


def _clock(d: dict[str, Any] | None) -> Clock | None:
    if d is None:
        return None
    return Clock(
        decision_seconds=d.get("decision_seconds"),
        turn_seconds=d.get("turn_seconds"),
        budget_seconds=d.get("budget_seconds"),
        increment_seconds=d.get("increment_seconds"),
        on_timeout=d["on_timeout"],
        running=d["running"],
        deadline=d["deadline"],
        seats=[SeatClock(**c) for c in d["seats"]],
    )


@strawberry.type(description="One change of the game as this seat may see it.")
class Event:
    version: int
    seat: str
    kind: str
    at: str | None = strawberry.field(description="When: ISO 8601, UTC.")
    description: Description | None
    changes: JSON = strawberry.field(description="JSON Patch of the spectator's view.")
    move: LegalMove | None = strawberry.field(
        description="The move itself, only for the seat that made it."
    )
    seat_name: str | None = strawberry.field(
        default=None, description="The display name of `seat`."
    )
    clock: Clock | None = strawberry.field(
        default=None, description="A clocked game's clock just after this change."
    )
    seed_commitment: str | None = strawberry.field(
        default=None, description="In the game's first event: the seed commitment."
    )


@strawberry.type
class Seat:
    seat: str
    kind: str
    level: str | None
    open: bool
    name: str | None = strawberry.field(default=None, description="The seat's display name.")


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
    view_json: JSON = strawberry.field(description="The view as one JSON value.")
    legal_moves: list[LegalMove]
    outcome: JSON | None
    events: list[Event]
    rematch: strawberry.ID | None = strawberry.field(
        default=None, description="The id of this finished game's rematch, once a seat asked."
    )
    clock: Clock | None = strawberry.field(
        default=None, description="The turn clock, read now (null: the game has none)."
    )
    fill_open_seats: FillOpenSeats | None = strawberry.field(
        default=None, description="The AI fill-in of open seats (null: none)."
    )
    seed_commitment: str | None = strawberry.field(
        default=None,
        description="SHA-256 of the secret seed and salt, published at the creation; both "
        "are revealed in the record once the game is over (null: a game from before).",
    )

    @strawberry.field(
        graphql_type=graphql_views.GameView, description="What this seat may see, typed."
    )
    def view(self) -> Any:
        return graphql_views.typed_view(self.view_json)


@strawberry.type(
    description="A message of the gamePatches subscription: the whole game first, "
    "then JSON Patches."
)
class GamePatch:
    version: int
    base: int | None = strawberry.field(description="The version the patch applies to.")
    game: JSON | None = strawberry.field(description="The whole game (first message only).")
    patch: JSON | None = strawberry.field(
        description="JSON Patch (RFC 6902) of the previous message's game, events left out."
    )
    events: JSON | None = strawberry.field(
        description="The events since the previous message, without their `changes`."
    )


@strawberry.type
class SeatToken:
    seat: str
    token: str


@strawberry.type
class CreatedGame:
    id: strawberry.ID
    game: str
    version: int
    tokens: list[SeatToken] = strawberry.field(deprecation_reason="Use seatTokens (as REST).")
    seat_tokens: list[SeatToken] = strawberry.field(
        description="The secret token of every human seat."
    )
    seats: list[Seat]


@strawberry.type
class JoinedGame:
    id: strawberry.ID
    seat: str
    token: str
    name: str | None = None


@strawberry.type(description="One seat of a client's games (see myGames).")
class MyGame:
    token_index: int = strawberry.field(description="The position of its token in `tokens`.")
    id: strawberry.ID
    game: str
    seat: str
    name: str | None
    status: str
    to_move: str | None
    version: int
    your_decision: bool
    rematch: strawberry.ID | None


@strawberry.type
class MyGames:
    games: list[MyGame]
    unknown: list[int] = strawberry.field(
        description="Positions of tokens that name no seat of a live game."
    )


@strawberry.type
class RematchGame:
    id: strawberry.ID
    game: str
    rematch_of: strawberry.ID
    seat: str
    token: str
    name: str | None


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
    name: str | None = strawberry.field(
        default=None, description="The seat's display name (1-40 characters)."
    )


@strawberry.input(description="A turn clock: exactly one of the three seconds.")
class ClockInput:
    decision_seconds: float | None = strawberry.field(
        default=None, description="Seconds for every decision of a human seat."
    )
    turn_seconds: float | None = strawberry.field(
        default=None, description="Seconds for a seat's turn (its consecutive decisions)."
    )
    budget_seconds: float | None = strawberry.field(
        default=None, description="Chess-style: each seat's bank of seconds."
    )
    increment_seconds: float | None = strawberry.field(
        default=None, description="Added to a budget seat's bank when its turn ends."
    )
    on_timeout: str = strawberry.field(
        description="forfeit (the game ends, the others win) or ai:<level> (an AI plays the "
        "seat until its player is back)."
    )

    def to_json(self) -> dict[str, Any]:
        raw = {
            "decision_seconds": self.decision_seconds,
            "turn_seconds": self.turn_seconds,
            "budget_seconds": self.budget_seconds,
            "increment_seconds": self.increment_seconds,
            "on_timeout": self.on_timeout,
        }
        return {k: v for k, v in raw.items() if v is not None}


@strawberry.input
class CreateGameInput:
    game: str
    options: JSON | None = None
    seed: str | None = None
    seats: list[SeatInput] = strawberry.field(default_factory=list)
    clock: ClockInput | None = strawberry.field(
        default=None, description="A turn clock (see the REST create body's `clock`)."
    )
    fill_open_seats_after_seconds: float | None = strawberry.field(
        default=None,
        description="Open seats nobody took this long after the creation go "
        "to the AI at fillLevel.",
    )
    fill_level: str | None = strawberry.field(
        default=None, description="The AI level that fills open seats (default medium)."
    )


def _move(d: dict[str, Any]) -> LegalMove:
    return LegalMove(id=d["id"], value=d["value"], label=d["label"])


def _description(d: dict[str, Any] | None) -> Description | None:
    if d is None:
        return None
    return Description(
        text=d["text"],
        actor=d["actor"],
        action=d["action"],
        decision=d["decision"],
        args=d["args"],
        hidden=d["hidden"],
    )


def _event(d: dict[str, Any]) -> Event:
    move = d.get("move")
    return Event(
        version=d["version"],
        seat=d["seat"],
        kind=d["kind"],
        at=d.get("at"),
        description=_description(d.get("description")),
        changes=d["changes"],
        move=_move(move) if move else None,
        seat_name=d.get("seat_name"),
        clock=_clock(d.get("clock")),
        seed_commitment=d.get("seed_commitment"),
    )


def _seat(d: dict[str, Any]) -> Seat:
    return Seat(
        seat=d["seat"], kind=d["kind"], level=d["level"], open=d["open"], name=d.get("name")
    )


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
        view_json=d["view"],
        legal_moves=[_move(m) for m in d["legal_moves"]],
        outcome=d["outcome"],
        events=[_event(e) for e in d["events"]],
        rematch=strawberry.ID(d["rematch"]) if d.get("rematch") else None,
        clock=_clock(d.get("clock")),
        fill_open_seats=FillOpenSeats(**d["fill_open_seats"]) if d.get("fill_open_seats") else None,
        seed_commitment=d.get("seed_commitment"),
    )


def _game_id(game_id: strawberry.ID | None, old_id: strawberry.ID | None) -> str:
    """`gameId` (the name every operation uses), or the deprecated `id` of `game`."""
    if (game_id is None) == (old_id is None):
        raise as_graphql_error(_malformed(N_("give gameId (or the deprecated id), not both")))
    return str(game_id if game_id is not None else old_id)


GameIdArg = Annotated[
    strawberry.ID | None, strawberry.argument(description="The game id (as REST's game_id).")
]
OldIdArg = Annotated[strawberry.ID | None, strawberry.argument(deprecation_reason="Use gameId.")]


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
    except PoolExhausted:
        raise as_graphql_error(busy()) from None
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
        return connection_token(info.context)
    except BadToken as exc:
        raise as_graphql_error(exc) from None


@strawberry.type
class Query:
    @strawberry.field(
        description="The games, their seats and options, AI levels and catalogs (texts in the "
        "reader's language: docs/localisation.md)."
    )
    def catalog(self, info: Info, lang: LangArg = None) -> Catalog:
        data = catalog_text.catalog_in(_lang(info, lang))
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
        game_id: GameIdArg = None,
        id: OldIdArg = None,
        events_after: int | None = None,
        events_limit: int | None = None,
        lang: LangArg = None,
    ) -> SeatGame:
        code = _lang(info, lang)
        gid = _game_id(game_id, id)
        data = await _guard(
            _service(info).read(gid, _token(info), events_after, events_limit), info
        )
        return seat_game(i18n.localise(data, code))

    @strawberry.field(
        description="The games of these seat tokens (1-50): each one's status, whose turn, "
        "version and whether it is that seat's decision; unknown tokens by position."
    )
    async def my_games(self, info: Info, tokens: list[str]) -> MyGames:
        data = await _guard(mine.my_games(_service(info), tokens))
        return MyGames(
            games=[
                MyGame(
                    token_index=g["token_index"],
                    id=strawberry.ID(g["id"]),
                    game=g["game"],
                    seat=g["seat"],
                    name=g["name"],
                    status=g["status"],
                    to_move=g["to_move"],
                    version=g["version"],
                    your_decision=g["your_decision"],
                    rematch=strawberry.ID(g["rematch"]) if g["rematch"] else None,
                )
                for g in data["games"]
            ],
            unknown=data["unknown"],
        )

    @strawberry.field(description="The event log as the token's seat may see it.")
    async def events(
        self,
        info: Info,
        game_id: strawberry.ID,
        after: int | None = None,
        limit: int | None = None,
        lang: LangArg = None,
    ) -> list[Event]:
        code = _lang(info, lang)
        data = await _guard(_service(info).events(str(game_id), _token(info), after, limit), info)
        return [_event(e) for e in i18n.localise(data, code)]

    @strawberry.field(
        description="The game's record (docs/records.md): while it goes on, what the token's "
        "seat saw (no token: what everyone saw); once it is over, everything."
    )
    async def record(
        self, info: Info, game_id: strawberry.ID, lang: LangArg = None
    ) -> graphql_records.Transcript:
        code = _lang(info, lang)
        data = await _guard(transcripts.record(_service(info), str(game_id), _token(info)), info)
        return graphql_records.transcript({**i18n.localise(data, code), "lang": code})

    @strawberry.field(description="This seat's webhooks in the game (token required).")
    async def webhooks(self, info: Info, game_id: strawberry.ID) -> graphql_webhooks.SeatWebhooks:
        data = await _guard(webhooks.list_webhooks(_service(info), str(game_id), _token(info)))
        return graphql_webhooks.seat_webhooks(data)

    @strawberry.field(
        description="The delivery log of this seat's webhooks, newest first (token required)."
    )
    async def webhook_deliveries(
        self, info: Info, game_id: strawberry.ID, limit: int | None = None
    ) -> list[graphql_webhooks.WebhookDelivery]:
        data = await _guard(
            webhooks.deliveries(_service(info), str(game_id), _token(info), limit), info
        )
        return [graphql_webhooks.delivery(d) for d in data["deliveries"]]


@strawberry.type
class Mutation:
    @strawberry.mutation(description="Create a game; returns the token of every human seat.")
    async def create_game(self, info: Info, input: CreateGameInput) -> CreatedGame:
        options = input.options
        if options is not None and not isinstance(options, dict):
            raise as_graphql_error(_malformed(N_("options must be an object")))
        seats = [
            {"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name} for s in input.seats
        ]
        created = await _guard(
            _service(info).create(
                input.game,
                options,
                input.seed,
                seats,
                client_address(info.context["request"].scope),
                input.clock.to_json() if input.clock is not None else None,
                input.fill_open_seats_after_seconds,
                input.fill_level,
            ),
            info,
        )
        tokens = [SeatToken(seat=t["seat"], token=t["token"]) for t in created["seat_tokens"]]
        return CreatedGame(
            id=strawberry.ID(created["id"]),
            game=created["game"],
            version=created["version"],
            tokens=tokens,
            seat_tokens=tokens,
            seats=[_seat(s) for s in created["seats"]],
        )

    @strawberry.mutation(description="Take an open seat (any, or the one named).")
    async def join_game(
        self, info: Info, game_id: strawberry.ID, seat: str | None = None, name: str | None = None
    ) -> JoinedGame:
        joined = await _guard(_service(info).join(str(game_id), seat, name), info)
        return JoinedGame(
            id=strawberry.ID(joined["id"]),
            seat=joined["seat"],
            token=joined["token"],
            name=joined["name"],
        )

    @strawberry.mutation(
        description="Rematch of a finished game (same seats and options, a new seed): the "
        "first seat to ask creates it; each other human seat gets its new token by asking "
        "with its old one."
    )
    async def rematch(self, info: Info, game_id: strawberry.ID) -> RematchGame:
        request = info.context["request"]
        data = await _guard(
            rematch.rematch(
                _service(info), str(game_id), _token(info), client_address(request.scope)
            )
        )
        return RematchGame(
            id=strawberry.ID(data["id"]),
            game=data["game"],
            rematch_of=strawberry.ID(data["rematch_of"]),
            seat=data["seat"],
            token=data["token"],
            name=data["name"],
        )

    @strawberry.mutation(
        description="Make a move by id or by value, at the version it was "
        "chosen at. The same idempotencyKey (or Idempotency-Key HTTP header, as in REST) "
        "returns the first result again."
    )
    async def move(
        self,
        info: Info,
        game_id: strawberry.ID,
        version: int,
        move_id: str | None = None,
        value: JSON | None = None,
        idempotency_key: str | None = None,
        lang: LangArg = None,
    ) -> SeatGame:
        code = _lang(info, lang)
        if (move_id is None) == (value is None):
            raise as_graphql_error(_malformed(N_("give exactly one of moveId and value")))
        if value is not None and not isinstance(value, dict):
            raise as_graphql_error(_malformed(N_("a move value must be an object")))
        try:
            check_writable(value, IllegalMoveError)  # a literal can hold any integer
        except ServiceError as exc:
            raise as_graphql_error(exc) from None
        move: Any = move_id if move_id is not None else value
        if idempotency_key is None:
            idempotency_key = info.context["request"].headers.get("idempotency-key")
        data = await _guard(
            _service(info).move(str(game_id), _token(info), version, move, idempotency_key),
            info,
        )
        return seat_game(i18n.localise(data, code))

    @strawberry.mutation(
        description="A batch: 1 to 50 consecutive decisions of this seat, made all or none at "
        "the version they were chosen at (a refusal's extensions.index names the move). A "
        "move whose result the seat cannot see must be the last; a move equal to the next one "
        "the engine made by itself (a forced pick) is taken as made. The same idempotencyKey "
        "returns the first result again."
    )
    async def moves(
        self,
        info: Info,
        game_id: strawberry.ID,
        version: int,
        moves: list[MoveInput],
        idempotency_key: str | None = None,
        lang: LangArg = None,
    ) -> SeatGame:
        code = _lang(info, lang)
        batch: list[Any] = []
        for i, m in enumerate(moves):
            if (m.move_id is None) == (m.value is None):
                raise as_graphql_error(
                    _malformed(N_("moves[{i}]: give exactly one of moveId and value").format(i=i))
                )
            if m.value is not None and not isinstance(m.value, dict):
                raise as_graphql_error(
                    _malformed(N_("moves[{i}]: a move value must be an object").format(i=i))
                )
            batch.append(m.move_id if m.move_id is not None else m.value)
        data = await _guard(
            _service(info).moves(str(game_id), _token(info), version, batch, idempotency_key)
        )
        return seat_game(i18n.localise(data, code))

    @strawberry.mutation(description="Resign: every other seat wins.")
    async def resign(
        self,
        info: Info,
        game_id: strawberry.ID,
        version: int | None = None,
        lang: LangArg = None,
    ) -> SeatGame:
        code = _lang(info, lang)
        data = await _guard(_service(info).resign(str(game_id), _token(info), version), info)
        return seat_game(i18n.localise(data, code))

    @strawberry.mutation(
        description="I'm back: the AI that plays this seat since it timed out stops, and the "
        "seat's clock starts afresh."
    )
    async def back(self, info: Info, game_id: strawberry.ID) -> SeatGame:
        return seat_game(await _guard(_service(info).back(str(game_id), _token(info)), info))

    @strawberry.mutation(
        description="Register a webhook of this seat: signed notices of its decisions, the "
        "game's end and seats joining, POSTed to `url` (docs/webhooks.md). Events default to all."
    )
    async def register_webhook(
        self,
        info: Info,
        game_id: strawberry.ID,
        url: str,
        secret: str,
        events: list[graphql_webhooks.WebhookEvent] | None = None,
    ) -> graphql_webhooks.Webhook:
        kinds = None if events is None else [e.value for e in events]
        data = await _guard(
            webhooks.register(_service(info), str(game_id), _token(info), url, secret, kinds),
            info,
        )
        return graphql_webhooks.webhook(data)

    @strawberry.mutation(description="Delete one of this seat's webhooks.")
    async def delete_webhook(
        self, info: Info, game_id: strawberry.ID, webhook_id: strawberry.ID
    ) -> graphql_webhooks.DeletedWebhook:
        data = await _guard(
            webhooks.delete(_service(info), str(game_id), _token(info), str(webhook_id)), info
        )
        return graphql_webhooks.DeletedWebhook(id=strawberry.ID(data["id"]), deleted=True)

    @strawberry.mutation(description="The AI's analysis of this seat's decision.")
    async def hint(
        self,
        info: Info,
        game_id: strawberry.ID,
        level: str | None = None,
        lang: LangArg = None,
    ) -> Hint:
        code = _lang(info, lang)
        data = i18n.localise(
            await _guard(_service(info).hint(str(game_id), _token(info), level), info), code
        )
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


LiveLangArg = Annotated[
    Language | None,
    strawberry.argument(
        description="The language of the texts (default: an Accept-Language in the "
        "connection_init payload, else the upgrade request's header, else English)."
    ),
]
AfterArg = Annotated[
    int | None,
    strawberry.argument(
        description="Resume after this version (the last event the client has): the first "
        "messages carry every event after it, in pages when there are many."
    ),
]


@strawberry.type
class Subscription:
    @strawberry.subscription(
        description="The seat's game now, then after every change (a move, a seat taken, "
        "named or filled by the AI); ends after the game is over. Token in the "
        "connection_init payload."
    )
    async def game(
        self,
        info: Info,
        game_id: GameIdArg = None,
        id: OldIdArg = None,
        lang: LiveLangArg = None,
        after: AfterArg = None,
    ) -> AsyncGenerator[SeatGame, None]:
        code = _live_lang(info, lang)
        async for update in _updates(info, lambda: _game_id(game_id, id), after, False, code):
            yield seat_game(update.data)

    @strawberry.subscription(
        description="The seat's game now (`game`, the REST document), then after every change "
        "the JSON Patch (RFC 6902) of the seat's previous message (`patch`); ends after the "
        "game is over. Token in the connection_init payload."
    )
    async def game_patches(
        self,
        info: Info,
        game_id: strawberry.ID,
        lang: LiveLangArg = None,
        after: AfterArg = None,
    ) -> AsyncGenerator[GamePatch, None]:
        code = _live_lang(info, lang)
        async for update in _updates(info, lambda: str(game_id), after, True, code):
            if update.kind == "patch":
                yield GamePatch(
                    version=update.version,
                    base=update.data["base"],
                    game=None,
                    patch=update.data["patch"],
                    events=update.data["events"],
                )
            else:
                yield GamePatch(
                    version=update.version,
                    base=None,
                    game=cast(JSON, update.data),
                    patch=None,
                    events=None,
                )


def _live_lang(info: Info, lang: Language | None) -> str:
    """A subscription's language: its `lang`, else an Accept-Language in the connection_init
    payload, else the upgrade request's. Never another field's `lang` kept in the context,
    which every subscription of the connection shares."""
    if lang is not None:
        return lang.value
    params = info.context.get("connection_params")
    if isinstance(params, dict):
        for key, value in params.items():
            if isinstance(key, str) and key.lower() == "accept-language":
                return i18n.negotiate(value if isinstance(value, str) else None)
    return _negotiated(info.context)


def _live_error(error: GraphQLError, lang: str) -> GraphQLError:
    """A subscription's error in its language (strawberry sends it as it is)."""
    tr = i18n.translator(lang)
    if tr is not None:
        error.message = tr.text(error.message)
        if error.extensions:
            error.extensions = tr.localise(error.extensions)
    return error


async def _updates(
    info: Info, game_id: Callable[[], str], after: int | None, patches: bool, lang: str
) -> AsyncGenerator[Update, None]:
    try:
        if after is not None and after < 0:
            raise as_graphql_error(_malformed(N_("after must be a version (0 or more)")))
        updates = seat_updates(
            info.context["request"].app.state.live,
            game_id(),
            _token(info),
            _service(info).settings.keepalive_seconds,
            after,
            patches=patches,
            lang=lang,
        )
    except GraphQLError as exc:
        raise _live_error(exc, lang) from None
    try:
        while True:
            try:
                update = await anext(updates)
            except StopAsyncIteration:
                return
            except ServiceError as exc:
                raise _live_error(as_graphql_error(exc), lang) from None
            except PoolExhausted:
                raise _live_error(as_graphql_error(busy()), lang) from None
            except UNREACHABLE:
                raise _live_error(as_graphql_error(unavailable_error()), lang) from None
            if update is not None:
                yield update
    finally:
        await updates.aclose()


INTERNAL_MESSAGE = INTERNAL_DETAIL
GRAPHQL_INVALID = N_("the GraphQL request is not valid: {reason}")
FINISHED_ERRORS = "finished_errors"
"""The context's set of the errors `finish_errors` has made ready (by id)."""


def finish_errors(errors: Sequence[GraphQLError], context: Any) -> None:
    """The errors of an answer made ready for the client, the same over HTTP and over the
    WebSocket: each has a code (one raised by GraphQL's parser or validator is
    MALFORMED_INPUT), an unexpected one says only that the server failed (its own text may
    name the server's files), and every message is in the request's language. Each error is
    made ready once, however many times it is seen."""
    known = isinstance(context, dict)
    done: set[int] = context.setdefault(FINISHED_ERRORS, set()) if known else set()
    lang = str((context.get("lang") if known else None) or _negotiated(context))
    for error in errors:
        if id(error) in done:
            continue
        done.add(id(error))
        extensions = dict(error.extensions or {})
        if _unexpected(error):
            error.message = INTERNAL_MESSAGE
            extensions.update(code="INTERNAL_ERROR", status=500)
        elif "code" not in extensions:
            extensions["code"] = "MALFORMED_INPUT"
            if lang != i18n.DEFAULT:
                # GraphQL's parser and validator speak English only: their reason is quoted
                # inside a sentence of the reader's language.
                error.message = GRAPHQL_INVALID.format(reason=error.message)
        error.message = i18n.text(error.message, lang)
        error.extensions = i18n.localise(extensions, lang)


class CovenSchema(strawberry.Schema):
    """Logs only unexpected errors (a typed service error, with its code, is an answer), then
    makes every error ready for the client (`finish_errors`): this runs for every answer,
    queries and mutations over HTTP and the WebSocket, and every message of a subscription."""

    def process_errors(self, errors: list[GraphQLError], execution_context: Any = None) -> None:
        super().process_errors([e for e in errors if _unexpected(e)], execution_context)
        context = execution_context.context if execution_context is not None else None
        finish_errors(errors, context)


def _unexpected(error: GraphQLError) -> bool:
    """An error that is no answer but a bug: an exception that is not a GraphQL error."""
    if "code" in (error.extensions or {}):
        return False
    return error.original_error is not None and not isinstance(
        error.original_error,
        GraphQLError | CannotGetOperationTypeError | InvalidOperationTypeError,
    )


def shaped(error: GraphQLError) -> GraphQLError:
    """The error as a client may see it, on every channel: with a code. One without a code is
    a malformed document (syntax, validation, variable types: graphql-core's own message);
    anything else is unexpected, and leaves as `internal error` with nothing of the exception
    (`CovenSchema.process_errors` has logged it)."""
    extensions = error.extensions or {}
    if "code" in extensions:
        return error
    if not _unexpected(error):
        error.extensions = {**extensions, "code": "MALFORMED_INPUT"}
        return error
    return GraphQLError(
        INTERNAL_MESSAGE,
        nodes=error.nodes,
        source=error.source,
        positions=error.positions,
        path=error.path,
        extensions={"code": "INTERNAL_ERROR"},
    )


class ShapeErrors(SchemaExtension):
    """`shaped` on every result an operation gives: over HTTP, and over WebSocket, where
    strawberry would send an exception's own text to the client."""

    def on_operation(self) -> Iterator[None]:
        yield
        _shape(self.execution_context.result)

    def on_stream_result(self, result: Any) -> Iterator[None]:
        _shape(result)
        yield


def _shape(result: Any) -> None:
    errors = getattr(result, "errors", None)
    if errors:
        result.errors = [shaped(e) for e in errors]


def operation_refusal(ctx: Any) -> GraphQLError | None:
    """The GraphQL spec: a document of several operations needs an operationName (strawberry
    would run the first one)."""
    document = ctx.graphql_document
    if document is None:
        return None
    operations = sum(isinstance(d, OperationDefinitionNode) for d in document.definitions)
    # The request's own operationName: `ctx.operation_name` falls back to the first
    # operation's name, so strawberry keeps what was asked only here.
    if operations > 1 and getattr(ctx, "_provided_operation_name", None) is None:
        return as_graphql_error(
            MalformedInput(
                N_(
                    "the document has {operations} operations: name the one to run in operationName"
                ).format(operations=operations)
            )
        )
    return None


class Documents:
    """Where GraphQL documents are parsed and validated: in one thread of their own, off the
    event loop, and cached (the last `maxsize` texts, as strawberry's ParserCache and
    ValidationCache did).

    Parsing and validating is pure-Python CPU in graphql-core, tens of milliseconds for a
    document of 2,000 tokens on a small machine; on the event loop, every other request of the
    process (a move, a health check) waited behind it. In the thread the loop gets the GIL back
    within the interpreter's switch interval (5 ms). One thread: new documents wait for each
    other, never the loop, and the documents a client sends again (the web client's few) are
    answered from the cache at once; when `max_pending` already wait, a new one is refused as
    busy (SERVICE_UNAVAILABLE, Retry-After). `check` refuses a document before validation
    (`service.graphql_limits.BoundedDocuments`: what validating it would cost)."""

    def __init__(self, maxsize: int = 256, max_pending: int = 64) -> None:
        self.maxsize = maxsize
        self.max_pending = max_pending
        self.parsed: OrderedDict[tuple[str, int | None], DocumentNode] = OrderedDict()
        self.validated: OrderedDict[tuple[str, tuple[Any, ...]], list[GraphQLError]] = OrderedDict()
        self._executor: ThreadPoolExecutor | None = None
        self._pending = 0
        self._lock = threading.Lock()

    def check(self, document: DocumentNode) -> GraphQLError | None:
        """Why `document` is refused unvalidated, if it is (run in the documents' thread)."""
        return None

    async def parse(self, query: str, max_tokens: int | None) -> DocumentNode:
        """The parsed document; graphql-core's GraphQLSyntaxError for a malformed one."""
        key = (query, max_tokens)
        document = _cached(self.parsed, key)
        if document is None:
            document = await self._run(partial(parse, query, max_tokens=max_tokens))
            _keep(self.parsed, key, document, self.maxsize)
        return document

    async def validate(
        self, schema: GraphQLSchema, query: str, document: DocumentNode, rules: tuple[Any, ...]
    ) -> list[GraphQLError]:
        """The document's validation errors (none: it is valid), or `check`'s refusal."""
        # By the rules' names: strawberry's depth and alias limiters make a new rule class for
        # every request, so a key of the classes themselves (ValidationCache's) never matched.
        key = (query, tuple(rule.__qualname__ for rule in rules))
        errors = _cached(self.validated, key)
        if errors is None:
            errors = await self._run(partial(self._validate, schema, document, rules))
            _keep(self.validated, key, errors, self.maxsize)
        # Copies: an answer translates and shapes its errors in place, and the next request of
        # the same document may be in another language.
        return [_copy(error) for error in errors]

    def _validate(
        self, schema: GraphQLSchema, document: DocumentNode, rules: tuple[Any, ...]
    ) -> list[GraphQLError]:
        refusal = self.check(document)
        return [refusal] if refusal is not None else validate_document(schema, document, rules)

    async def _run(self, work: Callable[[], T]) -> T:
        with self._lock:
            if self._pending >= self.max_pending:
                raise as_graphql_error(busy())
            self._pending += 1
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="graphql-documents")
        future = self._executor.submit(work)
        # Counted until the thread is done with it, even when the request went away.
        future.add_done_callback(self._done)
        return await asyncio.wrap_future(future)

    def _done(self, _future: object) -> None:
        with self._lock:
            self._pending -= 1


def _copy(error: GraphQLError) -> GraphQLError:
    return GraphQLError(
        error.message,
        nodes=error.nodes,
        source=error.source,
        positions=error.positions,
        path=error.path,
        original_error=error.original_error,
        extensions=dict(error.extensions) if error.extensions else None,
    )


K = TypeVar("K")
V = TypeVar("V")


def _cached(cache: OrderedDict[K, V], key: K) -> V | None:
    value = cache.get(key)
    if value is not None:
        cache.move_to_end(key)
    return value


def _keep(cache: OrderedDict[K, V], key: K, value: V, maxsize: int) -> None:
    cache[key] = value
    if len(cache) > maxsize:
        cache.popitem(last=False)


class CheckedDocuments(SchemaExtension):
    """Parsing and validation through `Documents` (off the event loop, cached), after the
    spec's check of the operation name."""

    def __init__(self, documents: Documents) -> None:
        super().__init__()
        self.documents = documents

    async def on_parse(self) -> AsyncIterator[None]:
        ctx = self.execution_context
        if ctx.graphql_document is None and isinstance(ctx.query, str) and ctx.query:
            max_tokens = ctx.parse_options.get("max_tokens")
            ctx.graphql_document = await self.documents.parse(ctx.query, max_tokens)
        yield

    async def on_validate(self) -> AsyncIterator[None]:
        ctx = self.execution_context
        refusal = operation_refusal(ctx)
        if refusal is not None:
            # Set before validation runs, so graphql-core's rules never see the document.
            ctx.pre_execution_errors = [refusal]
        elif ctx.graphql_document is not None and isinstance(ctx.query, str):
            ctx.pre_execution_errors = await self.documents.validate(
                ctx.schema._schema, ctx.query, ctx.graphql_document, ctx.validation_rules
            )
        yield


def make_schema(
    extensions: Sequence[Callable[[], SchemaExtension]] = (),
    documents: Documents | None = None,
) -> CovenSchema:
    """The schema, its documents parsed and validated by `documents` (the bounded ones of
    `service.graphql_limits` in the app) and `extensions` (the cost limits of the same module)."""
    checked = documents or Documents()
    return CovenSchema(
        query=Query,
        mutation=Mutation,
        subscription=Subscription,
        extensions=[
            lambda: CheckedDocuments(checked),
            ShapeErrors,
            ReplicationExtension,
            *extensions,
        ],
    )


schema = make_schema()

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
        tr = i18n.translator(str(self.context.get("lang") or _negotiated(self.context)))
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


def connection_token(context: Any) -> str | None:
    """The seat token of a WebSocket: its Authorization header, else its connection_init
    payload; `BadToken` for one that is not a string."""
    token = auth.bearer(context["request"].headers.get("authorization"))
    if token is not None:
        return token
    params = context.get("connection_params") or {}
    if not isinstance(params, dict):
        return None
    raw = params.get("token")
    if raw is not None:
        if not isinstance(raw, str):
            raise BadToken(N_("the token of connection_init must be a string"))
        return raw
    header = params.get("Authorization", params.get("authorization"))
    if header is not None and not isinstance(header, str):
        raise BadToken(N_("the Authorization header must be 'Bearer <seat token>'"))
    return auth.bearer(header)


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
        REST bodies. Error messages are in the request's language (`_lang`)."""
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


def format_error(error: GraphQLError) -> dict[str, Any]:
    """The error as JSON, `shaped`: every error has a code; anything unexpected is masked as an
    internal error."""
    formatted: dict[str, Any] = dict(shaped(error).formatted)
    formatted["extensions"] = dict(formatted.get("extensions") or {})
    return formatted
