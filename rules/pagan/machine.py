"""The step machine that runs a Pagan game.

The state's `stack` holds frames: plain dicts naming a frame type (`t`) and its progress. A
procedural frame runs, pushing or popping frames; a decision frame waits for its player's move.
`advance` runs frames until a decision has two or more options (a decision with one option is
taken at once, one with none is skipped), so `legal_moves` is always the top frame's options.
Turn flow, actions and card effects are all frames, so a state can stop and resume at any
decision and serialize as data.
"""

from __future__ import annotations

from typing import Any

from rules.core.moves import Move
from rules.pagan.state import Frame, PaganState


class Handler:
    """One frame type. Procedural frames override `run`; decision frames `seat`, `moves`,
    `decide`, and optionally `prompt` and `skip`."""

    decision = False

    def run(self, s: PaganState, f: Frame) -> None:
        raise NotImplementedError

    def seat(self, s: PaganState, f: Frame) -> str:
        return str(f["seat"])

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        raise NotImplementedError

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        raise NotImplementedError

    def skip(self, s: PaganState, f: Frame) -> None:
        """What happens when the decision has no option at all: by default it is dropped."""
        pop(s, f)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return "Choose"


HANDLERS: dict[str, Handler] = {}

# No decision takes more than a few hundred steps to reach; far more means a frame loops.
_RUNAWAY = 100_000


def handler(name: str) -> Any:
    def register(cls: type[Handler]) -> type[Handler]:
        HANDLERS[name] = cls()
        return cls

    return register


def push(s: PaganState, frame: Frame) -> None:
    s.stack.append(frame)


def pop(s: PaganState, f: Frame) -> None:
    """Remove frame `f`, which must be on top."""
    top = s.stack.pop()
    if top is not f:
        raise RuntimeError(f"frame {f.get('t')} popped while {top.get('t')} was on top")


def arg(m: Move, index: int = 0) -> Any:
    return m.args[index][1]


def advance(s: PaganState) -> None:
    """Run frames until a real decision is pending or the game is over."""
    s.cache = None
    handlers = HANDLERS
    for _ in range(_RUNAWAY):
        if s.winner is not None:
            return
        f = s.stack[-1]
        h = handlers[f["t"]]
        if not h.decision:
            h.run(s, f)
            continue
        moves = h.moves(s, f)
        if not moves:
            h.skip(s, f)
        elif len(moves) == 1:
            h.decide(s, f, moves[0])
        else:
            s.cache = moves
            return
    if s.winner is None:
        raise RuntimeError(f"no decision after {_RUNAWAY} steps: top frame {s.stack[-1]}")


def pending(s: PaganState) -> tuple[Handler, Frame] | None:
    if s.winner is not None or not s.stack:
        return None
    f = s.stack[-1]
    return HANDLERS[f["t"]], f


def legal_moves(s: PaganState) -> list[Move]:
    if s.winner is not None:
        return []
    if s.cache is None:
        h, f = pending(s) or (None, None)
        if h is None or f is None:
            return []
        s.cache = h.moves(s, f)
    return s.cache


def to_move(s: PaganState) -> str | None:
    p = pending(s)
    if p is None:
        return None
    h, f = p
    return h.seat(s, f)


def decide(s: PaganState, m: Move) -> None:
    """Apply a move taken from `legal_moves(s)`, in place, and run on to the next decision."""
    p = pending(s)
    if p is None:
        raise RuntimeError("the game is over")
    h, f = p
    s.decisions += 1
    s.cache = None
    h.decide(s, f, m)
    advance(s)


def finish(s: PaganState, winner: str, reason: str) -> None:
    s.winner = winner
    s.reason = reason
    s.stack.clear()
    s.cache = None
