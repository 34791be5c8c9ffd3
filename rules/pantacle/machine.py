"""Pantacle's step machine: the generic one in `rules.core.machine`, with Pantacle's state and
seats (a seat is its index, 0 to 4). Decisions whose single option could give away a hidden hand
(the bribe offer, where "pass" may be the only answer) set `ask_single`. Every frame type
registers itself with `handler("name")(cls)`."""

from __future__ import annotations

from rules.core import machine as core
from rules.core.machine import arg as arg
from rules.core.machine import finish as finish
from rules.core.machine import pop as pop
from rules.core.machine import push as push
from rules.core.machine import reads as reads
from rules.pantacle.state import Frame, PantacleState


class Handler(core.Handler[PantacleState, int]):
    def seat(self, s: PantacleState, f: Frame) -> int:
        return int(f["seat"])


MACHINE: core.Machine[PantacleState, int] = core.Machine()
HANDLERS = MACHINE.handlers
handler = MACHINE.handler
advance = MACHINE.advance
pending = MACHINE.pending
legal_moves = MACHINE.legal_moves
to_move = MACHINE.to_move
decide = MACHINE.decide
