"""Seeded random games surveyed against a game's declared view and move shapes
(`rules.<game>.view_types`): every view of every seat and the spectator, every legal move, and
what decision kinds and move kinds the games reached. Shared by the games' contract tests and
the test of docs/api-moves.md; one survey per game and process."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Any, get_args

import orjson

from rules.core import Options, get_game
from rules.core.shapes import fields, mismatches


@dataclass
class Survey:
    problems: list[str] = field(default_factory=list)
    decision_kinds: set[str] = field(default_factory=set)
    prompts: dict[str, str] = field(default_factory=dict)  # decision kind -> its first prompt
    values: set[str] = field(default_factory=set)  # every legal move value seen, as JSON
    # (move kind, name of the declared shape) -> the first value seen
    moves: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    views: int = 0


def as_json(value: dict[str, Any]) -> str:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def shape_of(value: dict[str, Any], shapes: tuple[type, ...]) -> str | None:
    """The one declared move shape a move value has (None when none or several fit)."""
    fits = [s.__name__ for s in shapes if not mismatches(value, s)]
    return fits[0] if len(fits) == 1 else None


def declared_moves(shapes: tuple[type, ...]) -> set[tuple[str, str]]:
    """Every (kind, shape) pair the declaration allows."""
    return {(kind, s.__name__) for s in shapes for kind in get_args(fields(s)["type"][0])}


def _check(survey: Survey, where: str, value: Any, tp: Any) -> None:
    found = mismatches(value, tp)
    if found and len(survey.problems) < 20:
        survey.problems.append(f"{where}: " + "; ".join(found[:3]))


def survey(
    name: str,
    option_sets: list[Options],
    seeds: int,
    view_type: type,
    move_shapes: tuple[type, ...],
    every: int = 3,
    cap: int = 2_500,
) -> Survey:
    """Play `seeds` random games of each option set; check the mover's view and legal moves at
    every decision, every seat's and the spectator's view every `every` decisions and at the end."""
    game = get_game(name)
    out = Survey()
    for options in option_sets:
        seats: list[str | None] = [*game.seats(game.validate_options(options)), None]
        for seed in range(seeds):
            s = game.new(game.validate_options(options), seed)
            rng = random.Random(seed)
            for n in range(cap):
                mover = game.to_move(s)
                where = f"{options} seed {seed} decision {n}"
                if mover is None:
                    break
                for seat in seats if n % every == 0 else [mover]:
                    view = game.view(s, seat)
                    out.views += 1
                    _check(out, f"{where} view of {seat}", view, view_type)
                    if seat == mover and view["decision"] is not None:
                        out.decision_kinds.add(view["decision"]["kind"])
                        out.prompts.setdefault(view["decision"]["kind"], view["decision"]["prompt"])
                moves = game.legal_moves(s)
                for m in moves:
                    shape = shape_of(m.value, move_shapes)
                    if shape is None:
                        out.problems.append(f"{where}: {m.value} fits no single declared shape")
                    else:
                        out.moves.setdefault((m.kind, shape), m.value)
                        out.values.add(as_json(m.value))
                s = game.apply(s, rng.choice(moves))
            for seat in seats:
                _check(
                    out,
                    f"{options} seed {seed} final view of {seat}",
                    game.view(s, seat),
                    view_type,
                )
    return out


@functools.cache
def pagan_survey() -> Survey:
    from rules.pagan import view_types
    from tests.pagan.conformance import OPTION_SETS

    return survey(
        "pagan", list(OPTION_SETS.values()), 2, view_types.VIEW, view_types.MOVE_VALUES, every=5
    )


@functools.cache
def pantacle_survey() -> Survey:
    from rules.pantacle import view_types
    from tests.pantacle.positions import PLAYER_COUNTS

    sets: list[Options] = [{"players": p} for p in PLAYER_COUNTS]
    return survey("pantacle", sets, 8, view_types.VIEW, view_types.MOVE_VALUES, every=3)
