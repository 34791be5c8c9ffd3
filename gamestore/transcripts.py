"""A game's record: the document a player or a frontend takes away, looks back at, and checks.

Called a transcript here (`Transcript`-named schemas, this module), so that it is never taken
for `gamestore.records.GameRecord`, the game as the store keeps it. docs/records.md describes
the format; `openapi/record.schema.json` is its JSON Schema.

- `build` makes the record of a stored game as one reader may have it. While the game goes
  on, a seat's record holds what that seat was told (the public description of every
  decision, its own reading where it differs, the moves it made itself) and a spectator's
  only what everyone saw; neither holds the seed, the salt, a state hash or anything else
  computed from the seed. Once the game is over every record is complete: the seed and the
  salt, every move, every seat's reading, the spectator's view at version 0 and the state
  hash of every version.
- `replay` rebuilds a complete record's game from its options and seed, checks the seed
  against the commitment and every decision against the rules (legal, the same value, label,
  descriptions and changes, the same state hash), and the outcome; it stops at the first
  divergence and names it.
- `abridge` keeps only what a replay needs (the regression fixtures, tests/records/).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamestore import clocks, patch, provenance, undo
from gamestore.records import FINISHED, GameRecord
from rules.core import N_, Game, Move, game_names, get_game

FORMAT = "coven-record"
FORMAT_VERSION = 1
SERVICE_KINDS = ("resign", "timeout", "back")
"""Log entries the service writes without a move: the state stays as it was."""
SERVICE_REASONS = {"resign": "resigned", "timeout": "timeout"}
"""The outcome's reason when such an entry ends the game (`gamestore.commits.plan_resign`,
`gamestore.clocks.plan_timeout`)."""
ABRIDGED_KEYS = ("version", "seat", "kind", "move", "restores", "state_hash")


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One entry of a game's move log, whole (its private part included)."""

    version: int
    seat: str
    kind: str
    public: dict[str, Any]
    private: dict[str, Any]


class RecordError(ValueError):
    """A document that is no record this code can replay (not a record, another format
    version, an unknown game, or the record of a game that is not over)."""


