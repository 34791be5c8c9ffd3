"""Turn clocks and AI fill-in of open seats, as pure functions over a game's record.

A clocked game stores two things in its hash: `clock`, the configuration given at creation
(never changes), and `clk`, the running state, rewritten by every commit in the same Lua
script as the move (`gamestore.scripts.COMMIT`), so a clock's state is always that of the
version it is stored with.

Three kinds of clock (exactly one per game):
- `decision_seconds`: every decision of a human seat must be made within that many seconds;
- `turn_seconds`: a seat's consecutive decisions (its turn, until the decision passes to
  another seat) must all be made within that many seconds;
- `budget_seconds` (+ `increment_seconds`): chess-style, each seat has a bank that runs down
  while it is that seat's decision; `increment_seconds` is added each time its turn ends.

`on_timeout` says what happens when the time is up: `forfeit` (the game ends, every other
seat wins, reason `timeout`) or `ai:<level>` (the seat is *away*: an AI of that level makes
its decisions until its player is *back*). A player is back with the seat's next move
submitted with its token (the AI's moves are written by the workers, never with the token)
or with an explicit "I'm back" call (`POST /games/{id}/back`, GraphQL `back`). While away,
a seat's clock does not run; coming back starts its clock afresh (a budget seat gets at
least its increment back, so that it is not timed out again at once).

The clock runs only for human seats whose player has taken the seat: an AI seat, an away seat
or an open seat has no deadline; a seat joined later starts its clock when it is joined.

Times are the planning process's `time.time()` (UTC epoch seconds); the COMMIT script checks
a move's deadline against Redis's own clock (`TIME`), so that a move that arrives just in time
wins and one that arrives late is refused, whichever process planned it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Final, Literal

import orjson

from gamestore import undo
from gamestore.commits import Commit, now_iso
from gamestore.records import ACTIVE, FINISHED, GameRecord
from rules.core import N_

ClockMode = Literal["decision", "turn", "budget"]
MODES: Final[dict[str, ClockMode]] = {
    "decision_seconds": "decision",
    "turn_seconds": "turn",
    "budget_seconds": "budget",
}
MIN_SECONDS: Final = 1.0
MAX_SECONDS: Final = 30 * 24 * 3600.0
"""A clock or a fill-in delay must be between one second and thirty days."""
FORFEIT: Final = "forfeit"
AI_PREFIX: Final = "ai:"


# Every message, one template each (with its named parameters), so that a translation
# catalog can hold them: the problems of a configuration, and the log's descriptions.
NOT_A_NUMBER: Final = N_("{field} must be a number of seconds")
OUT_OF_RANGE: Final = N_("{field} must be between {low} and {high} seconds")
UNKNOWN_FIELDS: Final = N_("unknown clock fields: {fields}")
ONE_KIND: Final = N_("a clock has exactly one of decision_seconds, turn_seconds and budget_seconds")
INCREMENT_NEEDS_BUDGET: Final = N_("increment_seconds is only for a budget_seconds clock")
BAD_ON_TIMEOUT: Final = N_("on_timeout must be 'forfeit' or one of {choices}")
BAD_FILL_LEVEL: Final = N_("fill_level must be one of {levels}")
FILL_LEVEL_ALONE: Final = N_("fill_level needs fill_open_seats_after_seconds")
FORFEITS: Final = N_("The {seat} ran out of time and forfeits")
FORFEIT_DETAIL: Final = N_("The {seat} ran out of time")
TAKEN_OVER: Final = N_("The {seat} ran out of time; an AI ({level}) plays for it until it is back")
IS_BACK: Final = N_("The {seat} is back")
JOINED: Final = N_("{first}; {rest}")
"""How the problems read as one text (a template of its own, so that each is translated)."""

FILLED_TOKEN: Final = "ai-fill"
"""The token hash of a seat the AI filled: no token hashes to it (a SHA-256 is 64 hex digits),
so no join or token can take the seat."""

Problem = tuple[str, dict[str, str]]
"""A message template and its parameters."""


class InvalidClock(Exception):
    """A clock or fill-in configuration that cannot be used: its problems, each a template
    with its parameters (`messages`) and as English text (`problems`)."""

    def __init__(self, messages: list[Problem]) -> None:
        self.messages = messages
        self.problems = [template.format(**params) for template, params in messages]
        super().__init__(joined(self.problems))


def joined(problems: Sequence[str]) -> str:
    """The problems as one text, "a; b; c" (each a message of its own inside `JOINED`)."""
    text = problems[-1]
    for problem in reversed(problems[:-1]):
        text = JOINED.format(first=problem, rest=text)
    return text


@dataclass(frozen=True, slots=True)
class Clock:
    """A game's clock configuration."""

    mode: ClockMode
    seconds: float
    increment: float
    on_timeout: str  # "forfeit" or "ai:<level>"

    @property
    def ai_level(self) -> str | None:
        """The level of the AI that takes a timed-out seat over, None for a forfeit."""
        if self.on_timeout.startswith(AI_PREFIX):
            return self.on_timeout[len(AI_PREFIX) :]
        return None

    def to_json(self) -> dict[str, Any]:
        key = next(k for k, m in MODES.items() if m == self.mode)
        out: dict[str, Any] = {key: self.seconds, "on_timeout": self.on_timeout}
        if self.mode == "budget":
            out["increment_seconds"] = self.increment
        return out


