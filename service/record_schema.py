"""The game record's shape as pydantic models: the REST answer of `GET /games/{id}/record` in the
OpenAPI document, and the standalone JSON Schema `openapi/record.schema.json` that files saved
by `coven export` follow (both written by `python -m service.contracts`).

The record is built by `gamestore.transcripts`; these models only document it (and tests hold
real records to them). Every object is closed, so a member added to the record without being
declared here fails those tests. Called `Transcript` here, never "GameRecord" (the stored
game).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from service import models

HASH = r"^[0-9a-f]{64}$"
SCHEMA_ID = "https://coven.invalid/schemas/record.schema.json"


class Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RecordDescription(models.Description):
    model_config = ConfigDict(extra="forbid")


class TranscriptSeat(Closed):
    """A seat of a recorded game."""

    seat: str
    kind: Literal["human", "ai"]
    level: str | None = Field(description="The AI level of an AI seat.")
    name: str | None = Field(description="The seat's display name, if it has one.")


class TranscriptSeed(Closed):
    """The seed commitment: published at the creation, seed and salt revealed once the game is
    over (docs/records.md)."""

    commitment: str | None = Field(
        pattern=HASH,
        description="SHA-256 (hex) of `<salt>:<seed>`, published when the game was created "
        "(null: the game was created before seed commitments).",
    )
    scheme: Literal["sha256(salt:seed)"] | None = Field(
        description="How the commitment is computed (null when there is none)."
    )
    chosen: bool | None = Field(
        description="Whether the creator chose the seed (null: not known, a game from before "
        "commitments)."
    )
    seed: str | None = Field(description="The deal's seed: only once the game is over.")
    salt: str | None = Field(
        pattern=r"^[0-9a-f]{64}$", description="The commitment's secret salt: only once over."
    )


class TranscriptMove(Closed):
    id: str = Field(description="The move's id, as the rules name it.")
    value: dict[str, Any] | None = Field(default=None, description="The move's value.")
    label: str | None = Field(default=None, description="The move's label.")


class TranscriptWeighedMove(Closed):
    """A move an AI's search weighed."""

    move: str = Field(description="The move's id.")
    visits: int = Field(ge=0, description="How many of the search's playouts began with it.")
    win_rate: float = Field(
        ge=0.0, le=1.0, description="The AI seat's mean reward after it: its estimated win rate."
    )


class TranscriptThought(Closed):
    """What an AI seat weighed and believed at one of its decisions (complete records only)."""

    level: str | None = Field(description="The AI's level.")
    how: Literal["only", "decisive", "searched"] = Field(
        description="How it chose: the only legal move, a move that wins at once, or a search."
    )
    weighed: list[TranscriptWeighedMove] = Field(
        description="The moves its search weighed, most visited first (empty without a search)."
    )
    belief: dict[str, float] | None = Field(
        default=None,
        description="What the seat believed of the game's hidden fact, as probabilities: in "
        "Pagan, the Hunter's of each villager being the witch's (read from public information "
        "and his own Suspects).",
    )


class TranscriptDecision(Closed):
    """One decision of a recorded game, as the record's reader may have it."""

    version: int = Field(ge=1, description="The version this decision made.")
    seat: str = Field(
        description="The seat that decided (or resigned, timed out, came back, took back)."
    )
    kind: Literal["move", "resign", "timeout", "back", "undo"]
    at: str | None = Field(default=None, description="When (ISO 8601, UTC).")
    restores: int | None = Field(
        default=None,
        ge=0,
        description="An undo's: the version whose state it returns to (the state before the "
        "decision it took back).",
    )
    description: RecordDescription | None = Field(
        default=None, description="The public description: what a spectator read."
    )
    descriptions: dict[str, RecordDescription] | None = Field(
        default=None,
        description="What a seat read where it differs from the public description, by seat: "
        "only the record's own seat while the game goes on, every seat once it is over.",
    )
    move: TranscriptMove | None = Field(
        default=None,
        description="The move itself: only the record's own seat's moves while the game goes "
        "on, every move once it is over.",
    )
    changes: list[dict[str, Any]] | None = Field(
        default=None, description="JSON Patch (RFC 6902) of the spectator's view."
    )
    state_hash: str | None = Field(
        default=None,
        pattern=HASH,
        description="SHA-256 of the whole state after this decision (complete records only).",
    )
    ai: TranscriptThought | None = Field(
        default=None,
        description="An AI seat's reasons: the moves it weighed and its belief (complete "
        "records only: secret while the game goes on).",
    )


