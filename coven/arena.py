"""The `coven arena` and `coven ladder` commands, over the arena library in ai/arena.py.

    coven arena pagan --a hard --b random --games 200 --seed 1 [--players P] [--json]
    coven ladder pagan --games 100 --seed 1 [--rungs random,novice,easy] [--json]

A player spec is a level (`novice` ... `expert`), a policy (`random`, `greedy`), or a level with
overrides: `hard:iterations=500,beliefs=false`. How the games are paired and seeded, and how win
rates and Elo are figured, is told in ai/arena.py. Both print JSON (`--json`: one line, no
progress bar); redirect it to keep it. Pooled round robins rated jointly per role are a
development tool outside the package: `python -m devtools.ladder` (docs/ai.md).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ai.arena import LADDER, BadSpec, parse_spec, parse_specs, run_arena, run_ladder
from coven.console import fail, progress_bar
from rules.core import Options, get_game

# The options both commands take.
GameArg = Annotated[str, typer.Argument(help="The game, e.g. pagan.")]
PlayersOpt = Annotated[int | None, typer.Option(min=1, help="Players (Pantacle).")]
ExpansionOpt = Annotated[
    str | None, typer.Option(help="An expansion to play with, e.g. palisades (Pagan).")
]
ScenarioOpt = Annotated[str | None, typer.Option(help="A scenario, e.g. 10 (Pagan).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object, no bar.")]
WorkersOpt = Annotated[int, typer.Option(min=1, help="Processes playing games at once.")]


def _write(data: Any, json: bool) -> None:
    import sys

    import orjson

    text = orjson.dumps(data, option=orjson.OPT_INDENT_2 if not json else 0).decode()
    sys.stdout.write(text + "\n")


def arena_command(
    game: GameArg,
    a: Annotated[
        str, typer.Option("--a", help="Player A: a level, random, greedy, or level:k=v,...")
    ],
    b: Annotated[str, typer.Option("--b", help="Player B, the same forms.")],
    games: Annotated[int, typer.Option(min=1, help="Games (rounded up to whole rounds).")] = 20,
    seed: Annotated[str, typer.Option(help="Run seed: round k is dealt with '{seed}-{k}'.")] = "1",
    players: PlayersOpt = None,
    expansion: ExpansionOpt = None,
    scenario: ScenarioOpt = None,
    json: JsonOpt = False,
    workers: WorkersOpt = 1,
) -> None:
    """Play paired games of spec A against spec B (a level, random, greedy, or
    level:name=value,...) and report A's win rate with its 95% interval, per role too."""
    from rules.core import InvalidOptions

    try:
        get_game(game)
        parse_spec(a)
        parse_spec(b)
    except (KeyError, BadSpec) as exc:
        fail(str(exc.args[0]))
    extra = _extra_options(expansion, scenario)
    try:
        if json:
            result = run_arena(game, a, b, games, seed, players, workers, None, extra)
        else:
            with progress_bar(f"{game}: {a} vs {b}") as bar:
                task = bar.add_task("games", total=None)
                result = run_arena(
                    game,
                    a,
                    b,
                    games,
                    seed,
                    players,
                    workers,
                    lambda d, t: bar.update(task, completed=d, total=t),
                    extra,
                )
    except (InvalidOptions, ValueError) as exc:
        fail(str(exc))
    _write(result, json)


def ladder_command(
    game: GameArg,
    games: Annotated[int, typer.Option(min=1, help="Games per step of the ladder.")] = 20,
    seed: Annotated[str, typer.Option(help="Run seed.")] = "1",
    players: PlayersOpt = None,
    expansion: ExpansionOpt = None,
    scenario: ScenarioOpt = None,
    json: JsonOpt = False,
    workers: WorkersOpt = 1,
    rungs: Annotated[
        str, typer.Option(help="The rungs, bottom first, comma-separated (players or levels).")
    ] = ",".join(LADDER),
) -> None:
    """Rate random and every level by playing each against the one below (Elo, 95% intervals)."""
    from rules.core import InvalidOptions

    try:
        get_game(game)
    except KeyError as exc:
        fail(str(exc.args[0]))
    extra = _extra_options(expansion, scenario)
    try:
        chosen = tuple(parse_specs(rungs))
        if len(chosen) < 2:
            raise BadSpec("a ladder needs at least two rungs")
    except BadSpec as exc:
        fail(str(exc))
    try:
        _ladder(game, games, seed, players, workers, json, extra, chosen)
    except (InvalidOptions, ValueError) as exc:
        fail(str(exc))


def _ladder(
    game: str,
    games: int,
    seed: str,
    players: int | None,
    workers: int,
    json: bool,
    extra: Options | None,
    rungs: tuple[str, ...],
) -> None:
    if json:
        result = run_ladder(game, games, seed, players, workers, rungs, extra_options=extra)
    else:
        with progress_bar(f"{game} ladder") as bar:
            task = bar.add_task("games", total=None)
            result = run_ladder(
                game,
                games,
                seed,
                players,
                workers,
                rungs,
                progress=lambda label, d, t: bar.update(
                    task, completed=d, total=t, description=label
                ),
                extra_options=extra,
            )
    _write(result, json)


def _extra_options(expansion: str | None, scenario: str | None) -> Options | None:
    extra: Options = {}
    if expansion is not None:
        extra["expansion"] = expansion
    if scenario is not None:
        extra["scenario"] = scenario
    return extra or None
