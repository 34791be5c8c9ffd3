"""The API's request and response bodies as pydantic models: each shape declared once.

REST validates its requests with these models (unknown fields are refused); responses are built
as plain dicts by `service.render` and documented by these models in the OpenAPI document, which
schemathesis checks the live responses against. GraphQL's types are derived from the same
models (`service.graphql_types`): a field's name, type, nullability and nesting are said here
only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

import ai
from rules.core import N_, game_names
from service.errors import ALL_ERRORS, ServiceError
from service.validation import Version


@dataclass(frozen=True)
class Identifier:
    """Marks a string that identifies a game or a webhook: GraphQL types it as `ID`."""


Id = Annotated[str, Identifier()]

# Documented as enums so that the OpenAPI document says exactly what is accepted; the service
# checks them again (a game or level unknown to this build is refused with its own code).
LEVEL_ENUM: dict[str, Any] = {"enum": [*ai.LEVELS, None]}

# Checked again by `service.names` (docs/display-names.md) for REST and GraphQL alike.
DisplayName = Annotated[
    str | None,
    Field(
        max_length=40,
        description="The seat's display name, shown to everyone: 1-40 characters after NFC "
        "and trimming, one of them visible; no control, format, separator or invisible "
        "characters (emoji are fine); not a seat's, a role's or an AI level's name "
        "(docs/display-names.md).",
    ),
]


class Strict(BaseModel):
    """A request body: unknown fields refused, and no value coerced (`true`, `"10"` or
    `"1e3"` are no number, as in GraphQL: both APIs accept exactly the same values), numbers
    finite (`1e400` is no number of seconds)."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


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
        default=None,
        max_length=32,
        description="The AI level of an ai seat.",
        json_schema_extra=LEVEL_ENUM,
    )
    name: DisplayName = None


# Exactly one of the three seconds is checked by `gamestore.clocks` (INVALID_CLOCK).
class ClockRequest(Strict):
    """A turn clock: exactly one of the three seconds."""

    decision_seconds: float | None = Field(
        default=None, description="Seconds for every decision of a human seat (1 s to 30 days)."
    )
    turn_seconds: float | None = Field(
        default=None,
        description="Seconds for a seat's turn: its consecutive decisions until the decision "
        "passes to another seat.",
    )
    budget_seconds: float | None = Field(
        default=None,
        description="Chess-style: each seat's bank of seconds, running while it decides.",
    )
    increment_seconds: float | None = Field(
        default=None, description="Added to a budget seat's bank each time its turn ends."
    )
    on_timeout: str | None = Field(
        default=None,
        max_length=40,
        description="forfeit: the game ends and every other seat wins (reason timeout); "
        "ai:<level>: an AI of that level plays the seat until its player is back (its next "
        "move with its token, or `back`).",
        json_schema_extra={"enum": ["forfeit", *(f"ai:{level}" for level in ai.LEVELS)]},
    )


class CreateGameRequest(Strict):
    game: str = Field(
        max_length=64,
        description="A game from the catalog: 'pagan' or 'pantacle'.",
        json_schema_extra={"enum": list(game_names())},
    )
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
    clock: ClockRequest | None = Field(
        default=None, description="A turn clock (none: a seat may take as long as it likes)."
    )
    fill_open_seats_after_seconds: float | None = Field(
        default=None,
        description="Open seats nobody took this many seconds after the creation are taken "
        "by the AI at the fill level (1 s to 30 days).",
    )
    fill_level: str | None = Field(
        default=None,
        max_length=32,
        description="The AI level that takes open seats (default medium).",
        json_schema_extra=LEVEL_ENUM,
    )


# Exactly one of the alternatives, said in the schema as well as checked by the validator.
def _one_of(*names: str) -> ConfigDict:
    types = {"move_id": "string", "value": "object", "moves": "array"}
    return ConfigDict(
        json_schema_extra={
            "oneOf": [
                {"required": [name], "properties": {name: {"type": types[name]}}} for name in names
            ]
        }
    )


