"""The `coven arena` and `coven ladder` commands, over the arena library in ai/arena.py.

    coven arena pagan --a hard --b random --games 200 --seed 1 [--players P] [--json]
    coven ladder pagan --games 100 --seed 1 [--json]
    coven ladder pagan --round-robin random,greedy,novice,easy --games 10 --seed rr1 \
        --pool benchmarks/results/pagan-pool.jsonl        (play what is missing, rate the pool)
    coven ladder pagan --pool benchmarks/results/pagan-pool.jsonl   (rate only)

A player spec is a level (`novice` ... `expert`), a policy (`random`, `greedy`), or a level with
overrides: `hard:iterations=500,beliefs=false`. How the games are paired and seeded, and how win
rates and Elo are figured, is told in ai/arena.py.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ai.arena import LADDER, BadSpec, parse_spec, parse_specs, run_arena, run_ladder
from ai.levels import LEVELS
from coven.console import fail, progress_bar
from rules.core.protocol import Options
from rules.core.registry import get_game

# The options both commands take.
GameArg = Annotated[str, typer.Argument(help="The game, e.g. pagan.")]
PlayersOpt = Annotated[int | None, typer.Option(min=1, help="Players (Pantacle).")]
ExpansionOpt = Annotated[
    str | None, typer.Option(help="An expansion to play with, e.g. palisades (Pagan).")
]
ScenarioOpt = Annotated[str | None, typer.Option(help="A scenario, e.g. 10 (Pagan).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object, no bar.")]
WorkersOpt = Annotated[int, typer.Option(min=1, help="Processes playing games at once.")]
OutOpt = Annotated[str | None, typer.Option(help="Also write the JSON to this file.")]


def _write(data: Any, out: str | None, json: bool) -> None:
    import sys
    from pathlib import Path

    import orjson

    text = orjson.dumps(data, option=orjson.OPT_INDENT_2 if not json else 0).decode()
    if out:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n")
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
    out: OutOpt = None,
) -> None:
    """Play paired games of spec A against spec B (a level, random, greedy, or
    level:name=value,...) and report A's win rate with its 95% interval, per role too."""
    from rules.core.errors import InvalidOptions

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
    _write(result, out, json)


def ladder_command(
    game: GameArg,
    games: Annotated[int, typer.Option(min=1, help="Games per step of the ladder.")] = 20,
    seed: Annotated[str, typer.Option(help="Run seed.")] = "1",
    players: PlayersOpt = None,
    expansion: ExpansionOpt = None,
    scenario: ScenarioOpt = None,
    json: JsonOpt = False,
    workers: WorkersOpt = 1,
    out: OutOpt = None,
    rungs: Annotated[
        str, typer.Option(help="The rungs, bottom first, comma-separated (players or levels).")
    ] = ",".join(LADDER),
    round_robin: Annotated[
        str | None,
        typer.Option(
            help="Players (comma-separated, weakest first): every pair plays --games games on "
            "paired deals, each player itself too, into --pool."
        ),
    ] = None,
    pool: Annotated[
        str | None,
        typer.Option(
            help="A JSONL pool of game records: the round robin's games are added to it (games "
            "already there are not played again), then every poolable record is rated per role."
        ),
    ] = None,
    self_play: Annotated[
        bool, typer.Option(help="In a round robin, each player also plays itself.")
    ] = True,
    code_version: Annotated[
        str | None,
        typer.Option(
            help="Rate the pooled records of this code version (default: today's code's), or "
            "of several that play alike, comma-separated (each deal once); a round robin always "
            "plays today's code."
        ),
    ] = None,
    changed: Annotated[
        str | None,
        typer.Option(
            help="With several --code-version: players (comma-separated) whose play differs "
            "between them; their games count only from the first version named, or with "
            "player@VERSION from the versions named up to VERSION (it changed after it)."
        ),
    ] = None,
) -> None:
    """Rate random and every level by playing each against the one below (Elo, 95% intervals);
    with --pool, a round robin pooled across runs and rated jointly per role (Bradley-Terry)."""
    from rules.core.errors import InvalidOptions

    try:
        get_game(game)
    except KeyError as exc:
        fail(str(exc.args[0]))
    extra = _extra_options(expansion, scenario)
    if pool is not None or round_robin is not None:
        try:
            _pooled(
                game,
                games,
                seed,
                players,
                workers,
                json,
                out,
                extra,
                (round_robin, pool, self_play, code_version, changed),
            )
        except (InvalidOptions, ValueError) as exc:
            fail(str(exc))
        return
    try:
        chosen = tuple(parse_specs(rungs))
        if len(chosen) < 2:
            raise BadSpec("a ladder needs at least two rungs")
    except BadSpec as exc:
        fail(str(exc))
    try:
        _ladder(game, games, seed, players, workers, json, out, extra, chosen)
    except (InvalidOptions, ValueError) as exc:
        fail(str(exc))


