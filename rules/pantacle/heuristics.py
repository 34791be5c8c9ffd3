"""Cheap Pantacle knowledge for the AI's optional `evaluate` hook (ai/ falls back to uniformly
random playouts for the moves, which are cheap in Pantacle's short games).

Each Sorcerer's progress is scored from the public board: Flame discs on the PANTACLE count most
(five and one last Favor win), then Power tokens, Adepts and Influence (capped: a handful buys
what a turn can use), minus the Curses face up in front of them. A softmax over the scores gives
each seat's chance of winning.
"""

from __future__ import annotations

import math

from rules.pantacle.state import PantacleState, seat_name

FLAME = 1.0
POWER = 0.3
ADEPT = 0.15
INFLUENCE = 0.08
INFLUENCE_CAP = 6
HAND = 0.05
CURSE = 0.2
SHARPNESS = 1.2  # how sure a lead of one Flame disc is


def progress(s: PantacleState, index: int) -> float:
    p = s.players[index]
    curses = sum(1 for c in p.curses if not c.face_down)
    return (
        FLAME * len(p.flames)
        + POWER * len(p.powers)
        + ADEPT * p.adepts
        + INFLUENCE * min(p.influence, INFLUENCE_CAP)
        + HAND * len(p.hand)
        - CURSE * curses
    )


def evaluate(s: PantacleState) -> dict[str, float]:
    """Each seat's estimated chance of winning (1/0 once the game is over)."""
    if s.winner is not None:
        return {seat_name(p.seat): 1.0 if p.seat == s.winner else 0.0 for p in s.players}
    scores = [SHARPNESS * progress(s, i) for i in range(len(s.players))]
    top = max(scores)
    weights = [math.exp(x - top) for x in scores]
    total = sum(weights)
    return {seat_name(p.seat): w / total for p, w in zip(s.players, weights, strict=True)}
