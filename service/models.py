"""The REST API's request and response bodies as pydantic models.

Requests are validated with these models (unknown fields are refused); responses are built as
plain dicts by `service.render` and documented by these models in the OpenAPI document, which
schemathesis checks the live responses against.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatRequest(Strict):
    seat: str = Field(
        max_length=64,
        description="A seat of the game, as the game names it: 'witch' or 'hunter' in Pagan, "
        "'seat-0' to 'seat-4' in Pantacle.",
    )
    kind: Literal["human", "open", "ai"] = Field(
        description="human: the creator receives its token; open: anyone may join it; "
        "ai: played by the AI at `level`."
    )
    level: str | None = Field(
        default=None, max_length=32, description="The AI level of an ai seat."
    )


class CreateGameRequest(Strict):
    game: str = Field(max_length=64, description="A game from the catalog: 'pagan' or 'pantacle'.")
    options: dict[str, Any] | None = Field(
        default=None, description="Game options; missing ones take the game's defaults."
    )
    seed: str | None = Field(
        default=None,
        min_length=1,
        max_length=200,
        description="Deal seed (the server picks a secret one when absent). Whoever knows the "
        "seed knows every hidden card: give one only for tests and replays; it is refused "
        "(SEED_WITH_OPEN_SEAT) when a seat is open.",
    )
    seats: list[SeatRequest] = Field(
        default_factory=list, max_length=16, description="Seats not listed are open."
    )


class MoveRequest(Strict):
    version: StrictInt = Field(ge=0, description="The game version the move was chosen at.")
    move_id: str | None = Field(
        default=None, min_length=1, max_length=500, description="A legal move's id."
    )
    value: dict[str, Any] | None = Field(default=None, description="Or a legal move's value.")

    @model_validator(mode="after")
    def one_move(self) -> MoveRequest:
        if (self.move_id is None) == (self.value is None):
            raise ValueError("give exactly one of move_id and value")
        return self


class JoinRequest(Strict):
    seat: str | None = Field(
        default=None, max_length=64, description="The seat to take (any open)."
    )


class ResignRequest(Strict):
    version: StrictInt | None = Field(
        default=None, ge=0, description="Resign only at this version."
    )


class HintRequest(Strict):
    level: str | None = Field(
        default=None, max_length=32, description="The AI level to analyse at."
    )


# -- responses -----------------------------------------------------------------------------


class LegalMove(BaseModel):
    id: str
    value: dict[str, Any]
    label: str


class Event(BaseModel):
    version: int = Field(description="The version this change made.")
    seat: str = Field(description="The seat that decided (or resigned).")
    kind: Literal["move", "resign"]
    changes: list[dict[str, Any]] = Field(
        description="JSON Patch (RFC 6902) of the spectator's view: what everyone saw change."
    )
    move: LegalMove | None = Field(
        default=None, description="The move itself: only in the events of the seat that made it."
    )


class SeatInfo(BaseModel):
    seat: str
    kind: Literal["human", "ai"]
    level: str | None
    open: bool


class SeatGame(BaseModel):
    id: str
    game: str
    version: int
    seat: str | None = Field(description="The seat of the token used; null for a spectator.")
    status: Literal["active", "finished"]
    to_move: str | None
    your_decision: bool
    seats: list[SeatInfo]
    options: dict[str, Any]
    view: dict[str, Any] = Field(description="What this seat may see (the game's own format).")
    legal_moves: list[LegalMove]
    outcome: dict[str, Any] | None
    events: list[Event]


class CreatedSeat(BaseModel):
    seat: str
    kind: Literal["human", "ai"]
    level: str | None
    open: bool


class CreatedGame(BaseModel):
    id: str
    game: str
    version: int
    tokens: dict[str, str] = Field(description="The secret token of every human seat.")
    seats: list[CreatedSeat]


class JoinedGame(BaseModel):
    id: str
    seat: str
    token: str


class LobbyGame(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    open_seats: list[str]
    created: float


class Lobby(BaseModel):
    games: list[LobbyGame]


class Events(BaseModel):
    events: list[Event]


class CatalogGame(BaseModel):
    name: str
    seats: list[str]
    default_options: dict[str, Any]
    ai_levels: list[str]
    catalog: dict[str, Any]


class Catalog(BaseModel):
    games: list[CatalogGame]
    ai_levels: list[str]
    seat_kinds: list[str]


class HintMove(BaseModel):
    move: LegalMove
    visits: int = Field(description="Search visits: how much the AI looked at this move.")
    win_rate: float = Field(description="The seat's mean result after this move, 0 to 1.")


class Hint(BaseModel):
    game_id: str
    version: int
    seat: str
    level: str
    moves: list[HintMove] = Field(description="The AI's best moves, best first.")


class Health(BaseModel):
    status: Literal["ok"]


class Readiness(BaseModel):
    status: Literal["ready", "not ready"]
    redis: bool
    broker: bool


class Problem(BaseModel):
    """RFC 9457 problem details, with the machine-readable `code` and per-error members."""

    model_config = ConfigDict(extra="allow")
    type: str
    title: str
    status: int
    detail: str
    instance: str
    code: str
