"""REST at /api/v1: thin handlers over `service.games`, errors as RFC 9457 problem+json.

`ENDPOINTS` is the single table the router and the OpenAPI document (`service.contracts`) are
both built from, so a route cannot exist without being documented.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeVar

import orjson
from pydantic import BaseModel, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Scope

from gamestore.clocks import joined
from rules.core import N_
from service import (
    auth,
    catalog_text,
    etags,
    i18n,
    mine,
    models,
    record_schema,
    rematch,
    replays,
    transcripts,
    webhooks,
)
from service.errors import (
    BadToken,
    GameNotFinished,
    GameNotFound,
    GameOver,
    HintRateLimited,
    HintTimeout,
    HintUnavailable,
    IdempotencyKeyReused,
    IllegalMoveError,
    InvalidClockError,
    InvalidOptionsError,
    MalformedInput,
    NameRefused,
    NoSuchPosition,
    NotAway,
    NotYourDecision,
    PayloadTooLarge,
    RateLimited,
    RecordRefused,
    SeatNotOpen,
    SeedWithOpenSeat,
    ServiceError,
    ServiceUnavailable,
    StaleVersion,
    StoreUnavailable,
    TimeIsUp,
    TooManyOpenGames,
    TooManyWebhooks,
    UndoNotAllowed,
    UnknownGameType,
    UnsupportedMediaType,
    WebhookNotFound,
    WebhookSecretRefusedError,
    WebhookUrlRefusedError,
)
from service.fanout import Update, seat_updates
from service.games import GameService
from service.limits import client_address
from service.validation import (
    MAX_VERSION,
    body_problem,
    check_writable,
    last_event_id,
    query_int,
)

PREFIX = "/api/v1"
PROBLEM_TYPE = "https://coven.invalid/problems/"


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(orjson.dumps(data), status, headers, media_type="application/json")


def problem(error: ServiceError, instance: str) -> Response:
    body = {
        "type": PROBLEM_TYPE + error.code.lower().replace("_", "-"),
        "title": error.title,
        "status": error.status,
        "detail": error.detail,
        "instance": instance,
        "code": error.code,
        **error.extra,
    }
    headers = {}
    if "retry_after" in error.extra:  # RateLimited, StoreUnavailable
        headers["Retry-After"] = str(error.extra["retry_after"])
    return Response(
        orjson.dumps(body), error.status, headers, media_type="application/problem+json"
    )


def problem_app(error: ServiceError, scope: Scope) -> ASGIApp:
    return problem(error, scope.get("path", ""))


@dataclass(frozen=True)
class Param:
    name: str
    description: str
    minimum: int = 0
    maximum: int = MAX_VERSION
    kind: str = "integer"


@dataclass(frozen=True)
class Endpoint:
    method: str
    path: str
    operation_id: str
    summary: str
    handler: Callable[[Request], Awaitable[Response]]
    response: type[BaseModel] | None
    status: int = 200
    request: type[BaseModel] | None = None
    body_required: bool = True
    auth: str = "none"  # "none", "optional" or "required"
    query: tuple[Param, ...] = ()
    headers: tuple[str, ...] = ()
    errors: tuple[type[ServiceError], ...] = ()
    media_type: str = "application/json"
    tags: tuple[str, ...] = ("games",)
    extra: dict[str, Any] = field(default_factory=dict)


def _service(request: Request) -> GameService:
    service: GameService = request.app.state.service
    return service


def _token(request: Request) -> str | None:
    return auth.bearer(request.headers.get("authorization"))


def _int_param(
    request: Request, name: str, minimum: int = 0, maximum: int = MAX_VERSION
) -> int | None:
    return query_int(request.query_params.get(name), name, minimum, maximum)


def _required_token(request: Request) -> str:
    """The seat token of an endpoint that needs one, checked before the body is read: a
    request with neither a token nor a valid body is refused for the token (401)."""
    token = _token(request)
    if token is None:
        raise BadToken(N_("this needs a seat token (Authorization: Bearer <token>)"))
    return token


M = TypeVar("M", bound=BaseModel)


async def _body(
    request: Request, model: type[M], unwritable: type[ServiceError] = MalformedInput
) -> M:
    raw = await request.body()
    try:
        parsed = model.model_validate_json(raw or b"{}")
    except ValidationError as exc:
        problems = [body_problem(err) for err in exc.errors(include_url=False)]
        raise MalformedInput(
            N_("the request body is not valid: {problems}").format(problems=joined(problems)),
            problems=problems,
        ) from None
    check_writable(parsed.model_dump(), unwritable)
    return parsed


async def get_catalog(request: Request) -> Response:
    state = request.app.state
    lang = i18n.negotiate(request.headers.get("accept-language"))
    if lang != i18n.DEFAULT:  # its texts in the reader's language (service.catalog_text)
        return etags.conditional(request, catalog_text.catalog_bytes(lang), etags.CATALOG_CACHE)
    return etags.conditional(request, state.catalog_bytes, etags.CATALOG_CACHE, state.catalog_etag)


async def list_games(request: Request) -> Response:
    limit = _int_param(request, "limit", 1, 200) or 50
    return json_response({"games": await _service(request).lobby(limit)})


async def create_game(request: Request) -> Response:
    body = await _body(request, models.CreateGameRequest, InvalidOptionsError)
    created = await _service(request).create(
        body.game,
        body.options,
        body.seed,
        [s.model_dump() for s in body.seats],
        client_address(request.scope),
        body.clock.model_dump(exclude_none=True) if body.clock is not None else None,
        body.fill_open_seats_after_seconds,
        body.fill_level,
    )
    location = f"{PREFIX}/games/{created['id']}"
    return json_response(created, 201, {"Location": location})


async def get_game(request: Request) -> Response:
    token = _token(request)
    data = await _service(request).read(
        request.path_params["game_id"],
        token,
        _int_param(request, "events_after"),
        _int_param(request, "events_limit", 0, 500),
    )
    cache = etags.SPECTATOR_CACHE if data["seat"] is None else etags.SEAT_CACHE
    return etags.conditional(request, orjson.dumps(data), cache, vary="Authorization")


async def join_game(request: Request) -> Response:
    body = await _body(request, models.JoinRequest)
    data = await _service(request).join(request.path_params["game_id"], body.seat, body.name)
    return json_response(data)


async def my_games(request: Request) -> Response:
    body = await _body(request, models.MyGamesRequest)
    return json_response(await mine.my_games(_service(request), body.tokens))


async def rematch_game(request: Request) -> Response:
    token = _token(request)
    await _body(request, models.RematchRequest)
    data = await rematch.rematch(
        _service(request), request.path_params["game_id"], token, client_address(request.scope)
    )
    location = f"{PREFIX}/games/{data['id']}"
    return json_response(data, 201, {"Location": location})


async def make_move(request: Request) -> Response:
    token = _required_token(request)
    body = await _body(request, models.MoveRequest, IllegalMoveError)
    if body.moves is not None:
        data = await _service(request).moves(
            request.path_params["game_id"],
            token,
            body.version,
            [m.submitted() for m in body.moves],
            request.headers.get("idempotency-key"),
        )
        return json_response(data)
    move: Any = body.move_id if body.move_id is not None else body.value
    data = await _service(request).move(
        request.path_params["game_id"],
        token,
        body.version,
        move,
        request.headers.get("idempotency-key"),
    )
    return json_response(data)


async def resign(request: Request) -> Response:
    token = _required_token(request)
    body = await _body(request, models.ResignRequest)
    data = await _service(request).resign(request.path_params["game_id"], token, body.version)
    return json_response(data)


async def back(request: Request) -> Response:
    token = _required_token(request)
    await _body(request, models.BackRequest)
    data = await _service(request).back(request.path_params["game_id"], token)
    return json_response(data)


async def undo(request: Request) -> Response:
    token = _required_token(request)
    body = await _body(request, models.UndoRequest)
    data = await _service(request).undo(request.path_params["game_id"], token, body.version)
    return json_response(data)


async def hint(request: Request) -> Response:
    token = _required_token(request)
    body = await _body(request, models.HintRequest)
    data = await _service(request).hint(request.path_params["game_id"], token, body.level)
    return json_response(data)


async def register_webhook(request: Request) -> Response:
    token = _required_token(request)
    body = await _body(request, models.WebhookRequest)
    game_id = request.path_params["game_id"]
    data = await webhooks.register(
        _service(request), game_id, token, body.url, body.secret, body.events
    )
    location = f"{PREFIX}/games/{game_id}/webhooks/{data['id']}"
    return json_response(data, 201, {"Location": location})


async def list_webhooks(request: Request) -> Response:
    token = _required_token(request)
    data = await webhooks.list_webhooks(_service(request), request.path_params["game_id"], token)
    return json_response(data)


async def delete_webhook(request: Request) -> Response:
    token = _required_token(request)
    data = await webhooks.delete(
        _service(request),
        request.path_params["game_id"],
        token,
        request.path_params["webhook_id"],
    )
    return json_response(data)


async def webhook_deliveries(request: Request) -> Response:
    token = _required_token(request)
    data = await webhooks.deliveries(
        _service(request),
        request.path_params["game_id"],
        token,
        _int_param(request, "limit", 1, webhooks.MAX_DELIVERIES),
    )
    return json_response(data)


async def list_events(request: Request) -> Response:
    events = await _service(request).events(
        request.path_params["game_id"],
        _token(request),
        _int_param(request, "after"),
        _int_param(request, "limit", 0, 500),
    )
    return json_response({"events": events})


async def get_record(request: Request) -> Response:
    data = await transcripts.record(
        _service(request), request.path_params["game_id"], _token(request)
    )
    # The Localise middleware renders the texts; the record says in which language.
    data["lang"] = i18n.negotiate(request.headers.get("accept-language"))
    return json_response(data)


REPLAYS = "/replays"
VERIFY = "/replays/verify"


def _viewpoint(request: Request) -> str | None:
    return request.query_params.get("viewpoint") or None


async def get_replay(request: Request) -> Response:
    data = await replays.stored_position(
        _service(request),
        request.path_params["game_id"],
        _int_param(request, "version") or 0,
        _viewpoint(request),
        _token(request),
    )
    return json_response(data)


async def post_replay(request: Request) -> Response:
    body = await _body(request, record_schema.ReplayRequest)
    # Replaying is pure computation: off the event loop, like any other long calculation.
    data = await run_in_threadpool(
        replays.uploaded_position, body.record, body.version, body.viewpoint
    )
    return json_response(data)


async def post_verify(request: Request) -> Response:
    body = await _body(request, record_schema.VerifyRequest)
    return json_response(await run_in_threadpool(replays.verify, body.record))


async def stream(request: Request) -> Response:
    """Server-sent events: `game` events carrying the seat's game, `: keep-alive` comments."""
    token = _token(request)
    if token is None:
        token = request.query_params.get("access_token") or None
    # Its language: `lang` (EventSource cannot set headers, and a browser's own
    # Accept-Language need not be the page's language), else Accept-Language. In patch mode
    # the patches are of the document in that language.
    lang = i18n.negotiate(request.headers.get("accept-language"))
    if (chosen := request.query_params.get("lang")) is not None:
        lang = i18n.language(chosen) or _bad_lang()
    last_seen = last_event_id(request.headers.get("last-event-id"))
    mode = request.query_params.get("mode", "full")
    if mode not in ("full", "patch"):
        raise MalformedInput(N_("query parameter 'mode' must be full or patch"))
    service = _service(request)
    updates = seat_updates(
        request.app.state.live,
        request.path_params["game_id"],
        token,
        service.settings.keepalive_seconds,
        last_seen,
        patches=mode == "patch",
        lang=lang,
    )
    # Fail before the 200 when the game or token is wrong.
    first = await anext(updates)

    async def body() -> AsyncIterator[bytes]:
        try:
            yield b"retry: 2000\n" + _sse(first)
            async for update in updates:
                yield b": keep-alive\n\n" if update is None else _sse(update)
        finally:
            await updates.aclose()

    return StreamingResponse(
        body(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


def _bad_lang() -> NoReturn:
    raise MalformedInput(
        N_("query parameter 'lang' must be one of {languages}").format(
            languages=", ".join(i18n.LANGUAGES)
        )
    )


def _sse(update: Update | None) -> bytes:
    assert update is not None
    # The id is the version up to which the events are sent (a resume's page may end before
    # the game's version): `Last-Event-ID` then resumes exactly there.
    return b"event: %s\nid: %d\ndata: %s\n\n" % (
        update.kind.encode(),
        update.cursor,
        update.json(),
    )


GAME = Param("game_id", "The game id")
READ_ERRORS = (
    GameNotFound,
    BadToken,
    MalformedInput,
    RateLimited,
    RecordRefused,
    ServiceUnavailable,
    StoreUnavailable,
)
WRITE_ERRORS = (*READ_ERRORS, PayloadTooLarge, UnsupportedMediaType)

ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint(
        "GET",
        "/catalog",
        "getCatalog",
        "The games, their seats and default options, AI levels and card catalogs",
        get_catalog,
        models.Catalog,
        headers=("If-None-Match",),
        errors=(RateLimited, ServiceUnavailable, StoreUnavailable),
        tags=("catalog",),
    ),
    Endpoint(
        "GET",
        "/games",
        "listOpenGames",
        "The lobby: unfinished games with an open seat",
        list_games,
        models.Lobby,
        query=(Param("limit", "How many games (1-200, default 50)", 1, 200),),
        errors=(MalformedInput, RateLimited, ServiceUnavailable, StoreUnavailable),
    ),
    Endpoint(
        "POST",
        "/games",
        "createGame",
        "Create a game; returns its id and the token of every human seat",
        create_game,
        models.CreatedGame,
        201,
        models.CreateGameRequest,
        errors=(
            UnknownGameType,
            InvalidOptionsError,
            InvalidClockError,
            SeedWithOpenSeat,
            MalformedInput,
            NameRefused,
            TooManyOpenGames,
            PayloadTooLarge,
            UnsupportedMediaType,
            RateLimited,
            ServiceUnavailable,
            StoreUnavailable,
        ),
    ),
    Endpoint(
        "GET",
        "/games/{game_id}",
        "getGame",
        "The game as the token's seat sees it (a spectator without a token)",
        get_game,
        models.SeatGame,
        auth="optional",
        query=(
            Param("events_after", "Include the events after this version"),
            Param("events_limit", "At most this many events (0-500)", 0, 500),
        ),
        headers=("If-None-Match",),
        errors=READ_ERRORS,
    ),
    Endpoint(
        "POST",
        "/games/{game_id}/join",
        "joinGame",
        "Take an open seat; returns its token",
        join_game,
        models.JoinedGame,
        request=models.JoinRequest,
        body_required=False,
        errors=(*WRITE_ERRORS, NameRefused, SeatNotOpen, GameOver),
    ),
    Endpoint(
        "POST",
        "/games/{game_id}/moves",
        "makeMove",
        "Make a move (by id or value), or a batch of them, at the version it was chosen at",
        make_move,
        models.SeatGame,
        request=models.MoveRequest,
        auth="required",
        headers=("Idempotency-Key",),
        errors=(
            *WRITE_ERRORS,
            StaleVersion,
            NotYourDecision,
            IllegalMoveError,
            GameOver,
            IdempotencyKeyReused,
            TimeIsUp,
        ),
    ),
    Endpoint(
        "POST",
        "/games/{game_id}/resign",
        "resign",
        "Resign: every other seat wins",
        resign,
        models.SeatGame,
        request=models.ResignRequest,
        body_required=False,
        auth="required",
        errors=(*WRITE_ERRORS, StaleVersion, GameOver),
    ),
    Endpoint(
        "POST",
        "/games/{game_id}/back",
        "back",
        "I'm back: the AI that plays the seat since it timed out stops; its clock starts afresh",
        back,
        models.SeatGame,
        request=models.BackRequest,
        body_required=False,
        auth="required",
        errors=(*WRITE_ERRORS, StaleVersion, GameOver, NotAway),
    ),
    Endpoint(
        "POST",
        "/games/{game_id}/undo",
        "undo",
        "Take back the seat's latest decision of its turn, while nothing hidden was revealed "
        "and no other seat decided since",
        undo,
        models.SeatGame,
        request=models.UndoRequest,
        auth="required",
        errors=(*WRITE_ERRORS, StaleVersion, GameOver, UndoNotAllowed, TimeIsUp),
    ),
    Endpoint(
        "POST",
        "/games/{game_id}/hint",
        "hint",
        "The AI's analysis of the seat's decision (needs an AI with analysis)",
        hint,
        models.Hint,
        request=models.HintRequest,
        body_required=False,
        auth="required",
        errors=(
            *WRITE_ERRORS,
            NotYourDecision,
            GameOver,
            HintUnavailable,
            HintTimeout,
            HintRateLimited,
        ),
    ),
    Endpoint(
        "POST",
        "/my-games",
        "listMyGames",
        "The games of these seat tokens (in the body, never the URL): each one's status, "
        "whose turn, version and whether it is that seat's decision",
        my_games,
        models.MyGames,
        request=models.MyGamesRequest,
        errors=(MalformedInput, PayloadTooLarge, RateLimited),
    ),
    Endpoint(
        "POST",
        "/games/{game_id}/rematch",
        "rematch",
        "Rematch of a finished game (same seats and options, a new seed): the first seat to "
        "ask creates it, each other human seat gets its new token by asking with its old one",
        rematch_game,
        models.RematchGame,
        201,
        models.RematchRequest,
        auth="required",
        errors=(*WRITE_ERRORS, GameNotFinished, SeatNotOpen, TooManyOpenGames),
    ),
    Endpoint(
        "GET",
        "/games/{game_id}/events",
        "listEvents",
        "The event log as the token's seat may see it",
        list_events,
        models.Events,
        auth="optional",
        query=(
            Param("after", "Events after this version (default 0)"),
            Param("limit", "At most this many events (0-500)", 0, 500),
        ),
        errors=READ_ERRORS,
    ),
    Endpoint(
        "GET",
        "/games/{game_id}/stream",
        "streamGame",
        "Server-sent events: the seat's game now and after every change (or JSON Patches of it)",
        stream,
        None,
        auth="optional",
        query=(
            Param(
                "access_token",
                "The seat token, for clients that cannot send headers (EventSource)",
                kind="string",
            ),
            Param(
                "mode",
                "full (default): every `game` event carries the whole game; patch: the first "
                "does, every later one is a `patch` event, the JSON Patch (RFC 6902) of the "
                "seat's previous message (docs/live-updates.md)",
                kind="string",
            ),
            Param(
                "lang",
                "The language of the texts, en or es (default: Accept-Language's), for clients "
                "that cannot send headers (EventSource); it wins over Accept-Language",
                kind="string",
            ),
        ),
        headers=("Last-Event-ID",),
        errors=READ_ERRORS,
        media_type="text/event-stream",
    ),
)


ENDPOINTS += (
    Endpoint(
        "POST",
        "/games/{game_id}/webhooks",
        "registerWebhook",
        "Register a webhook of the token's seat: signed notices of its decisions, the game's "
        "end and seats joining (docs/webhooks.md)",
        register_webhook,
        models.RegisteredWebhook,
        201,
        models.WebhookRequest,
        auth="required",
        errors=(
            *WRITE_ERRORS,
            GameOver,
            WebhookUrlRefusedError,
            WebhookSecretRefusedError,
            TooManyWebhooks,
        ),
        tags=("webhooks",),
    ),
    Endpoint(
        "GET",
        "/games/{game_id}/webhooks",
        "listWebhooks",
        "The token's seat's webhooks (without their secrets)",
        list_webhooks,
        models.Webhooks,
        auth="required",
        errors=READ_ERRORS,
        tags=("webhooks",),
    ),
    Endpoint(
        "DELETE",
        "/games/{game_id}/webhooks/{webhook_id}",
        "deleteWebhook",
        "Delete one of the token's seat's webhooks",
        delete_webhook,
        models.DeletedWebhook,
        auth="required",
        errors=(*READ_ERRORS, WebhookNotFound),
        tags=("webhooks",),
    ),
    Endpoint(
        "GET",
        "/games/{game_id}/webhook-deliveries",
        "listWebhookDeliveries",
        "The delivery log of the token's seat's webhooks: each attempt's time, status code "
        "or error, newest first (the latest COVEN_WEBHOOK_LOG_SIZE are kept)",
        webhook_deliveries,
        models.WebhookDeliveries,
        auth="required",
        query=(Param("limit", "At most this many attempts (1-200, default 50)", 1, 200),),
        errors=READ_ERRORS,
        tags=("webhooks",),
    ),
)


ENDPOINTS += (
    Endpoint(
        "GET",
        "/games/{game_id}/record",
        "getRecord",
        "The game's record (docs/records.md): while it goes on, what the token's seat saw "
        "(no token: what everyone saw); once it is over, everything (seed, salt, every move, "
        "state hashes), for `coven verify`",
        get_record,
        record_schema.Transcript,
        auth="optional",
        errors=READ_ERRORS,
        tags=("records",),
    ),
)


ENDPOINTS += (
    Endpoint(
        "GET",
        "/games/{game_id}/replay",
        "getReplay",
        'A finished game at one version from one viewpoint (docs/records.md, "Replays"): '
        "the views, the decision that made it and the AI's reasons; refused while the game "
        "goes on",
        get_replay,
        record_schema.ReplayPosition,
        auth="optional",
        query=(
            Param("version", "The version to show (0: before any decision; default 0)"),
            Param(
                "viewpoint",
                "A seat, `all` (every seat's view) or none (the spectator's)",
                kind="string",
            ),
        ),
        errors=(*READ_ERRORS, GameNotFinished, NoSuchPosition),
        tags=("records",),
    ),
    Endpoint(
        "POST",
        REPLAYS,
        "replayRecord",
        "A record sent whole (an exported file) at one version from one viewpoint: the seed "
        "against its commitment and every version up to it (seat, move, state hash) checked on "
        "the way (`/replays/verify` checks the whole record); nothing is stored",
        post_replay,
        record_schema.ReplayPosition,
        request=record_schema.ReplayRequest,
        errors=(MalformedInput, RecordRefused, NoSuchPosition, PayloadTooLarge),
        tags=("records",),
    ),
    Endpoint(
        "POST",
        VERIFY,
        "verifyRecord",
        "What `coven verify` says of a record sent whole: the seed against its commitment, "
        "every decision replayed to the outcome, and where it first diverges",
        post_verify,
        record_schema.RecordVerdict,
        request=record_schema.VerifyRequest,
        errors=(MalformedInput, RecordRefused, PayloadTooLarge),
        tags=("records",),
    ),
)


def routes() -> list[Route]:
    return [
        Route(PREFIX + e.path, e.handler, methods=[e.method], name=e.operation_id)
        for e in ENDPOINTS
    ]
