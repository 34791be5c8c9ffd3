"""Positions for AI tests: states reached by seeded random play, at spread-out decision counts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.core import Game, Rng, seed_state


def random_positions(
    game: Game, count: int, seed: str, options: dict[str, Any] | None = None, every: int = 37
) -> Iterator[Any]:
    """`count` unfinished states, each `every`-th decision (with a varying offset) of seeded
    random games, starting a new game whenever one ends."""
    found = 0
    g = 0
    opts = game.default_options() if options is None else options
    while found < count:
        state = game.new(opts, f"{seed}-{g}")
        rng = Rng(seed_state(f"{seed}-{g}/moves"))
        step = 0
        offset = g % every
        while game.to_move(state) is not None and found < count and step < 5000:
            if step % every == offset and len(game.legal_moves(state)) > 1:
                yield game.clone(state)
                found += 1
            moves = game.legal_moves(state)
            game.apply_unchecked(state, moves[rng.below(len(moves))])
            step += 1
        g += 1
