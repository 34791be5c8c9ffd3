"""The vocabulary of card effects: each op and each condition, declared once where it is
implemented.

`@op("place", required=("token", "n", "target"), optional=("upto",))` registers the function that
carries an op out together with the fields the data must and may give it; `@condition("name")`
registers a test of `if` ops, triggers, scenario objectives and victories, with the kind of
argument it `takes`. The engine runs ops and conditions from these tables, the catalog checker
(`catalog_check`) holds the data to their fields, and a test holds docs/pagan-card-data.md to
them, so the three cannot drift apart.

The implementations live in the modules `OP_MODULES` names; importing them fills the tables.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from rules.pagan.state import Frame, PaganState

Op = dict[str, Any]
OpFn = Callable[[PaganState, Frame, Op], None]
CondFn = Callable[[PaganState, Frame, Any], bool]

# What a condition's argument is: a whole number ({hand_at_least: 2}), a token count on the
# villager the effect is about ({here_has: {token: clue, n: 2}}) or a list of conditions ({all:
# [...]}). The checker checks each kind its own way.
COUNT, TOKEN_COUNT, CONDITIONS_LIST = "count", "token_count", "conditions"

OPS: dict[str, OpFn] = {}
OP_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {}  # (required, optional)
CONDITIONS: dict[str, CondFn] = {}
CONDITION_ARGS: dict[str, str] = {}

# The modules that implement ops and conditions (each registers its own on import).
OP_MODULES = ("rules.pagan.effects", "rules.pagan.gloom", "rules.pagan.playing")


def op(
    name: str, required: tuple[str, ...] = (), optional: tuple[str, ...] = ()
) -> Callable[[OpFn], OpFn]:
    """Register the function that carries out op `name`, with the fields (beyond `op`) that
    its data must have and may have."""

    def register(fn: OpFn) -> OpFn:
        if name in OPS:
            raise ValueError(f"op {name!r} is declared twice")
        OPS[name] = fn
        OP_FIELDS[name] = (frozenset(required), frozenset(optional))
        return fn

    return register


def condition(name: str, takes: str = COUNT) -> Callable[[CondFn], CondFn]:
    """Register the test of condition `name`, whose argument is of the kind `takes`."""

    def register(fn: CondFn) -> CondFn:
        if name in CONDITIONS:
            raise ValueError(f"condition {name!r} is declared twice")
        CONDITIONS[name] = fn
        CONDITION_ARGS[name] = takes
        return fn

    return register


def holds(s: PaganState, f: Frame, cond: Mapping[str, Any]) -> bool:
    """Whether a condition (a mapping of one condition name to its argument) holds for the
    effect frame `f` (its `seat` and `here`)."""
    for name, value in cond.items():
        test = CONDITIONS.get(name)
        if test is not None:
            return test(s, f, value)
    raise ValueError(f"unknown condition {cond!r}")


def mentions(value: object, op_name: str, token: str | None = None) -> bool:
    """Whether card data (an op list or mapping, at any depth) holds the op `op_name`, placing
    or removing `token` when one is given: how the engine and the AI find cards by what they do
    rather than by number."""
    if isinstance(value, dict):
        if value.get("op") == op_name and (token is None or value.get("token") == token):
            return True
        return any(mentions(v, op_name, token) for v in value.values())
    if isinstance(value, list):
        return any(mentions(v, op_name, token) for v in value)
    return False


def vocabulary() -> tuple[Mapping[str, tuple[frozenset[str], frozenset[str]]], Mapping[str, str]]:
    """Every op with its (required, optional) fields and every condition with the kind of its
    argument, once all the modules that implement them are imported."""
    for module in OP_MODULES:
        importlib.import_module(module)
    return OP_FIELDS, CONDITION_ARGS
