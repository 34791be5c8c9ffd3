"""Choosing a move and analysing a position, with or without a tree kept between decisions.

`choose_move` and `analyse` are stateless: the same game, state, seat, level, seed and overrides
always give the same answer, on any machine (unless a level's time cap cuts a search short).
A `Session` plays one seat through a game and keeps the subtree of its chosen move between the
consecutive decisions of one turn; it must be told of every move played (`observe`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ai import hooks
from ai.ismcts import Node, root_stats, search
from ai.levels import Params, params_for
from ai.parallel import RootStats, merge, pick, tree_rng
from rules.core import Game, JsonValue, Move, Rng, Seat, seed_state


def _check_turn(game: Game, state: Any, seat: Seat) -> list[Move]:
    mover = game.to_move(state)
    if mover is None:
        raise ValueError("the game is over: there is no move to choose")
    if mover != seat:
        raise ValueError(f"it is not {seat}'s decision but {mover}'s")
    moves = game.legal_moves(state)
    if not moves:
        raise ValueError(f"{seat} has no legal move")
    return moves


def _grow(
    game: Game,
    state: Any,
    seat: Seat,
    params: Params,
    seed: int | str,
    roots: list[Node] | None,
) -> tuple[list[Node], RootStats, int]:
    """Run every tree of `params` (continuing `roots` where given); merged root stats."""
    moves = game.legal_moves(state)
    out: list[Node] = []
    results = []
    iterations = 0
    for i in range(params.trees):
        start = roots[i] if roots is not None and i < len(roots) else None
        root, stats = search(game, state, seat, params, tree_rng(seed, i), start)
        out.append(root)
        iterations += stats.iterations
        results.append(
            {"tree": i, "moves": {mid: list(vr) for mid, vr in root_stats(root, moves).items()}}
        )
    return out, merge(results), iterations


DECISIVE_SAMPLES = 4


def decisive_move(
    game: Game, state: Any, seat: Seat, moves: list[Move], seed: int | str
) -> Move | None:
    """A move that wins the game at once in every one of a few determinizations (a ritual, the
    last Favor), or None. Taken without searching: a search in which every move wins a few
    decisions later has no reason to prefer the immediate win."""
    rng = Rng(seed_state(f"{seed}/decisive"))
    worlds = [game.sample(state, seat, rng) for _ in range(DECISIVE_SAMPLES)]
    for m in moves:
        for world in worlds:
            after = game.clone(world)
            game.apply_unchecked(after, m)
            result = game.outcome(after)
            if result is None or seat not in result.winners or len(result.winners) > 1:
                break
        else:
            return m
    return None


WEIGHED_TOP = 8
"""How many of the moves a search weighed a `Decision` keeps (by visits): enough to show why
the AI chose as it did, small enough to store with every decision of a game."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A move the AI chose and why: `how` it chose it ('only': the one legal move, 'decisive':
    it wins at once, 'searched'), the moves its search weighed, most visited first, each
    `{"move": id, "visits": n, "win_rate": mean reward of the seat}`, and `belief`, what the
    seat believed of the game's hidden fact (the game's `belief` hook; None where it has
    none)."""

    move: Move
    how: str
    weighed: list[dict[str, JsonValue]] = field(default_factory=list)
    belief: dict[str, float] | None = None

    def to_json(self) -> dict[str, JsonValue]:
        out: dict[str, JsonValue] = {
            "move": self.move.id,
            "how": self.how,
            "weighed": list(self.weighed),
        }
        if self.belief is not None:
            out["belief"] = dict(self.belief)
        return out


def weighed_moves(
    stats: RootStats, moves: list[Move], top: int = WEIGHED_TOP, chosen: str | None = None
) -> list[dict[str, JsonValue]]:
    """The `top` moves of `stats` by visits (then mean reward, then legal order), and the
    `chosen` move's after them when it is not among them (a level that draws its move may
    play a less visited one), each with its visits and estimated win rate (4 decimals)."""
    order = _ranked(stats, moves)
    kept = order[:top]
    kept += [i for i in order[top:] if moves[i].id == chosen]
    out: list[dict[str, JsonValue]] = []
    for i in kept:
        visits, reward = stats.get(moves[i].id, (0, 0.0))
        out.append(
            {
                "move": moves[i].id,
                "visits": visits,
                "win_rate": round(reward / visits, 4) if visits else 0.0,
            }
        )
    return out


def decide(
    game: Game,
    state: Any,
    seat: Seat,
    level: str = "medium",
    seed: int | str = 0,
    overrides: Mapping[str, Any] | None = None,
    belief: bool = True,
) -> Decision:
    """`choose_move` with its reasons: the same move, the moves weighed and (with `belief`) the
    seat's belief, read from `state` as the seat's information (the game's hook reads only what
    the seat may know)."""
    params = params_for(level, overrides, game.name)
    moves = _check_turn(game, state, seat)
    believed = seat_belief(game, state, seat) if belief else None
    if len(moves) == 1:
        return Decision(moves[0], "only", belief=believed)
    winning = decisive_move(game, state, seat, moves, seed)
    if winning is not None:
        return Decision(winning, "decisive", belief=believed)
    _, stats, _ = _grow(game, state, seat, params, seed, None)
    chosen = pick(stats, [m.id for m in moves], params, seed)
    move = next(m for m in moves if m.id == chosen)
    return Decision(move, "searched", weighed_moves(stats, moves, chosen=chosen), believed)


def seat_belief(game: Game, state: Any, seat: Seat) -> dict[str, float] | None:
    """The game's `belief` hook for `seat` in `state` (rounded to 4 decimals), or None."""
    found = hooks.belief(game)
    if found is None:
        return None
    belief = found(state, seat)
    if belief is None:
        return None
    return {key: round(float(p), 4) for key, p in belief.items()}


