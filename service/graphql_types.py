"""The GraphQL types of the API's answers and inputs, derived from the pydantic models REST
declares them with (`service.models`, `service.record_schema`): each shape is declared once.

`@output(Model)` on a class makes the GraphQL object type of that name from the model's fields,
in the model's order: the same names (camelCased by strawberry), nullability and nesting;
`str` marked `Id` is `ID`, `dict` and `Any` values are `JSON`, a `Literal` is the type of its
values (or a GraphQL enum derived from it, `ENUMS`), a nested model is the type derived from it
(or from its nearest base). The class's docstring is the type's description and its own
`strawberry.field` resolvers come after the model's fields. Keyword arguments say where GraphQL
shows a field otherwise (`As`: another type, name or description, a deprecation, a
GraphQL-only field left out). `@input(Model)` does the same for an input type, with the model's
defaults. An unknown field name in either is an error at import, so nothing drifts.

`build(Type, data)` turns the plain dict `service.render` and the other services answer with
(REST's JSON) into the type's object, converters precomputed per type; `plain(value)` turns an
input object back into plain data for the services.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import (
    Annotated,
    Any,
    Literal,
    Optional,
    TypeVar,
    Union,
    cast,
    get_args,
    get_origin,
)

import strawberry
from pydantic import BaseModel
from strawberry.scalars import JSON
from strawberry.types.field import StrawberryField

from service import graphql_views, models, record_schema

T = TypeVar("T")
Convert = Callable[[Any], Any]

_KEEP: Any = object()


@dataclass(frozen=True)
class As:
    """How GraphQL shows one field of a model, where it differs from REST: its own `type`
    (built from the dict's value), its Python `name` (the GraphQL name is its camelCase), its
    own `description`, a `deprecation_reason`, the dict key it is read from (`source`), or
    left out (`hidden`)."""

    type: Any = None
    name: str | None = None
    description: Any = _KEEP
    deprecation_reason: str | None = None
    source: str | None = None
    hidden: bool = False


# A Literal declared in the models that GraphQL shows as an enum of its values.
ENUMS: dict[Any, type[enum.Enum]] = {}


def literal_enum(literal: Any, name: str, description: str) -> Any:
    """The GraphQL enum of a Literal's values (member names: the values upper-cased)."""
    members: Any = enum.Enum(name, {v.upper(): v for v in get_args(literal)})  # type: ignore[misc]
    gql = strawberry.enum(members, description=description)
    ENUMS[literal] = gql
    return gql


_outputs: dict[type[BaseModel], type] = {}
_inputs: dict[type[BaseModel], type] = {}
_builders: dict[type, Callable[[Mapping[str, Any]], Any]] = {}


def output(model: type[BaseModel], **fields: str | As | None) -> Callable[[type[T]], type[T]]:
    """The GraphQL object type of `model` (see the module's docstring)."""
    return lambda cls: _derive(model, cls, fields, is_input=False)


def input(model: type[BaseModel], **fields: str | As | None) -> Callable[[type[T]], type[T]]:
    """The GraphQL input type of `model` (see the module's docstring)."""
    return lambda cls: _derive(model, cls, fields, is_input=True)


def build(cls: type[T], data: Mapping[str, Any]) -> T:
    """The object of a derived type from its plain data (keys the model's field names)."""
    built: T = _builders[cls](data)
    return built


def data_of(obj: Any) -> Any:
    """The plain data a derived type's object was built from (for its resolvers)."""
    return obj.__dict__[_DATA]


_DATA = "_data"


def plain(value: Any) -> Any:
    """An input object (and the input objects in it) as plain dicts and lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def _derive(
    model: type[BaseModel], cls: type[T], overrides: dict[str, str | As | None], is_input: bool
) -> type[T]:
    unknown = overrides.keys() - model.model_fields.keys()
    if unknown:
        raise TypeError(f"{cls.__name__}: {sorted(unknown)} are no fields of {model.__name__}")
    annotations: dict[str, Any] = {}
    namespace: dict[str, Any] = {"__annotations__": annotations, "__module__": cls.__module__}
    reads: list[tuple[str, str, bool, Convert | None]] = []
    for key, info in model.model_fields.items():
        given = overrides.get(key)
        how = (
            given if isinstance(given, As) else As(description=given) if key in overrides else As()
        )
        if how.hidden:
            continue
        attr = how.name or key
        tp = (
            how.type
            if how.type is not None
            else _graphql_type(info.annotation, info.metadata, is_input)
        )
        description = info.description if how.description is _KEEP else how.description
        field: dict[str, Any] = {"description": description}
        if how.deprecation_reason is not None:
            field["deprecation_reason"] = how.deprecation_reason
        if is_input and not info.is_required():
            if info.default_factory is not None:
                field["default_factory"] = info.default_factory
            elif info.default is not None or _nullable(tp):
                field["default"] = info.default
        annotations[attr] = tp
        namespace[attr] = strawberry.field(**field)
        required = info.is_required() and how.source is None
        reads.append((attr, how.source or key, required, _converter(tp)))
    for name, value in vars(cls).items():
        if name.startswith("__"):
            continue
        if name in annotations:
            raise TypeError(f"{cls.__name__}.{name} is a field of {model.__name__} already")
        if isinstance(value, StrawberryField) and value.base_resolver is None:
            raise TypeError(f"{cls.__name__}.{name}: only resolvers are added to a model's fields")
        namespace[name] = value
    made: Any = type(cls.__name__, (), namespace)
    description = " ".join(cls.__doc__.split()) if cls.__doc__ else None
    if is_input:
        derived: Any = strawberry.input(made, description=description)
        _inputs[model] = derived
    else:
        derived = strawberry.type(made, description=description)
        _outputs[model] = derived
    _builders[derived] = _builder(derived, reads)
    return derived  # type: ignore[no-any-return]


def _builder(
    cls: Any, reads: list[tuple[str, str, bool, Convert | None]]
) -> Callable[[Mapping[str, Any]], Any]:
    def make(data: Mapping[str, Any]) -> Any:
        values: dict[str, Any] = {}
        for attr, key, required, convert in reads:
            value = data[key] if required else data.get(key)
            values[attr] = value if convert is None or value is None else convert(value)
        made = cls(**values)
        made.__dict__[_DATA] = data
        return made

    return make


def _graphql_type(tp: Any, metadata: list[Any], is_input: bool) -> Any:
    """The GraphQL annotation of a model field's type."""
    if get_origin(tp) is Annotated:
        metadata = [*metadata, *tp.__metadata__]
        tp = get_args(tp)[0]
    if any(isinstance(m, models.Identifier) for m in metadata):
        return strawberry.ID
    if get_origin(tp) in (Union, type(int | None)):
        alts = [a for a in get_args(tp) if a is not type(None)]
        inner = _graphql_type(alts[0], [], is_input) if len(alts) == 1 else JSON
        return Optional[inner]  # noqa: UP045
    if tp in ENUMS:
        return ENUMS[tp]
    if get_origin(tp) is Literal:
        return type(get_args(tp)[0])
    if tp in (str, int, float, bool):
        return tp
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        derived = _inputs if is_input else _outputs
        for base in tp.__mro__:
            if base in derived:
                return derived[base]
        raise TypeError(f"{tp.__name__} has no GraphQL type yet: derive it first")
    if get_origin(tp) is list and not _json(get_args(tp)[0]):
        return list[_graphql_type(get_args(tp)[0], [], is_input)]  # type: ignore[misc]
    return JSON


def _json(tp: Any) -> bool:
    """Whether a type holds a dict or Any anywhere: GraphQL takes it as one JSON value."""
    return tp is Any or get_origin(tp) is dict or any(_json(a) for a in get_args(tp))


def _nullable(tp: Any) -> bool:
    return get_origin(tp) in (Union, type(int | None)) and type(None) in get_args(tp)


def _converter(tp: Any) -> Convert | None:
    """How a value of the dict becomes a value of GraphQL type `tp` (None: as it is)."""
    if _nullable(tp):
        (inner,) = [a for a in get_args(tp) if a is not type(None)]
        return _converter(inner)
    if get_origin(tp) is list:
        item = _converter(get_args(tp)[0])
        return None if item is None else lambda v: [item(x) for x in v]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp
    if tp in _builders:
        return _builders[tp]
    return None


# -- the types -------------------------------------------------------------------------------

WebhookEvent = literal_enum(models.WebhookEvent, "WebhookEvent", "What a webhook is told of.")


@output(models.LegalMove, value="The move's value, to send back as it is.")
class LegalMove:
    @strawberry.field(graphql_type=graphql_views.MoveKind, description="The move's kind.")
    def kind(self) -> Any:
        return graphql_views.move_kind(data_of(self)["value"])

    @strawberry.field(graphql_type=graphql_views.MoveArgs, description="The value's arguments.")
    def args(self) -> Any:
        return graphql_views.move_args(data_of(self)["value"])


@output(
    models.Description,
    text=None,
    actor=None,
    action=None,
    decision=None,
    hidden="The names of those withheld from it.",
)
class Description:
    """What the reading seat may know of a move (the public log)."""


@output(
    models.SeatClock,
    away="Whether an AI plays this seat since it timed out (until its player is back).",
)
class SeatClock:
    """One seat's clock."""


@output(
    models.Clock,
    decision_seconds="Seconds per decision.",
    turn_seconds="Seconds per turn.",
    budget_seconds="Each seat's starting bank.",
    increment_seconds="Added to a budget seat's bank when its turn ends.",
    running="The seat whose clock runs now.",
    deadline="When its time is up: ISO 8601, UTC.",
)
class Clock:
    """A game's turn clock (exactly one of the three seconds is set)."""


@output(
    models.FillOpenSeats,
    level="The AI level that takes them.",
    at="When: ISO 8601, UTC.",
)
class FillOpenSeats:
    """Open seats the AI takes when nobody has taken them in time."""


@output(
    models.Event,
    version=None,
    seat=None,
    at="When: ISO 8601, UTC.",
    description=None,
    changes="JSON Patch of the spectator's view.",
    move="The move itself, only for the seat that made it.",
)
class Event:
    """One change of the game as this seat may see it."""


@output(models.SeatInfo, name="The seat's display name.")
class Seat:
    pass


@output(
    models.SeatGame,
    seat=None,
    view=As(name="view_json", description="The view as one JSON value."),
)
class SeatGame:
    """The game as one seat (or a spectator) sees it."""

    @strawberry.field(
        graphql_type=graphql_views.GameView, description="What this seat may see, typed."
    )
    def view(self) -> Any:
        return graphql_views.typed_view(data_of(self)["view"])


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


@output(models.SeatToken)
class SeatToken:
    pass


@output(
    models.CreatedGame,
    tokens=As(
        type=list[SeatToken],
        source="seat_tokens",
        description=None,
        deprecation_reason="Use seatTokens (as REST).",
    ),
)
class CreatedGame:
    pass


@output(models.JoinedGame, name=None)
class JoinedGame:
    pass


@output(
    models.MyGame,
    token_index="The position of its token in `tokens`.",
    name=None,
    your_decision=None,
    rematch=None,
)
class MyGame:
    """One seat of a client's games (see myGames)."""


@output(
    models.MyGames,
    games=None,
    unknown="Positions of tokens that name no seat of a live game.",
)
class MyGames:
    pass


@output(models.RematchGame, id=None, rematch_of=None, token=None)
class RematchGame:
    pass


@output(models.LobbyGame, options=None)
class LobbyGame:
    pass


@output(models.CatalogGame)
class CatalogGame:
    pass


@output(models.Catalog)
class Catalog:
    pass


@output(models.HintMove, visits=None, win_rate=None)
class HintMove:
    pass


@output(models.Hint, moves=None)
class Hint:
    pass


# -- webhooks --------------------------------------------------------------------------------


@output(models.Webhook)
class Webhook:
    """A seat's webhook (its secret is never shown again)."""


@output(models.Webhooks, limit="The most webhooks one seat may have in a game.")
class SeatWebhooks:
    pass


@output(models.DeletedWebhook)
class DeletedWebhook:
    pass


@output(
    models.WebhookDelivery,
    attempt="1 for the first attempt, 2 for the first retry.",
    status_code="The receiver's HTTP status.",
    error="Why there was no 2xx answer.",
)
class WebhookDelivery:
    """One delivery attempt of a webhook notice."""


# -- records ---------------------------------------------------------------------------------
# The header is typed; each decision's texts, move and changes are JSON values, and `document`
# is the whole record as REST answers it (what `coven export` saves and `coven verify` reads).


@output(record_schema.TranscriptSeat, level=None, name=None)
class TranscriptSeat:
    """A seat of a recorded game."""


@output(
    record_schema.TranscriptSeed,
    commitment="SHA-256 (hex) of `<salt>:<seed>` (null: a game from before commitments).",
    scheme="How the commitment is computed.",
    chosen="Whether the creator chose the seed (null: not known).",
    seed="The seed: only once the game is over.",
    salt="The salt: only once the game is over.",
)
class TranscriptSeed:
    """The seed commitment: published at the creation, seed and salt revealed once the game is
    over (docs/records.md)."""


@output(
    record_schema.TranscriptDecision,
    version=None,
    seat=None,
    at="When: ISO 8601, UTC.",
    description=As(type=JSON | None, description="The public description (what a spectator read)."),
    descriptions=As(
        type=JSON | None,
        description="What seats read where it differs from the public description, by seat "
        "(only the reader's own while the game goes on).",
    ),
    move=As(
        type=JSON | None,
        description="The move {id, value, label} (only the reader's own while the game goes on).",
    ),
    changes="JSON Patch of the spectator's view.",
    state_hash="SHA-256 of the state after it (complete records only).",
)
class TranscriptDecision:
    """One decision of a recorded game, as the record's reader may have it."""


@output(
    record_schema.Transcript,
    lang=As(type=str, description="The language of its texts."),
    abridged=As(hidden=True),
    id=None,
    options=None,
    created=None,
    viewpoint="The seat whose record it is (null: a spectator's).",
    complete="Whether it holds everything (game over).",
    version=None,
    initial_view="The spectator's view at version 0.",
    initial_state_hash=None,
    outcome=None,
)
class Transcript:
    """A game's record (docs/records.md): while it goes on, what the token's seat saw (no
    token: what everyone saw); once it is over, everything."""

    @strawberry.field(description="The whole record as one JSON value.")
    def document(self) -> JSON:
        return cast(JSON, data_of(self))


# -- inputs ----------------------------------------------------------------------------------


@input(models.BatchMove, move_id=None, value=None)
class MoveInput:
    """One move of a batch: a legal move's id or its value."""


@input(
    models.SeatRequest,
    seat=None,
    kind="human, open or ai",
    level=None,
    name="The seat's display name (1-40 characters).",
)
class SeatInput:
    pass


@input(
    models.ClockRequest,
    decision_seconds="Seconds for every decision of a human seat.",
    turn_seconds="Seconds for a seat's turn (its consecutive decisions).",
    budget_seconds="Chess-style: each seat's bank of seconds.",
    increment_seconds="Added to a budget seat's bank when its turn ends.",
    on_timeout=As(
        type=str,
        description="forfeit (the game ends, the others win) or ai:<level> (an AI plays the "
        "seat until its player is back).",
    ),
)
class ClockInput:
    """A turn clock: exactly one of the three seconds."""


@input(
    models.CreateGameRequest,
    game=None,
    options=None,
    seed=None,
    seats=None,
    clock="A turn clock (see the REST create body's `clock`).",
    fill_open_seats_after_seconds="Open seats nobody took this long after the creation go to "
    "the AI at fillLevel.",
    fill_level="The AI level that fills open seats (default medium).",
)
class CreateGameInput:
    pass
