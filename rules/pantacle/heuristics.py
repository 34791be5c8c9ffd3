"""Cheap Pantacle knowledge for the AI's optional hooks: `evaluate` (each seat's chance of winning
from the public board) and `rollout_move` (a playout policy that plays every seat sensibly).

The evaluation scores each Sorcerer's features (Flames on the PANTACLE count most: five and one
last Favor win; then Power tokens and Adepts towards the next Sacrifice, Influence, blades in
hand, Curses face up, where the seat sits in the turn order) and takes a softmax over the seats.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.core import Move, Rng
from rules.pantacle.board import (
    BLADES,
    FAVORS,
    FLAMES,
    HOUND,
    POINTS,
    POWER_AREA,
    RESOLVE_HOUND,
    adept_area,
    adept_cost,
    sacrifice_need,
)
from rules.pantacle.state import PantacleState, Player, seat_name
from rules.pantacle.turn import keeper_counts

# Each Sorcerer's features, scored by WEIGHTS; a softmax over the seats' scores is the chance
# of winning. Only public facts are used: a searcher evaluates sampled worlds, and hands are
# counted, not read.
FEATURES = (
    "flames",  # Flame discs on the PANTACLE
    "last_favor",  # 1 with five Flames: any Favor received or bribed now wins
    "powers",  # Power tokens, towards a Sacrifice of Powers
    "adepts",  # Adepts, towards a Sacrifice of Adepts
    "influence",  # Influence cubes (at most INFLUENCE_CAP count)
    "hand",  # Keeper blades in hand: bribes to come
    "curses",  # Curse cards face up
    "order",  # 0 for the Active Sorcerer, rising to 1 for the last to play
    "hound",  # 1 when the Resolve Bonus Hound is ready
)
INFLUENCE_CAP = 6
# Fitted by benchmarks/ai_fit_pantacle_eval.py --games 8000 (conditional logit over the seats on
# 206,089 positions of the playout policy's games, 2 to 5 players): held-out log-loss 1.064
# against 1.127 for the earlier hand-set weights, and as `medium`'s evaluation it beat them in
# 38 of 60 paired two-player games. Curses face up weigh slightly positive: they come with
# Flames (every disc but the top one reveals one), which the fit cannot tell apart.
WEIGHTS: dict[str, float] = {
    "flames": 0.956,
    "last_favor": 1.409,
    "powers": 0.471,
    "adepts": 0.394,
    "influence": 0.078,
    "hand": -0.07,
    "curses": 0.066,
    "order": -0.307,
    "hound": 0.162,
}


def features(s: PantacleState, index: int) -> tuple[float, ...]:
    p = s.players[index]
    n = len(s.players)
    return (
        len(p.flames),
        1.0 if len(p.flames) == FLAMES else 0.0,
        len(p.powers),
        p.adepts,
        min(p.influence, INFLUENCE_CAP),
        len(p.hand),
        sum(1 for c in p.curses if not c.face_down),
        ((index - s.active) % n) / (n - 1),
        1.0 if p.resolve == RESOLVE_HOUND else 0.0,
    )


Weights = tuple[float, ...]
"""One weight per feature, in the order of FEATURES."""

DEFAULT_WEIGHTS: Weights = tuple(WEIGHTS[k] for k in FEATURES)


def progress(s: PantacleState, index: int, weights: Weights = DEFAULT_WEIGHTS) -> float:
    return sum(w * x for w, x in zip(weights, features(s, index), strict=True))


def evaluate(s: PantacleState, weights: Weights = DEFAULT_WEIGHTS) -> dict[str, float]:
    """Each seat's estimated chance of winning (1/0 once the game is over); other `weights` are
    for benchmarks that compare weight sets."""
    if s.winner is not None:
        return {seat_name(p.seat): 1.0 if p.seat == s.winner else 0.0 for p in s.players}
    scores = [progress(s, i, weights) for i in range(len(s.players))]
    top = max(scores)
    odds = [math.exp(x - top) for x in scores]
    total = sum(odds)
    return {seat_name(p.seat): o / total for p, o in zip(s.players, odds, strict=True)}


# --- the playout policy ---------------------------------------------------------------------------
#
# What a Favor, a point or a bribe is worth is counted in Flames: a Sacrifice turns three Power
# tokens or three Adepts into a Flame, so a token or an Adept is a third of one, and Influence
# buys Adepts at the Adept cost. The policy plays the best-valued choice, with a share of random
# choices so that playouts from one position still differ.

EXPLORE = 0.1  # share of choices a playout makes at random
EXTRA_TURN = 0.5  # an extra turn: another Favor and another Change of the Moon
BRIBE_COST = 0.35  # two blades out of a hand of three, not refilled before one's own turn
BRIBE_ALWAYS = 10.0  # a bribe that wins, or that stops the Active Sorcerer from winning


def _third(p: Player, which: str) -> float:
    return 1.0 / sacrifice_need(p, which)


def _influence_worth(p: Player, n: int) -> float:
    return n * _third(p, "adepts") / adept_cost(p)


def _power_worth(p: Player, power: str) -> float:
    if power in p.powers or len(p.powers) >= POWER_AREA:
        return 0.0
    worth = _third(p, "powers")
    if power == "protection":
        worth += 0.2 if any(not c.face_down for c in p.curses) else -0.1
    elif power == "hunt":
        worth += 0.1
    return worth


def effect_worth(
    s: PantacleState, seat: int, effect: Sequence[Mapping[str, Any]], flames: int
) -> float:
    """What a Favor's or a point's effect ops (catalog data) are worth to `seat`, in Flames, with
    `flames` of its discs on the PANTACLE when the effect applies."""
    p = s.players[seat]
    worth = 0.0
    for op in effect:
        kind = op["op"]
        if kind == "power":
            worth += _power_worth(p, op["power"])
        elif kind == "extra_turn":
            worth += EXTRA_TURN
        elif kind in ("gain", "steal"):
            n = int(op.get("n", 0)) + int(op.get("per_flame", 0)) * flames
            if kind == "steal":  # n from each opponent who has that many
                n *= sum(1 for q in s.players if q.seat != seat and q.influence >= n)
            if op["resource"] == "adepts":
                worth += min(n, adept_area(p) - p.adepts) * _third(p, "adepts")
            else:
                worth += _influence_worth(p, n)
    return worth


def favor_worth(s: PantacleState, seat: int, favor: str) -> float:
    """What receiving `favor` is worth to `seat`, in Flames."""
    p = s.players[seat]
    if len(p.flames) == FLAMES:
        return BRIBE_ALWAYS  # the last Favor wins
    return effect_worth(s, seat, FAVORS[favor].effect, len(p.flames))


def point_worth(s: PantacleState, seat: int, point: str) -> float:
    """What a disc on `point` is worth to `seat`: its effect counts the disc itself."""
    return effect_worth(s, seat, POINTS[point].effect, len(s.players[seat].flames) + 1)


def _best(moves: list[Move], score: Callable[[Move], float], rng: Rng) -> Move:
    if rng.below(1000) < EXPLORE * 1000:
        return moves[rng.below(len(moves))]
    best = moves[0]
    top = score(best)
    for m in moves[1:]:
        v = score(m)
        if v > top:
            best, top = m, v
    return best


def _offer(s: PantacleState, moves: list[Move], rng: Rng) -> Move:
    bribe, passing = moves
    seat = s.stack[-1]["seat"]
    favor = s.announced or ""
    a = s.active
    if len(s.players[seat].flames) == FLAMES or len(s.players[a].flames) == FLAMES:
        return bribe
    worth = favor_worth(s, seat, favor) + favor_worth(s, a, favor) / (len(s.players) - 1)
    return bribe if worth - BRIBE_COST > rng.below(1000) / 2000 else passing


def _moon_discard(s: PantacleState, moves: list[Move], rng: Rng) -> Move:
    if moves[-1].kind == "stop" and s.stack[-2]["n"] and rng.below(4):
        return moves[-1]
    favor = FAVORS.get(s.announced or "")
    phase = favor.moon if favor is not None else None
    p = s.players[s.stack[-1]["seat"]]
    counts = keeper_counts(p)

    def score(m: Move) -> float:
        if m.kind == "stop":
            return -1.0
        blade = BLADES[str(m.args[0][1])]
        if blade.keeper == HOUND:
            return -0.5  # Hounds pay for any Keeper
        return (blade.moon == phase) + 0.1 * counts.get(blade.keeper, 0)

    return _best(moves, score, rng)


def rollout_move(s: PantacleState, moves: list[Move], rng: Rng) -> Move:
    """A cheap, sensible choice for playouts (see the comment above `EXPLORE`)."""
    if len(moves) == 1:
        return moves[0]
    kind = moves[0].kind
    if kind == "favor":
        seat = s.active
        return _best(moves, lambda m: favor_worth(s, seat, str(m.args[0][1])), rng)
    if kind == "bribe":
        return _offer(s, moves, rng)
    if kind == "point":
        seat = s.stack[-1]["seat"]
        return _best(moves, lambda m: point_worth(s, seat, str(m.args[0][1])), rng)
    if kind == "disc":
        return moves[0]  # the curse-free disc while it is there
    if kind == "keep":
        # Never pay for more Curse cards; keep one of those drawn.
        keeps = [m for m in moves if m.kind == "keep"]
        return keeps[rng.below(len(keeps))]
    if kind == "discard" and s.stack[-1].get("t") == "moon_discard":
        return _moon_discard(s, moves, rng)
    if kind == "pay":
        blades = [m for m in moves if m.kind == "pay"]
        return blades[rng.below(len(blades))]  # keep the Hounds, which pay for anything
    return moves[rng.below(len(moves))]
