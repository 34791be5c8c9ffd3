"""Pagan's step machine: the generic one in `rules.core.machine`, with Pagan's state and seats
(a seat is "witch" or "hunter"). Every frame type registers itself with `handler("name")(cls)`."""

from __future__ import annotations

from rules.core import machine as core
from rules.core.machine import arg as arg
from rules.core.machine import finish as finish
from rules.core.machine import pop as pop
from rules.core.machine import push as push
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
