"""Move planning: what a move or a resignation writes, as pure functions from a loaded game to
a `Commit`. A move the rules refuse raises the rules' own `IllegalMove`; the API turns it into
its error at its edge.

The API and the AI workers both plan their writes here and then hand the `Commit` to the same
compare-and-set script, so a move means the same thing whoever makes it.

Events: every commit appends one entry to the game's move log. Its public part (who decided,
what kind of change, when (`at`, the server's clock as the move was planned, ISO 8601 UTC),
the spectator's `description` and the JSON Patch of the spectator's view) goes to every seat
and to spectators; the move itself (id, value, label) goes only to the seat that made it,
because a move's label may name cards that only its maker holds. Each seat reads the move's
`description` as the rules describe it to that seat (`Game.describe`): they are all computed
at commit time, from the state before the move, and stored in the private part keyed by seat,
only for the seats that read it differently from a spectator; `event_for` hands each reader
its own and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson

from gamestore import patch
from gamestore.records import ACTIVE, FINISHED, GameRecord
from rules.core import N_, Game, IllegalMove, JsonValue, Move, find_move


@dataclass(frozen=True, slots=True)
class Commit:
    """One write: from `expected` version to `expected + 1`."""

    expected: int
    state: bytes
    status: str
    outcome: dict[str, Any] | None
    seat: str
    kind: str  # "move", "resign", or a clock's "timeout" and "back"
    move_id: str
    public: dict[str, Any]
    private: dict[str, Any]
    next_to_move: str | None
    task: str = ""
    # A clocked game's clock after this commit (`gamestore.clocks.stamp`; empty: unclocked or
    # not stamped yet), and the deadline the write must beat (a move of the running seat).
    clock: bytes = b""
    guard: float | None = None
    # Whether its seat may take this move back (`gamestore.undo`): its player's own decision,
    # which read nothing the seat cannot see and left the decision with the seat.
    undoable: bool = False

    @property
    def version(self) -> int:
        return self.expected + 1

    def stream_fields(self) -> dict[str, str | bytes]:
        return {
            "v": str(self.version),
            "seat": self.seat,
            "kind": self.kind,
            "move": self.move_id,
            "public": orjson.dumps(self.public),
            "private": orjson.dumps(self.private),
            "task": self.task,
        }


def load_state(game: Game, record: GameRecord) -> Any:
    return game.from_json(orjson.loads(record.state))


def resolve_move(game: Game, state: Any, submitted: str | dict[str, JsonValue]) -> Move:
    """The legal move a submission names (its id or its value), else `IllegalMove` with the
    rules' reason. Call only when it is the submitting seat's decision."""
    found = find_move(game.legal_moves(state), submitted)
    if found is not None:
        return found
    game.apply(state, submitted)  # raises the rules' reason why not
    raise IllegalMove("that is not one of the legal moves", submitted)


def now_iso() -> str:
    """The server's clock as a log entry's `at`: ISO 8601, UTC, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def descriptions(
    game: Game, seats: Sequence[str], state: Any, move: Move
) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """How a spectator reads `move` (made in `state`), and how each seat that reads it
    differently does."""
    public = game.describe(state, move, None).to_json()
    own = {}
    for seat in seats:
        told = game.describe(state, move, seat).to_json()
        if told != public:
            own[seat] = told
    return public, own


def plan_move(
    game: Game,
    record: GameRecord,
    state: Any,
    seat: str,
    move: Move,
    task: str = "",
    expected: int | None = None,
) -> tuple[Commit, Any]:
    """The commit of `seat` playing the legal `move`, and the new state (`IllegalMove` when the
    rules refuse it). `expected` is the version `state` is at (the record's by default; a
    batch plans its later moves at the versions its earlier ones make)."""
    traced = game.apply_traced(state, move)
    commit = plan_made(
        game, record, state, traced.state, seat, move, task, expected, hidden=traced.hidden
    )
    return commit, traced.state


def plan_made(
    game: Game,
    record: GameRecord,
    state: Any,
    new_state: Any,
    seat: str,
    move: Move,
    task: str = "",
    expected: int | None = None,
    hidden: bool = True,
) -> Commit:
    """The commit of `seat` having played `move` in `state`, which gave `new_state`; `hidden`
    says whether its result read anything `seat` cannot see (`Game.apply_traced`), which
    keeps it from being taken back."""
    outcome = game.outcome(new_state)
    finished = outcome is not None or game.to_move(new_state) is None
    next_to_move = None if finished else game.to_move(new_state)
    config = record.seat_config(seat)
    # AI seats never undo; an AI's move (a worker task) is not its seat's player's to take back.
    by_player = config is not None and config.kind == "human" and not task
    at = record.version if expected is None else expected
    version = at + 1
    public_description, own = descriptions(game, [c.seat for c in record.seats], state, move)
    public = {
        "version": version,
        "seat": seat,
        "kind": "move",
        "at": now_iso(),
        "description": public_description,
        "changes": patch.diff(game.view(state, None), game.view(new_state, None)),
    }
    private: dict[str, Any] = {"move": move.to_json()}
    if own:
        private["descriptions"] = own
    return Commit(
        expected=at,
        state=orjson.dumps(game.to_json(new_state)),
        status=FINISHED if finished else ACTIVE,
        outcome=outcome.to_json() if outcome is not None else None,
        seat=seat,
        kind="move",
        move_id=move.id,
        public=public,
        private=private,
        next_to_move=next_to_move,
        task=task,
        undoable=by_player and not hidden and next_to_move == seat,
    )


