"""The GraphQL types of each game's view and move values, derived from the games' declarations
(`GameInfo.view` and `move_values`, each game's `view_types`): one object type per declared
TypedDict (same names), an enum per declared StrEnum, a `<Type>Entry` list (key, value) for a
map with open keys, the union `GameView` of the games' views, the enum `MoveKind` of every
game's move kinds and `MoveArgs`, every move argument as an optional typed field. A `Split`
argument (Pagan's `target` and `source`: a villager id or a Brew spot `brew-N`) also gets one
field per kind of thing it names (`targetVillager`, `targetBrew`), so a client never parses
it."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Annotated, Any, Literal, Optional, Union, get_args, get_origin

import strawberry

from rules.core.shapes import Doc, Split, fields, is_union, mismatches, split, unwrap
from service.schemas import typed_games

Convert = Callable[[Any], Any]
_types: dict[Any, tuple[Any, Convert]] = {}


def _same(value: Any) -> Any:
    return value


def _enum(tp: type[enum.Enum]) -> tuple[Any, Convert]:
    # A copy: strawberry marks the class it is given, and the rules' own enum stays plain.
    copy: Any = enum.Enum(tp.__name__, {m.name: m.value for m in tp})  # type: ignore[misc]
    gql = strawberry.enum(copy, description=" ".join((tp.__doc__ or "").split()) or None)
    return gql, gql


def _derive(tp: Any) -> tuple[Any, Convert]:
    """The GraphQL type of a declared type, and how to turn a value of it into one."""
    tp, _ = unwrap(tp)
    if tp in _types:
        return _types[tp]
    if is_union(tp):
        alts = [a for a in get_args(tp) if a is not type(None)]
        if len(alts) != 1:
            raise TypeError(f"only `X | None` unions are declared in views, not {tp}")
        inner, convert = _derive(alts[0])
        return Optional[inner], lambda v: None if v is None else convert(v)  # noqa: UP045
    if get_origin(tp) is Literal:
        return str, _same
    if tp in (bool, int, str, float):
        return tp, _same
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        _types[tp] = _enum(tp)
        return _types[tp]
    if get_origin(tp) is list:
        inner, convert = _derive(get_args(tp)[0])
        return list[inner], lambda v: [convert(x) for x in v]  # type: ignore[valid-type]
    if get_origin(tp) is dict:
        return _entries(get_args(tp)[1])
    _types[tp] = _object(tp)
    return _types[tp]


def _entries(tp: Any) -> tuple[Any, Convert]:
    value_type, convert = _derive(tp)
    base: str = getattr(unwrap(tp)[0], "__name__", "Value")
    name = base[0].upper() + base[1:] + "Entry"
    entry = strawberry.type(
        type(name, (), {"__annotations__": {"key": str, "value": value_type}}),
        description="One entry of a map: its key and value.",
    )
    return list[entry], lambda v: [entry(key=k, value=convert(x)) for k, x in v.items()]  # type: ignore[valid-type]


def _object(td: Any) -> tuple[Any, Convert]:
    annotations: dict[str, Any] = {}
    namespace: dict[str, Any] = {"__annotations__": annotations}
    converters: list[tuple[str, str, Convert]] = []
    for key, (tp, required, extras) in fields(td).items():
        gql, convert = _derive(tp)
        attr = key + "_" if key in ("from",) else key
        annotations[attr] = gql if required else Optional[gql]  # noqa: UP045
        doc = next((e.text for e in extras if isinstance(e, Doc)), None)
        namespace[attr] = strawberry.field(name=key if attr != key else None, description=doc)
        converters.append((key, attr, convert))
    description = " ".join(td.__doc__.split()) if td.__doc__ else None
    cls = strawberry.type(type(td.__name__, (), namespace), description=description)

    def build(value: dict[str, Any]) -> Any:
        return cls(**{a: c(value[k]) if k in value else None for k, a, c in converters})

    return cls, build


# -- views ----------------------------------------------------------------------------------

_GAMES = typed_games()
_VIEWS = {game: _derive(info.view) for game, info in _GAMES.items()}
GameView: Any = Annotated[
    Union[tuple(cls for cls, _ in _VIEWS.values())],  # noqa: UP007
    strawberry.union("GameView", description="The seat's view, typed per game (on `game`)."),
]


def typed_view(view: Any) -> Any:
    """The GraphQL object of a game's view."""
    return _VIEWS[view["game"]][1](view)


