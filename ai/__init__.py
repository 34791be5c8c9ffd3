"""Search over the Game protocol: ISMCTS, rollout policies, difficulty presets and the arena.

Pure Python with no I/O; it knows no game by name, only `rules.core.Game`.

The contract the service and workers rely on:

    choose_move(game, state, seat, level="medium", seed=0, overrides=None) -> Move
        the move `seat` makes at `level`; it may look only at what `seat` can know.

Until the search lands, every level plays a uniformly random legal move (seeded).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.moves import Move
from rules.core.protocol import Game
from rules.core.rng import Rng, seed_state

LEVELS = ("novice", "easy", "medium", "hard", "expert")


def choose_move(
    game: Game,
    state: Any,
    seat: str,
    level: str = "medium",
    seed: int | str = 0,
    overrides: Mapping[str, Any] | None = None,
) -> Move:
    """The move `seat` plays in `state` (which must be `seat`'s decision)."""
    if game.to_move(state) != seat:
        raise ValueError(f"it is not {seat}'s decision")
    moves = game.legal_moves(state)
    return moves[Rng(seed_state(seed)).below(len(moves))]


__all__ = ["LEVELS", "choose_move"]