def plan_resign(game: Game, record: GameRecord, state: Any, seat: str) -> Commit:
    """`seat` resigns: every other seat wins. The rules core knows nothing of resignations, so
    the outcome is decided here and the state itself stays as it was."""
    winners = [c.seat for c in record.seats if c.seat != seat]
    text = N_("The {seat} resigned").format(seat=seat)
    outcome = {
        "winners": winners,
        "reason": "resigned",
        "detail": text,
        "scores": {c.seat: (0.0 if c.seat == seat else 1.0) for c in record.seats},
    }
    return Commit(
        expected=record.version,
        state=record.state,
        status=FINISHED,
        outcome=outcome,
        seat=seat,
        kind="resign",
        move_id="",
        public={
            "version": record.version + 1,
            "seat": seat,
            "kind": "resign",
            "at": now_iso(),
            "description": {
                "text": text,
                "actor": seat,
                "action": "resign",
                "decision": "",
                "args": {},
                "hidden": [],
            },
            "changes": [],
        },
        private={},
        next_to_move=None,
    )


def event_for(public: bytes, private: bytes, seat: str, viewer: str | None) -> dict[str, Any]:
    """One log entry as `viewer` may see it: the public part, the viewer's own description if
    it has one, and the move itself for the seat that made it."""
    event: dict[str, Any] = orjson.loads(public)
    if viewer is None:
        return event
    hidden: dict[str, Any] = orjson.loads(private)
    own = hidden.get("descriptions", {}).get(viewer)
    if own is not None:
        event["description"] = own
    if viewer == seat and "move" in hidden:
        event["move"] = hidden["move"]
    return event


def own_event(commit: Commit) -> dict[str, Any]:
    """The event of `commit` as the seat that made it sees it."""
    return event_for(
        orjson.dumps(commit.public), orjson.dumps(commit.private), commit.seat, commit.seat
    )


class BatchRefused(Exception):
    """A batch move that cannot be made: its index, and why (the rules' `IllegalMove`, or None
    when the decision at that point is not the batch's seat's: `to_move` names whose it is)."""

    def __init__(self, index: int, illegal: IllegalMove | None, to_move: str | None) -> None:
        super().__init__(index)
        self.index = index
        self.illegal = illegal
        self.to_move = to_move


def plan_batch(
    game: Game,
    record: GameRecord,
    state: Any,
    seat: str,
    submitted: Sequence[str | dict[str, JsonValue]],
) -> tuple[list[Commit], Any]:
    """The commits of `seat` making the `submitted` moves one after another from `state`, each
    one version after the last, and the state after them all; `BatchRefused` naming the first
    move that cannot be made, before anything is written.

    A batch answers only what its seat can see: whatever it is told (made, or refused with an
    index and a reason) is the same in every two states the seat cannot tell apart. So:

    - it ends at the first move whose result read anything the seat cannot see (a card drawn,
      an elimination, a Curse drawn, a hidden hand that decided what came next: the rules
      declare each, `Game.apply_traced`); a later move is refused without being looked at, or
      the answers to it would tell what was drawn;
    - a submitted move equal to the next of the seat's decisions that the engine took by itself
      after the previous submitted move (one with a single option, whose being single the seat
      can see) is taken as already made: a frontend that sends every pick of a multi-pick (pay
      3 Clues: Annie, Sue, Sue) gets it made even though the last picks were forced. It gets no
      version or event of its own; a submitted move that is not the next forced one is a new
      decision, the forced ones left having been made all the same.
    """
    commits: list[Commit] = []
    forced: list[Move] = []
    hidden_at = -1  # the index of the move whose result the seat could not see, if any
    for index, request in enumerate(submitted):
        if forced and find_move(forced[:1], request) is not None:
            del forced[0]
            continue
        forced = []
        if hidden_at >= 0:
            why = N_(
                "what the move at index {index} did depends on what the {seat} cannot see "
                "(a card drawn, a hidden card, an elimination), so a batch must end with it"
            ).format(index=hidden_at, seat=seat)
            raise BatchRefused(index, IllegalMove(why, request), None)
        if commits and commits[-1].status == FINISHED:
            raise BatchRefused(index, IllegalMove(N_("the game is over"), request), None)
        to_move = game.to_move(state)
        if to_move != seat:
            raise BatchRefused(index, None, to_move)
        try:
            move = resolve_move(game, state, request)
        except IllegalMove as exc:
            raise BatchRefused(index, exc, to_move) from None
        traced = game.apply_traced(state, move)
        commit = plan_made(
            game,
            record,
            state,
            traced.state,
            seat,
            move,
            expected=record.version + len(commits),
            hidden=traced.hidden,
        )
        commits.append(commit)
        state = traced.state
        forced = list(traced.forced)
        if traced.hidden:
            hidden_at = index
    return commits, state
