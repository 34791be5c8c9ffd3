"""The step machine both games run on: frames run until a decision with a real choice."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.core import machine as core
from rules.core.machine import Frame, pop, push
from rules.core.moves import Move


@dataclass
class Toy:
    stack: list[Frame] = field(default_factory=list)
    winner: str | None = None
    reason: str | None = None
    decisions: int = 0
    cache: list[Any] | None = None
    watch: core.Watch | None = None
    log: list[str] = field(default_factory=list)


def _toy_machine() -> core.Machine[Toy, str]:
    m: core.Machine[Toy, str] = core.Machine()

    class Pick(core.Handler[Toy, str]):
        decision = True

        def seat(self, s: Toy, f: Frame) -> str:
            return "p1"

        def moves(self, s: Toy, f: Frame) -> list[Move]:
            return [Move(o, ((o, o),), o) for o in f["options"]]

        def decide(self, s: Toy, f: Frame, mv: Move) -> None:
            s.log.append(mv.kind)
            pop(s, f)

    class Ask(Pick):
        ask_single = True

    class Start(core.Handler[Toy, str]):
        def run(self, s: Toy, f: Frame) -> None:
            pop(s, f)
            push(s, {"t": "pick", "options": ["a", "b"]})
            push(s, {"t": "ask", "options": ["pass"]})
            push(s, {"t": "pick", "options": ["only"]})
            push(s, {"t": "pick", "options": []})

    class Loop(core.Handler[Toy, str]):
        def run(self, s: Toy, f: Frame) -> None:
            pass

    m.handler("pick")(Pick)
    m.handler("ask")(Ask)
    m.handler("start")(Start)
    m.handler("loop")(Loop)
    return m


def test_a_decision_with_one_option_is_taken_and_one_with_none_is_skipped() -> None:
    m = _toy_machine()
    s = Toy(stack=[{"t": "start"}])
    m.advance(s)
    # "pick: []" was dropped, "pick: [only]" taken at once; "ask: [pass]" waits all the same.
    assert s.log == ["only"]
    assert [x.kind for x in m.legal_moves(s)] == ["pass"]
    assert m.to_move(s) == "p1"
    m.decide(s, m.legal_moves(s)[0])
    assert [x.kind for x in m.legal_moves(s)] == ["a", "b"]
    assert s.decisions == 1


def test_a_frame_that_never_reaches_a_decision_is_stopped() -> None:
    m = _toy_machine()
    with pytest.raises(RuntimeError, match="no decision after"):
        m.advance(Toy(stack=[{"t": "loop"}]))


def test_a_frame_type_cannot_be_registered_twice() -> None:
    m = _toy_machine()
    with pytest.raises(ValueError, match="registered twice"):
        m.handler("pick")(core.Handler)


def test_popping_a_frame_that_is_not_on_top_is_a_bug() -> None:
    s = Toy(stack=[{"t": "a"}, {"t": "b"}])
    with pytest.raises(RuntimeError, match="popped while b was on top"):
        pop(s, s.stack[0])


def test_a_finished_game_has_no_decision() -> None:
    m = _toy_machine()
    s = Toy(stack=[{"t": "start"}])
    m.advance(s)
    core.finish(s, "p1", "won")
    assert m.to_move(s) is None and m.legal_moves(s) == [] and s.stack == []
    with pytest.raises(RuntimeError, match="the game is over"):
        m.decide(s, Move("a", (), "a"))


# --- watching a move: secrets read and forced decisions ----------------------------------------


def _watched_machine() -> core.Machine[Toy, str]:
    """p1 picks; then, by the frames below, p1's forced pick, a read of p2's secret (or of one
    nobody knows), and p1's next forced pick; p2's hand-like decision says its options are its
    own."""
    m: core.Machine[Toy, str] = core.Machine()

    class Pick(core.Handler[Toy, str]):
        decision = True

        def seat(self, s: Toy, f: Frame) -> str:
            return str(f.get("seat", "p1"))

        def moves(self, s: Toy, f: Frame) -> list[Move]:
            return [Move(o, (), o) for o in f["options"]]

        def decide(self, s: Toy, f: Frame, mv: Move) -> None:
            s.log.append(mv.kind)
            pop(s, f)

    class Hand(Pick):
        def private_options(self, s: Toy, f: Frame) -> bool:
            return True

    class Secret(core.Handler[Toy, str]):
        def run(self, s: Toy, f: Frame) -> None:
            pop(s, f)
            core.reads(s, f["known_to"])

    m.handler("pick")(Pick)
    m.handler("hand")(Hand)
    m.handler("secret")(Secret)
    return m


def _toy_after_a_pick(known_to: str | None) -> Toy:
    frames: list[Frame] = [
        {"t": "pick", "options": ["x", "y"]},
        {"t": "pick", "options": ["after"]},
        {"t": "secret", "known_to": known_to},
        {"t": "pick", "options": ["before"]},
        {"t": "pick", "options": ["a", "b"]},
    ]
    return Toy(stack=frames)


@pytest.mark.parametrize(("known_to", "hidden"), [("p1", False), ("p2", True), (None, True)])
def test_a_watch_notes_a_secret_read_unless_the_mover_knows_it(
    known_to: str | None, hidden: bool
) -> None:
    m = _watched_machine()
    s = _toy_after_a_pick(known_to)
    m.advance(s)
    watch = core.decide_watched(m, s, m.legal_moves(s)[0])
    assert s.log == ["a", "before", "after"] and s.watch is None
    assert watch.hidden is hidden
    # The forced decisions of the mover are noted up to the first secret it cannot see.
    assert [mv.kind for mv in watch.forced] == (["before"] if hidden else ["before", "after"])


def test_a_decision_with_private_options_met_for_another_seat_is_a_secret() -> None:
    m = _watched_machine()

    def toy(seat: str) -> Toy:
        s = Toy(stack=[{"t": "pick", "options": ["end", "stop"]}])
        s.stack.append({"t": "hand", "seat": seat, "options": ["only"]})
        s.stack.append({"t": "pick", "options": ["a", "b"]})
        m.advance(s)
        return s

    for seat, hidden in (("p2", True), ("p1", False)):
        s = toy(seat)
        assert core.decide_watched(m, s, m.legal_moves(s)[0]).hidden is hidden, seat
    s = toy("p2")
    m.decide(s, m.legal_moves(s)[0])  # unwatched: nothing is noted anywhere
    assert s.watch is None and s.log == ["a", "only"]
