"""Baseline players that do not search: uniformly random, and one-ply greedy.

`greedy` plays on one determinization drawn from its own seat's information (so it does not
cheat either): it tries every legal move and keeps the one after which the game's `evaluate`
hook rates its seat best (an immediate win beats everything). Without the hook it takes an
immediate win when one exists and otherwise plays at random.
"""

from __future__ import annotations

from typing import Any

from ai.hooks import evaluator
from rules.core.moves import Move
from rules.core.protocol import Game, Seat
from rules.core.rng import Rng, seed_state

POLICIES = ("random", "greedy")


def random_policy(game: Game, state: Any, seat: Seat, seed: int | str) -> Move:
    moves = game.legal_moves(state)
    return moves[Rng(seed_state(seed)).below(len(moves))]


def greedy_policy(game: Game, state: Any, seat: Seat, seed: int | str) -> Move:
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    rng = Rng(seed_state(seed))
    world = game.sample(state, seat, rng)
    evaluate = evaluator(game)
    best: list[Move] = []
    best_value = -1.0
    for m in game.legal_moves(world):
        after = game.clone(world)
        game.apply_unchecked(after, m)
        result = game.outcome(after)
        if result is not None:
            value = 2.0 if seat in result.winners else (0.5 if not result.winners else -1.0)
        elif evaluate is not None:
            value = evaluate(after).get(seat, 0.0)
        else:
            value = 0.0
        if value > best_value + 1e-12:
            best, best_value = [m], value
        elif abs(value - best_value) <= 1e-12:
            best.append(m)
    pick = best[rng.below(len(best))] if best else moves[rng.below(len(moves))]
    # Return the move object of the real state (the same id is legal there).
    return next((m for m in moves if m.id == pick.id), moves[0])
