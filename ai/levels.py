"""Difficulty levels: named presets of the search's parameters, and per-request overrides.

A level is defined by its iteration budget (the time budget is only a cap, so a seeded search
gives the same move on any machine unless the cap cuts it short), its exploration constant, its
rollout policy and cut-off, and how the final move is chosen. `expert` runs several independent
trees (root parallelism) whose root visit counts are merged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from rules.core import get_game

LEVELS = ("novice", "easy", "medium", "hard", "expert")

ROLLOUTS = ("heuristic", "random")
SELECTIONS = ("robust", "temperature", "softmax")


class InvalidLevel(ValueError):
    """An unknown level or a bad override; the message names the problem."""


@dataclass(frozen=True, slots=True)
class Params:
    """Everything that shapes one search. See the README's AI section for what each does."""

    iterations: int = 300
    """Iterations per tree (the budget that defines a level)."""
    time_cap: float | None = 1.0
    """Seconds after which a tree stops early (a safety cap; None: no cap)."""
    c: float = 0.7
    """UCB exploration constant (rewards are in [0, 1])."""
    rollout: str = "heuristic"
    """'heuristic' uses the game's `rollout_move` hook when it has one; 'random' never does."""
    rollout_depth: int | None = 12
    """Decisions played after the tree before the game's `evaluate` hook scores the position
    (None, or a game without the hook: play to the end)."""
    max_rollout: int = 10_000
    """Hard bound on a rollout's decisions when playing to the end (then: a draw)."""
    select: str = "robust"
    """'robust': the most visited root move; 'temperature': drawn by visits ** (1 / temperature);
    'softmax': drawn by exp(mean reward / (temperature * spread)) among the visited root moves,
    spread being their best mean minus their worst (`ai.parallel.pick`)."""
    temperature: float = 1.0
    widen_base: int = 3
    """Progressive widening: a node visited n times has at most widen_base + widen_c * n **
    widen_alpha children."""
    widen_c: float = 1.0
    widen_alpha: float = 0.5
    beliefs: bool = True
    """Model opponents' uncertainty: some iterations re-sample the world from the first opponent's
    point of view at its first decision and update only that opponent's nodes."""
    belief_share: float = 0.5
    """The share of iterations spent on opponents' beliefs (when `beliefs`)."""
    plausible: bool = True
    """Draw determinizations with the game's `belief_sample` hook (when it has one)."""
    bias: float = 0.5
    """Progressive bias at the root (Chaslot et al., 2008): a root move's score gains
    bias * h / (visits + 1), h in [0, 1] from the game's `move_bias` hook in the iteration's
    determinization, so the search tries the moves the game's knowledge singles out first and
    keeps them until their own results speak. No effect for a game without the hook."""
    trees: int = 1
    """Independent trees merged by root visit counts (root parallelism)."""
    reuse: bool = True
    """Keep the subtree between consecutive decisions of one seat (in a `Session`)."""
    reuse_credit: bool = True
    """A kept subtree's visits count towards the next decision's budget (at least a quarter of
    the budget is still run), so a turn's later decisions, already searched as part of the
    first, cost less."""
    early_stop: bool = True
    """Stop a single tree as soon as its most visited root move can no longer be overtaken in the
    iterations left. With 'robust' selection the chosen move is the one the full budget would
    choose, in less time; ignored for 'temperature' selection and for several trees, whose
    choice depends on every visit count."""

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


PRESETS: dict[str, Params] = {
    # A beginner: a small search with noise on the root's values (docs/ai.md, "novice").
    "novice": Params(
        iterations=60,
        time_cap=0.25,
        c=0.9,
        rollout="heuristic",
        rollout_depth=8,
        select="softmax",
        temperature=0.15,
    ),
    "easy": Params(iterations=100, time_cap=0.25, c=0.9, rollout="heuristic", rollout_depth=8),
    "medium": Params(iterations=300, time_cap=1.0, c=0.7, rollout_depth=12),
    "hard": Params(iterations=2000, time_cap=3.0, c=0.6, rollout_depth=12),
    "expert": Params(iterations=2000, time_cap=3.0, c=0.6, rollout_depth=12, trees=4),
}

