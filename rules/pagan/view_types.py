"""The shapes of what `rules.pagan.views.view` returns and of Pagan's move values, as typed data.

The one declaration of Pagan's view contract: the service derives the GraphQL types (`PaganView`
and the rest, named as here) and the JSON Schemas of the OpenAPI document from it, and the tests
check real views and legal moves of seeded games against it key by key. A key marked
`NotRequired` appears only in some views: the seat's own hand, what only one seat knows, and
what Beyond the Palisades adds (Gloom, factions, covered cards).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal, NotRequired, TypedDict

from rules.core.shapes import Doc, Split

PaganSeat = Literal["witch", "hunter"]


class PaganDecisionKind(StrEnum):
    """What a Pagan decision is about: the type of the rules frame that asks it."""

    ACT = "act"
    ADD_GLOOM = "add_gloom"
    AGAIN = "again"
    ALLY_UPKEEP = "ally_upkeep"
    CHOOSE = "choose"
    CONVERT = "convert"
    COPY_CLEANSE = "copy_cleanse"
    COVER = "cover"
    DISCARD = "discard"
    DISCARD_IN_PLAY = "discard_in_play"
    FAMILIAR = "familiar"
    LOOK = "look"
    MOVE = "move"
    MOVE_INV = "move_inv"
    OPTIONAL = "optional"
    PAY_GLOOM = "pay_gloom"
    PAY_TOKENS = "pay_tokens"
    PLACE = "place"
    PLACE_INVESTIGATION = "place_investigation"
    PLAY = "play"
    RAID = "raid"
    READY_FX = "ready_fx"
    RECOVER = "recover"
    REMOVE = "remove"
    REMOVE_ALL = "remove_all"
    REMOVE_GLOOM = "remove_gloom"
    REPLACE = "replace"
    RETURN_INV = "return_inv"
    REVEAL = "reveal"
    TAKE_FROM = "take_from"
    UPKEEP = "upkeep"


class PaganCard(TypedDict):
    """A card anyone may see: its catalog id, name and type."""

    id: str
    name: str
    type: str


class PaganOwnCard(TypedDict):
    """A card in the seat's own hand, with what it costs and does."""

    id: str
    name: str
    type: str
    cost: Annotated[int, Doc("Influence to play it")]
    text: str


class PaganSlot(TypedDict):
    """A card in play on a board spot (a Brew, Familiar, Location or Ally)."""

    id: str
    name: str
    type: str
    secrets: NotRequired[Annotated[int, Doc("Secrets on a Brew")]]
    secrets_needed: NotRequired[Annotated[int, Doc("Secrets a Brew needs")]]
    occupied: NotRequired[Annotated[bool, Doc("A Location's pawn spot is taken")]]
    gloom: NotRequired[int]
    gloom_limit: NotRequired[int]
    covered: NotRequired[Annotated[bool, Doc("On the table but covered, so not in play")]]


class PaganEnchantment(TypedDict):
    """An Enchantment in play."""

    id: str
    name: str
    type: str
    gloom: NotRequired[int]
    gloom_limit: NotRequired[int]
    covered: NotRequired[bool]
    covers: NotRequired[Annotated[str, Doc("The card id this one was played onto")]]


class PaganInvestigation(TypedDict):
    """An Investigation on a villager."""

    id: str
    name: str
    type: str
    affects: str
    gloom: NotRequired[int]
    gloom_limit: NotRequired[int]
    covered: NotRequired[bool]


class PaganPawns(TypedDict):
    hunter: int
    witch: int


class PaganSide(TypedDict):
    """The face of a villager card that is up (Beyond the Palisades)."""

    id: str
    faction: str


class PaganVillager(TypedDict):
    id: str
    name: str
    colour: str
    alive: bool
    clues: int
    secrets: int
    favors: int
    pawns: PaganPawns
    investigation: PaganInvestigation | None
    side: NotRequired[PaganSide]
    gloom: NotRequired[int]
    gloom_limit: NotRequired[int]


class PaganVillagerRef(TypedDict):
    """A villager named by id and name."""

    id: str
    name: str


class PaganSupply(TypedDict):
    """The tokens left in the supply."""

    clue: int
    evidence: int
    favor: int
    secret: int
    gloom: NotRequired[int]


class PaganWitch(TypedDict):
    """The Witch's side of the table."""

    influence: int
    hand_count: int
    deck_count: int
    discard: list[PaganCard]
    pawns: int
    hand: NotRequired[Annotated[list[PaganOwnCard], Doc("Only in the Witch's own view")]]
    known_in_hand: NotRequired[Annotated[list[PaganCard], Doc("Her cards the Hunter has seen")]]
    familiar_pawn: int
    familiar_used: bool
    brews: list[PaganSlot | None]
    familiars: list[PaganSlot | None]
    true_witch: NotRequired[Annotated[PaganVillagerRef, Doc("Only in the Witch's own view")]]