def build(
    game: Game,
    record: GameRecord,
    log: Sequence[LogEntry],
    viewer: str | None,
    thoughts: Mapping[int, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The record of `record` (with its move `log`) as `viewer` (a seat, None: a spectator)
    may have it: complete once the game is over, else only what `viewer` saw. `thoughts`: what
    the AI weighed and believed, by version (`Store.thoughts`); only a complete record holds
    them, as each AI decision's `ai`."""
    complete = record.status == FINISHED
    # Whatever is computed from the seed (the first state, its view and hash) is only in a
    # complete record: an unfinished game's record is made from its log and header alone.
    start = game.new(record.options, record.seed) if complete else None
    decisions = [
        _decision(entry, viewer, complete) for entry in log if entry.version <= record.version
    ]
    if complete and thoughts:
        _add_thoughts(decisions, record, thoughts)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "lang": "en",
        "id": record.id,
        "game": record.game,
        "options": record.options,
        "created": clocks.iso(record.created) if record.created else None,
        "seats": [
            {"seat": c.seat, "kind": c.kind, "level": c.level, "name": record.names.get(c.seat)}
            for c in record.seats
        ],
        "viewpoint": viewer,
        "complete": complete,
        "status": record.status,
        "version": record.version,
        "seed": {
            "commitment": record.seed_commitment or None,
            "scheme": provenance.SCHEME if record.seed_commitment else None,
            "chosen": record.seed_chosen,
            "seed": record.seed if complete else None,
            "salt": (record.salt or None) if complete else None,
        },
        "initial_view": game.view(start, None) if start is not None else None,
        "initial_state_hash": provenance.state_hash(game, start) if start is not None else None,
        "decisions": decisions,
        "outcome": record.outcome,
    }


def _decision(entry: LogEntry, viewer: str | None, complete: bool) -> dict[str, Any]:
    public, private = entry.public, entry.private
    out: dict[str, Any] = {"version": entry.version, "seat": entry.seat, "kind": entry.kind}
    if "at" in public:
        out["at"] = public["at"]
    if "restores" in public:
        out["restores"] = public["restores"]
    if "description" in public:
        out["description"] = public["description"]
    told: dict[str, Any] = private.get("descriptions", {})
    if not complete:
        told = {s: d for s, d in told.items() if s == viewer}
    if told:
        out["descriptions"] = told
    if "move" in private and (complete or entry.seat == viewer):
        out["move"] = private["move"]
    out["changes"] = public.get("changes", [])
    if complete and "state_hash" in private:
        out["state_hash"] = private["state_hash"]
    return out


def _add_thoughts(
    decisions: list[dict[str, Any]], record: GameRecord, thoughts: Mapping[int, dict[str, Any]]
) -> None:
    """Each AI decision's `ai`: its seat's level, how it chose, the moves it weighed and its
    belief. A thought is kept only where it is about the move recorded at its version."""
    levels = {c.seat: c.level for c in record.seats if c.kind == "ai"}
    for d in decisions:
        thought = thoughts.get(d["version"])
        move = d.get("move")
        if thought is None or not isinstance(move, dict) or thought.get("move") != move["id"]:
            continue
        ai: dict[str, Any] = {
            "level": levels.get(d["seat"]),
            "how": thought.get("how"),
            "weighed": thought.get("weighed", []),
        }
        if thought.get("belief") is not None:
            ai["belief"] = thought["belief"]
        d["ai"] = ai


def abridge(doc: dict[str, Any]) -> dict[str, Any]:
    """A complete record with only what a replay checks the rules by: each decision's version,
    seat, kind, move id and state hash (no texts, values, views or changes)."""
    decisions = []
    for d in doc["decisions"]:
        kept = {k: d[k] for k in ABRIDGED_KEYS if k in d}
        if "move" in kept:
            kept["move"] = {"id": kept["move"]["id"]}
        decisions.append(kept)
    out = {k: v for k, v in doc.items() if k not in ("initial_view", "decisions", "lang")}
    return {**out, "abridged": True, "decisions": decisions}


# -- replay --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where a record and its replay part: the version, its seat and move (if any), what
    differs, and both sides."""

    version: int
    seat: str | None
    move: str | None
    what: str
    recorded: Any
    replayed: Any

    def __str__(self) -> str:
        by = f" ({self.seat}: {self.move})" if self.move else f" ({self.seat})" if self.seat else ""
        return (
            f"version {self.version}{by}: {self.what}: "
            f"recorded {_short(self.recorded)}, replayed {_short(self.replayed)}"
        )


def _short(value: Any, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


COMMITMENT_VERIFIED = "verified"
COMMITMENT_MISMATCH = "mismatch"
COMMITMENT_ABSENT = "absent"


@dataclass(slots=True)
class Replay:
    """What `replay` found: how many versions it rebuilt, the seed commitment's verdict, and
    the first divergence (None: the record replays exactly)."""

    game: str
    versions: int = 0
    checked_hashes: int = 0
    commitment: str = COMMITMENT_ABSENT
    seed_chosen: bool | None = None
    divergence: Divergence | None = None
    texts_compared: bool = True
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.divergence is None and self.commitment != COMMITMENT_MISMATCH

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain data (`coven verify --json`, `POST /replays/verify`)."""
        return {
            "ok": self.ok,
            "game": self.game,
            "versions": self.versions,
            "checked_hashes": self.checked_hashes,
            "commitment": self.commitment,
            "seed_chosen": self.seed_chosen,
            "texts_compared": self.texts_compared,
            "divergence": None if self.divergence is None else str(self.divergence),
            "divergence_version": None if self.divergence is None else self.divergence.version,
            "notes": list(self.notes),
        }


def _require(doc: Any) -> dict[str, Any]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise RecordError(
            N_("not a game record (its format is not {format})").format(format=repr(FORMAT))
        )
    if doc.get("format_version") != FORMAT_VERSION:
        raise RecordError(
            N_("record format version {version}: this build reads version {n}").format(
                version=repr(doc.get("format_version")), n=FORMAT_VERSION
            )
        )
    if not doc.get("complete"):
        raise RecordError(
            N_(
                "this record is not complete (the game was not over when it was exported): it "
                "has neither the seed nor the other seats' moves; export it again once the game "
                "is over"
            )
        )
    seed = doc.get("seed")
    if not isinstance(seed, dict) or not isinstance(seed.get("seed"), str):
        raise RecordError(N_("the record has no seed"))
    if not isinstance(doc.get("decisions"), list):
        raise RecordError(N_("the record has no decisions"))
    if doc.get("game") not in game_names():
        raise RecordError(
            N_("there is no game called {name}; known games: {names}").format(
                name=repr(doc.get("game")), names=", ".join(game_names())
            )
        )
    return doc


def require(doc: Any) -> dict[str, Any]:
    """`doc` when it is a complete record this build can replay, else `RecordError`."""
    return _require(doc)


def check_commitment(doc: dict[str, Any]) -> str:
    """The seed commitment's verdict: verified, mismatch, or absent (a game from before)."""
    seed = doc["seed"]
    if not seed.get("commitment"):
        return COMMITMENT_ABSENT
    if seed.get("scheme") != provenance.SCHEME or not isinstance(seed.get("salt"), str):
        return COMMITMENT_MISMATCH
    made = provenance.seed_commitment(seed["seed"], seed["salt"])
    return COMMITMENT_VERIFIED if made == seed["commitment"] else COMMITMENT_MISMATCH


def replay(doc: Any) -> Replay:
    """Rebuild a complete record's game and check it (see the module docstring). Raises
    `RecordError` for a document it cannot replay at all."""
    doc = _require(doc)
    game = get_game(doc["game"])
    result = Replay(game=doc["game"], seed_chosen=doc["seed"].get("chosen"))
    result.commitment = check_commitment(doc)
    if result.commitment == COMMITMENT_ABSENT:
        result.notes.append("no commitment: the game was created before seed commitments")
    # Texts (labels, descriptions, prompts, an outcome's detail) are compared in English only:
    # a record asked for in another language has them translated.
    texts = doc.get("lang", "en") == "en"
    result.texts_compared = texts
    if doc.get("lang", "en") != "en":
        result.notes.append(f"texts not compared: the record is in {doc['lang']!r}")
    Checker(game, doc, result, texts).run()
    return result


class Checker:
    """One replay: the state so far, and the first divergence found."""

    def __init__(self, game: Game, doc: dict[str, Any], result: Replay, texts: bool) -> None:
        self.game = game
        self.doc = doc
        self.result = result
        self.texts = texts
        self.seats = [s["seat"] for s in doc.get("seats", [])]
        self.states: list[Any] = []

    def differ(
        self,
        version: int,
        what: str,
        recorded: Any,
        replayed: Any,
        seat: str | None = None,
        move: str | None = None,
    ) -> None:
        self.result.divergence = Divergence(version, seat, move, what, recorded, replayed)

    def same(
        self, version: int, what: str, recorded: Any, replayed: Any, d: dict[str, Any]
    ) -> bool:
        if recorded == replayed:
            return True
        move = d.get("move", {}).get("id") if isinstance(d.get("move"), dict) else None
        self.differ(version, what, recorded, replayed, d.get("seat"), move)
        return False

    def run(self) -> None:
        game, doc = self.game, self.doc
        try:
            options = game.validate_options(dict(doc.get("options") or {}))
            state = game.new(options, doc["seed"]["seed"])
        except Exception as exc:  # the rules refuse the options: that is where it diverges
            self.differ(0, "the game cannot be set up", doc.get("options"), str(exc))
            return
        if options != doc.get("options"):
            self.differ(0, "options", doc.get("options"), options)
            return
        start: dict[str, Any] = {"version": 0, "seat": None}
        recorded_hash = doc.get("initial_state_hash")
        if recorded_hash is not None:
            if not self.same(
                0, "state hash", recorded_hash, provenance.state_hash(game, state), start
            ):
                return
            self.result.checked_hashes += 1
        if (
            self.texts
            and "initial_view" in doc
            and not self.same(
                0, "spectator's view", doc["initial_view"], game.view(state, None), start
            )
        ):
            return
        last_kind = None
        # Every version's state, for an undo to return to (versions only grow; an undo's state
        # is an earlier version's).
        self.states.append(state)
        for expected, d in enumerate(doc["decisions"], start=1):
            if not isinstance(d, dict) or d.get("version") != expected:
                got = d.get("version") if isinstance(d, dict) else d
                self.differ(expected, "versions are not consecutive", got, expected)
                return
            if game.outcome(state) is not None:
                self.differ(expected, "a decision after the end", d.get("kind"), "game over")
                return
            after = self.decision(state, d)
            if after is None:
                return
            state = after
            self.states.append(state)
            last_kind = d.get("kind")
            self.result.versions = expected
        if doc.get("version") != self.result.versions:
            at = self.result.versions
            self.differ(at, "the record's version", doc.get("version"), at)
            return
        self.outcome(state, last_kind, doc["decisions"][-1] if doc["decisions"] else None)

    def decision(self, state: Any, d: dict[str, Any]) -> Any:
        """Check one decision; the state after it, or None at a divergence."""
        game, version, seat, kind = self.game, d["version"], d.get("seat"), d.get("kind")
        if kind in SERVICE_KINDS:
            after = state
            if not self.same(version, "changes", d.get("changes", []), [], d):
                return None
        elif kind == "move":
            move = self.move(state, d)
            if move is None:
                return None
            if not self.descriptions(state, move, d):
                return None
            after = game.apply(state, move)
            if "changes" in d:
                changes = patch.diff(game.view(state, None), game.view(after, None))
                if not self.same(version, "changes", d["changes"], changes, d):
                    return None
        elif kind == undo.KIND:
            after = self.undo(state, d)
            if after is None:
                return None
        else:
            self.differ(version, "unknown kind of decision", kind, None, seat)
            return None
        if "state_hash" in d:
            if not self.same(
                version, "state hash", d["state_hash"], provenance.state_hash(game, after), d
            ):
                return None
            self.result.checked_hashes += 1
        return after

    def undo(self, state: Any, d: dict[str, Any]) -> Any:
        """An undo: the seat whose decision it is returns the game to an earlier version's
        state, where the decision was its own too; the state it returns to, or None."""
        game, version, seat = self.game, d["version"], d.get("seat")
        to = d.get("restores")
        if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < version - 1:
            self.differ(version, "an undo without an earlier version to return to", to, None, seat)
            return None
        restored = self.states[to]
        if game.to_move(state) != seat or game.to_move(restored) != seat:
            whose = (game.to_move(state), game.to_move(restored))
            self.differ(version, "an undo of another seat's decision", seat, whose, seat)
            return None
        if "changes" in d:
            changes = patch.diff(game.view(state, None), game.view(restored, None))
            if not self.same(version, "changes", d["changes"], changes, d):
                return None
        return restored

    def move(self, state: Any, d: dict[str, Any]) -> Move | None:
        game, version, seat = self.game, d["version"], d.get("seat")
        recorded = d.get("move")
        if not isinstance(recorded, dict) or not isinstance(recorded.get("id"), str):
            self.differ(version, "a move without its id", recorded, None, seat)
            return None
        to_move = game.to_move(state)
        if to_move != seat:
            self.differ(version, "whose decision", seat, to_move, seat, recorded["id"])
            return None
        found = next((m for m in game.legal_moves(state) if m.id == recorded["id"]), None)
        if found is None:
            self.differ(version, "not a legal move", recorded["id"], None, seat, recorded["id"])
            return None
        if "value" in recorded and not self.same(
            version, "move value", recorded["value"], found.value, d
        ):
            return None
        label = recorded.get("label", found.label) if self.texts else found.label
        if not self.same(version, "move label", label, found.label, d):
            return None
        return found

    def descriptions(self, state: Any, move: Move, d: dict[str, Any]) -> bool:
        if not self.texts or "description" not in d:
            return True
        game, version = self.game, d["version"]
        public = game.describe(state, move, None).to_json()
        if not self.same(version, "public description", d["description"], public, d):
            return False
        told = {}
        for seat in self.seats:
            own = game.describe(state, move, seat).to_json()
            if own != public:
                told[seat] = own
        return self.same(version, "seats' descriptions", d.get("descriptions", {}), told, d)

    def outcome(self, state: Any, last_kind: str | None, last: dict[str, Any] | None) -> None:
        game, doc = self.game, self.doc
        version = self.result.versions
        recorded = doc.get("outcome")
        ruled = game.outcome(state)
        end: dict[str, Any] = {"version": version, "seat": last.get("seat") if last else None}
        if ruled is not None:
            replayed = ruled.to_json()
            if not self.texts and isinstance(recorded, dict):
                replayed = {**replayed, "detail": recorded.get("detail")}
                replayed["reason"] = recorded.get("reason")
            self.same(version, "outcome", recorded, replayed, end)
            return
        if last is None or last_kind not in SERVICE_REASONS or not isinstance(recorded, dict):
            self.same(version, "outcome", recorded, "the game is not over", end)
            return
        loser = last.get("seat")
        others = [s for s in self.seats if s != loser]
        wanted: dict[str, Any] = {
            "winners": others,
            "reason": SERVICE_REASONS[last_kind],
            "scores": {s: (0.0 if s == loser else 1.0) for s in self.seats},
        }
        got = {k: recorded.get(k) for k in wanted}
        if not self.texts:
            wanted["reason"] = got["reason"]
        self.same(version, "outcome", got, wanted, end)
