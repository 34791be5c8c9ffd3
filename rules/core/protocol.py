"""The Game protocol: the one interface the service and the AI know.

A game is a stateless object of pure functions over its own state type. States are mutable for
speed inside the rules core and the search (`apply_unchecked` mutates in place), but everything
outside the core goes through `apply`, which validates and returns a new state and leaves the old
one untouched, so an illegal move can never change anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from rules.core.describe import Description
from rules.core.moves import JsonValue, Move
from rules.core.rng import Rng

Seat = str
Options = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winning seats (empty for a draw) and why."""

    winners: tuple[Seat, ...]
    reason: str
    detail: str = ""
    scores: dict[Seat, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "detail": self.detail,
            "scores": dict(self.scores),
        }


@dataclass(frozen=True, slots=True)
class Traced:
    """A move made, and what the seat that made it may know of how it went (`apply_traced`)."""

    state: Any  # the state after the move (the given one is untouched)
    hidden: bool  # the result read something the mover cannot see
    forced: tuple[Move, ...]  # the mover's decisions the engine then took by itself, in order


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game declares about itself as data, for the generic code above the rules to read
    (as OpenSpiel's games declare their `GameType` and `GameInfo`), so that none of it names a
    game: the service derives its typed views from `view` and `move_values`, the AI plays its
    levels with `level_params`."""

    min_players: int
    max_players: int
    """How many seats a game may have (`seats(options)` says which, for given options)."""
    view: Any = None
    """The TypedDict of what `view(state, seat)` returns (`rules.core.shapes` says how it is
    declared); None for a game that declares no typed view (the service then offers its
    views as JSON only)."""
    move_values: tuple[Any, ...] = ()
    """The TypedDicts of its legal moves' values, one per kind of move."""
    level_params: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Per AI level (`ai.LEVELS`), the search parameters this game plays it with instead of the
    level's own (named as `ai.Params`' fields), where the shared preset makes no step in it."""
    answer_seconds: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    """Per AI level, the range (low, high) of seconds in which the service answers each of the
    AI's decisions, searched or not (`workers.timing`): the level's pace in this game, sized by
    how many decisions its turns hold. A level left out takes `ai.answer_seconds`' default."""


