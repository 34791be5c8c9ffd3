"""GraphQL's operations: the same as REST's, thin resolvers over `service.games` and the other
services. Each returns its service's plain answer as a type of `service.graphql_types`
(`build`), raising what the services raise (`service.graphql_errors` maps it once, for every
resolver). The seat's view is one JSON scalar (`viewJson`), cheaper than thousands of resolved
fields, or typed (`view`).

A new root field goes in a class of its own module (`@strawberry.type class UndoMutation` with
one `@strawberry.mutation`), listed in `service.graphql_api`'s `QUERIES`, `MUTATIONS` or
`SUBSCRIPTIONS`.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Callable
from typing import Annotated, Any, cast

import strawberry
from strawberry.scalars import JSON
from strawberry.types import Info

from rules.core import N_
from service import (
    catalog_text,
    graphql_views,
    i18n,
    mine,
    rematch,
    replays,
    transcripts,
    webhooks,
)
from service import graphql_context as ctx
from service.errors import IllegalMoveError, MalformedInput
from service.fanout import Update, seat_updates
from service.graphql_context import LangArg, Language
from service.graphql_errors import graphql_error, in_language
from service.graphql_types import (
    Catalog,
    CreatedGame,
    CreateGameInput,
    DeletedWebhook,
    Event,
    GamePatch,
    Hint,
    JoinedGame,
    LobbyGame,
    MoveInput,
    MyGames,
    RematchGame,
    ReplayPosition,
    SeatGame,
    SeatWebhooks,
    Transcript,
    Webhook,
    WebhookDelivery,
    WebhookEvent,
    build,
    plain,
)
from service.limits import client_address
from service.validation import check_writable

GameIdArg = Annotated[
    strawberry.ID | None, strawberry.argument(description="The game id (as REST's game_id).")
]
OldIdArg = Annotated[strawberry.ID | None, strawberry.argument(deprecation_reason="Use gameId.")]


def _game_id(game_id: strawberry.ID | None, old_id: strawberry.ID | None) -> str:
    """`gameId` (the name every operation uses), or the deprecated `id` of `game`."""
    if (game_id is None) == (old_id is None):
        raise MalformedInput(N_("give gameId (or the deprecated id), not both"))
    return str(game_id if game_id is not None else old_id)


@strawberry.type
class Query:
    @strawberry.field(
        description="The games, their seats and options, AI levels and catalogs (texts in the "
        "reader's language: docs/localisation.md)."
    )
    def catalog(self, info: Info, lang: LangArg = None) -> Catalog:
        return build(Catalog, catalog_text.catalog_in(ctx.lang(info, lang)))

    @strawberry.field(description="The lobby: unfinished games with an open seat.")
    async def open_games(self, info: Info, limit: int = 50) -> list[LobbyGame]:
        return [build(LobbyGame, g) for g in await ctx.service(info).lobby(limit)]

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
        code = ctx.lang(info, lang)
        gid = _game_id(game_id, id)
        data = await ctx.service(info).read(gid, ctx.token(info), events_after, events_limit)
        return build(SeatGame, i18n.localise(data, code))

    @strawberry.field(
        description="The games of these seat tokens (1-50): each one's status, whose turn, "
        "version and whether it is that seat's decision; unknown tokens by position."
    )
    async def my_games(self, info: Info, tokens: list[str]) -> MyGames:
        return build(MyGames, await mine.my_games(ctx.service(info), tokens))

    @strawberry.field(description="The event log as the token's seat may see it.")
    async def events(
        self,
        info: Info,
        game_id: strawberry.ID,
        after: int | None = None,
        limit: int | None = None,
        lang: LangArg = None,
    ) -> list[Event]:
        code = ctx.lang(info, lang)
        data = await ctx.service(info).events(str(game_id), ctx.token(info), after, limit)
        return [build(Event, e) for e in i18n.localise(data, code)]

    @strawberry.field(
        description="The game's record (docs/records.md): while it goes on, what the token's "
        "seat saw (no token: what everyone saw); once it is over, everything."
    )
    async def record(self, info: Info, game_id: strawberry.ID, lang: LangArg = None) -> Transcript:
        code = ctx.lang(info, lang)
        data = await transcripts.record(ctx.service(info), str(game_id), ctx.token(info))
        return build(Transcript, {**i18n.localise(data, code), "lang": code})

    @strawberry.field(
        description="A finished game at one version from one viewpoint (a seat, `all` for "
        "every seat's view, or none for the spectator's): the replay viewer's position, with "
        "the AI's reasons at the decision that made it; refused while the game goes on."
    )
    async def replay(
        self,
        info: Info,
        game_id: strawberry.ID,
        version: int = 0,
        viewpoint: str | None = None,
        lang: LangArg = None,
    ) -> ReplayPosition:
        code = ctx.lang(info, lang)
        data = await replays.stored_position(
            ctx.service(info), str(game_id), version, viewpoint, ctx.token(info)
        )
        return build(ReplayPosition, i18n.localise(data, code))

    @strawberry.field(
        graphql_type=graphql_views.GameView,
        description="A view as REST answers it (a replayed record's, from `POST /replays`) "
        "typed as `SeatGame.view` is, so a client draws it with the same fragments; refused "
        "unless it has its game's declared shape exactly.",
    )
    def shape_view(self, view: JSON) -> Any:
        try:
            return graphql_views.shaped_view(view)
        except ValueError as exc:
            raise MalformedInput(
                N_("this is not a view of a game of this service: {problem}").format(
                    problem=str(exc)
                )
            ) from None

    @strawberry.field(description="This seat's webhooks in the game (token required).")
    async def webhooks(self, info: Info, game_id: strawberry.ID) -> SeatWebhooks:
        data = await webhooks.list_webhooks(ctx.service(info), str(game_id), ctx.token(info))
        return build(SeatWebhooks, data)

    @strawberry.field(
        description="The delivery log of this seat's webhooks, newest first (token required)."
    )
    async def webhook_deliveries(
        self, info: Info, game_id: strawberry.ID, limit: int | None = None
    ) -> list[WebhookDelivery]:
        data = await webhooks.deliveries(ctx.service(info), str(game_id), ctx.token(info), limit)
        return [build(WebhookDelivery, d) for d in data["deliveries"]]


@strawberry.type
class Mutation:
    @strawberry.mutation(description="Create a game; returns the token of every human seat.")
    async def create_game(self, info: Info, input: CreateGameInput) -> CreatedGame:
        body = plain(input)
        if body["options"] is not None and not isinstance(body["options"], dict):
            raise MalformedInput(N_("options must be an object"))
        clock = body["clock"]
        created = await ctx.service(info).create(
            body["game"],
            body["options"],
            body["seed"],
            body["seats"],
            client_address(info.context["request"].scope),
            None if clock is None else {k: v for k, v in clock.items() if v is not None},
            body["fill_open_seats_after_seconds"],
            body["fill_level"],
        )
        return build(CreatedGame, created)

    @strawberry.mutation(description="Take an open seat (any, or the one named).")
    async def join_game(
        self, info: Info, game_id: strawberry.ID, seat: str | None = None, name: str | None = None
    ) -> JoinedGame:
        return build(JoinedGame, await ctx.service(info).join(str(game_id), seat, name))

    @strawberry.mutation(
        description="Rematch of a finished game (same seats and options, a new seed): the "
        "first seat to ask creates it; each other human seat gets its new token by asking "
        "with its old one."
    )
    async def rematch(self, info: Info, game_id: strawberry.ID) -> RematchGame:
        address = client_address(info.context["request"].scope)
        data = await rematch.rematch(ctx.service(info), str(game_id), ctx.token(info), address)
        return build(RematchGame, data)

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
        code = ctx.lang(info, lang)
        if (move_id is None) == (value is None):
            raise MalformedInput(N_("give exactly one of moveId and value"))
        if value is not None and not isinstance(value, dict):
            raise MalformedInput(N_("a move value must be an object"))
        check_writable(value, IllegalMoveError)  # a literal can hold any integer
        move: Any = move_id if move_id is not None else value
        if idempotency_key is None:
            idempotency_key = info.context["request"].headers.get("idempotency-key")
        data = await ctx.service(info).move(
            str(game_id), ctx.token(info), version, move, idempotency_key
        )
        return build(SeatGame, i18n.localise(data, code))

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
        code = ctx.lang(info, lang)
        batch: list[Any] = []
        for i, m in enumerate(plain(moves)):
            if (m["move_id"] is None) == (m["value"] is None):
                raise MalformedInput(
                    N_("moves[{i}]: give exactly one of moveId and value").format(i=i)
                )
            if m["value"] is not None and not isinstance(m["value"], dict):
                raise MalformedInput(N_("moves[{i}]: a move value must be an object").format(i=i))
            batch.append(m["move_id"] if m["move_id"] is not None else m["value"])
        data = await ctx.service(info).moves(
            str(game_id), ctx.token(info), version, batch, idempotency_key
        )
        return build(SeatGame, i18n.localise(data, code))

    @strawberry.mutation(description="Resign: every other seat wins.")
    async def resign(
        self,
        info: Info,
        game_id: strawberry.ID,
        version: int | None = None,
        lang: LangArg = None,
    ) -> SeatGame:
        code = ctx.lang(info, lang)
        data = await ctx.service(info).resign(str(game_id), ctx.token(info), version)
        return build(SeatGame, i18n.localise(data, code))

    @strawberry.mutation(
        description="I'm back: the AI that plays this seat since it timed out stops, and the "
        "seat's clock starts afresh."
    )
    async def back(self, info: Info, game_id: strawberry.ID) -> SeatGame:
        return build(SeatGame, await ctx.service(info).back(str(game_id), ctx.token(info)))

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
        events: list[WebhookEvent] | None = None,
    ) -> Webhook:
        kinds = None if events is None else [e.value for e in events]
        data = await webhooks.register(
            ctx.service(info), str(game_id), ctx.token(info), url, secret, kinds
        )
        return build(Webhook, data)

    @strawberry.mutation(description="Delete one of this seat's webhooks.")
    async def delete_webhook(
        self, info: Info, game_id: strawberry.ID, webhook_id: strawberry.ID
    ) -> DeletedWebhook:
        data = await webhooks.delete(
            ctx.service(info), str(game_id), ctx.token(info), str(webhook_id)
        )
        return build(DeletedWebhook, data)

    @strawberry.mutation(description="The AI's analysis of this seat's decision.")
    async def hint(
        self,
        info: Info,
        game_id: strawberry.ID,
        level: str | None = None,
        lang: LangArg = None,
    ) -> Hint:
        code = ctx.lang(info, lang)
        data = await ctx.service(info).hint(str(game_id), ctx.token(info), level)
        return build(Hint, i18n.localise(data, code))


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
            yield build(SeatGame, update.data)

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


def _live_lang(info: Info, chosen: Language | None) -> str:
    """A subscription's language: its `lang`, else an Accept-Language in the connection_init
    payload, else the upgrade request's. Never another field's `lang` kept in the context,
    which every subscription of the connection shares."""
    if chosen is not None:
        return chosen.value
    params = info.context.get("connection_params")
    if isinstance(params, dict):
        for key, value in params.items():
            if isinstance(key, str) and key.lower() == "accept-language":
                return i18n.negotiate(value if isinstance(value, str) else None)
    return ctx.negotiated(info.context)


async def _updates(
    info: Info, game_id: Callable[[], str], after: int | None, patches: bool, code: str
) -> AsyncGenerator[Update, None]:
    """The seat's updates; an error in the subscription's language (the schema maps it as it
    maps every resolver's, `graphql_error`, but would put it in the connection's)."""
    try:
        if after is not None and after < 0:
            raise MalformedInput(N_("after must be a version (0 or more)"))
        updates = seat_updates(
            info.context["request"].app.state.live,
            game_id(),
            ctx.token(info),
            ctx.service(info).settings.keepalive_seconds,
            after,
            patches=patches,
            lang=code,
        )
    except Exception as exc:
        raise _live_error(exc, code) from None
    try:
        while True:
            try:
                update = await anext(updates)
            except StopAsyncIteration:
                return
            except Exception as exc:
                raise _live_error(exc, code) from None
            if update is not None:
                yield update
    finally:
        await updates.aclose()


def _live_error(exc: Exception, code: str) -> Exception:
    error = graphql_error(exc)
    return exc if error is None else in_language(error, code)