class PaganHunter(TypedDict):
    """The Hunter's side of the table."""

    influence: int
    hand_count: int
    deck_count: int
    discard: list[PaganCard]
    pawns: int
    hand: NotRequired[Annotated[list[PaganOwnCard], Doc("Only in the Hunter's own view")]]
    known_in_hand: NotRequired[Annotated[list[PaganCard], Doc("His cards the Witch has seen")]]
    evidence: int
    suspects_count: int
    suspects: NotRequired[Annotated[list[PaganVillagerRef], Doc("Only in the Hunter's view")]]
    locations: list[PaganSlot | None]
    allies: list[PaganSlot | None]


class PaganPlayers(TypedDict):
    witch: PaganWitch
    hunter: PaganHunter


class PaganDecision(TypedDict):
    """The decision the game waits for."""

    seat: PaganSeat
    kind: PaganDecisionKind
    prompt: str
    looking_at: NotRequired[Annotated[list[PaganCard], Doc("Cards only the deciding seat sees")]]
    revealed: NotRequired[Annotated[list[PaganCard], Doc("Cards revealed to both players")]]
    token: NotRequired[
        Annotated[
            Literal["clue", "secret", "favor"],
            Doc("The token each pick places, removes, moves or pays (token decisions)"),
        ]
    ]
    max_targets: NotRequired[
        Annotated[int, Doc("At most this many different places to remove tokens from")]
    ]


class PaganOutcome(TypedDict):
    winners: list[PaganSeat]
    reason: str
    true_witch: PaganVillagerRef


class PaganFaction(TypedDict):
    id: str
    name: str


class PaganFactions(TypedDict):
    witch: PaganFaction
    hunter: PaganFaction
    green: PaganFaction


class PaganObjective(TypedDict):
    id: str
    name: str


class PaganView(TypedDict):
    """A Pagan game as one seat (or a spectator: `seat` null) may see it."""

    game: Literal["pagan"]
    seat: PaganSeat | None
    turn: int
    active: PaganSeat
    decisions: int
    scenario: str
    villagers: list[PaganVillager]
    enchantments: list[PaganEnchantment]
    supply: PaganSupply
    suspect_deck_count: int
    innocents_eliminated: int
    players: PaganPlayers
    decision: PaganDecision | None
    outcome: PaganOutcome | None
    expansion: NotRequired[str]
    factions: NotRequired[PaganFactions]
    cleansing: NotRequired[Annotated[list[PaganCard], Doc("Cards being cleansed")]]
    cleansed: NotRequired[int]
    objectives: NotRequired[Annotated[list[PaganObjective], Doc("Completed objectives")]]


# -- move values: `type` is the move's kind; the other keys are its arguments --------------

VILLAGER_OR_BREW = Split(r"brew-(\d+)", matched="brew", other="villager")
"""`target` and `source` name a villager (its id) or a Brew spot of the Witch (`brew-N`)."""


class PaganPlainMove(TypedDict):
    """A move without arguments."""

    type: Literal[
        "again", "convert", "done", "draw", "end", "exonerate", "favor", "influence", "secrets",
        "skip", "yes",
    ]  # fmt: skip


class PaganSlotMove(TypedDict):
    """A move on one of the mover's own board spots (its index)."""

    type: Literal[
        "activate", "consume", "dismiss", "empower", "familiar", "keep", "lift", "replace"
    ]
    slot: int


class PaganCardMove(TypedDict):
    """A move with a card (its catalog id)."""

    type: Literal["discard", "play", "recover", "reveal", "take"]
    card: str


class PaganVillagerMove(TypedDict):
    """A move on a villager (its id)."""

    type: Literal["eliminate", "from", "raid", "ready", "return", "ritual", "target", "to", "visit"]
    villager: str


class PaganFamiliarVisitMove(TypedDict):
    """A visit with the Familiar pawn."""

    type: Literal["visit"]
    villager: str
    pawn: Literal["familiar"]


class PaganPlaceMove(TypedDict):
    """A move on a place of a card or Gloom: `villager-<id>`, `investigation-<id>`,
    `enchantment-N`, `brew-N`, `familiar-N`, `location-N` or `ally-N`."""

    type: Literal["add_gloom", "copy", "cover", "pay_gloom", "remove_card", "remove_gloom"]
    place: str


class PaganTargetMove(TypedDict):
    """A token put on, taken from or paid from a villager or a Brew."""

    type: Literal["pay", "place", "remove", "remove_all", "to"]
    target: Annotated[str, VILLAGER_OR_BREW]


class PaganSourceMove(TypedDict):
    """A token moved from a villager or a Brew."""

    type: Literal["convert", "from", "take"]
    source: Annotated[str, VILLAGER_OR_BREW]


class PaganOptionMove(TypedDict):
    """One of a card's options (its index)."""

    type: Literal["option"]
    index: int


class PaganTriggerMove(TypedDict):
    """An Upkeep trigger to resolve next (its key)."""

    type: Literal["trigger"]
    key: str


MOVE_VALUES: tuple[type, ...] = (
    PaganPlainMove,
    PaganSlotMove,
    PaganCardMove,
    PaganVillagerMove,
    PaganFamiliarVisitMove,
    PaganPlaceMove,
    PaganTargetMove,
    PaganSourceMove,
    PaganOptionMove,
    PaganTriggerMove,
)
VIEW = PaganView

__all__ = ["MOVE_VALUES", "VIEW", "PaganDecisionKind", "PaganView"]
