"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).

Single-observer ISMCTS over the Game protocol, with the extensions Coven needs:

- Every iteration starts from `game.sample(state, seat, rng)`, a full state drawn from what the
  searching seat knows; the true state is never played on, so the search cannot cheat.
- The tree is keyed by move ids from the searcher's information set. A move that exists only in
  some determinizations (an opponent's card) is a child like any other; each child counts how
  often it was *available* and UCB uses that count (subset-armed bandits).
- Every seat's decisions are in the tree and every edge stores the reward of the seat that chose
  it, so each seat maximises its own reward (max^n): it works for 2 to 5 players.
- Progressive widening: a node visited n times has at most `widen_base + widen_c * n**alpha`
  children; the next child to add is the one the rollout policy would play.
- Opponents' beliefs (`beliefs`): plain ISMCTS gives an opponent's nodes the rewards of worlds in
  which the searcher's secret is true, so the opponent plays as if he knew it (a Witch would fear a
  Hunter who knows who she is). A share of iterations therefore re-samples the world from the
  first opponent's point of view at his first decision and updates only the opponents' edges;
  the other iterations update only the searcher's edges.
- Plausible worlds (`plausible`): `game.sample` draws hidden facts uniformly; a game may offer
  `belief_sample`, which draws them as the seat would believe from what the table has seen (a
  Pagan Hunter weighs what he saw the Witch choose). It reads nothing more
  than `sample` does.
- Progressive bias at the root (`bias`): a game may offer `move_bias`, its knowledge of which
  moves to prefer in a determinization; a root move's UCB score gains bias * h / (visits + 1), so
  over the iterations each move is favoured as often as the worlds in which the knowledge
  singles it out (for a Hunter, as often as he believes its target the witch).
- Rollouts follow the game's `rollout_move` hook (uniform random without it) and stop after
  `rollout_depth` decisions, where the game's `evaluate` hook scores the position.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from ai.hooks import evaluator, move_bias, rewards, rollout_policy, sampler
from ai.levels import Params
from rules.core import Game, Move, Rng, Seat


