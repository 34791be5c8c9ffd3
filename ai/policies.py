"""Baseline players that do not search: uniformly random, and one-ply greedy.

`greedy` plays on one determinization drawn from its own seat's information (so it does not
cheat either): it tries every legal move and keeps the one after which the game's `evaluate`
hook rates its seat best (an immediate win beats everything), breaking ties with the game's
rollout policy. Without the hooks it takes an immediate win when one exists and otherwise plays
at random.
"""

from __future__ import annotations

from typing import Any

from ai.hooks import evaluator, rollout_policy
from rules.core import Game, Move, Rng, Seat, seed_state

POLICIES = ("random", "greedy")
GREEDY_SAMPLES = 8


def random_policy(game: Game, state: Any, seat: Seat, seed: int | str) -> Move:
    moves = game.legal_moves(state)
    return moves[Rng(seed_state(seed)).below(len(moves))]


def greedy_policy(game: Game, state: Any, seat: Seat, seed: int | str) -> Move:
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    rng = Rng(seed_state(seed))
    evaluate = evaluator(game)
    # Several determinizations, so that a move that wins only in some (eliminating whoever the
    # sample made the witch) is valued by how often it wins, not taken on one draw's word.
    totals: dict[str, float] = {}
    world = state
    for _ in range(GREEDY_SAMPLES):
        world = game.sample(state, seat, rng)
        for m in game.legal_moves(world):
            after = game.clone(world)
            game.apply_unchecked(after, m)
            result = game.outcome(after)
            if result is not None:
                value = 1.0 if seat in result.winners else (0.5 if not result.winners else 0.0)
            elif evaluate is not None:
                value = evaluate(after).get(seat, 0.0)
            else:
                value = 0.5
            totals[m.id] = totals.get(m.id, 0.0) + value
    top = max(totals.values())
    best = [m for m in moves if totals.get(m.id, -1.0) >= top - 1e-9]
    # Most moves change no evaluated feature at once: the rollout policy breaks the ties.
    tie_break = rollout_policy(game, heuristic=True)
    if not best:
        return moves[rng.below(len(moves))]
    in_world = {m.id: m for m in game.legal_moves(world)}
    pick = tie_break(world, [in_world.get(m.id, m) for m in best], rng)
    return next(m for m in moves if m.id == pick.id)