def shaped_view(view: Any) -> Any:
    """The GraphQL object of a view sent by a client (a replayed record's, read from
    `POST /replays`): checked first against its game's declared shape, exactly (`ValueError`
    naming the first mismatch)."""
    game = view.get("game") if isinstance(view, dict) else None
    if game not in _GAMES:
        raise ValueError(f"$.game: {game!r} is no game of this service")
    problems = mismatches(view, _GAMES[game].view)
    if problems:
        raise ValueError(problems[0])
    return typed_view(view)


# -- moves ----------------------------------------------------------------------------------


def _collect() -> tuple[set[str], dict[str, tuple[Any, Split | None, str]]]:
    """Every game's move kinds, and each argument's GraphQL type, Split and description."""
    kinds: set[str] = set()
    args: dict[str, tuple[Any, Split | None, str]] = {}
    shapes: dict[str, list[str]] = {}
    for info in _GAMES.values():
        for shape in info.move_values:
            for key, (tp, _, extras) in fields(shape).items():
                if key == "type":
                    kinds.update(get_args(tp))
                    continue
                gql = _derive(tp)[0]
                if key in args and args[key][0] is not gql:
                    raise TypeError(f"move argument {key!r} is declared with two types")
                how = next((e for e in extras if isinstance(e, Split)), None)
                doc = next((e.text for e in extras if isinstance(e, Doc)), "")
                shapes.setdefault(key, []).append(shape.__name__)
                args[key] = (gql, how, doc or args.get(key, (None, None, ""))[2])
    for key, (gql, how, doc) in args.items():
        where = "In " + ", ".join(shapes[key]) + "."
        args[key] = (gql, how, f"{doc}. {where}" if doc else where)
    return kinds, args


_kinds, _args = _collect()
_move_kinds: Any = enum.Enum("MoveKind", {k.upper(): k for k in sorted(_kinds)})  # type: ignore[misc]
MoveKind = strawberry.enum(
    _move_kinds,
    description="A legal move's kind (its value's `type`), of any game.",
)


def _move_args() -> Any:
    annotations: dict[str, Any] = {}
    namespace: dict[str, Any] = {"__annotations__": annotations}
    for key, (gql, how, doc) in sorted(_args.items()):
        attr = key + "_" if key in ("from",) else key
        annotations[attr] = Optional[gql]  # noqa: UP045
        namespace[attr] = strawberry.field(name=key if attr != key else None, description=doc)
        if how is not None:
            for part, part_type in ((how.matched, int), (how.other, str)):
                annotations[f"{key}_{part}"] = Optional[part_type]  # noqa: UP045
                namespace[f"{key}_{part}"] = strawberry.field(
                    description=f"`{key}` when it names a {part}"
                )
    return strawberry.type(
        type("MoveArgs", (), namespace),
        description="A move value's arguments, typed: only those of its kind are set.",
    )


MoveArgs = _move_args()


def move_kind(value: Any) -> Any:
    return MoveKind(value["type"])


def move_args(value: Any) -> Any:
    out: dict[str, Any] = {}
    for key, (_, how, _) in _args.items():
        attr = key + "_" if key in ("from",) else key
        raw = value.get(key)
        out[attr] = raw
        if how is not None:
            kind, thing = split(raw, how) if isinstance(raw, str) else ("", None)
            out[f"{key}_{how.matched}"] = thing if kind == how.matched else None
            out[f"{key}_{how.other}"] = thing if kind == how.other else None
    return MoveArgs(**out)
