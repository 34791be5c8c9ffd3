"""A finished game's position at any version, from any viewpoint: what the replay viewer shows.

Computed by replaying the game's record, statelessly: a stored game's complete record (refused
while the game goes on: its record holds nothing computed from the seed before the end), or a
record the caller sends (`POST /replays`), checked first by `gamestore.transcripts.replay` like
`coven verify` does. Nothing is cached between requests.

A position holds the views at that version (one seat's, the spectator's, or every seat's for
"everything shown"), the decision that made the version with its move, and the AI's reasons at
that decision when it was an AI seat's: the moves it weighed, labelled as the rules label them
in that position, and its belief.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import ValidationError

from gamestore import provenance, transcripts
from gamestore.records import FINISHED
from rules.core import N_, Game, RulesError, get_game
from service import auth, record_schema
from service.errors import (
    GameNotFinished,
    GameNotFound,
    NoSuchPosition,
    RecordRefused,
)
from service.games import GameService
from service.validation import body_problem

EVERYTHING = "all"
"""The viewpoint that shows every seat's view at once."""


async def stored_position(
    service: GameService, game_id: str, version: int, viewpoint: str | None, token: str | None
) -> dict[str, Any]:
    """The position of the stored game `game_id` at `version` from `viewpoint`: only once the
    game is over (`GameNotFinished` before, whoever asks)."""
    stored = await service.store.load(game_id)
    if stored is None:
        raise GameNotFound(
            N_("there is no game {game_id} (it may have expired)").format(game_id=repr(game_id))
        )
    auth.seat_of(stored, token)  # a wrong token is refused as on any read
    if stored.status != FINISHED:
        raise GameNotFinished(N_("a game can be replayed only once it is over"))
    log = await service.store.full_log(game_id)
    thoughts = await service.store.thoughts(game_id)
    game = get_game(stored.game)
    doc = transcripts.build(game, stored, log, None, thoughts)
    return position(game, doc, version, viewpoint)


MALFORMED = (KeyError, TypeError, ValueError, IndexError, AttributeError, RulesError)
"""What reading a record whose shape the schema does not hold (a hand-edited file) raises."""


def verify(doc: Any) -> dict[str, Any]:
    """The verdict of `coven verify` on the record `doc` (`POST /replays/verify`): whether the
    seed matches its commitment and every decision replays as recorded (its moves, texts,
    changes and state hashes) to the recorded outcome, and where it first diverges."""
    return _refused_unless_a_record(lambda: transcripts.replay(_shaped(doc)).to_json())


def uploaded_position(doc: Any, version: int, viewpoint: str | None) -> dict[str, Any]:
    """The position of the record `doc` at `version` from `viewpoint`. Every step is checked
    as far as it goes, and no further, so that stepping through a long game stays quick: the
    seed against the commitment, each decision's seat and move against the rules, and the
    state hash of every version up to `version` (`verify` checks the whole record once, texts
    and all). `RecordRefused` where it diverges."""

    def rebuild() -> dict[str, Any]:
        record = transcripts.require(_shaped(doc))
        if transcripts.check_commitment(record) == transcripts.COMMITMENT_MISMATCH:
            raise RecordRefused(N_("this record's seed does not match its commitment"))
        return position(get_game(record["game"]), record, version, viewpoint, check=True)

    return _refused_unless_a_record(rebuild)


T = TypeVar("T")


def _shaped(doc: Any) -> Any:
    """`doc`, once it has the record's documented shape (`record_schema.Transcript`, every
    object closed): what the replay does not check (the AI's reasons) must be well formed too."""
    try:
        record_schema.Transcript.model_validate(doc)
    except ValidationError as exc:
        problem = body_problem(exc.errors(include_url=False)[0])
        refused = N_("this is not a game record: {problem}").format(problem=problem)
        raise RecordRefused(refused) from None
    return doc


