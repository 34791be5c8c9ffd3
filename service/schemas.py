"""JSON Schemas of each game's view and move values, derived from the games' declarations
(`GameInfo.view` and `move_values`, each game's `view_types`) for the OpenAPI document:
`SeatGame.view` is a `oneOf` of the games' views with a discriminator on `game`, and
`LegalMove.value` any game's move value. Every object is closed (`additionalProperties: false`),
so a live answer with an undeclared key fails."""

from __future__ import annotations

import enum
from typing import Any, Literal, get_args, get_origin

from rules.core import GameInfo, game_names, get_game
from rules.core.shapes import Doc, Split, fields, is_union, unwrap

REF = "#/components/schemas/{name}"


def typed_games() -> dict[str, GameInfo]:
    """The registered games that declare the shapes of their views, by name, in name order."""
    games = {name: get_game(name).info for name in game_names()}
    return {name: info for name, info in games.items() if info.view is not None}


def _schema(tp: Any, defs: dict[str, Any], extras: tuple[Any, ...] = ()) -> dict[str, Any]:
    tp, more = unwrap(tp)
    out = _bare(tp, defs)
    for extra in extras + more:
        if isinstance(extra, Doc):
            out["description"] = extra.text
        if isinstance(extra, Split):
            out["description"] = f"A {extra.matched} spot `{extra.matched}-N` or a {extra.other} id"
    return out


def _bare(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    if is_union(tp):
        alts = [_schema(a, defs) for a in get_args(tp)]
        return {"anyOf": alts}
    if tp is type(None):
        return {"type": "null"}
    if get_origin(tp) is Literal:
        values = list(get_args(tp))
        return {"const": values[0]} if len(values) == 1 else {"enum": values}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return {"enum": [m.value for m in tp]}
    simple = {bool: "boolean", int: "integer", str: "string", float: "number"}
    if tp in simple:
        return {"type": simple[tp]}
    if get_origin(tp) is list:
        return {"type": "array", "items": _schema(get_args(tp)[0], defs)}
    if get_origin(tp) is dict:
        return {"type": "object", "additionalProperties": _schema(get_args(tp)[1], defs)}
    return {"$ref": REF.format(name=_object(tp, defs))}


def _object(td: Any, defs: dict[str, Any]) -> str:
    name: str = td.__name__
    if name in defs:
        return name
    defs[name] = {}  # reserved first: declarations may nest
    props: dict[str, Any] = {}
    required: list[str] = []
    for key, (tp, req, extras) in fields(td).items():
        props[key] = _schema(tp, defs, extras)
        if req:
            required.append(key)
    schema: dict[str, Any] = {
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }
    if td.__doc__ and not td.__doc__.startswith(name + "("):
        schema["description"] = " ".join(td.__doc__.split())
    defs[name] = schema
    return name


def game_schemas() -> dict[str, Any]:
    """The named schemas: each game's view and move values and what they are made of, plus
    `GameView` and `MoveValue`."""
    defs: dict[str, Any] = {}
    views: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    mapping: dict[str, str] = {}
    for game, info in typed_games().items():
        name = _object(info.view, defs)
        views.append({"$ref": REF.format(name=name)})
        mapping[game] = REF.format(name=name)
        move_name = name.removesuffix("View") + "MoveValue"
        defs[move_name] = {
            "description": f"A legal move's value in {game}: `type` is the move's kind.",
            "anyOf": [{"$ref": REF.format(name=_object(s, defs))} for s in info.move_values],
        }
        moves.append({"$ref": REF.format(name=move_name)})
    defs["GameView"] = {
        "description": "What a seat may see of a game, in the game's own shape.",
        "oneOf": views,
        "discriminator": {"propertyName": "game", "mapping": mapping},
    }
    defs["MoveValue"] = {"description": "A legal move's value, of any game.", "anyOf": moves}
    return dict(sorted(defs.items()))


def install(schemas: dict[str, Any]) -> None:
    """Point the REST models' `view` and move `value` at the games' schemas."""
    schemas.update(game_schemas())
    schemas["SeatGame"]["properties"]["view"] = {
        "$ref": REF.format(name="GameView"),
        "description": "What this seat may see, in its game's shape (see `game`).",
    }
    schemas["LegalMove"]["properties"]["value"] = {"$ref": REF.format(name="MoveValue")}