class BatchMove(Strict):
    """One move of a batch: a legal move's id or its value."""

    model_config = _one_of("move_id", "value")
    move_id: str | None = Field(
        default=None, min_length=1, max_length=500, description="A legal move's id."
    )
    value: dict[str, Any] | None = Field(default=None, description="Or a legal move's value.")

    @model_validator(mode="after")
    def one_move(self) -> BatchMove:
        if (self.move_id is None) == (self.value is None):
            raise ValueError(N_("give exactly one of move_id and value"))
        return self

    def submitted(self) -> Any:
        return self.move_id if self.move_id is not None else self.value


class MoveRequest(Strict):
    model_config = _one_of("move_id", "value", "moves")
    version: Version = Field(description="The game version the move was chosen at.")
    move_id: str | None = Field(
        default=None, min_length=1, max_length=500, description="A legal move's id."
    )
    value: dict[str, Any] | None = Field(default=None, description="Or a legal move's value.")
    moves: list[BatchMove] | None = Field(
        default=None,
        min_length=1,
        max_length=50,
        description="Or a batch: 1 to 50 consecutive decisions of the seat, made all or none "
        "in one write (a refusal names the `index` of the move refused). A move whose result "
        "the seat cannot see (a card drawn, an elimination) must be the batch's last; a move "
        "equal to the next one the engine made by itself (a forced pick) is taken as made.",
    )

    @model_validator(mode="after")
    def one_move(self) -> MoveRequest:
        given = [x for x in (self.move_id, self.value, self.moves) if x is not None]
        if len(given) != 1:
            raise ValueError(N_("give exactly one of move_id, value and moves"))
        return self


class JoinRequest(Strict):
    seat: str | None = Field(
        default=None, max_length=64, description="The seat to take (any open)."
    )
    name: DisplayName = None


class RematchRequest(Strict):
    """No members: the rematch copies the finished game's seats and options."""


class ResignRequest(Strict):
    version: Version | None = Field(default=None, description="Resign only at this version.")


class BackRequest(Strict):
    """No members: the token names the seat that is back."""


class UndoRequest(Strict):
    version: Version = Field(
        description="The version the seat read: the undo takes back the decision that made it."
    )


class HintRequest(Strict):
    level: str | None = Field(
        default=None,
        max_length=32,
        description="The AI level to analyse at.",
        json_schema_extra=LEVEL_ENUM,
    )


WebhookEvent = Literal["your_decision", "game_over", "seat_joined"]


class WebhookRequest(Strict):
    url: str = Field(
        min_length=1,
        max_length=2048,
        description="Where to POST the notices: http(s), on a public address (docs/webhooks.md).",
    )
    secret: str = Field(
        min_length=16,
        max_length=256,
        description="The HMAC-SHA256 key the notices are signed with (16-256 printable ASCII "
        "characters, no spaces); never shown again.",
    )
    events: list[WebhookEvent] | None = Field(
        default=None,
        min_length=1,
        max_length=3,
        description="The notices wanted (default all): your_decision (it is now this seat's "
        "decision), game_over, seat_joined (another seat was taken).",
    )


# -- responses -----------------------------------------------------------------------------


class LegalMove(BaseModel):
    id: str
    value: dict[str, Any] = Field(description="The move's value, to send back as it is.")
    label: str


class Description(BaseModel):
    """What the reading seat may know of a move (the public log)."""

    text: str = Field(description="The log entry, as the reading seat may know it.")
    actor: str = Field(description="The seat that acted.")
    action: str = Field(description="The move's kind ('place', 'play'...) or 'resign'.")
    decision: str = Field(description="The kind of decision the move answered.")
    args: dict[str, Any] = Field(description="The move's arguments the reader may see.")
    hidden: list[str] = Field(description="The names of the arguments withheld from it.")