def _refused_unless_a_record(read: Callable[[], T]) -> T:
    """`read()`, with a document that is no record refused as `RecordRefused`."""
    try:
        return read()
    except transcripts.RecordError as exc:
        reason = str(exc)
    except MALFORMED as exc:
        reason = N_("it is not shaped as a record ({error})").format(error=type(exc).__name__)
    raise RecordRefused(N_("this record cannot be replayed: {reason}").format(reason=reason))


def position(
    game: Game, doc: dict[str, Any], version: int, viewpoint: str | None, check: bool = False
) -> dict[str, Any]:
    """The position of a complete record `doc` at `version` (see the module docstring); with
    `check`, each version's seat and state hash on the way are checked against the record."""
    seats = [str(s["seat"]) for s in doc["seats"]]
    if viewpoint is not None and viewpoint != EVERYTHING and viewpoint not in seats:
        raise NoSuchPosition(
            N_("there is no seat {seat} in this game").format(seat=repr(viewpoint))
        )
    last = int(doc["version"])
    if not 0 <= version <= last:
        raise NoSuchPosition(
            N_("version {version} is not in this game, which has versions 0 to {last}").format(
                version=version, last=last
            )
        )
    options = game.validate_options(dict(doc["options"]))
    state = game.new(options, doc["seed"]["seed"])
    if check:
        _same_hash(game, state, doc.get("initial_state_hash"), 0)
    before = state
    for d in doc["decisions"][:version]:
        before = state
        if d["kind"] == "move":
            if check and game.to_move(state) != d["seat"]:
                raise _diverges(
                    d["version"], N_("it was not the decision of {seat}").format(seat=d["seat"])
                )
            state = game.apply(state, _legal(game, state, d["move"]["id"]))
        if check:
            _same_hash(game, state, d.get("state_hash"), d["version"])
    shown = seats if viewpoint == EVERYTHING else [viewpoint]
    decision = doc["decisions"][version - 1] if version else None
    return {
        "id": doc["id"],
        "game": doc["game"],
        "version": version,
        "versions": last,
        "viewpoint": viewpoint,
        "to_move": game.to_move(state) if version < last else None,
        "views": [{"seat": s, "view": game.view(state, s)} for s in shown],
        "decision": _decision(game, before, decision) if decision is not None else None,
        "outcome": doc["outcome"] if version == last else None,
    }


def _legal(game: Game, state: Any, move_id: str) -> Any:
    move = next((m for m in game.legal_moves(state) if m.id == move_id), None)
    if move is None:  # a stored record always replays: only a sent one may refuse here
        raise _diverges(None, N_("{move} is not a legal move").format(move=repr(move_id)))
    return move


def _same_hash(game: Game, state: Any, recorded: Any, version: int) -> None:
    if recorded is not None and recorded != provenance.state_hash(game, state):
        raise _diverges(version, N_("the state hash differs"))


def _diverges(version: int | None, what: str) -> RecordRefused:
    reason = what if version is None else N_("version {n}: {what}").format(n=version, what=what)
    return RecordRefused(
        N_("this record does not replay as recorded: {reason}").format(reason=reason)
    )


def _decision(game: Game, before: Any, d: dict[str, Any]) -> dict[str, Any]:
    """The decision that made the position, with the AI's reasons labelled in `before` (the
    position it was made in)."""
    out: dict[str, Any] = {"version": d["version"], "seat": d["seat"], "kind": d["kind"]}
    if d["kind"] != "move":
        return {**out, "move": None, "ai": None}
    # Labels in English from the rules (the edge renders them): a sent record may be in Spanish.
    labels = {m.id: m.label for m in game.legal_moves(before)}
    move_id = d["move"]["id"]
    out["move"] = {"id": move_id, "label": labels.get(move_id, move_id)}
    thought = d.get("ai")
    if thought is not None:
        out["ai"] = {
            **thought,
            "weighed": [
                {**w, "label": labels.get(w["move"], w["move"])} for w in thought["weighed"]
            ],
        }
    else:
        out["ai"] = None
    return out