@runtime_checkable
class Game(Protocol):
    """What every game implements. `S` below is the game's own state type."""

    name: str
    info: GameInfo

    def seats(self, options: Options) -> list[Seat]:
        """The seats a game with these options has, in turn order."""
        ...

    def default_options(self) -> Options:
        """The options of a standard game; `new` fills anything missing from these."""
        ...

    def validate_options(self, options: Options) -> Options:
        """Complete and check options; raises `InvalidOptions` listing every problem."""
        ...

    def new(self, options: Options, seed: int | str) -> Any:
        """Set a game up. The same options and seed always give the same state."""
        ...

    def to_move(self, state: Any) -> Seat | None:
        """The seat that must decide now, or None when the game is over."""
        ...

    def legal_moves(self, state: Any) -> list[Move]:
        """Every legal choice of the seat to move, each with a stable id."""
        ...

    def apply(self, state: Any, move: Move | str | dict[str, JsonValue]) -> Any:
        """Return the state after `move` (a Move, a move id or a move value); the given state is
        never changed. Raises `IllegalMove` with a reason when the move is not legal."""
        ...

    def apply_unchecked(self, state: Any, move: Move) -> None:
        """Fast path for search: apply a move from `legal_moves(state)` in place, unchecked."""
        ...

    def apply_traced(self, state: Any, move: Move | str | dict[str, JsonValue]) -> Traced:
        """`apply`, and what the seat making the move may know of how it went: whether the
        result read anything that seat cannot see (a card drawn, a shuffle, an elimination, a
        hidden hand that decides what happens next), and the decisions of that seat the engine
        then took by itself (those with one option), in order, up to the first such read. Both
        are the same in every two states the mover cannot tell apart, so a batch of moves
        (gamestore/commits.py) ends where they say without telling the mover anything."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """Winners and reason once the game is over; None while it goes on."""
        ...

    def view(self, state: Any, seat: Seat | None) -> dict[str, JsonValue]:
        """What `seat` may see (None: a spectator), JSON-ready, with nothing it may not know."""
        ...

    def describe(
        self, state: Any, move: Move | str | dict[str, JsonValue], seat: Seat | None
    ) -> Description:
        """What `seat` (None: a spectator) may know of `move`, made in `state` (the state
        before it): the public log every frontend shows. A seat never learns from it what it
        could not see: moves it cannot tell apart read the same to it. Raises `IllegalMove`
        when `move` is not legal in `state`."""
        ...

    def sample(self, state: Any, seat: Seat, rng: Rng) -> Any:
        """A full state consistent with everything `seat` knows, drawn without reading what it
        does not know (for determinization in ISMCTS)."""
        ...

    def clone(self, state: Any) -> Any:
        """An independent copy."""
        ...

    def to_json(self, state: Any) -> dict[str, JsonValue]:
        """The whole state (hidden parts included) as JSON-compatible data."""
        ...

    def from_json(self, data: dict[str, JsonValue]) -> Any:
        """The inverse of `to_json`."""
        ...

    def replay(self, options: Options, seed: int | str, moves: list[str]) -> Any:
        """Rebuild a state from its options, seed and the ids of the moves played."""
        ...

    def catalog(self) -> dict[str, JsonValue]:
        """The game's data (cards, villagers, scenarios...) for players and frontends."""
        ...

    def revealed(self, state: Any) -> dict[str, JsonValue]:
        """What the game kept from the table that every reader may know once the game is over,
        however it ended (by its rules, a resignation or a clock): Pagan's true witch. The
        service shows it to every reader of a finished game, and to nobody before."""
        ...


# Optional hooks for the AI (ai/ looks them up with getattr; a game without them gets uniformly
# random playouts to the end of the game). They are not part of `Game`, so a game need not have
# them, and they may read the whole state: the search only ever passes determinized states.
#
#   rollout_move(state, moves: list[Move], rng: Rng) -> Move
#       A cheap heuristic choice among `moves` (the legal moves of `state`) for playouts; it must
#       draw any randomness from `rng` so seeded searches repeat, and should not let a seat act
#       on facts that seat could not know.
#   rollout_move_for(seat: Seat) -> rollout_move-like callable
#       The playout policy of a search run by `seat`, when it is not `rollout_move`: in the
#       searcher's own determinizations a seat may aim at what that world holds (a Hunter at
#       the world's witch, drawn from his belief), which in anyone else's search would be truth.
#   evaluate(state) -> dict[Seat, float]
#       Each seat's estimated chance of winning, in [0, 1], for an unfinished state; the search
#       calls it where a playout is cut off.
#   move_bias(state, moves: list[Move]) -> list[float] | None
#       For the root of a search: how strongly the game's knowledge favours each of `moves` (the
#       mover's legal moves) in this determinization, each in [0, 1]; None where it has no view.
#   belief_sample(state, seat: Seat, rng: Rng) -> state
#       Like `sample` (the same guarantees: consistent with the seat's view, reading nothing it
#       cannot know), but hidden facts drawn as the seat would believe from what the table has
#       seen rather than uniformly. `sample` itself stays uniform; this is the AI's inference.
#   belief(state, seat: Seat) -> dict[str, float] | None
#       What `seat` believes of the game's main hidden fact, as probabilities by key (Pagan: the
#       Hunter's of each villager being the witch's), read only from what the seat may know; None
#       for a seat with no such belief. Recorded with an AI seat's decisions and shown once the
#       game is over.
#   arena_stats(state) -> dict[str, float]
#       Numbers that summarise a (finished) game for the arena's records: `turns`, the game's
#       length in its own turns, and any score that says how close the loser came.
