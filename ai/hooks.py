"""The optional heuristic hooks a game may offer the search, with their fallbacks.

A game object may define (see `rules.core.protocol` for the contract):

    rollout_move(state, moves, rng) -> Move      a cheap heuristic choice for playouts
    evaluate(state) -> dict[Seat, float]         each seat's chance of winning, in [0, 1]
    belief_sample(state, seat, rng) -> state     like `sample`, but drawn from what `seat`
                                                 would believe given what the table has seen

The search looks them up with `getattr`, so a game without them plays uniformly random
rollouts to the end of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.moves import Move
from rules.core.protocol import Game, Outcome, Seat
from rules.core.rng import Rng

RolloutPolicy = Callable[[Any, list[Move], Rng], Move]
Evaluator = Callable[[Any], dict[Seat, float]]
Sampler = Callable[[Any, Seat, Rng], Any]


def random_move(state: Any, moves: list[Move], rng: Rng) -> Move:
    return moves[rng.below(len(moves))]


def rollout_policy(game: Game, heuristic: bool) -> RolloutPolicy:
    hook = getattr(game, "rollout_move", None) if heuristic else None
    return hook if callable(hook) else random_move


def evaluator(game: Game) -> Evaluator | None:
    hook = getattr(game, "evaluate", None)
    return hook if callable(hook) else None


def sampler(game: Game, plausible: bool) -> Sampler:
    """The game's `belief_sample` hook when asked for and present, else `sample`."""
    hook = getattr(game, "belief_sample", None) if plausible else None
    return hook if callable(hook) else game.sample


def rewards(outcome: Outcome, seats: list[Seat]) -> dict[Seat, float]:
    """Each seat's reward in [0, 1] for a finished game: its score when the game gives one,
    else 1 for a winner, 0 for a loser, and 1/n each in a draw."""
    if outcome.scores:
        return {seat: float(outcome.scores.get(seat, 0.0)) for seat in seats}
    if not outcome.winners:
        return {seat: 1.0 / len(seats) for seat in seats} if seats else {}
    share = 1.0 / len(outcome.winners)
    return {seat: (share if seat in outcome.winners else 0.0) for seat in seats}