def _ladder(
    game: str,
    games: int,
    seed: str,
    players: int | None,
    workers: int,
    json: bool,
    out: str | None,
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
    _write(result, out, json)


def _pooled(
    game: str,
    games: int,
    seed: str,
    players: int | None,
    workers: int,
    json: bool,
    out: str | None,
    extra: Options | None,
    pooled: tuple[str | None, str | None, bool, str | None, str | None],
) -> None:
    """The round robin (round robin, pool, self play, code versions to rate, players changed
    between them) and the rating."""
    round_robin, pool, self_play, rated_version, changed = pooled
    from ai.pool import (
        code_version,
        play_into_pool,
        poolable,
        rate_pool,
        read_records,
        round_robin_plan,
    )

    if pool is None:
        raise BadSpec("--round-robin needs --pool, the file its games are recorded in")
    g = get_game(game)
    options = {**g.default_options(), **(extra or {})}
    if players is not None:
        options["players"] = players
    options = g.validate_options(options)
    today = code_version()
    version = rated_version or today
    versions = [v.strip() for v in version.split(",") if v.strip()]
    moved = _changed(changed, versions)
    # The round robin plays today's code: when it is the first version rated, a game the pool
    # already counts for it (from any version rated with it) is not played again.
    alike, kept = (versions, moved) if versions and versions[0] == today else ([], {})
    order: list[str] | None = None
    if round_robin is not None:
        order = parse_specs(round_robin)
        plan = round_robin_plan(g.seats(options), order, games, seed, self_play)
        if json:
            play_into_pool(pool, game, options, plan, workers, alike=alike, changed=kept)
        else:
            with progress_bar(f"{game} round robin into {pool}") as bar:
                task = bar.add_task("games", total=None)

                def report(done: int, total: int) -> None:
                    bar.update(task, completed=done, total=total)

                play_into_pool(pool, game, options, plan, workers, report, alike, kept)
    records = poolable(read_records(pool), game, options, versions, moved)
    if order is None:  # rating only: the steps go up the levels, other specs after, by name
        known = ("random", "greedy", *LEVELS)
        seen = {text for r in records for text in r["seats"].values()}
        order = [p for p in known if p in seen] + sorted(seen - set(known))
    result = {
        "game": game,
        "options": options,
        "pool": pool,
        "version": version,
        "pooling": "same game, options and code version; each deal and seat assignment once",
        **({"changed": sorted(_changed_texts(moved, versions))} if moved else {}),
        **rate_pool(records, per_role=True, order=order),
    }
    _write(result, out, json)


def _changed(changed: str | None, versions: list[str]) -> dict[str, str]:
    """`--changed` read as player -> the last version named whose games with it count: a
    player alone changed after the first version, `player@version` after that one."""
    out: dict[str, str] = {}
    for item in (changed or "").split(","):
        text, _, after = item.strip().partition("@")
        if not text:
            continue
        kind = parse_spec(text).kind
        if after and after not in versions:
            raise BadSpec(f"--changed {item.strip()}: {after} is not among the --code-version")
        out[kind] = after or versions[0]
    return out


def _changed_texts(moved: dict[str, str], versions: list[str]) -> list[str]:
    """`--changed` as read, in its own form (`player`, or `player@version` after an older one)."""
    return [kind if after == versions[0] else f"{kind}@{after}" for kind, after in moved.items()]


def _extra_options(expansion: str | None, scenario: str | None) -> Options | None:
    extra: Options = {}
    if expansion is not None:
        extra["expansion"] = expansion
    if scenario is not None:
        extra["scenario"] = scenario
    return extra or None