class SeatClock(BaseModel):
    """One seat's clock."""

    seat: str
    remaining_seconds: float = Field(
        description="Seconds left: counting down for the running seat; for the others what "
        "they will have when their clock starts."
    )
    away: bool = Field(
        description="Whether an AI plays this seat since it timed out (until its player is back)."
    )


class Clock(BaseModel):
    """A game's turn clock (exactly one of the three seconds is set)."""

    decision_seconds: float | None = Field(default=None, description="Seconds per decision.")
    turn_seconds: float | None = Field(default=None, description="Seconds per turn.")
    budget_seconds: float | None = Field(default=None, description="Each seat's starting bank.")
    increment_seconds: float | None = Field(
        default=None, description="Added to a budget seat's bank when its turn ends."
    )
    on_timeout: str = Field(description="forfeit, or ai:<level>.")
    running: str | None = Field(description="The seat whose clock runs now, if any.")
    deadline: str | None = Field(description="When its time is up (ISO 8601, UTC).")
    seats: list[SeatClock]


class FillOpenSeats(BaseModel):
    """Open seats the AI takes when nobody has taken them in time."""

    after_seconds: float = Field(description="Seconds after the game's creation.")
    level: str = Field(description="The AI level that takes the open seats.")
    at: str = Field(description="When (ISO 8601, UTC).")


class Event(BaseModel):
    """One change of the game as this seat may see it."""

    version: int = Field(description="The version this change made.")
    seat: str = Field(
        description="The seat that decided (or resigned, timed out, came back, took back)."
    )
    kind: Literal["move", "resign", "timeout", "back", "undo"]
    at: str | None = Field(
        default=None, description="When (ISO 8601, UTC); missing in entries written before it."
    )
    restores: int | None = Field(
        default=None,
        description="An undo's: the version whose state it returns to (the state before the "
        "decision it took back).",
    )
    description: Description | None = Field(
        default=None,
        description="What the reading seat may know of the move (missing in older entries).",
    )
    changes: list[dict[str, Any]] = Field(
        description="JSON Patch (RFC 6902) of the spectator's view: what everyone saw change."
    )
    move: LegalMove | None = Field(
        default=None, description="The move itself: only in the events of the seat that made it."
    )
    seat_name: str | None = Field(default=None, description="The display name of `seat`.")
    clock: Clock | None = Field(
        default=None, description="A clocked game's clock just after this change."
    )
    seed_commitment: str | None = Field(
        default=None, description="In the game's first event: the seed commitment."
    )


class SeatInfo(BaseModel):
    seat: str
    kind: Literal["human", "ai"]
    level: str | None
    open: bool
    name: str | None = Field(default=None, description="The seat's display name, if it has one.")


class SeatGame(BaseModel):
    """The game as one seat (or a spectator) sees it."""

    id: Id
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
    can_undo: bool = Field(
        default=False,
        description="Whether this seat may take back its latest decision now (POST .../undo): "
        "its own decisions since its turn began, while nothing hidden was revealed and no other "
        "seat decided. Always false for other seats and spectators.",
    )
    outcome: dict[str, Any] | None
    events: list[Event]
    rematch: Id | None = Field(
        default=None, description="The id of this finished game's rematch, once a seat asked."
    )
    clock: Clock | None = Field(
        default=None, description="The turn clock, read now (null: the game has none)."
    )
    fill_open_seats: FillOpenSeats | None = Field(
        default=None, description="The AI fill-in of open seats (null: none)."
    )
    seed_commitment: str | None = Field(
        default=None,
        description="SHA-256 of the secret seed and salt, published at the creation; both are "
        "revealed in the record once the game is over (null: a game from before).",
    )
    revealed: dict[str, Any] | None = Field(
        default=None,
        description="What the game kept from the table, shown to every reader once the game "
        "is over however it ended, a resignation or a clock too (Pagan: true_witch); null "
        "while it goes on.",
    )


# A created game's seats, as a game's: a schema of its own in the OpenAPI document.
class CreatedSeat(SeatInfo):
    pass


class SeatToken(BaseModel):
    seat: str
    token: str