class Node:
    """A tree node: the edge into it (its visits and the reward summed for the seat that chose
    it, and how often it was available) and its children by move id."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0

    def size(self) -> int:
        """Nodes in this subtree (for tests and diagnostics)."""
        return 1 + sum(child.size() for child in self.children.values())


@dataclass(slots=True)
class SearchStats:
    iterations: int
    seconds: float
    timed_out: bool


def search(
    game: Game,
    state: Any,
    seat: Seat,
    params: Params,
    rng: Rng,
    root: Node | None = None,
) -> tuple[Node, SearchStats]:
    """Grow a tree for `seat`'s decision in `state` for `params.iterations` iterations (or until
    `params.time_cap`, or until the choice is settled, see `Params.early_stop`); returns the root
    and what was done. `root` continues an earlier tree, whose visits count towards the budget
    when `params.reuse_credit`."""
    budget = params.iterations
    if root is None:
        root = Node()
    elif params.reuse_credit:
        budget = max(budget - root.visits, budget // 4, 1)
    sample = sampler(game, params.plausible)
    to_move, legal_moves = game.to_move, game.legal_moves
    apply, outcome_of = game.apply_unchecked, game.outcome
    policy = rollout_policy(game, params.rollout == "heuristic", seat)
    evaluate = evaluator(game)
    bias_of = move_bias(game) if params.bias > 0 else None
    bias_w = params.bias
    depth_cap = params.rollout_depth if evaluate is not None else None
    max_rollout = params.max_rollout
    c = params.c
    log = math.log
    sqrt = math.sqrt
    widen_base, widen_c, widen_alpha = params.widen_base, params.widen_c, params.widen_alpha
    beliefs, belief_share = params.beliefs, params.belief_share
    seats_seen: list[Seat] = [seat]
    cap = params.time_cap
    started = time.perf_counter()
    deadline = started + cap if cap is not None else math.inf
    timed_out = False
    stop_early = params.early_stop and params.select == "robust" and params.trees == 1
    root_ids = frozenset(m.id for m in legal_moves(state)) if stop_early else frozenset()
    done = 0
    for done in range(1, budget + 1):
        if done > 1:
            # The clock at every iteration (a paced decision's deadline must hold to within
            # one iteration, which can take tens of milliseconds); the settled-choice check,
            # which walks the root, every 16th.
            if time.perf_counter() > deadline:
                timed_out = True
                done -= 1
                break
            if (done & 15) == 0 and stop_early and _decided(root, root_ids, budget - done + 1):
                done -= 1
                break
        world = sample(state, seat, rng)
        belief = beliefs and rng.random() < belief_share
        perspective = seat
        node = root
        # (child, seat that chose it, the tried children that were available there)
        path: list[tuple[Node, Seat, list[Node]]] = []
        while True:
            mover = to_move(world)
            if mover is None:
                break
            if mover not in seats_seen:
                seats_seen.append(mover)
            if belief and mover != perspective and perspective == seat:
                # This opponent's first decision: from here on, a world he believes possible.
                world = sample(world, mover, rng)
                perspective = mover
            moves = legal_moves(world)
            children = node.children
            tried: list[Node] = []
            tried_moves: list[Move] = []
            untried: list[Move] = []
            for m in moves:
                child = children.get(m.id)
                if child is None:
                    untried.append(m)
                else:
                    tried.append(child)
                    tried_moves.append(m)
            if untried and len(tried) < widen_base + widen_c * node.visits**widen_alpha:
                m = untried[0] if len(untried) == 1 else policy(world, untried, rng)
                child = Node()
                children[m.id] = child
                tried.append(child)
                path.append((child, mover, tried))
                apply(world, m)
                break
            best = -1
            best_score = -math.inf
            # The root's progressive bias, in this world (the searcher's decision only).
            h = bias_of(world, tried_moves) if bias_of is not None and node is root else None
            for i, child in enumerate(tried):
                n = child.visits
                if n == 0:
                    best = i
                    break
                score = child.reward / n + c * sqrt(log(child.avail + 1) / n)
                if h is not None:
                    score += bias_w * h[i] / (n + 1)
                if score > best_score:
                    best_score = score
                    best = i
            child = tried[best]
            path.append((child, mover, tried))
            apply(world, tried_moves[best])
            node = child
        # Rollout from the new leaf, then score.
        steps = 0
        limit = depth_cap if depth_cap is not None else max_rollout
        while steps < limit:
            mover = to_move(world)
            if mover is None:
                break
            moves = legal_moves(world)
            apply(world, moves[0] if len(moves) == 1 else policy(world, moves, rng))
            steps += 1
        result = outcome_of(world)
        if result is not None:
            reward = rewards(result, seats_seen)
        elif evaluate is not None:
            reward = evaluate(world)
        else:
            reward = {s: 1.0 / len(seats_seen) for s in seats_seen}
        # Which edges learn from this iteration: without beliefs, all; with them, the searcher's
        # in a world drawn from its information, or every opponent's in a world drawn from an
        # opponent's (with three or more seats, the second opponent learns there too, rather
        # than never).
        searcher_only = beliefs and perspective == seat
        opponents_only = beliefs and perspective != seat
        for child, mover, avail in path:
            if (searcher_only and mover != seat) or (opponents_only and mover == seat):
                continue
            child.visits += 1
            child.reward += reward.get(mover, 0.0)
            for other in avail:
                other.avail += 1
        root.visits += 1
    return root, SearchStats(done, time.perf_counter() - started, timed_out)


def _decided(root: Node, legal: frozenset[str], left: int) -> bool:
    """Whether the most visited legal root move leads the next by more than `left` visits, so
    that no further iterations can change which move is most visited."""
    first = second = 0
    for mid, child in root.children.items():
        if mid not in legal:
            continue
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left


def root_stats(root: Node, moves: list[Move]) -> dict[str, tuple[int, float]]:
    """Visits and summed reward of each legal root move (zero for moves never tried)."""
    out: dict[str, tuple[int, float]] = {}
    for m in moves:
        child = root.children.get(m.id)
        out[m.id] = (child.visits, child.reward) if child is not None else (0, 0.0)
    return out
