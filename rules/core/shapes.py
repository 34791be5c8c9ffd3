"""Typed declarations of what a game shows: the vocabulary of each game's `view_types` module.

A game declares its view and its move values as TypedDicts (standard library only, so the rules
core depends on nothing): `NotRequired` marks a key that only some views carry, `X | None` a
value that may be null, `Literal` and `StrEnum` closed sets of strings, `dict[str, T]` a map with
open keys. The service derives its GraphQL types and JSON Schemas from these declarations, and
`mismatches` checks a real value against one, so the declarations cannot drift from the views.
"""

from __future__ import annotations

import enum
import functools
import re
import types
from dataclasses import dataclass
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)


@dataclass(frozen=True)
class Split:
    """A string naming one of two kinds of thing, e.g. a villager id or a Brew spot `brew-N`:
    values matching `pattern` are the kind `matched` (its number is the pattern's group 1), the
    others the kind `other`. Typed clients get one field per kind instead of the ambiguous one."""

    pattern: str
    matched: str
    other: str


@dataclass(frozen=True)
class Doc:
    """A description of a field, for the GraphQL schema and the JSON Schemas."""

    text: str


def unwrap(tp: Any) -> tuple[Any, tuple[Any, ...]]:
    """A declared type without `NotRequired`/`Required` and `Annotated`, and the annotations."""
    extras: tuple[Any, ...] = ()
    while True:
        origin = get_origin(tp)
        if origin in (NotRequired, Required):
            tp = get_args(tp)[0]
        elif origin is Annotated:
            extras += tuple(tp.__metadata__)
            tp = tp.__origin__
        else:
            return tp, extras


@functools.cache
def fields(td: Any) -> dict[str, tuple[Any, bool, tuple[Any, ...]]]:
    """A TypedDict's keys: (type, required, annotations) each. Required-ness is read from the
    hints, as `__required_keys__` misses `NotRequired` under postponed annotations (3.11)."""
    hints = get_type_hints(td, include_extras=True)
    out: dict[str, tuple[Any, bool, tuple[Any, ...]]] = {}
    for key, hint in hints.items():
        tp, extras = unwrap(hint)
        out[key] = (tp, get_origin(hint) is not NotRequired, extras)
    return out


def is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType)


def mismatches(value: Any, tp: Any, path: str = "$") -> list[str]:
    """Where `value` differs from the declared type `tp` (empty when it conforms exactly: no
    undeclared keys, no missing required ones, every value of its declared type)."""
    tp, _ = unwrap(tp)
    problems: list[str] = []
    if is_union(tp):
        tries = [mismatches(value, alt, path) for alt in get_args(tp)]
        if any(not t for t in tries):
            return []
        closest: list[str] = min(tries, key=len)
        return [f"{path}: {value!r} matches none of {tp}: " + "; ".join(closest)]
    if tp is type(None):
        return [] if value is None else [f"{path}: {value!r} is not null"]
    if get_origin(tp) is Literal:
        return [] if value in get_args(tp) else [f"{path}: {value!r} not in {get_args(tp)}"]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        names = {m.value for m in tp}
        return [] if value in names else [f"{path}: {value!r} is no {tp.__name__}"]
    if tp is bool or tp is int or tp is str or tp is float:
        ok = type(value) is tp or (tp is float and type(value) is int)
        return [] if ok else [f"{path}: {value!r} is not {tp.__name__}"]
    if get_origin(tp) is list:
        if not isinstance(value, list):
            return [f"{path}: {value!r} is not a list"]
        (item,) = get_args(tp)
        for i, x in enumerate(value):
            problems += mismatches(x, item, f"{path}[{i}]")
        return problems
    if get_origin(tp) is dict:
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not an object"]
        _, item = get_args(tp)
        for k, x in value.items():
            problems += mismatches(x, item, f"{path}.{k}")
        return problems
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not a {tp.__name__}"]
        declared = fields(tp)
        for k in value.keys() - declared.keys():
            problems.append(f"{path}: undeclared key {k!r} in {tp.__name__}")
        for k, (sub, required, _) in declared.items():
            if k in value:
                problems += mismatches(value[k], sub, f"{path}.{k}")
            elif required:
                problems.append(f"{path}: missing key {k!r} of {tp.__name__}")
        return problems
    raise TypeError(f"{path}: cannot check against {tp!r}")


def split(value: str, how: Split) -> tuple[str, str | int]:
    """Which kind of thing a `Split` string names, and the thing (a number for `matched`)."""
    m = re.fullmatch(how.pattern, value)
    return (how.matched, int(m.group(1))) if m else (how.other, value)


__all__ = ["Doc", "Split", "fields", "is_union", "mismatches", "split", "unwrap"]