@dataclass(frozen=True, slots=True)
class Fill:
    """Open seats not taken `after_seconds` after the game's creation are taken by the AI."""

    after_seconds: float
    level: str

    def to_json(self) -> dict[str, Any]:
        return {"after_seconds": self.after_seconds, "level": self.level}


@dataclass(frozen=True, slots=True)
class ClockState:
    """The running clock: whose clock runs (`seat`, None once the game is over) since when,
    each seat's bank (budget clocks; as it was at `since` for the running seat) and the seats
    an AI plays after a timeout (seat -> level)."""

    seat: str | None
    since: float
    banks: dict[str, float] = field(default_factory=dict)
    away: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "since": self.since, "banks": self.banks, "away": self.away}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> ClockState:
        return cls(raw.get("seat"), float(raw["since"]), raw.get("banks", {}), raw.get("away", {}))


# -- configuration ---------------------------------------------------------------------------


def _seconds(value: Any, name: str, problems: list[Problem], low: float = MIN_SECONDS) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        problems.append((NOT_A_NUMBER, {"field": name}))
        return 0.0
    if not low <= value <= MAX_SECONDS:
        bounds = {"field": name, "low": f"{low:g}", "high": f"{MAX_SECONDS:g}"}
        problems.append((OUT_OF_RANGE, bounds))
    return float(value)


def parse_clock(raw: dict[str, Any] | None, levels: Sequence[str]) -> Clock | None:
    """The clock of a create request (None: no clock), else `InvalidClock` saying why."""
    if raw is None:
        return None
    problems: list[Problem] = []
    known = {*MODES, "increment_seconds", "on_timeout"}
    unknown = sorted(set(raw) - known)
    if unknown:
        problems.append((UNKNOWN_FIELDS, {"fields": ", ".join(unknown)}))
    kinds = [k for k in MODES if k in raw]
    if len(kinds) != 1:
        problems.append((ONE_KIND, {}))
    mode = MODES[kinds[0]] if kinds else "decision"
    seconds = _seconds(raw[kinds[0]], kinds[0], problems) if kinds else 0.0
    increment = 0.0
    if "increment_seconds" in raw:
        if mode != "budget":
            problems.append((INCREMENT_NEEDS_BUDGET, {}))
        increment = _seconds(raw["increment_seconds"], "increment_seconds", problems, low=0.0)
    on_timeout = raw.get("on_timeout")
    level_list = ", ".join(f"ai:{level}" for level in levels)
    if not isinstance(on_timeout, str) or not (
        on_timeout == FORFEIT
        or (on_timeout.startswith(AI_PREFIX) and on_timeout[len(AI_PREFIX) :] in levels)
    ):
        problems.append((BAD_ON_TIMEOUT, {"choices": level_list}))
    if problems:
        raise InvalidClock(problems)
    return Clock(mode, seconds, increment, str(on_timeout))


def clock_of(record: GameRecord) -> Clock | None:
    """The stored clock configuration of a game (None: unclocked)."""
    raw = record.clock
    if raw is None:
        return None
    mode = next(m for k, m in MODES.items() if k in raw)
    key = next(k for k in MODES if k in raw)
    return Clock(mode, float(raw[key]), float(raw.get("increment_seconds", 0)), raw["on_timeout"])


def parse_fill(seconds: Any, level: Any, levels: Sequence[str]) -> Fill | None:
    """The fill-in of a create request (None when `seconds` is absent), else `InvalidClock`."""
    if seconds is None:
        if level is not None:
            raise InvalidClock([(FILL_LEVEL_ALONE, {})])
        return None
    problems: list[Problem] = []
    after = _seconds(seconds, "fill_open_seats_after_seconds", problems)
    chosen = "medium" if level is None else level
    if chosen not in levels:
        problems.append((BAD_FILL_LEVEL, {"levels": ", ".join(levels)}))
    if problems:
        raise InvalidClock(problems)
    return Fill(after, str(chosen))


def fill_of(record: GameRecord) -> Fill | None:
    raw = record.fill
    return None if raw is None else Fill(float(raw["after_seconds"]), str(raw["level"]))


# -- the running clock -----------------------------------------------------------------------


