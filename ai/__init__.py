"""Search over the Game protocol: ISMCTS, rollout policies, difficulty presets and the arena.

Pure Python with no I/O; it knows no game by name, only `rules.core.Game` (and the optional
heuristic hooks a game may offer, see `ai.hooks`).

The contract the service and workers rely on:

    choose_move(game, state, seat, level="medium", seed=0, overrides=None) -> Move
        the move `seat` makes at `level`; it looks only at what `seat` can know.
    analyse(game, state, seat, level="hard", seed=0, overrides=None, top=5) -> list[dict]
        the top moves as {"move": move.to_json(), "visits": int, "win_rate": float}.
    decisive_move(game, state, seat, moves, seed) -> Move | None
        a move that wins at once in every one of a few determinizations, taken without a search.
    answer_seconds(level, game=None) -> (low, high)
        the range of seconds in which the service answers each of the level's decisions.
    decide(game, state, seat, level="medium", seed=0, overrides=None) -> Decision
        `choose_move`'s move with its reasons: the moves weighed (visits, win rates) and the
        seat's belief (the game's `belief` hook), JSON-ready with `Decision.to_json()`.

Both raise `InvalidLevel` for an unknown level or a bad override, and `ValueError` when it is
not `seat`'s decision. `expert` trees can be spread over processes or a Celery chord with
`ai.parallel.split`, `run_tree`, `merge` and `pick`. The arena (`ai.arena`: player specs,
paired games, the ladder) measures levels against each other and the baseline players of
`ai.policies`, with its statistics (exact intervals, Elo) in `ai.ratings`; pooling games across
runs is a development tool outside the package (`devtools/`).

Code outside the package imports these names from `ai`, and from its modules only the four
public ones named above (`arena`, `parallel`, `policies`, `ratings`); the others (the search,
the hooks, the levels) are private (tests/test_layering.py).
"""

from __future__ import annotations

from ai.agent import (
    Decision,
    Session,
    analyse,
    choose_move,
    decide,
    decisive_move,
    seat_belief,
    weighed_moves,
)
from ai.levels import LEVELS, InvalidLevel, Params, answer_seconds, params_for

__all__ = [
    "LEVELS",
    "Decision",
    "InvalidLevel",
    "Params",
    "Session",
    "analyse",
    "answer_seconds",
    "choose_move",
    "decide",
    "decisive_move",
    "params_for",
    "seat_belief",
    "weighed_moves",
]
