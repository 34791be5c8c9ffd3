"""The GraphQL types of the API's answers and inputs, derived from the pydantic models REST
declares them with (`service.models`, `service.record_schema`): each shape, and its
documentation, is declared once.

`@output(Model)` on a class makes the GraphQL object type of that class's name from the model's
fields, in the model's order: the same names (camelCased by strawberry), descriptions,
nullability and nesting; `str` marked `Id` is `ID`, `dict` and `Any` values are `JSON`, a
`Literal` is the type of its values (or a GraphQL enum derived from it, `literal_enum`), a
nested model is the type derived from it (or from its nearest base). The model's docstring is
the type's description; the class's own `strawberry.field` resolvers come after the model's
fields (GraphQL-only fields, read from the object's data: `data_of`). Keyword arguments say
where GraphQL shows a field otherwise (`As`: another type, name or description, a
deprecation, a field left out). `@input(Model)` does the same for an input type, with the
model's defaults. An unknown field name in either is an error at import, so nothing drifts.

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


def output(model: type[BaseModel], **fields: As) -> Callable[[type[T]], type[T]]:
    """The GraphQL object type of `model` (see the module's docstring)."""
    return lambda cls: _derive(model, cls, fields, is_input=False)


def input(model: type[BaseModel], **fields: As) -> Callable[[type[T]], type[T]]:
    """The GraphQL input type of `model` (see the module's docstring)."""
    return lambda cls: _derive(model, cls, fields, is_input=True)


def models_of() -> dict[type, type[BaseModel]]:
    """Every derived type, and the model it was derived from."""
    return {cls: model for derived in (_outputs, _inputs) for model, cls in derived.items()}


def build(cls: type[T], data: Mapping[str, Any]) -> T:
    """The object of a derived type from its plain data (keys the model's field names)."""
    built: T = _builders[cls](data)
    return built


_DATA = "_data"


def data_of(obj: Any) -> Any:
    """The plain data a derived type's object was built from (for its resolvers)."""
    return obj.__dict__[_DATA]


def plain(value: Any) -> Any:
    """An input object (and the input objects in it) as plain dicts and lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def _derive(
    model: type[BaseModel], cls: type[T], overrides: dict[str, As], is_input: bool
) -> type[T]:
    unknown = overrides.keys() - model.model_fields.keys()
    if unknown:
        raise TypeError(f"{cls.__name__}: {sorted(unknown)} are no fields of {model.__name__}")
    annotations: dict[str, Any] = {}
    namespace: dict[str, Any] = {"__annotations__": annotations, "__module__": cls.__module__}
    reads: list[tuple[str, str, bool, Convert | None]] = []
    for key, info in model.model_fields.items():
        how = overrides.get(key, As())
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
    declared = vars(cls).get("__annotations__")
    if declared:
        raise TypeError(f"{cls.__name__} declares {sorted(declared)}: fields come from the model")
    for name, value in vars(cls).items():
        if name.startswith("__"):
            continue
        if name in annotations:
            raise TypeError(f"{cls.__name__}.{name} is a field of {model.__name__} already")
        if isinstance(value, StrawberryField) and value.base_resolver is None:
            raise TypeError(f"{cls.__name__}.{name}: only resolvers are added to a model's fields")
        namespace[name] = value
    made: Any = type(cls.__name__, (), namespace)
    # The model's docstring, as in the OpenAPI document (pydantic's own is none).
    doc = model.__doc__ if model.__doc__ != BaseModel.__doc__ else None
    description = " ".join(doc.split()) if doc else None
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
    # Grouped once, so that building the many small objects of a game's answer stays cheap.
    required = [(attr, key) for attr, key, needed, convert in reads if needed and not convert]
    optional = [(attr, key) for attr, key, needed, convert in reads if not needed and not convert]
    converted = [(attr, key, needed, convert) for attr, key, needed, convert in reads if convert]

    def make(data: Mapping[str, Any]) -> Any:
        values = {attr: data[key] for attr, key in required}
        for attr, key in optional:
            values[attr] = data.get(key)
        for attr, key, needed, convert in converted:
            value = data[key] if needed else data.get(key)
            values[attr] = None if value is None else convert(value)
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


@output(models.LegalMove)
class LegalMove:
    @strawberry.field(graphql_type=graphql_views.MoveKind, description="The move's kind.")
    def kind(self) -> Any:
        return graphql_views.move_kind(data_of(self)["value"])

    @strawberry.field(graphql_type=graphql_views.MoveArgs, description="The value's arguments.")
    def args(self) -> Any:
        return graphql_views.move_args(data_of(self)["value"])


@output(models.Description)
class Description:
    pass


@output(models.SeatClock)
class SeatClock:
    pass


@output(models.Clock)
class Clock:
    pass


@output(models.FillOpenSeats)
class FillOpenSeats:
    pass


@output(models.Event)
class Event:
    pass


@output(models.SeatInfo)
class Seat:
    pass


@output(models.SeatGame, view=As(name="view_json"))
class SeatGame:
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


@output(models.JoinedGame)
class JoinedGame:
    pass


@output(models.MyGame)
class MyGame:
    pass


@output(models.MyGames)
class MyGames:
    pass


@output(models.RematchGame)
class RematchGame:
    pass


@output(models.LobbyGame)
class LobbyGame:
    pass


@output(models.CatalogGame)
class CatalogGame:
    pass


@output(models.Catalog)
class Catalog:
    pass


@output(models.HintMove)
class HintMove:
    pass


@output(models.Hint)
class Hint:
    pass


# -- webhooks --------------------------------------------------------------------------------


@output(models.Webhook)
class Webhook:
    pass


@output(models.Webhooks)
class SeatWebhooks:
    pass


@output(models.DeletedWebhook)
class DeletedWebhook:
    pass


@output(models.WebhookDelivery)
class WebhookDelivery:
    pass


# -- records ---------------------------------------------------------------------------------
# The header is typed; each decision's texts, move and changes are JSON values, and `document`
# is the whole record as REST answers it (what `coven export` saves and `coven verify` reads).


@output(record_schema.TranscriptSeat)
class TranscriptSeat:
    pass


@output(record_schema.TranscriptSeed)
class TranscriptSeed:
    pass


@output(record_schema.TranscriptWeighedMove)
class TranscriptWeighedMove:
    pass


@output(record_schema.TranscriptThought, belief=As(type=JSON | None))
class TranscriptThought:
    pass


@output(
    record_schema.TranscriptDecision,
    description=As(type=JSON | None),
    descriptions=As(type=JSON | None),
    move=As(type=JSON | None),
)
class TranscriptDecision:
    pass


@output(record_schema.Transcript, lang=As(type=str), abridged=As(hidden=True))
class Transcript:
    @strawberry.field(description="The whole record as one JSON value.")
    def document(self) -> JSON:
        return cast(JSON, data_of(self))


@output(record_schema.ReplayWeighedMove)
class ReplayWeighedMove:
    pass


@output(record_schema.ReplayThought, belief=As(type=JSON | None))
class ReplayThought:
    pass


@output(record_schema.ReplayMove)
class ReplayMove:
    pass


@output(record_schema.ReplayDecision)
class ReplayDecision:
    pass


@output(record_schema.ReplaySeatView, view=As(name="view_json"))
class ReplaySeatView:
    @strawberry.field(
        graphql_type=graphql_views.GameView, description="The view at this version, typed."
    )
    def view(self) -> Any:
        return graphql_views.typed_view(data_of(self)["view"])


@output(record_schema.ReplayPosition)
class ReplayPosition:
    pass


# -- inputs ----------------------------------------------------------------------------------


@input(models.BatchMove)
class MoveInput:
    pass


@input(models.SeatRequest)
class SeatInput:
    pass


@input(models.ClockRequest, on_timeout=As(type=str))
class ClockInput:
    pass


@input(models.CreateGameRequest)
class CreateGameInput:
    pass