def initial_state(
    clock: Clock, seats: Sequence[str], to_move: str | None, now: float
) -> ClockState:
    banks = {s: clock.seconds for s in seats} if clock.mode == "budget" else {}
    return ClockState(to_move, now, banks)


def configure(
    record: GameRecord, clock: Clock | None, fill: Fill | None, to_move: str | None
) -> GameRecord:
    """A new game's record with its clock (started for `to_move` at the creation) and fill-in."""
    seats = [c.seat for c in record.seats]
    return replace(
        record,
        clock=clock.to_json() if clock is not None else None,
        clk=initial_state(clock, seats, to_move, record.created).to_json() if clock else None,
        fill=fill.to_json() if fill is not None else None,
    )


def state_of(record: GameRecord) -> ClockState | None:
    return None if record.clk is None else ClockState.from_json(record.clk)


def away_level(record: GameRecord, seat: str) -> str | None:
    """The level of the AI playing `seat` since it timed out, None when its player plays it."""
    state = state_of(record)
    return None if state is None else state.away.get(seat)


def _runs_for(record: GameRecord, state: ClockState, seat: str | None) -> bool:
    """Whether `seat`'s clock runs: a human seat whose player has taken it and is not away."""
    config = record.seat_config(seat) if seat is not None else None
    return (
        config is not None
        and config.kind == "human"
        and config.seat in record.token_hashes
        and config.seat not in state.away
    )


def _started(record: GameRecord, state: ClockState, seat: str) -> float:
    """When `seat`'s clock started running: `since`, or its join when it was joined later."""
    return max(state.since, record.joined.get(seat, 0.0))


def _allowance(clock: Clock, state: ClockState, seat: str) -> float:
    """The seconds `seat` had when its clock started."""
    return state.banks.get(seat, 0.0) if clock.mode == "budget" else clock.seconds


def deadline(record: GameRecord) -> float | None:
    """When the running seat's time is up (epoch seconds), None when no clock runs."""
    clock, state = clock_of(record), state_of(record)
    if clock is None or state is None or record.status != ACTIVE or state.seat is None:
        return None
    if not _runs_for(record, state, state.seat):
        return None
    return _started(record, state, state.seat) + _allowance(clock, state, state.seat)


def remaining(record: GameRecord, now: float) -> dict[str, float]:
    """Each seat's seconds left: the running seat's counting down, the others' what they will
    have when their clock starts (their bank, or the clock's seconds)."""
    clock, state = clock_of(record), state_of(record)
    if clock is None or state is None:
        return {}
    out = {}
    due = deadline(record)
    for config in record.seats:
        seat = config.seat
        if seat == state.seat and due is not None:
            out[seat] = max(0.0, due - now)
        else:
            out[seat] = _allowance(clock, state, seat)
    return out


def advance(record: GameRecord, state: ClockState, commit: Commit, now: float) -> ClockState:
    """The clock after `commit`, made at `now` on the game at `state`."""
    clock = clock_of(record)
    assert clock is not None
    banks = dict(state.banks)
    away = dict(state.away)
    mover = state.seat
    if commit.kind == "back" and commit.seat != mover:
        # A player back while another seat decides: that seat's clock goes on untouched.
        _come_back(clock, banks, away, commit.seat)
        return ClockState(state.seat, state.since, banks, away)
    passes = commit.next_to_move != mover
    undoing = commit.kind == "undo"
    if mover is not None and clock.mode == "budget" and _runs_for(record, state, mover):
        used = now - _started(record, state, mover)
        banks[mover] = max(0.0, banks.get(mover, 0.0) - used)
        if passes and commit.kind == "move":
            banks[mover] += clock.increment
    restart = passes or clock.mode != "turn"
    if undoing:
        # An undo gives no time back, or move-and-undo would stall a game for ever: the seat's
        # turn goes on (a turn clock), its bank pays for the time used (a budget), and under a
        # decision clock the decision given back has the deadline it had (`gamestore.undo`).
        restart = clock.mode == "budget"
        if clock.mode == "decision":
            began = undo.since_restored(record)
            return ClockState(state.seat, state.since if began is None else began, banks, away)
    if commit.kind == "timeout":
        level = clock.ai_level
        if level is not None:
            away[commit.seat] = level
        if clock.mode == "budget":
            banks[commit.seat] = 0.0
    elif commit.seat in away and (commit.kind == "back" or not commit.task):
        # The player is back: its explicit call, or a move it made with its token (the AI's
        # moves carry their worker task's id).
        _come_back(clock, banks, away, commit.seat)
        restart = True
    seat = None if commit.status == FINISHED else commit.next_to_move
    return ClockState(seat, now if restart else state.since, banks, away)


