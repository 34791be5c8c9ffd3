"""What the Game-protocol conformance suite (tests/test_game_conformance.py) runs over, and the
random-play helpers it shares with each game's own property tests.

Everything here speaks only the Game protocol; what only one game knows (its conservation
invariants, its end reasons, its malformed moves, where its secrets are) comes in as a
`Conformance`, which each game's test package declares (tests/<game>/conformance.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Hashable
from dataclasses import dataclass
from typing import Any

from rules.core import Game, Move, Options, Rng, Seat, get_game


@dataclass(frozen=True, slots=True)
class Spacing:
    """How far apart the positions a property looks at are, in decisions of one random game, and
    how many decisions into that game it looks at most (each move of a position is tried, so a
    game with many moves per decision wants them further apart)."""

    listed: int  # every listed move is applied
    unlisted: int  # moves listed elsewhere, and malformed ones, are rejected
    views: int  # each seat's view is compared with those of resampled states
    batches: int  # batches of the seat to move are planned in it and in a world like it
    limit: int


def _no_check(state: Any, moves: list[Move]) -> None:
    pass


def _as_it_is(state: Any, rng: Rng) -> None:
    pass


@dataclass(frozen=True, slots=True)
class Conformance:
    """One configuration of one registered game for the conformance suite."""

    id: str  # the test id: "pagan", "pantacle-3p"
    game_name: str  # as registered
    option_sets: dict[str, Options]  # hypothesis draws among these, by name
    check_invariants: Callable[[Any], None]  # raises AssertionError: nothing made or lost
    reasons: Callable[[Options], Collection[str]]  # how a game with these options may end
    decisions: Callable[[Any], int]  # how many decisions a state has behind it
    decision_cap: int  # a random game that goes on longer does not end
    round_trip_steps: int  # at most this many decisions into a game before a JSON round trip
    spacing: Spacing
    malformed: tuple[object, ...]  # submissions in this game's vocabulary that name no move
    hidden_truth: Callable[[Any, Seat], Hashable]  # what `seat` cannot know of a state
    samples_per_seat: int  # draws per seat and position, so one short game shows them vary
    change_secrets: Callable[[Any], Seat]  # by hand, change only what one seat keeps hidden
    # Deal again, in place, the order of what `seat` holds but sees only sorted (its hand):
    # `sample` keeps the seat's own cards where they are, so this makes the other worlds it
    # cannot tell apart.
    reorder_own: Callable[[Any, Seat, Rng], None]
    check_choices: Callable[[Any, list[Move]], None] = _no_check  # the game's own rules for them
    # Kinds of moves from a hidden hand that the table sees only once they resolve (a played
    # event reaches the discard after its effect): their log names what views show later.
    deferred_kinds: frozenset[str] = frozenset()
    # Kinds of moves whose result depends on a secret (a draw, an elimination), which the
    # batch property puts in its batches half the time; and how it changes a position, in
    # place, so that such moves are open (`provoke`: Pagan's Clues for an elimination).
    secret_kinds: frozenset[str] = frozenset()
    provoke: Callable[[Any, Rng], None] = _as_it_is

    @property
    def game(self) -> Game:
        return get_game(self.game_name)

    def twin(self, truth: Any, seat: Seat, rng: Rng) -> Any:
        """Another world `seat` cannot tell from `truth`: all it cannot see dealt again by
        `sample`, and the order of its own hand too."""
        other = self.game.sample(truth, seat, rng)
        self.reorder_own(other, seat, rng)
        return other

    def __str__(self) -> str:
        return self.id


# Submissions that are not moves in any game.
MALFORMED: tuple[object, ...] = ("", {"id": 42}, {"no": "type"}, 42, None)


def play_random(game: Game, options: Options, seed: int, steps: int) -> tuple[Any, list[str]]:
    """A game after up to `steps` random decisions, and the ids of the moves played."""
    s = game.new(options, seed)
    rng = Rng(seed ^ 0x5EED)
    played: list[str] = []
    while game.outcome(s) is None and len(played) < steps:
        moves = game.legal_moves(s)
        move = moves[rng.below(len(moves))]
        played.append(move.id)
        game.apply_unchecked(s, move)
    return s, played


def play_checking_invariants(
    game: Game, options: Options, seed: int, cap: int, check_invariants: Callable[[Any], None]
) -> Any:
    """A random game played to its end (or `cap` decisions), its invariants checked at the start
    and after every decision."""
    s = game.new(options, seed)
    rng = Rng(seed)
    check_invariants(s)
    for _ in range(cap):
        if game.outcome(s) is not None:
            break
        moves = game.legal_moves(s)
        game.apply_unchecked(s, moves[rng.below(len(moves))])
        check_invariants(s)
    return s


def positions(game: Game, options: Options, seed: int, every: int, limit: int) -> list[Any]:
    """Copies of the states a random game passes through, one every `every` decisions, for at
    most `limit` decisions."""
    s = game.new(options, seed)
    rng = Rng(seed)
    out = []
    n = 0
    while game.outcome(s) is None and n < limit:
        if n % every == 0:
            out.append(game.clone(s))
        moves = game.legal_moves(s)
        game.apply_unchecked(s, moves[rng.below(len(moves))])
        n += 1
    return out


def assert_seat_cannot_tell(
    game: Game, truth: Any, sampled: Any, seat: Seat, check_invariants: Callable[[Any], None]
) -> None:
    """`sampled` (drawn by `game.sample(truth, seat, ...)`) is a whole, sound state that `seat`
    and a spectator see byte for byte as they see `truth`, with the same moves for `seat`."""
    check_invariants(sampled)
    assert json.dumps(game.view(sampled, seat)) == json.dumps(game.view(truth, seat))
    assert json.dumps(game.view(sampled, None)) == json.dumps(game.view(truth, None))
    if game.to_move(truth) == seat:
        ids = [m.to_json() for m in game.legal_moves(truth)]
        assert [m.to_json() for m in game.legal_moves(sampled)] == ids
