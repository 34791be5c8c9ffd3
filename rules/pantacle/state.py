"""Pantacle's game state as plain data.

Everything a game is lives here: the players' Sanctuaries and hands, the supplies, the Keeper
and Curse piles, the Favor board, the RNG and the stack of pending steps (`stack`), so a state
can be serialized at any decision and resumed bit for bit.

Seats are "seat-0" .. "seat-{P-1}" in clockwise order; inside the core a seat is its index.
Knowledge is data too: every card in a hand and every card in the Curse pile carries a bitmask of
the seats that know which card it is (bit i for seat i), set when a seat looks (Bewitchment) or
puts cards back (unkept Curse cards), so `view` and `sample` respect what each seat has seen.

What the table saw of the hands is data as well: `passes` records every offer an opponent
passed, and each hand card carries `since`, the number of passes recorded when it arrived, so
pass n was made by a hand holding every card of that seat whose `since` is at most n: what a
player at the table remembers of a hand without seeing it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core import InvalidState
from rules.core.machine import Watch

Frame = dict[str, Any]


def seat_name(index: int) -> str:
    return f"seat-{index}"


def seat_index(seat: str, players: int) -> int:
    """The index of `seat`; ValueError for anything that is not a seat of this game."""
    prefix, _, number = seat.partition("-")
    if prefix != "seat" or not number.isdigit() or int(number) >= players:
        raise ValueError(f"unknown seat {seat!r} (seats: seat-0 .. seat-{players - 1})")
    return int(number)


@dataclass(slots=True)
class CurseCard:
    """A Curse card in front of a player: face down under Protection, the resources on an
    Exhaustion card, and the Sacrifice a "choose a Sacrifice" curse targets."""

    id: str
    face_down: bool = False
    influence: int = 0
    adepts: int = 0
    target: str = ""

    def copy(self) -> CurseCard:
        return CurseCard(self.id, self.face_down, self.influence, self.adepts, self.target)


@dataclass(slots=True)
class Player:
    seat: int
    influence: int = 0
    adepts: int = 1
    powers: list[str] = field(default_factory=list)  # Power area, locations 1..4 in order
    pentagram: list[str] = field(default_factory=list)  # disc positions still on the Sanctuary
    flames: list[str] = field(default_factory=list)  # PANTACLE points holding this player's discs
    resolve: int = 0  # Resolve Bonus tracker: 0 leftmost .. 2 rightmost (a Hound)
    hand: list[str] = field(default_factory=list)
    seen: list[int] = field(default_factory=list)  # per hand card: bitmask of seats that know it
    since: list[int] = field(default_factory=list)  # per hand card: passes recorded when it came
    curses: list[CurseCard] = field(default_factory=list)
    turns: int = 0  # own turns begun, extra turns included

    def copy(self) -> Player:
        return Player(
            self.seat,
            self.influence,
            self.adepts,
            self.powers[:],
            self.pentagram[:],
            self.flames[:],
            self.resolve,
            self.hand[:],
            self.seen[:],
            self.since[:],
            [c.copy() for c in self.curses],
            self.turns,
        )

    def remove_blade(self, blade: str) -> None:
        i = self.hand.index(blade)
        del self.hand[i]
        del self.seen[i]
        del self.since[i]

    def take_blade(self, blade: str, passes: int) -> None:
        """A blade arrives in the hand, unknown to the other seats, after `passes` passes."""
        self.hand.append(blade)
        self.seen.append(0)
        self.since.append(passes)


@dataclass(frozen=True, slots=True)
class Pass:
    """An opponent passed the offer to bribe `favor` away (the Resolve Bonus Hound: whether
    the track stood on it then, which a bribe could have used)."""

    seat: int
    favor: str
    resolve_hound: bool

    def __reduce__(self) -> tuple[type[Pass], tuple[int, str, bool]]:
        # Compiled by mypyc, a frozen class refuses pickle's default way back (setting its
        # fields one by one), which `copy.deepcopy` and pickle take: rebuild it instead.
        return (Pass, (self.seat, self.favor, self.resolve_hound))


@dataclass(slots=True)
class PantacleState:
    options: dict[str, Any]
    seed: str
    rng: int
    players: list[Player]
    supply: dict[str, int]
    blade_pile: list[str]  # the Keeper draw pile, top = last
    blade_discard: list[str]  # the discard area, most recent last
    curse_pile: list[str]  # the Curse pile, top = last
    curse_seen: list[int]  # per Curse pile card: bitmask of seats that know it
    first_player: int = 0
    active: int = 0
    turn: int = 1
    marked: str | None = None  # where the Ongoing Favor tracker stands (the previous Favor)
    announced: str | None = None  # the Favor announced this turn
    bribed_by: int | None = None
    extra_turns: int = 0  # additional turns the Active Sorcerer has won this turn
    stack: list[Frame] = field(default_factory=list)
    winner: int | None = None
    reason: str | None = None
    decisions: int = 0
    passes: list[Pass] = field(default_factory=list)
    # The legal moves of the pending decision, computed once per decision; never serialized.
    cache: list[Any] | None = field(default=None, compare=False, repr=False)
    # What the machine notices while a traced move is made (`rules.core.machine.Watch`).
    watch: Watch | None = field(default=None, compare=False, repr=False)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def count(self) -> int:
        return len(self.players)

    def copy(self) -> PantacleState:
        return PantacleState(
            self.options,  # never mutated after setup
            self.seed,
            self.rng,
            [p.copy() for p in self.players],
            dict(self.supply),
            self.blade_pile[:],
            self.blade_discard[:],
            self.curse_pile[:],
            self.curse_seen[:],
            self.first_player,
            self.active,
            self.turn,
            self.marked,
            self.announced,
            self.bribed_by,
            self.extra_turns,
            [_copy_frame(f) for f in self.stack],
            self.winner,
            self.reason,
            self.decisions,
            self.passes[:],
            None,
        )


def _copy_frame(frame: Frame) -> Frame:
    # Op lists come from the catalog and are never mutated; other lists in frames are.
    return {k: (v[:] if type(v) is list and k != "ops" else v) for k, v in frame.items()}


# --- serialization -----------------------------------------------------------------------------


def _player_json(p: Player) -> dict[str, Any]:
    return {
        "seat": p.seat,
        "influence": p.influence,
        "adepts": p.adepts,
        "powers": p.powers[:],
        "pentagram": p.pentagram[:],
        "flames": p.flames[:],
        "resolve": p.resolve,
        "hand": p.hand[:],
        "seen": p.seen[:],
        "since": p.since[:],
        "curses": [
            {
                "id": c.id,
                "face_down": c.face_down,
                "influence": c.influence,
                "adepts": c.adepts,
                "target": c.target,
            }
            for c in p.curses
        ],
        "turns": p.turns,
    }


def _player_from(d: dict[str, Any]) -> Player:
    return Player(
        seat=int(d["seat"]),
        influence=int(d["influence"]),
        adepts=int(d["adepts"]),
        powers=[str(x) for x in d["powers"]],
        pentagram=[str(x) for x in d["pentagram"]],
        flames=[str(x) for x in d["flames"]],
        resolve=int(d["resolve"]),
        hand=[str(x) for x in d["hand"]],
        seen=[int(x) for x in d["seen"]],
        # States saved before `since` existed: every card counts as held from the start.
        since=[int(x) for x in d.get("since", [0] * len(d["hand"]))],
        curses=[
            CurseCard(
                str(c["id"]),
                bool(c["face_down"]),
                int(c["influence"]),
                int(c["adepts"]),
                str(c["target"]),
            )
            for c in d["curses"]
        ],
        turns=int(d["turns"]),
    )


def to_json(s: PantacleState) -> dict[str, Any]:
    return {
        "game": "pantacle",
        "options": s.options,
        "seed": s.seed,
        "rng": s.rng,
        "players": [_player_json(p) for p in s.players],
        "supply": dict(s.supply),
        "blade_pile": s.blade_pile[:],
        "blade_discard": s.blade_discard[:],
        "curse_pile": s.curse_pile[:],
        "curse_seen": s.curse_seen[:],
        "first_player": s.first_player,
        "active": s.active,
        "turn": s.turn,
        "marked": s.marked,
        "announced": s.announced,
        "bribed_by": s.bribed_by,
        "extra_turns": s.extra_turns,
        "stack": [_copy_frame(f) for f in s.stack],
        "winner": s.winner,
        "reason": s.reason,
        "decisions": s.decisions,
        "passes": [[x.seat, x.favor, x.resolve_hound] for x in s.passes],
    }


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _optional_str(value: Any) -> str | None:
    return None if value is None else str(value)


def from_json(d: dict[str, Any]) -> PantacleState:
    if not isinstance(d, dict) or d.get("game") != "pantacle":
        raise InvalidState("not a serialized Pantacle state")
    try:
        players = [_player_from(p) for p in d["players"]]
        for p in players:
            if not len(p.hand) == len(p.seen) == len(p.since):
                raise ValueError(f"seat-{p.seat}: hand and knowledge lists differ in length")
        state = PantacleState(
            options=dict(d["options"]),
            seed=str(d["seed"]),
            rng=int(d["rng"]),
            players=players,
            supply={str(k): int(v) for k, v in d["supply"].items()},
            blade_pile=[str(x) for x in d["blade_pile"]],
            blade_discard=[str(x) for x in d["blade_discard"]],
            curse_pile=[str(x) for x in d["curse_pile"]],
            curse_seen=[int(x) for x in d["curse_seen"]],
            first_player=int(d["first_player"]),
            active=int(d["active"]),
            turn=int(d["turn"]),
            marked=_optional_str(d["marked"]),
            announced=_optional_str(d["announced"]),
            bribed_by=_optional_int(d["bribed_by"]),
            extra_turns=int(d["extra_turns"]),
            stack=[dict(f) for f in d["stack"]],
            winner=_optional_int(d["winner"]),
            reason=_optional_str(d["reason"]),
            decisions=int(d["decisions"]),
            passes=[Pass(int(x[0]), str(x[1]), bool(x[2])) for x in d.get("passes", [])],
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidState(f"malformed Pantacle state: {exc}") from exc
    if any(not 0 <= x.seat < len(players) for x in state.passes):
        raise InvalidState("malformed Pantacle state: a pass by a seat not in the game")
    if len(state.curse_pile) != len(state.curse_seen):
        raise InvalidState("malformed Pantacle state: Curse pile and its knowledge differ")
    return state
