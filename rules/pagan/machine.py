"""Pagan's step machine: the generic one in `rules.core.machine`, with Pagan's state and seats
(a seat is "witch" or "hunter"). Every frame type registers itself with `handler("name")(cls)`.
Before each decision is applied, the Witch's choices among villagers go into the state's public
record (`rules/pagan/inference.py`), whoever applies the move (service, replay, search)."""

from __future__ import annotations

from rules.core import Move
from rules.core import machine as core
from rules.core.machine import arg as arg
from rules.core.machine import finish as finish
from rules.core.machine import pop as pop
from rules.core.machine import push as push
from rules.core.machine import reads as reads
from rules.pagan import inference
from rules.pagan.state import WITCH, Frame, PaganState


class Handler(core.Handler[PaganState, str]):
    def seat(self, s: PaganState, f: Frame) -> str:
        return str(f["seat"])


class PaganMachine(core.Machine[PaganState, str]):
    def decide(self, s: PaganState, m: Move) -> None:
        if s.winner is None and s.stack and s.stack[-1].get("seat") == WITCH:
            inference.observe(s, s.stack[-1], m, self.legal_moves(s))
        super().decide(s, m)


MACHINE: core.Machine[PaganState, str] = PaganMachine()
HANDLERS = MACHINE.handlers
handler = MACHINE.handler
advance = MACHINE.advance
pending = MACHINE.pending
legal_moves = MACHINE.legal_moves
to_move = MACHINE.to_move
decide = MACHINE.decide