def _come_back(clock: Clock, banks: dict[str, float], away: dict[str, str], seat: str) -> None:
    """`seat`'s player is back: no AI plays it any more, and a budget seat has at least its
    increment (not timed out again the moment its clock starts)."""
    del away[seat]
    if clock.mode == "budget":
        banks[seat] = max(banks.get(seat, 0.0), clock.increment)


def snapshot(record: GameRecord, now: float) -> dict[str, Any] | None:
    """The clock as views and events show it (None: no clock): its configuration, whose clock
    runs and until when, and each seat's seconds left and whether an AI plays it."""
    clock, state = clock_of(record), state_of(record)
    if clock is None or state is None:
        return None
    due = deadline(record)
    left = remaining(record, now)
    return {
        **clock.to_json(),
        "running": state.seat if due is not None else None,
        "deadline": iso(due) if due is not None else None,
        "seats": [
            {
                "seat": c.seat,
                "remaining_seconds": round(left[c.seat], 3),
                "away": c.seat in state.away,
            }
            for c in record.seats
        ],
    }


def iso(at: float) -> str:
    """Epoch seconds as ISO 8601 UTC to the millisecond (the form of events' `at`)."""
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def stamp(record: GameRecord, commits: Sequence[Commit], now: float) -> list[Commit]:
    """`commits` (consecutive, from `record`'s version) with the clock they write: each one's
    new clock state, its event's `clock`, and the first one's deadline guard. Unchanged for an
    unclocked game, and for commits already stamped."""
    state = state_of(record)
    if state is None or clock_of(record) is None or all(c.clock for c in commits):
        return list(commits)
    guard = None
    first = commits[0]
    if first.kind in ("move", "undo") and first.seat == state.seat:
        guard = deadline(record)
    out: list[Commit] = []
    for commit in commits:
        state = advance(record, state, commit, now)
        after = replace(record, version=commit.version, status=commit.status, clk=state.to_json())
        public = {**commit.public, "clock": snapshot(after, now)}
        out.append(
            replace(
                commit,
                public=public,
                clock=orjson.dumps(state.to_json()),
                guard=guard if not out else None,
            )
        )
    return out


def after(record: GameRecord, commits: Sequence[Commit]) -> GameRecord:
    """The game as `record` with `commits` (stamped) written."""
    last = commits[-1]
    return replace(
        record,
        version=last.version,
        state=last.state,
        status=last.status,
        outcome=last.outcome,
        clk=orjson.loads(last.clock) if last.clock else record.clk,
    )


def wakeup(record: GameRecord) -> float | None:
    """When the scheduler must next look at this game: its clock's deadline or its fill-in
    time, whichever is first; None when neither applies."""
    times = []
    due = deadline(record)
    if due is not None:
        times.append(due)
    fill = fill_of(record)
    if fill is not None and record.status == ACTIVE and record.open_seats():
        times.append(record.created + fill.after_seconds)
    return min(times) if times else None


# -- what the scheduler writes ---------------------------------------------------------------


def plan_timeout(record: GameRecord, seat: str) -> Commit:
    """The running `seat`'s time is up: it forfeits (every other seat wins) or an AI takes it
    over, as the clock says. The state stays as it was."""
    clock = clock_of(record)
    assert clock is not None
    version = record.version + 1
    level = clock.ai_level
    if level is None:
        text = FORFEITS.format(seat=seat)
        outcome: dict[str, Any] | None = {
            "winners": [c.seat for c in record.seats if c.seat != seat],
            "reason": "timeout",
            "detail": FORFEIT_DETAIL.format(seat=seat),
            "scores": {c.seat: (0.0 if c.seat == seat else 1.0) for c in record.seats},
        }
    else:
        text = TAKEN_OVER.format(seat=seat, level=level)
        outcome = None
    return _seat_commit(record, seat, "timeout", text, outcome, version)


def plan_back(record: GameRecord, seat: str, to_move: str | None) -> Commit:
    """The player of an away `seat` is back: the AI stops playing it."""
    text = IS_BACK.format(seat=seat)
    commit = _seat_commit(record, seat, "back", text, None, record.version + 1)
    return replace(commit, next_to_move=to_move)


def _seat_commit(
    record: GameRecord,
    seat: str,
    kind: str,
    text: str,
    outcome: dict[str, Any] | None,
    version: int,
) -> Commit:
    state = state_of(record)
    return Commit(
        expected=record.version,
        state=record.state,
        status=FINISHED if outcome is not None else ACTIVE,
        outcome=outcome,
        seat=seat,
        kind=kind,
        move_id="",
        public={
            "version": version,
            "seat": seat,
            "kind": kind,
            "at": now_iso(),
            "description": {
                "text": text,
                "actor": seat,
                "action": kind,
                "decision": "",
                "args": {},
                "hidden": [],
            },
            "changes": [],
        },
        private={},
        next_to_move=None if outcome is not None or state is None else state.seat,
    )
