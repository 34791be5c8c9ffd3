"""The step machine that runs a Pantacle game (the same design as Pagan's, its own copy).

The state's `stack` holds frames: plain dicts naming a frame type (`t`) and its progress. A
procedural frame runs, pushing or popping frames; a decision frame waits for its player's move.
`advance` runs frames until a decision has two or more options (a decision with one option is
taken at once, one with none is skipped), so `legal_moves` is always the top frame's options.
The exception are decisions marked `ask_single`: whether they have one option or more depends on
the deciding seat's hidden hand, so they are always asked, lest skipping them tell the table
what that hand holds (the bribe offer: "pass" may be the only answer, as at the table).
Turn phases, bribes, Flames and curse effects are all frames, so a state can stop and resume at any
decision and serialize as data.
"""

from __future__ import annotations

from typing import Any

from rules.core.moves import Move
from rules.pantacle.state import Frame, PantacleState


class Handler:
    """One frame type. Procedural frames override `run`; decision frames `seat`, `moves`,
    `decide`, and optionally `prompt` and `skip`."""

    decision = False
    ask_single = False

    def run(self, s: PantacleState, f: Frame) -> None:
        raise NotImplementedError

    def seat(self, s: PantacleState, f: Frame) -> int:
        return int(f["seat"])

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        raise NotImplementedError

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        raise NotImplementedError

    def skip(self, s: PantacleState, f: Frame) -> None:
        """What happens when the decision has no option at all: by default it is dropped."""
        pop(s, f)

    def prompt(self, s: PantacleState, f: Frame) -> str:
        return "Choose"


HANDLERS: dict[str, Handler] = {}

# No decision takes more than a few hundred steps to reach; far more means a frame loops.
_RUNAWAY = 100_000


def handler(name: str) -> Any:
    def register(cls: type[Handler]) -> type[Handler]:
        HANDLERS[name] = cls()
        return cls

    return register


def push(s: PantacleState, frame: Frame) -> None:
    s.stack.append(frame)


def pop(s: PantacleState, f: Frame) -> None:
    """Remove frame `f`, which must be on top."""
    top = s.stack.pop()
    if top is not f:
        raise RuntimeError(f"frame {f.get('t')} popped while {top.get('t')} was on top")


def arg(m: Move, index: int = 0) -> Any:
    return m.args[index][1]


def advance(s: PantacleState) -> None:
    """Run frames until a real decision is pending or the game is over."""
    s.cache = None
    steps = 0
    while s.winner is None:
        steps += 1
        if steps > _RUNAWAY:
            raise RuntimeError(f"no decision after {_RUNAWAY} steps: top frame {s.stack[-1]}")
        f = s.stack[-1]
        h = HANDLERS[f["t"]]
        if not h.decision:
            h.run(s, f)
            continue
        moves = h.moves(s, f)
        if not moves:
            h.skip(s, f)
        elif len(moves) == 1 and not h.ask_single:
            h.decide(s, f, moves[0])
        else:
            s.cache = moves
            return


def pending(s: PantacleState) -> tuple[Handler, Frame] | None:
    if s.winner is not None or not s.stack:
        return None
    f = s.stack[-1]
    return HANDLERS[f["t"]], f


def legal_moves(s: PantacleState) -> list[Move]:
    if s.winner is not None:
        return []
    if s.cache is None:
        h, f = pending(s) or (None, None)
        if h is None or f is None:
            return []
        s.cache = h.moves(s, f)
    return s.cache


def to_move(s: PantacleState) -> int | None:
    """The index of the seat that must decide now."""
    p = pending(s)
    if p is None:
        return None
    h, f = p
    return h.seat(s, f)


def decide(s: PantacleState, m: Move) -> None:
    """Apply a move taken from `legal_moves(s)`, in place, and run on to the next decision."""
    p = pending(s)
    if p is None:
        raise RuntimeError("the game is over")
    h, f = p
    s.decisions += 1
    s.cache = None
    h.decide(s, f, m)
    advance(s)


def finish(s: PantacleState, winner: int, reason: str) -> None:
    s.winner = winner
    s.reason = reason
    s.stack.clear()
    s.cache = None
