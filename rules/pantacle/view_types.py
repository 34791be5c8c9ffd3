"""The shapes of what `rules.pantacle.views.view` returns and of Pantacle's move values, as
typed data.

The one declaration of Pantacle's view contract: the service derives the GraphQL types
(`PantacleView` and the rest, named as here) and the JSON Schemas of the OpenAPI document from it,
and the tests check real views and legal moves of seeded games against it key by key. Seats are
named `seat-0` to `seat-4`; a key marked `NotRequired` appears only in some views (what one seat
knows).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal, NotRequired, TypedDict

from rules.core.shapes import Doc


class PantacleDecisionKind(StrEnum):
    """What a Pantacle decision is about: the type of the rules frame that asks it."""

    CURSE_DRAW = "curse_draw"
    CURSE_TARGET = "curse_target"
    DISC = "disc"
    DISCARD = "discard"
    FAVOR = "favor"
    HOUND = "hound"
    LOOK = "look"
    MOON_DISCARD = "moon_discard"
    OFFER = "offer"
    PAY = "pay"
    POINT = "point"
    PROTECT = "protect"


class PantacleBlade(TypedDict):
    """A Keeper card (a Blade): its id, Keeper and Moon Phase."""

    id: str
    keeper: str
    moon: str


class PantacleCurse(TypedDict):
    """A Curse card on a Sanctuary, with what is on it."""

    id: str
    name: str
    kind: str
    face_down: bool
    influence: int
    adepts: int
    target: Annotated[str, Doc("The Sacrifice it targets, or empty")]


class PantacleSanctuary(TypedDict):
    """One seat's Sanctuary."""

    influence: int
    adepts: int
    powers: list[str]
    pentagram: list[str]
    flames: list[str]
    resolve: int
    hand_count: int
    hand_since: Annotated[list[int], Doc("For each card in hand, the passes seen when it came")]
    curses: list[PantacleCurse]
    turns: int
    hand: NotRequired[Annotated[list[PantacleBlade], Doc("Only in the seat's own view")]]
    known_hand: NotRequired[Annotated[list[PantacleBlade], Doc("Its cards this seat knows")]]


class PantacleFavors(TypedDict):
    """The Favor board."""

    marked: str | None
    announced: str | None
    announced_moon: str | None
    bribed_by: str | None


class PantaclePass(TypedDict):
    """An offer passed, in order."""

    seat: str
    favor: str
    resolve_hound: bool


class PantacleDecision(TypedDict):
    """The decision the game waits for."""

    seat: str
    kind: PantacleDecisionKind
    prompt: str
    drawn_count: NotRequired[int]
    drawn: NotRequired[Annotated[list[str], Doc("Curse cards drawn: only the drawer sees them")]]


class PantacleOutcome(TypedDict):
    winners: list[str]
    reason: str


class PantacleSupply(TypedDict):
    adepts: int
    influence: int


class PantacleKnownCurse(TypedDict):
    """A Curse pile card this reader knows: one this seat put back itself, or one every seat
    saw go back face up (a spectator knows these only)."""

    from_top: int
    curse: str


class PantacleView(TypedDict):
    """A Pantacle game as one seat (or a spectator: `seat` null) may see it."""

    game: Literal["pantacle"]
    seat: str | None
    players: int
    seats: list[str]
    first_player: str
    turn: int
    active: str
    decisions: int
    supply: PantacleSupply
    favors: PantacleFavors
    extra_turns: int
    keeper_pile_count: int
    keeper_discard: list[str]
    curse_pile_count: int
    sanctuaries: Annotated[dict[str, PantacleSanctuary], Doc("Each seat's Sanctuary by seat")]
    passes: list[PantaclePass]
    decision: PantacleDecision | None
    outcome: PantacleOutcome | None
    curse_pile_known: NotRequired[list[PantacleKnownCurse]]


# -- move values: `type` is the move's kind; the other keys are its arguments --------------


class PantaclePlainMove(TypedDict):
    """A move without arguments."""

    type: Literal["bribe", "draw", "hounds", "pass", "stop"]


class PantacleBladeMove(TypedDict):
    """A Keeper card of the mover's hand (its id)."""

    type: Literal["discard", "pay"]
    blade: str


class PantacleCurseMove(TypedDict):
    """A Curse card (its id)."""

    type: Literal["keep", "protect"]
    curse: str


class PantacleDiscMove(TypedDict):
    type: Literal["disc"]
    disc: Literal["curse-free", "cursed"]


class PantacleFavorMove(TypedDict):
    type: Literal["favor"]
    favor: str


# `from` is a Python keyword: this one is declared in the functional form.
PantacleHoundMove = TypedDict(
    "PantacleHoundMove",
    {"type": Literal["hound"], "from": Annotated[str, Doc("A Keeper card id, or `resolve`")]},
)
PantacleHoundMove.__doc__ = "A Hound paid from a Keeper card of the hand or the Resolve Bonus."


class PantacleLookMove(TypedDict):
    type: Literal["look"]
    seat: str


class PantaclePointMove(TypedDict):
    type: Literal["point"]
    point: str


class PantacleSacrificeMove(TypedDict):
    type: Literal["target"]
    sacrifice: Literal["powers", "adepts"]


MOVE_VALUES: tuple[type, ...] = (
    PantaclePlainMove,
    PantacleBladeMove,
    PantacleCurseMove,
    PantacleDiscMove,
    PantacleFavorMove,
    PantacleHoundMove,
    PantacleLookMove,
    PantaclePointMove,
    PantacleSacrificeMove,
)
VIEW = PantacleView

__all__ = ["MOVE_VALUES", "VIEW", "PantacleDecisionKind", "PantacleView"]
