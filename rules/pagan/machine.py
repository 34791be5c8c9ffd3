"""Pagan's step machine: the generic one in `rules.core.machine`, with Pagan's state and seats
(a seat is "witch" or "hunter"). Every frame type registers itself with `@handler("name")`."""

from __future__ import annotations

from rules.core import machine as core
from rules.core.machine import arg, finish, pop, push
from rules.pagan.state import Frame, PaganState


class Handler(core.Handler[PaganState, str]):
    def seat(self, s: PaganState, f: Frame) -> str:
        return str(f["seat"])


MACHINE: core.Machine[PaganState, str] = core.Machine()
HANDLERS = MACHINE.handlers
handler = MACHINE.handler
advance = MACHINE.advance
pending = MACHINE.pending
legal_moves = MACHINE.legal_moves
to_move = MACHINE.to_move
decide = MACHINE.decide

__all__ = [
    "HANDLERS",
    "MACHINE",
    "Handler",
    "advance",
    "arg",
    "decide",
    "finish",
    "handler",
    "legal_moves",
    "pending",
    "pop",
    "push",
    "to_move",
]
