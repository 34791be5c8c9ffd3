"""The GraphQL types of a game's record (`record` in `service.graphql_api`, over
`service.transcripts`, as REST's `GET /games/{id}/record`). The header is typed; each decision's
texts, move and changes are JSON values, and `document` is the whole record as REST answers it
(what `coven export` saves and `coven verify` reads)."""

from __future__ import annotations

from typing import Any

import strawberry
from strawberry.scalars import JSON


@strawberry.type(description="A seat of a recorded game.")
class TranscriptSeat:
    seat: str
    kind: str
    level: str | None
    name: str | None


@strawberry.type(
    description="The seed commitment: published at the creation, seed and salt revealed once "
    "the game is over (docs/records.md)."
)
class TranscriptSeed:
    commitment: str | None = strawberry.field(
        description="SHA-256 (hex) of `<salt>:<seed>` (null: a game from before commitments)."
    )
    scheme: str | None = strawberry.field(description="How the commitment is computed.")
    chosen: bool | None = strawberry.field(
        description="Whether the creator chose the seed (null: not known)."
    )
    seed: str | None = strawberry.field(description="The seed: only once the game is over.")
    salt: str | None = strawberry.field(description="The salt: only once the game is over.")


@strawberry.type(description="One decision of a recorded game, as the record's reader may have it.")
class TranscriptDecision:
    version: int
    seat: str
    kind: str
    at: str | None = strawberry.field(description="When: ISO 8601, UTC.")
    description: JSON | None = strawberry.field(
        description="The public description (what a spectator read)."
    )
    descriptions: JSON | None = strawberry.field(
        description="What seats read where it differs from the public description, by seat "
        "(only the reader's own while the game goes on)."
    )
    move: JSON | None = strawberry.field(
        description="The move {id, value, label} (only the reader's own while the game goes on)."
    )
    changes: JSON | None = strawberry.field(description="JSON Patch of the spectator's view.")
    state_hash: str | None = strawberry.field(
        description="SHA-256 of the state after it (complete records only)."
    )


@strawberry.type(
    description="A game's record (docs/records.md): while it goes on, what the token's seat "
    "saw (no token: what everyone saw); once it is over, everything."
)
class Transcript:
    format: str
    format_version: int
    lang: str = strawberry.field(description="The language of its texts.")
    id: strawberry.ID
    game: str
    options: JSON
    created: str | None
    seats: list[TranscriptSeat]
    viewpoint: str | None = strawberry.field(
        description="The seat whose record it is (null: a spectator's)."
    )
    complete: bool = strawberry.field(description="Whether it holds everything (game over).")
    status: str
    version: int
    seed: TranscriptSeed
    initial_view: JSON | None = strawberry.field(description="The spectator's view at version 0.")
    initial_state_hash: str | None
    decisions: list[TranscriptDecision]
    outcome: JSON | None
    document: JSON = strawberry.field(description="The whole record as one JSON value.")


def transcript(doc: dict[str, Any]) -> Transcript:
    seed = doc["seed"]
    whole: Any = doc
    return Transcript(
        format=doc["format"],
        format_version=doc["format_version"],
        lang=doc["lang"],
        id=strawberry.ID(doc["id"]),
        game=doc["game"],
        options=doc["options"],
        created=doc["created"],
        seats=[TranscriptSeat(**s) for s in doc["seats"]],
        viewpoint=doc["viewpoint"],
        complete=doc["complete"],
        status=doc["status"],
        version=doc["version"],
        seed=TranscriptSeed(**seed),
        initial_view=doc["initial_view"],
        initial_state_hash=doc["initial_state_hash"],
        decisions=[
            TranscriptDecision(
                version=d["version"],
                seat=d["seat"],
                kind=d["kind"],
                at=d.get("at"),
                description=d.get("description"),
                descriptions=d.get("descriptions"),
                move=d.get("move"),
                changes=d.get("changes"),
                state_hash=d.get("state_hash"),
            )
            for d in doc["decisions"]
        ],
        outcome=doc["outcome"],
        document=whole,
    )
