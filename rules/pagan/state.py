"""Pagan's game state as plain data.

Everything a game is lives here: both players, the village, the Enchantment board, the token
supply, the Suspect deck, the RNG and the stack of pending steps (`stack`), so a state can be
serialized at any decision and resumed bit for bit. Cards are referred to by catalog id only: two
copies of a card are indistinguishable, so no identifier can follow a card through a shuffle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from rules.core import InvalidState
from rules.core.machine import Watch

WITCH: Final = "witch"
HUNTER: Final = "hunter"
SEATS = (WITCH, HUNTER)
DRAW: Final = "draw"  # `winner` of a game ended by the optional turn limit

Frame = dict[str, Any]

# One Witch decision the Hunter watched her make (see `PaganState.witch_record`): its kind
# ("visit", "place:secret", "convert", ...), the index of the option she chose, and for each
# option the villager it concerns and the colour it feeds ("" where it concerns none).
Observation = tuple[str, int, tuple[str, ...], tuple[str, ...]]


def opponent(seat: str) -> str:
    return HUNTER if seat == WITCH else WITCH


@dataclass(slots=True)
class Slot:
    """A lasting card on a player board: its id, the Secrets on it (Brews), whether a Hunter
    pawn occupies it (Locations) and the Gloom on it (Gloom cards)."""

    card: str
    secrets: int = 0
    occupied: bool = False
    gloom: int = 0

    def copy(self) -> Slot:
        return Slot(self.card, self.secrets, self.occupied, self.gloom)


@dataclass(slots=True)
class Villager:
    id: str
    colour: str
    alive: bool = True
    clues: int = 0
    secrets: int = 0
    favors: int = 0
    hunter_pawns: int = 0
    witch_pawns: int = 0
    investigation: str | None = None
    # The side of the villager card showing (a catalog villager id): the villager itself, or for
    # a double-sided card its back until it is cleansed and turned over. `id` never changes: it
    # names the person, the Suspect card and every move.
    face: str = ""
    gloom: int = 0  # Gloom on the villager (The Tainted)
    inv_gloom: int = 0  # Gloom on the Investigation on it (a Gloom Investigation)

    @property
    def ready(self) -> bool:
        return self.alive and self.hunter_pawns == 0 and self.witch_pawns == 0

    def copy(self) -> Villager:
        return Villager(
            self.id,
            self.colour,
            self.alive,
            self.clues,
            self.secrets,
            self.favors,
            self.hunter_pawns,
            self.witch_pawns,
            self.investigation,
            self.face,
            self.gloom,
            self.inv_gloom,
        )


@dataclass(slots=True)
class Player:
    """One side. Board slots the side does not have stay empty lists."""

    seat: str
    influence: int = 2
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    pawns: int = 0  # regular Action pawns left this turn
    familiar_pawn: int = 0  # the Witch's Familiar pawn, if still in her supply this turn
    familiar_used: bool = False
    evidence: int = 0
    suspects: list[str] = field(default_factory=list)  # the Hunter's drawn Suspect cards
    locations: list[Slot | None] = field(default_factory=list)
    allies: list[Slot | None] = field(default_factory=list)
    brews: list[Slot | None] = field(default_factory=list)
    familiars: list[Slot | None] = field(default_factory=list)
    # Cards in this hand that the opponent knows of (an Investigation returned to hand, say).
    revealed: list[str] = field(default_factory=list)

    def copy(self) -> Player:
        return Player(
            self.seat,
            self.influence,
            self.hand[:],
            self.deck[:],
            self.discard[:],
            self.pawns,
            self.familiar_pawn,
            self.familiar_used,
            self.evidence,
            self.suspects[:],
            [s.copy() if s else None for s in self.locations],
            [s.copy() if s else None for s in self.allies],
            [s.copy() if s else None for s in self.brews],
            [s.copy() if s else None for s in self.familiars],
            self.revealed[:],
        )

    def slots(self, kind: str) -> list[Slot | None]:
        if kind == "location":
            return self.locations
        if kind == "ally":
            return self.allies
        if kind == "brew":
            return self.brews
        if kind == "familiar":
            return self.familiars
        raise KeyError(kind)


@dataclass(slots=True)
class PaganState:
    options: dict[str, Any]
    seed: str
    rng: int
    witch: Player
    hunter: Player
    villagers: list[Villager]
    enchantments: list[str]
    supply: dict[str, int]
    suspect_deck: list[str]
    true_witch: str
    turn: int = 1
    active: str = WITCH
    innocents_eliminated: int = 0
    stack: list[Frame] = field(default_factory=list)
    winner: str | None = None
    reason: str | None = None
    decisions: int = 0
    # Beyond the Palisades: the Gloom on each Enchantment and the Hunter card each one covers
    # (a place key, see `modifiers.cards_in_play`), both in step with `enchantments`; how many cards
    # and villagers have been cleansed; the scenario objectives completed.
    ench_gloom: list[int] = field(default_factory=list)
    ench_covers: list[str | None] = field(default_factory=list)
    cleansed: int = 0
    objectives: list[str] = field(default_factory=list)
    # The public record of the Witch's choices among villagers (visits, where her Secrets and
    # Favors went, conversions, Clues removed), in order: all of it happened on the open board,
    # so the Hunter saw it; his inference (`rules/pagan/inference.py`) reads it.
    witch_record: list[Observation] = field(default_factory=list)
    # The legal moves of the pending decision, computed once per decision; never serialized.
    cache: list[Any] | None = field(default=None, compare=False, repr=False)
    # Villager id -> position in `villagers` (the order never changes); built on first use.
    vindex: dict[str, int] | None = field(default=None, compare=False, repr=False)
    # The inference's log-likelihoods per villager over the first n entries of `witch_record`
    # (n, values): the record only grows, so a copy may share it and extend it.
    belief: tuple[int, list[float]] | None = field(default=None, compare=False, repr=False)
    # What the machine notices while a traced move is made (`rules.core.machine.Watch`).
    watch: Watch | None = field(default=None, compare=False, repr=False)

    def player(self, seat: str) -> Player:
        return self.witch if seat == WITCH else self.hunter

    def villager(self, villager_id: str) -> Villager:
        index = self.vindex
        if index is None:
            index = self.vindex = {v.id: i for i, v in enumerate(self.villagers)}
        return self.villagers[index[villager_id]]

    @property
    def over(self) -> bool:
        return self.winner is not None

    def copy(self) -> PaganState:
        return PaganState(
            self.options,  # options are never mutated after setup
            self.seed,
            self.rng,
            self.witch.copy(),
            self.hunter.copy(),
            [v.copy() for v in self.villagers],
            self.enchantments[:],
            dict(self.supply),
            self.suspect_deck[:],
            self.true_witch,
            self.turn,
            self.active,
            self.innocents_eliminated,
            [_copy_frame(f) for f in self.stack],
            self.winner,
            self.reason,
            self.decisions,
            self.ench_gloom[:],
            self.ench_covers[:],
            self.cleansed,
            self.objectives[:],
            self.witch_record[:],
            None,
            self.vindex,
            self.belief,
        )


def has_expansion(s: PaganState) -> bool:
    """Whether the game is played with Beyond the Palisades (only then is there Gloom)."""
    return "gloom" in s.supply


def _copy_frame(frame: Frame) -> Frame:
    # Op lists inside frames come from the catalog and are never mutated; other lists are.
    return {k: (v[:] if type(v) is list and k != "ops" else v) for k, v in frame.items()}


# --- serialization -----------------------------------------------------------------------------


def _slot_json(slot: Slot | None) -> dict[str, Any] | None:
    if slot is None:
        return None
    return {
        "card": slot.card,
        "secrets": slot.secrets,
        "occupied": slot.occupied,
        "gloom": slot.gloom,
    }


def _slot_from(data: Any) -> Slot | None:
    if data is None:
        return None
    return Slot(
        str(data["card"]),
        int(data["secrets"]),
        bool(data["occupied"]),
        int(data.get("gloom", 0)),
    )


def _player_json(p: Player) -> dict[str, Any]:
    return {
        "seat": p.seat,
        "influence": p.influence,
        "hand": p.hand[:],
        "deck": p.deck[:],
        "discard": p.discard[:],
        "pawns": p.pawns,
        "familiar_pawn": p.familiar_pawn,
        "familiar_used": p.familiar_used,
        "evidence": p.evidence,
        "suspects": p.suspects[:],
        "locations": [_slot_json(s) for s in p.locations],
        "allies": [_slot_json(s) for s in p.allies],
        "brews": [_slot_json(s) for s in p.brews],
        "familiars": [_slot_json(s) for s in p.familiars],
        "revealed": p.revealed[:],
    }


def _player_from(d: dict[str, Any]) -> Player:
    return Player(
        seat=d["seat"],
        influence=int(d["influence"]),
        hand=list(d["hand"]),
        deck=list(d["deck"]),
        discard=list(d["discard"]),
        pawns=int(d["pawns"]),
        familiar_pawn=int(d["familiar_pawn"]),
        familiar_used=bool(d["familiar_used"]),
        evidence=int(d["evidence"]),
        suspects=list(d["suspects"]),
        locations=[_slot_from(s) for s in d["locations"]],
        allies=[_slot_from(s) for s in d["allies"]],
        brews=[_slot_from(s) for s in d["brews"]],
        familiars=[_slot_from(s) for s in d["familiars"]],
        revealed=list(d.get("revealed", [])),
    )


_VILLAGER_FIELDS = (
    "id",
    "colour",
    "alive",
    "clues",
    "secrets",
    "favors",
    "hunter_pawns",
    "witch_pawns",
    "investigation",
    "face",
    "gloom",
    "inv_gloom",
)
_VILLAGER_DEFAULTS: dict[str, Any] = {"gloom": 0, "inv_gloom": 0}


def _villager_from(v: dict[str, Any]) -> Villager:
    fields: dict[str, Any] = {f: v.get(f, _VILLAGER_DEFAULTS.get(f)) for f in _VILLAGER_FIELDS}
    fields["face"] = fields["face"] or fields["id"]
    return Villager(**fields)


def to_json(s: PaganState) -> dict[str, Any]:
    return {
        "game": "pagan",
        "options": s.options,
        "seed": s.seed,
        "rng": s.rng,
        "witch": _player_json(s.witch),
        "hunter": _player_json(s.hunter),
        "villagers": [{f: getattr(v, f) for f in _VILLAGER_FIELDS} for v in s.villagers],
        "enchantments": s.enchantments[:],
        "supply": dict(s.supply),
        "suspect_deck": s.suspect_deck[:],
        "true_witch": s.true_witch,
        "turn": s.turn,
        "active": s.active,
        "innocents_eliminated": s.innocents_eliminated,
        "stack": [_copy_frame(f) for f in s.stack],
        "winner": s.winner,
        "reason": s.reason,
        "decisions": s.decisions,
        "ench_gloom": s.ench_gloom[:],
        "ench_covers": s.ench_covers[:],
        "cleansed": s.cleansed,
        "objectives": s.objectives[:],
        "witch_record": [[k, i, list(opts), list(cols)] for k, i, opts, cols in s.witch_record],
    }


def from_json(d: dict[str, Any]) -> PaganState:
    if not isinstance(d, dict) or d.get("game") != "pagan":
        raise InvalidState("not a serialized Pagan state")
    try:
        return PaganState(
            options=d["options"],
            seed=str(d["seed"]),
            rng=int(d["rng"]),
            witch=_player_from(d["witch"]),
            hunter=_player_from(d["hunter"]),
            villagers=[_villager_from(v) for v in d["villagers"]],
            enchantments=list(d["enchantments"]),
            supply={k: int(v) for k, v in d["supply"].items()},
            suspect_deck=list(d["suspect_deck"]),
            true_witch=str(d["true_witch"]),
            turn=int(d["turn"]),
            active=str(d["active"]),
            innocents_eliminated=int(d["innocents_eliminated"]),
            stack=[dict(f) for f in d["stack"]],
            winner=d["winner"],
            reason=d["reason"],
            decisions=int(d["decisions"]),
            ench_gloom=[int(g) for g in d.get("ench_gloom", [0] * len(d["enchantments"]))],
            ench_covers=list(d.get("ench_covers", [None] * len(d["enchantments"]))),
            cleansed=int(d.get("cleansed", 0)),
            objectives=list(d.get("objectives", [])),
            witch_record=[
                (str(k), int(i), tuple(str(o) for o in opts), tuple(str(c) for c in cols))
                for k, i, opts, cols in d.get("witch_record", [])
            ],
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidState(f"malformed Pagan state: {exc}") from exc