class Transcript(Closed):
    """A game's record (docs/records.md): what one reader may have of it while it goes on,
    everything once it is over."""

    format: Literal["coven-record"]
    format_version: Literal[1]
    lang: str | None = Field(
        default=None, description="The language of its texts (absent in abridged records)."
    )
    abridged: bool | None = Field(
        default=None,
        description="True for a record cut down to what a replay needs (the fixtures).",
    )
    id: models.Id = Field(description="The game id.")
    game: str
    options: dict[str, Any] = Field(description="The game's options, complete.")
    created: str | None = Field(description="When the game was created (ISO 8601, UTC).")
    seats: list[TranscriptSeat]
    viewpoint: str | None = Field(
        description="The seat whose record this is (null: a spectator's)."
    )
    complete: bool = Field(
        description="Whether it holds everything (seed, salt, every move and reading, state "
        "hashes): true once the game is over."
    )
    status: Literal["active", "finished"]
    version: int = Field(ge=0, description="The game's version: how many decisions it holds.")
    seed: TranscriptSeed
    initial_view: dict[str, Any] | None = Field(
        default=None,
        description="The spectator's view at version 0 (with each decision's `changes`: the "
        "public board at every version).",
    )
    initial_state_hash: str | None = Field(
        pattern=HASH, description="The state hash at version 0 (complete records only)."
    )
    decisions: list[TranscriptDecision]
    outcome: dict[str, Any] | None = Field(description="How the game ended (null: not yet).")


class ReplayWeighedMove(TranscriptWeighedMove):
    label: str = Field(description="The move's label in the position it was weighed in.")


class ReplayThought(TranscriptThought):
    weighed: list[ReplayWeighedMove] = Field(  # type: ignore[assignment]
        description="The moves its search weighed, most visited first, labelled."
    )


class ReplayMove(Closed):
    id: str = Field(description="The move's id, as the rules name it.")
    label: str = Field(description="The move's label.")


class ReplayDecision(Closed):
    """The decision that made a replayed position."""

    version: int = Field(ge=1)
    seat: str = Field(description="The seat that decided (or resigned, timed out, came back).")
    kind: Literal["move", "resign", "timeout", "back"]
    move: ReplayMove | None = Field(description="The move (null for the service's entries).")
    ai: ReplayThought | None = Field(
        description="An AI seat's reasons at this decision: the moves it weighed and its belief."
    )


class ReplaySeatView(Closed):
    seat: str | None = Field(description="Whose view (null: the spectator's).")
    view: dict[str, Any] = Field(description="The view as that reader had it at this version.")


class ReplayPosition(Closed):
    """A finished game at one version, from one viewpoint (docs/records.md, "Replays")."""

    id: models.Id = Field(description="The game id.")
    game: str
    version: int = Field(ge=0, description="The version shown (0: before any decision).")
    versions: int = Field(ge=0, description="The game's last version.")
    viewpoint: str | None = Field(
        description="A seat, `all` (every seat's view) or null (the spectator's)."
    )
    to_move: str | None = Field(description="Whose decision came next (null at the end).")
    views: list[ReplaySeatView] = Field(description="The views shown, one per seat for `all`.")
    decision: ReplayDecision | None = Field(description="The decision that made this version.")
    outcome: dict[str, Any] | None = Field(description="How the game ended, at its last version.")


class ReplayRequest(Closed):
    """A record to replay, sent whole (an exported file): the position at `version`."""

    record: dict[str, Any] = Field(description="A complete record (docs/records.md).")
    version: int = Field(default=0, ge=0, description="The version to show.")
    viewpoint: str | None = Field(
        default=None, description="A seat, `all` (every seat's view) or null (the spectator's)."
    )


class VerifyRequest(Closed):
    """A record to check, sent whole (an exported file)."""

    record: dict[str, Any] = Field(description="A complete record (docs/records.md).")


class RecordVerdict(Closed):
    """What `coven verify` says of a record: the seed against its commitment, and every decision
    replayed (moves, texts, changes, state hashes) to the outcome."""

    ok: bool = Field(description="The record replays exactly and its seed matches.")
    game: str
    versions: int = Field(ge=0, description="How many versions replayed as recorded.")
    checked_hashes: int = Field(ge=0, description="How many state hashes were checked.")
    commitment: Literal["verified", "mismatch", "absent"] = Field(
        description="The seed against its commitment (absent: a game from before them)."
    )
    seed_chosen: bool | None = Field(description="Whether the creator chose the seed.")
    texts_compared: bool = Field(description="Whether texts were compared (English records).")
    divergence: str | None = Field(description="Where the record first diverges (in English).")
    divergence_version: int | None = Field(description="The version it diverges at.")
    notes: list[str] = Field(description="Notes, in English.")


def json_schema() -> dict[str, Any]:
    """The record's standalone JSON Schema (draft 2020-12)."""
    schema = Transcript.model_json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        **schema,
        "title": "Coven game record",
    }