class CreatedGame(BaseModel):
    id: Id
    game: str
    version: int
    tokens: dict[str, str] = Field(
        description="The secret token of every human seat, by seat (kept for existing "
        "clients; `seat_tokens` is the same in the form GraphQL also uses).",
        json_schema_extra={"deprecated": True},
    )
    seat_tokens: list[SeatToken] = Field(description="The secret token of every human seat.")
    seats: list[CreatedSeat]


class JoinedGame(BaseModel):
    id: Id
    seat: str
    token: str
    name: str | None = Field(default=None, description="The seat's display name, if given.")


class MyGamesRequest(Strict):
    tokens: list[Annotated[str, Field(min_length=1, max_length=200)]] = Field(
        min_length=1, max_length=50, description="Seat tokens (of any games), 1 to 50."
    )


class MyGame(BaseModel):
    """One seat of a client's games."""

    token_index: int = Field(description="The position of this seat's token in the request.")
    id: Id
    game: str
    seat: str
    name: str | None = Field(description="The seat's display name, if it has one.")
    status: Literal["active", "finished"]
    to_move: str | None
    version: int
    your_decision: bool = Field(description="Whether it is this seat's decision now.")
    rematch: Id | None = Field(description="The id of the game's rematch, if one was asked.")


class MyGames(BaseModel):
    games: list[MyGame] = Field(description="One per known token, in the order of the tokens.")
    unknown: list[int] = Field(
        description="Positions of tokens that name no seat of a live game (wrong, or the game "
        "expired)."
    )


class RematchGame(BaseModel):
    id: Id = Field(description="The rematch's game id.")
    game: str
    rematch_of: Id = Field(description="The finished game's id.")
    seat: str
    token: str = Field(description="This seat's token in the rematch (given once).")
    name: str | None


class LobbyGame(BaseModel):
    id: Id
    game: str
    options: dict[str, Any] = Field(
        description="The options, each deck in them summarized as {cards, distinct} "
        "(the game's read has them in full)"
    )
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
    game_id: Id
    version: int
    seat: str
    level: str
    moves: list[HintMove] = Field(description="The AI's best moves, best first.")


class Webhook(BaseModel):
    """A seat's webhook (its secret is never shown again)."""

    id: Id
    url: str
    events: list[WebhookEvent]
    created: float = Field(description="When it was registered (Unix seconds).")


class RegisteredWebhook(Webhook):
    seat: str = Field(description="The seat whose notices it receives.")


class Webhooks(BaseModel):
    seat: str
    webhooks: list[Webhook]
    limit: int = Field(description="The most webhooks one seat may have in one game.")


class DeletedWebhook(BaseModel):
    id: Id
    deleted: Literal[True]


class WebhookDelivery(BaseModel):
    """One delivery attempt of a webhook notice."""

    webhook_id: Id
    event_id: str = Field(description="The notice's id (the same in every attempt).")
    kind: WebhookEvent
    version: int = Field(description="The game version the notice tells of.")
    attempt: int = Field(description="1 for the first attempt, 2 for the first retry, ...")
    at: str = Field(description="When the attempt was made (ISO 8601, UTC).")
    status_code: int | None = Field(description="The receiver's HTTP status; null: no answer.")
    delivered: bool = Field(description="Whether the receiver answered 2xx.")
    error: str | None = Field(description="Why there was no 2xx answer, when there was none.")
    duration_ms: float
    next_attempt_in_seconds: float | None = Field(
        description="The wait before the next attempt; null when none follows."
    )


class WebhookDeliveries(BaseModel):
    seat: str
    deliveries: list[WebhookDelivery] = Field(description="The latest attempts, newest first.")


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
    code: str = Field(
        description="What went wrong, for a program to act on (service/errors.py); "
        "INTERNAL_ERROR: an unexpected failure, and nothing was changed.",
        json_schema_extra={"enum": [ServiceError.code, *(e.code for e in ALL_ERRORS)]},
    )