ANSWER_SECONDS: dict[str, tuple[float, float]] = {
    "novice": (0.05, 0.1),
    "easy": (0.05, 0.1),
    "medium": (0.15, 0.3),
    "hard": (0.6, 1.0),
    "expert": (0.9, 1.4),
}
"""Per level, the range of seconds in which the service answers each AI decision, for a game
that declares none of its own (`GameInfo.answer_seconds`): sized for turns of about nine
decisions, as Pagan's."""

_BOUNDS: dict[str, tuple[float, float]] = {
    "iterations": (1, 1_000_000),
    "time_cap": (0.001, 3600.0),
    "c": (0.0, 100.0),
    "rollout_depth": (0, 100_000),
    "max_rollout": (1, 1_000_000),
    "temperature": (0.001, 100.0),
    "widen_base": (1, 10_000),
    "widen_c": (0.0, 1000.0),
    "widen_alpha": (0.0, 1.0),
    "belief_share": (0.0, 1.0),
    "bias": (0.0, 100.0),
    "trees": (1, 256),
}


def params_for(
    level: str, overrides: Mapping[str, Any] | None = None, game: str | None = None
) -> Params:
    """The preset of `level` as `game` (a registered game's name) plays it, with `overrides`
    applied; `InvalidLevel` names any problem. A game may tune a level where the shared preset
    makes no step in it: its `GameInfo.level_params`."""
    try:
        base = PRESETS[level]
    except (KeyError, TypeError):
        raise InvalidLevel(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}") from None
    tuned = _game_params(game, level)
    if tuned:
        base = _overridden(base, tuned)
    if not overrides:
        return base
    return _overridden(base, overrides)


def answer_seconds(level: str, game: str | None = None) -> tuple[float, float]:
    """The range (low, high) of seconds in which the service answers each of `level`'s
    decisions in `game` (its `GameInfo.answer_seconds`, else the level's default);
    `InvalidLevel` for an unknown level."""
    if level not in ANSWER_SECONDS:
        raise InvalidLevel(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
    declared: Mapping[str, tuple[float, float]] = {}
    if game:
        try:
            declared = get_game(game).info.answer_seconds
        except KeyError:
            declared = {}
    low, high = declared.get(level, ANSWER_SECONDS[level])
    return float(low), float(high)


def _game_params(game: str | None, level: str) -> Mapping[str, Any]:
    """What `game` declares for `level` (nothing for a game the registry does not know)."""
    if not game:
        return {}
    try:
        info = get_game(game).info
    except KeyError:
        return {}
    return info.level_params.get(level, {})


def _overridden(base: Params, overrides: Mapping[str, Any]) -> Params:
    if not isinstance(overrides, Mapping):
        raise InvalidLevel("overrides must be a mapping of parameter names to values")
    known = {f.name: f for f in fields(Params)}
    problems: list[str] = []
    clean: dict[str, Any] = {}
    for name, value in overrides.items():
        if name not in known:
            problems.append(f"unknown parameter {name!r} (known: {', '.join(sorted(known))})")
            continue
        checked = _check(name, value, getattr(base, name))
        if isinstance(checked, str):
            problems.append(checked)
        else:
            clean[name] = checked[0]
    if problems:
        raise InvalidLevel("; ".join(problems))
    return replace(base, **clean)


def _check(name: str, value: Any, default: Any) -> tuple[Any] | str:
    """(value,) when `value` fits parameter `name`, else a message saying why not."""
    if name == "rollout":
        return (value,) if value in ROLLOUTS else f"rollout must be one of {ROLLOUTS}"
    if name == "select":
        return (value,) if value in SELECTIONS else f"select must be one of {SELECTIONS}"
    if name in ("beliefs", "reuse", "plausible", "early_stop", "reuse_credit"):
        return (value,) if isinstance(value, bool) else f"{name} must be true or false"
    if value is None and name in ("time_cap", "rollout_depth"):
        return (None,)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return f"{name} must be a number, not {value!r}"
    integral = isinstance(default, int) or name in ("iterations", "trees", "rollout_depth")
    if integral and not float(value).is_integer():
        return f"{name} must be a whole number, not {value!r}"
    lo, hi = _BOUNDS[name]
    if not lo <= value <= hi:
        return f"{name} must be between {lo:g} and {hi:g}, not {value!r}"
    return (int(value) if integral else float(value),)
