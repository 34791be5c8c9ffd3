"""The step machine a game's rules run on (Pagan and Pantacle both do).

The state's `stack` holds frames: plain dicts naming a frame type (`t`) and its progress. A
procedural frame runs, pushing or popping frames; a decision frame waits for its player's move.
`advance` runs frames until a decision has two or more options (a decision with one option is
taken at once, one with none is skipped), so `legal_moves` is always the top frame's options.
The exception are decisions marked `ask_single`: whether they have one option or more may depend
on the deciding seat's hidden cards, so they are always asked, lest skipping them tell the table
what those cards are. Turn flow, actions and card effects are all frames, so a state can stop
and resume at any decision and serialize as data.

Each game has one `Machine` (its frame types registered with `machine.handler("name")(cls)`) and a
`Handler` subclass that fixes the state and seat types.

What a move's mover could not see is declared by the rules themselves, where they read it: a
procedure that reads a secret (a draw reads a deck's order, an elimination the Witch's identity)
calls `reads(s, known_to)`, and a decision whose options depend on what only its own seat sees
(its hand), in a way that decides whether the machine asks it, skips it or takes it at once,
says so with `Handler.private_options`. While a `Watch` is on the state (`MachineGame`'s
`apply_traced`, for a batch of moves), the machine notes whether any such read concerned a
secret the mover does not know, and which one-option decisions of the mover it took by itself
before that. Without one (play, replay, search) the declarations cost an attribute test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from rules.core.moves import Move
from rules.core.text import N_

Frame = dict[str, Any]

# No decision takes more than a few hundred steps to reach; far more means a frame loops.
RUNAWAY = 100_000


class Watch:
    """What the machine noticed while one move of `seat` was made: whether anything it read
    was hidden from that seat, and the decisions of that seat it took by itself (those with one
    option) before the first such read."""

    def __init__(self, seat: Any) -> None:
        self.seat = seat  # as the game's state names a seat
        self.hidden = False
        self.forced: list[Move] = []


class MachineState(Protocol):
    """What the machine reads and writes on a game's state."""

    stack: list[Frame]
    winner: Any
    reason: str | None
    decisions: int
    cache: list[Any] | None
    watch: Watch | None  # only while a traced move is made; never copied or serialized


S = TypeVar("S", bound=MachineState)
W = TypeVar("W")  # how the game names a seat inside its state (Pagan: "witch"; Pantacle: 0)


# A toy game (tests) may subclass it from interpreted code when the core is compiled.
@mypyc_attr(allow_interpreted_subclasses=True)
class Handler(Generic[S, W]):
    """One frame type. Procedural frames override `run`; decision frames `seat`, `moves`,
    `decide`, and optionally `prompt` and `skip`."""

    # Class attributes, not instance slots, so that a subclass defined in interpreted code (a
    # toy game in the tests) overrides them for the compiled machine too.
    decision: ClassVar[bool] = False
    ask_single: ClassVar[bool] = False

    def run(self, s: S, f: Frame) -> None:
        raise NotImplementedError

    def seat(self, s: S, f: Frame) -> W:
        raise NotImplementedError

    def moves(self, s: S, f: Frame) -> list[Move]:
        raise NotImplementedError

    def decide(self, s: S, f: Frame, m: Move) -> None:
        raise NotImplementedError

    def skip(self, s: S, f: Frame) -> None:
        """What happens when the decision has no option at all: by default it is dropped."""
        pop(s, f)

    def prompt(self, s: S, f: Frame) -> str:
        return N_("Choose")

    def private_options(self, s: S, f: Frame) -> bool:
        """Whether this decision's options depend on what only its seat can see (its hand, the
        cards it looks at) so that whether it has none, one or several may differ between
        states that other seats cannot tell apart. Such a decision of another seat than a
        traced move's mover, met by the machine, makes that move depend on a secret. An
        `ask_single` decision that always has an option is asked all the same, so it need not
        say so."""
        return False


