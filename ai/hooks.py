"""The optional heuristic hooks a game may offer the search, with their fallbacks.

A game object may define (see `rules.core.protocol` for the contract):

    rollout_move(state, moves, rng) -> Move      a cheap heuristic choice for playouts
    rollout_move_for(seat) -> RolloutPolicy      the playout policy of a search run by `seat`
                                                 (when it differs from `rollout_move`)
    evaluate(state) -> dict[Seat, float]         each seat's chance of winning, in [0, 1]
    move_bias(state, moves) -> list[float]|None  how strongly the game's knowledge favours each
                                                 of the mover's moves, in [0, 1] (the root's
                                                 progressive bias); None: no opinion here
    belief_sample(state, seat, rng) -> state     like `sample`, but drawn from what `seat`
                                                 would believe given what the table has seen
    belief(state, seat) -> dict[str, float]|None what `seat` believes of the game's main
                                                 hidden fact, as probabilities (shown in a
                                                 finished game's record); None: nothing

The search looks them up with `getattr`, so a game without them plays uniformly random
rollouts to the end of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from rules.core import Game, Move, Outcome, Rng, Seat

RolloutPolicy = Callable[[Any, list[Move], Rng], Move]
Evaluator = Callable[[Any], dict[Seat, float]]
Sampler = Callable[[Any, Seat, Rng], Any]


def random_move(state: Any, moves: list[Move], rng: Rng) -> Move:
    return moves[rng.below(len(moves))]


def rollout_policy(game: Game, heuristic: bool, searcher: Seat | None = None) -> RolloutPolicy:
    """The playout policy; with `searcher`, the game's own for that seat's search when it has
    one (a seat's playout self may aim at what the searcher's determinized world holds, which
    in an opponent's search would be the truth)."""
    if not heuristic:
        return random_move
    if searcher is not None:
        for_seat = getattr(game, "rollout_move_for", None)
        if callable(for_seat):
            policy = for_seat(searcher)
            if callable(policy):
                return cast(RolloutPolicy, policy)
    hook = getattr(game, "rollout_move", None)
    return hook if callable(hook) else random_move


def evaluator(game: Game) -> Evaluator | None:
    hook = getattr(game, "evaluate", None)
    return hook if callable(hook) else None


MoveBias = Callable[[Any, list[Move]], list[float] | None]


def move_bias(game: Game) -> MoveBias | None:
    hook = getattr(game, "move_bias", None)
    return hook if callable(hook) else None


def sampler(game: Game, plausible: bool) -> Sampler:
    """The game's `belief_sample` hook when asked for and present, else `sample`."""
    hook = getattr(game, "belief_sample", None) if plausible else None
    return hook if callable(hook) else game.sample


Belief = Callable[[Any, Seat], dict[str, float] | None]


def belief(game: Game) -> Belief | None:
    hook = getattr(game, "belief", None)
    return hook if callable(hook) else None


def rewards(outcome: Outcome, seats: list[Seat]) -> dict[Seat, float]:
    """Each seat's reward in [0, 1] for a finished game: its score when the game gives one,
    else 1 for a winner, 0 for a loser, and 1/n each in a draw."""
    if outcome.scores:
        return {seat: float(outcome.scores.get(seat, 0.0)) for seat in seats}
    if not outcome.winners:
        return {seat: 1.0 / len(seats) for seat in seats} if seats else {}
    share = 1.0 / len(outcome.winners)
    return {seat: (share if seat in outcome.winners else 0.0) for seat in seats}
