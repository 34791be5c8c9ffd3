"""The vocabulary of Pantacle's effects, each op declared once where it is implemented.

Three op lists, by where the data may use them: `instant` ops (a Favor's or a PANTACLE point's
effect, run once), `trigger` ops (what a curse's `trigger` runs) and `lasting` ops (a face-up
curse's effects, read by the queries of `rules.pantacle.board`; those marked `powers` may also
be a Power token's effects). `@op(name, where, args)`
registers the function that carries out an instant or trigger op; `@lasting(name, args)` marks
the query that reads a lasting op. Each records the op's arguments, so the catalog checker and
docs/pantacle-data.md are held to what the engine implements.

An argument's kind is "int", "?int" (optional), "resource", "power", "favor", "ops" (a list of
trigger ops) or a tuple of the words it may be.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from rules.pantacle.state import PantacleState

INSTANT, TRIGGER, LASTING = "instant", "trigger", "lasting"
POWER = "power"  # the lasting ops a Power token may have too (while its owner holds it)

Op = Mapping[str, Any]
OpFn = Callable[[PantacleState, int, Op], None]
Query = TypeVar("Query", bound=Callable[..., Any])

OPS: dict[str, OpFn] = {}  # the instant and trigger ops, by name
ARGS: dict[str, dict[str, Mapping[str, Any]]] = {INSTANT: {}, TRIGGER: {}, LASTING: {}, POWER: {}}

# The modules that implement ops (each declares its own on import).
OP_MODULES = ("rules.pantacle.board", "rules.pantacle.effects")


def _declare(name: str, where: str, args: Mapping[str, Any] | None) -> None:
    if any(name in ARGS[table] for table in (INSTANT, TRIGGER, LASTING)):
        raise ValueError(f"op {name!r} is declared twice")
    ARGS[where][name] = dict(args or {})


def op(name: str, where: str, args: Mapping[str, Any] | None = None) -> Callable[[OpFn], OpFn]:
    """Register the function that carries out the instant or trigger op `name`."""

    def register(fn: OpFn) -> OpFn:
        _declare(name, where, args)
        OPS[name] = fn
        return fn

    return register


def lasting(
    name: str, args: Mapping[str, Any] | None = None, powers: bool = False
) -> Callable[[Query], Query]:
    """Mark the query that reads the lasting op `name` of the player's face-up curses (and, with
    `powers`, of the Power tokens they hold)."""

    def register(fn: Query) -> Query:
        _declare(name, LASTING, args)
        if powers:
            ARGS[POWER][name] = dict(args or {})
        return fn

    return register


def vocabulary() -> Mapping[str, Mapping[str, Mapping[str, Any]]]:
    """Each op list (instant, trigger, lasting, and the lasting ops a Power may have): its ops
    with their arguments, once every module that implements them is imported."""
    for module in OP_MODULES:
        importlib.import_module(module)
    return ARGS