class Machine(Generic[S, W]):
    """A game's frame types, and the loop that runs them."""

    def __init__(self) -> None:
        self.handlers: dict[str, Handler[S, W]] = {}

    def handler(self, name: str) -> Callable[[type[Handler[S, W]]], type[Handler[S, W]]]:
        """`handler(name)(cls)`: register one instance of `cls` for frames of type `name`."""

        def register(cls: type[Handler[S, W]]) -> type[Handler[S, W]]:
            if name in self.handlers:
                raise ValueError(f"frame type {name!r} is registered twice")
            self.handlers[name] = cls()
            return cls

        return register

    def advance(self, s: S) -> None:
        """Run frames until a real decision is pending or the game is over."""
        s.cache = None
        handlers = self.handlers
        watch = s.watch
        for _ in range(RUNAWAY):
            if s.winner is not None:
                return
            f = s.stack[-1]
            h = handlers[f["t"]]
            if not h.decision:
                h.run(s, f)
                continue
            moves = h.moves(s, f)
            if watch is not None and not watch.hidden and h.private_options(s, f):
                reads(s, h.seat(s, f))
            if not moves:
                h.skip(s, f)
            elif len(moves) == 1 and not h.ask_single:
                if watch is not None and not watch.hidden and h.seat(s, f) == watch.seat:
                    watch.forced.append(moves[0])
                h.decide(s, f, moves[0])
            else:
                s.cache = moves
                return
        if s.winner is None:
            raise RuntimeError(f"no decision after {RUNAWAY} steps: top frame {s.stack[-1]}")

    def pending(self, s: S) -> tuple[Handler[S, W], Frame] | None:
        if s.winner is not None or not s.stack:
            return None
        f = s.stack[-1]
        return self.handlers[f["t"]], f

    def legal_moves(self, s: S) -> list[Move]:
        if s.winner is not None:
            return []
        if s.cache is None:
            p = self.pending(s)
            if p is None:
                return []
            h, f = p
            s.cache = h.moves(s, f)
        return s.cache

    def to_move(self, s: S) -> W | None:
        """The seat that must decide now, as the game's state names it."""
        p = self.pending(s)
        if p is None:
            return None
        h, f = p
        return h.seat(s, f)

    def decide(self, s: S, m: Move) -> None:
        """Apply a move taken from `legal_moves(s)`, in place, and run on to the next decision."""
        p = self.pending(s)
        if p is None:
            raise RuntimeError("the game is over")
        h, f = p
        s.decisions += 1
        s.cache = None
        h.decide(s, f, m)
        self.advance(s)


def decide_watched(machine: Machine[S, W], s: S, m: Move) -> Watch:
    """`machine.decide(s, m)` with a `Watch` on `s` for the seat making `m`, returned once the
    machine has run on to the next decision."""
    p = machine.pending(s)
    if p is None:
        raise RuntimeError("the game is over")
    watch = Watch(p[0].seat(s, p[1]))
    s.watch = watch
    try:
        machine.decide(s, m)
    finally:
        s.watch = None
    return watch


def reads(s: MachineState, known_to: Any = None) -> None:
    """Declare that the rules read a secret now, one that only the seat `known_to` knows (as
    the state names it; None: nobody, like a deck's order or the RNG). It changes nothing;
    a traced move whose mover is not `known_to` is noted as depending on what it cannot see."""
    watch = s.watch
    if watch is not None and (known_to is None or known_to != watch.seat):
        watch.hidden = True


def push(s: MachineState, frame: Frame) -> None:
    s.stack.append(frame)


def pop(s: MachineState, f: Frame) -> None:
    """Remove frame `f`, which must be on top."""
    top = s.stack.pop()
    if top is not f:
        raise RuntimeError(f"frame {f.get('t')} popped while {top.get('t')} was on top")


def arg(m: Move, index: int = 0) -> Any:
    return m.args[index][1]


def finish(s: MachineState, winner: Any, reason: str) -> None:
    s.winner = winner
    s.reason = reason
    s.stack.clear()
    s.cache = None
