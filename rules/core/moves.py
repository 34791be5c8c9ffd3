"""A legal move: a kind and its arguments, with a stable id, a JSON value and an English label.

Moves are created by the thousand in playouts, so the id, value and label are computed only when
asked for. Two moves are equal when their ids are equal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

JsonValue = Any


class Move:
    """`kind` names the decision ("visit", "place", "done"...); `args` are its arguments in a fixed
    order of (name, value) pairs. The id is `kind` followed by the values, joined by ':'."""

    __slots__ = ("_id", "_label", "args", "kind")

    def __init__(
        self,
        kind: str,
        args: tuple[tuple[str, str | int], ...] = (),
        label: str | Callable[[], str] | None = None,
    ) -> None:
        self.kind = kind
        self.args = args
        self._label = label
        self._id: str | None = None

    @property
    def id(self) -> str:
        if self._id is None:
            self._id = ":".join([self.kind, *(str(v) for _, v in self.args)])
        return self._id

    @property
    def value(self) -> dict[str, JsonValue]:
        out: dict[str, JsonValue] = {"type": self.kind}
        for name, val in self.args:
            out[name] = val
        return out

    @property
    def label(self) -> str:
        lab = self._label
        if lab is None:
            return self.id
        if callable(lab):
            lab = lab()
            self._label = lab
        return lab

    def to_json(self) -> dict[str, JsonValue]:
        return {"id": self.id, "value": self.value, "label": self.label}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Move({self.id!r})"

    def __reduce__(self) -> tuple[type[Move], tuple[Any, ...]]:
        # How copy and pickle rebuild a move: compiled (mypyc), a Move has no slots to fill
        # without its __init__ (pyspiel deep-copies states holding moves).
        return Move, (self.kind, self.args, self._label)


def find_move(legal: list[Move], submitted: Move | str | dict[str, JsonValue]) -> Move | None:
    """The legal move a submission names: a Move, its id, `{"id": ...}`, or its JSON value."""
    if isinstance(submitted, Move):
        key: str | None = submitted.id
    elif isinstance(submitted, str):
        key = submitted
    elif isinstance(submitted, dict):
        key = submitted["id"] if isinstance(submitted.get("id"), str) else None
        if key is None:
            for move in legal:
                if move.value == submitted:
                    return move
            return None
    else:
        return None
    for move in legal:
        if move.id == key:
            return move
    return None