def choose_move(
    game: Game,
    state: Any,
    seat: Seat,
    level: str = "medium",
    seed: int | str = 0,
    overrides: Mapping[str, Any] | None = None,
) -> Move:
    """The move `seat` plays in `state` at `level`. The search sees only what `seat` may know:
    it plays on `game.sample(state, seat, ...)` determinizations, never on `state` itself."""
    return decide(game, state, seat, level, seed, overrides, belief=False).move


def analyse(
    game: Game,
    state: Any,
    seat: Seat,
    level: str = "hard",
    seed: int | str = 0,
    overrides: Mapping[str, Any] | None = None,
    top: int = 5,
) -> list[dict[str, JsonValue]]:
    """The `top` moves by search visits, each `{"move": move.to_json(), "visits": n,
    "win_rate": mean reward of `seat` after it}` (win_rate is 0.0 for an unvisited move),
    best first. Even a single legal move is searched, to estimate its win rate."""
    if top < 1:
        raise ValueError("top must be at least 1")
    # The whole budget: the counts are the answer here, not just which move leads.
    params = params_for(level, {"early_stop": False, **(overrides or {})}, game.name)
    moves = _check_turn(game, state, seat)
    _, stats, _ = _grow(game, state, seat, params, seed, None)
    order = _ranked(stats, moves)
    out: list[dict[str, JsonValue]] = []
    for i in order[:top]:
        visits, reward = stats.get(moves[i].id, (0, 0.0))
        out.append(
            {
                "move": moves[i].to_json(),
                "visits": visits,
                "win_rate": round(reward / visits, 4) if visits else 0.0,
            }
        )
    return out


def _ranked(stats: RootStats, moves: list[Move]) -> list[int]:
    """Indexes of `moves` by visits, then mean reward, then legal order."""
    return sorted(
        range(len(moves)),
        key=lambda i: (
            -stats.get(moves[i].id, (0, 0.0))[0],
            -_mean(stats.get(moves[i].id, (0, 0.0))),
            i,
        ),
    )


def _mean(vr: tuple[int, float]) -> float:
    return vr[1] / vr[0] if vr[0] else 0.0


class Session:
    """One seat's AI through a game. `choose` picks a move; `observe` must be called with every
    move played afterwards (by any seat). When the next decision is again this seat's, straight
    after its own move, the search goes on from the subtree of that move."""

    def __init__(
        self,
        game: Game,
        seat: Seat,
        level: str = "medium",
        overrides: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.params = params_for(level, overrides, game.name)
        self._roots: list[Node] | None = None
        self._expect: str | None = None
        self.reused = 0
        """How many decisions started from a kept subtree (for tests and the arena)."""
        self.iterations = 0

    def choose(self, state: Any, seed: int | str) -> Move:
        moves = _check_turn(self.game, state, self.seat)
        # Reuse only a subtree whose move `observe` has confirmed was played.
        confirmed = self.params.reuse and self._expect is None
        roots = self._roots if confirmed else None
        self._roots = None
        self._expect = None
        if len(moves) == 1:
            # The tree below is still good: the forced move leads on to the same subtree.
            self._keep(roots, moves[0].id)
            return moves[0]
        winning = decisive_move(self.game, state, self.seat, moves, seed)
        if winning is not None:
            return winning
        if roots is not None:
            self.reused += 1
        trees, stats, iterations = _grow(self.game, state, self.seat, self.params, seed, roots)
        self.iterations += iterations
        chosen = pick(stats, [m.id for m in moves], self.params, seed)
        self._keep(trees, chosen)
        return next(m for m in moves if m.id == chosen)

    def _keep(self, roots: list[Node] | None, move_id: str) -> None:
        if roots is None or not self.params.reuse:
            return
        kept = [r.children.get(move_id) for r in roots]
        if all(k is not None for k in kept):
            self._roots = [k for k in kept if k is not None]
            self._expect = move_id

    def observe(self, seat: Seat, move: Move | str) -> None:
        """A move (or its id) was played. Only this seat's own expected move keeps the tree."""
        move_id = move if isinstance(move, str) else move.id
        if self._expect is not None and seat == self.seat and move_id == self._expect:
            self._expect = None  # the kept roots now stand for the next decision
            return
        self._roots = None
        self._expect = None
