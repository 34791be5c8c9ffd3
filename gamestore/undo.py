"""Undo within a seat's own turn, Board Game Arena's rule: a seat may take back its own
decisions since its turn began, as long as nothing hidden or random was revealed to anyone and
no other seat has decided since.

**The window.** A game has at most one seat that may undo, and the versions an undo returns to
(the states before each decision it may take back, oldest first):

- a move is *undoable* when its seat's player made it (never an AI seat, never the AI playing
  an away seat), its result read nothing that seat cannot see, and the decision is still that
  seat's after it (`gamestore.commits.plan_made`, from the rules' exact secret-read tracking
  `Game.apply_traced`: a draw, a look, an elimination, a Curse drawn, another seat's hidden hand
  deciding what comes next). It adds the state before it to the window, after the seat's
  earlier undoable moves of the same turn;
- every other write closes the window: another seat's decision, a move that read a secret (the
  seat may still take back what it decides after it, never the move itself), a move that
  passed the decision on or ended the game, a resignation, a clock's timeout or back;
- an undo takes back the latest decision of the window: a new version whose state is the
  state before it, written by the same compare-and-set as a move. Versions only grow.

Whether a seat may undo is the same in every two worlds it cannot tell apart: it depends only
on which of its own moves read a secret, which the rules report exactly and never by trying
(tests/test_game_conformance.py).

**Storage.** The window is the game hash's `undo` field (`{"seat", "versions"}`, absent when
empty) and the states are a Redis list beside the game (`Keys.undo`), one entry per version of
the window; the COMMIT script writes both with the move, so they always belong to the version
they are stored with (`gamestore.scripts`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from gamestore import patch
from gamestore.commits import Commit, now_iso
from gamestore.records import ACTIVE, GameRecord
from rules.core import N_, Game

KIND = "undo"
TOOK_BACK = N_("The {seat} took back a move")


@dataclass(frozen=True, slots=True)
class Window:
    """The seat that may take back its latest decisions, and the versions whose states an undo
    returns to, oldest first."""

    seat: str
    versions: tuple[int, ...]
    # A clocked game's `clk.since` at each of those versions: when the decision an undo gives
    # back began, so that it gets its deadline back and no more (`gamestore.clocks`).
    since: tuple[float | None, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "versions": list(self.versions), "since": list(self.since)}


def window_of(record: GameRecord) -> Window | None:
    raw = record.undo
    if not raw or not raw.get("versions"):
        return None
    versions = tuple(int(v) for v in raw["versions"])
    return Window(raw["seat"], versions, tuple(raw.get("since") or [None] * len(versions)))


def _since(clk: dict[str, Any] | None) -> float | None:
    return None if clk is None else float(clk["since"])


def can_undo(record: GameRecord, seat: str | None) -> bool:
    """Whether `seat` may take back a decision now (False for a spectator)."""
    window = window_of(record)
    return (
        seat is not None and record.status == ACTIVE and window is not None and window.seat == seat
    )


@dataclass(frozen=True, slots=True)
class StackWrite:
    """What a write does to the undo window: the new `undo` field (b"": none), and to the list
    of states: empty it first (`reset`), or drop its last (`pop`), then append `push`."""

    field: bytes
    reset: bool
    pop: bool
    push: tuple[bytes, ...]


def stack_write(record: GameRecord, commits: Sequence[Commit]) -> StackWrite:
    """The window after `commits` (consecutive, from `record`'s version) are written."""
    window = window_of(record)
    seat = window.seat if window is not None else ""
    versions = list(window.versions) if window is not None else []
    since = list(window.since) if window is not None else []
    reset, pop = False, False
    push: list[bytes] = []
    before, clk = record.state, _since(record.clk)
    for commit in commits:
        if commit.kind == KIND:
            versions.pop()
            since.pop()
            pop = True
        elif commit.undoable:
            if seat != commit.seat:
                reset, pop, push, versions, since, seat = True, False, [], [], [], commit.seat
            versions.append(commit.expected)
            since.append(clk)
            push.append(before)
        else:
            reset, pop, push, versions, since = True, False, [], [], []
        before = commit.state
        clk = _since(orjson.loads(commit.clock)) if commit.clock else clk
    field = b""
    if versions:
        field = orjson.dumps(Window(seat, tuple(versions), tuple(since)).to_json())
    return StackWrite(field, reset, pop, tuple(push))


def window_after(record: GameRecord, commits: Sequence[Commit]) -> dict[str, Any] | None:
    """The `undo` field of the game once `commits` are written (what `stack_write` writes)."""
    field = stack_write(record, commits).field
    return orjson.loads(field) if field else None


def since_restored(record: GameRecord) -> float | None:
    """When the decision the next undo gives back began (a clocked game's `clk.since` then)."""
    window = window_of(record)
    return None if window is None else window.since[-1]


def plan_undo(game: Game, record: GameRecord, state: Any, seat: str, restored: bytes) -> Commit:
    """`seat` takes back its latest decision: a commit from `state` (the game now) to the state
    `restored` (the window's last, kept when that decision was written). Call only when
    `can_undo(record, seat)`."""
    window = window_of(record)
    assert window is not None and window.seat == seat
    to = window.versions[-1]
    before = game.from_json(orjson.loads(restored))
    text = TOOK_BACK.format(seat=seat)
    return Commit(
        expected=record.version,
        state=restored,
        status=ACTIVE,
        outcome=None,
        seat=seat,
        kind=KIND,
        move_id="",
        public={
            "version": record.version + 1,
            "seat": seat,
            "kind": KIND,
            "at": now_iso(),
            "description": {
                "text": text,
                "actor": seat,
                "action": KIND,
                "decision": "",
                "args": {},
                "hidden": [],
            },
            "changes": patch.diff(game.view(state, None), game.view(before, None)),
            "restores": to,
        },
        private={},
        next_to_move=game.to_move(before),
    )
