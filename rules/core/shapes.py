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
from collections.abc import Callable
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


# A check of a value against one declared type: the problems found, each prefixed by `path`.
Check = Callable[[Any, str], list[str]]


def mismatches(value: Any, tp: Any, path: str = "$") -> list[str]:
    """Where `value` differs from the declared type `tp` (empty when it conforms exactly: no
    undeclared keys, no missing required ones, every value of its declared type)."""
    return _checker(tp)(value, path)


@functools.cache
def _checker(tp: Any) -> Check:
    """The check of one declared type, built once: reading a declaration (`get_origin`,
    `get_args`, a TypedDict's hints) costs far more than checking a value against it, and the
    same few declarations check every view the service and the tests read."""
    tp, _ = unwrap(tp)
    if is_union(tp):
        return _union_check(tp, [_checker(alt) for alt in get_args(tp)])
    if tp is type(None):
        return lambda value, path: [] if value is None else [f"{path}: {value!r} is not null"]
    if get_origin(tp) is Literal:
        allowed = get_args(tp)
        return lambda value, path: (
            [] if value in allowed else [f"{path}: {value!r} not in {allowed}"]
        )
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        names = {m.value for m in tp}
        return lambda value, path: (
            [] if value in names else [f"{path}: {value!r} is no {tp.__name__}"]
        )
    if tp is bool or tp is int or tp is str or tp is float:
        return _scalar_check(tp)
    if get_origin(tp) is list:
        return _list_check(_checker(get_args(tp)[0]))
    if get_origin(tp) is dict:
        return _map_check(_checker(get_args(tp)[1]))
    if is_typeddict(tp):
        return _typeddict_check(tp)
    raise TypeError(f"cannot check against {tp!r}")


def _union_check(tp: Any, alternatives: list[Check]) -> Check:
    def check(value: Any, path: str) -> list[str]:
        tries: list[list[str]] = []
        for alternative in alternatives:
            found = alternative(value, path)
            if not found:
                return []
            tries.append(found)
        closest = min(tries, key=len)
        return [f"{path}: {value!r} matches none of {tp}: " + "; ".join(closest)]

    return check


def _scalar_check(tp: type) -> Check:
    def check(value: Any, path: str) -> list[str]:
        ok = type(value) is tp or (tp is float and type(value) is int)
        return [] if ok else [f"{path}: {value!r} is not {tp.__name__}"]

    return check


def _list_check(item: Check) -> Check:
    def check(value: Any, path: str) -> list[str]:
        if not isinstance(value, list):
            return [f"{path}: {value!r} is not a list"]
        problems: list[str] = []
        for i, x in enumerate(value):
            problems += item(x, f"{path}[{i}]")
        return problems

    return check


def _map_check(item: Check) -> Check:
    def check(value: Any, path: str) -> list[str]:
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not an object"]
        problems: list[str] = []
        for k, x in value.items():
            problems += item(x, f"{path}.{k}")
        return problems

    return check


def _typeddict_check(td: Any) -> Check:
    declared = fields(td)
    # Each key's check is built on first use, not here: a declaration may name itself.
    keys: list[tuple[str, Check, bool]] = []

    def check(value: Any, path: str) -> list[str]:
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not a {td.__name__}"]
        if not keys:
            keys.extend((k, _checker(sub), required) for k, (sub, required, _) in declared.items())
        problems = [
            f"{path}: undeclared key {k!r} in {td.__name__}" for k in value.keys() - declared.keys()
        ]
        for k, sub_check, required in keys:
            if k in value:
                problems += sub_check(value[k], f"{path}.{k}")
            elif required:
                problems.append(f"{path}: missing key {k!r} of {td.__name__}")
        return problems

    return check


def split(value: str, how: Split) -> tuple[str, str | int]:
    """Which kind of thing a `Split` string names, and the thing (a number for `matched`)."""
    m = re.fullmatch(how.pattern, value)
    return (how.matched, int(m.group(1))) if m else (how.other, value)


__all__ = ["Doc", "Split", "fields", "is_union", "mismatches", "split", "unwrap"]
