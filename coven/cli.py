"""The `coven` command: random playouts, the card catalog and the list of games.

    coven games                                     the registered game names
    coven simulate pagan --games 200 --seed 1       random playouts, a summary table
    coven simulate pagan --games 200 --json         ... as one JSON object
    coven simulate pagan --expansion palisades --scenario 10    ... with game options
    coven catalog pagan [--json]                    the game's cards
    coven serve [--host H] [--port P]               the API (and embedded Redis and worker)
    coven info [--json]                             version, and whether the core runs compiled
    coven export GAME_ID [--token T] [--out FILE]   a game's record from a running service
    coven replay FILE / coven verify FILE           check a record offline (docs/records.md)

Exit codes: 0 success, 1 a simulated game raised, 2 bad arguments (unknown game, bad options);
the record commands' own are in coven/records.py.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any

import orjson
import typer
from rich.table import Table

from coven import records
from coven.arena import arena_command, ladder_command
from coven.console import err_console, fail, out_console, progress_bar
from coven.simulate import Playouts, play_random
from rules.core import Game, InvalidOptions, core_build, game_names, get_game

app = typer.Typer(
    name="coven",
    help="Coven: the game-state service for Pagan and Pantacle (command-line tools).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

CARD_COLUMNS = ("number", "name", "side", "type", "cost", "origin")


def _print_json(data: Any) -> None:
    sys.stdout.write(orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode() + "\n")
    sys.stdout.flush()


def _game(name: str) -> Game:
    try:
        return get_game(name)
    except KeyError as exc:
        fail(exc.args[0])


@app.command()
def games() -> None:
    """List the registered game names, one a line."""
    for name in game_names():
        typer.echo(name)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="The game to play, e.g. pagan.")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 100,
    seed: Annotated[str, typer.Option(help="Run seed: game i is dealt with '{seed}-{i}'.")] = "1",
    json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    max_decisions: Annotated[
        int, typer.Option(min=1, help="Decisions after which a game counts as unfinished.")
    ] = 10_000,
    players: Annotated[
        int | None, typer.Option(min=1, help="Number of players (games that have a choice).")
    ] = None,
    expansion: Annotated[
        str | None, typer.Option(help="An expansion to play with, e.g. palisades (Pagan).")
    ] = None,
    scenario: Annotated[
        str | None, typer.Option(help="A scenario to play, e.g. 10 (Pagan).")
    ] = None,
) -> None:
    """Play games with uniformly random legal moves and count wins, end reasons and speed."""
    impl = _game(game)
    options = impl.default_options()
    if players is not None:
        options["players"] = players
    if expansion is not None:
        options["expansion"] = expansion
    if scenario is not None:
        options["scenario"] = scenario
    try:
        options = impl.validate_options(options)
    except InvalidOptions as exc:
        fail(f"invalid options for {game}: {exc}")

    if json:
        tally = play_random(impl, games, seed, options, max_decisions)
        _print_json(tally.to_json())
    else:
        with progress_bar(f"{game} random playouts") as bar:
            task = bar.add_task("playouts", total=games)
            tally = play_random(
                impl,
                games,
                seed,
                options,
                max_decisions,
                progress=lambda done: bar.update(task, completed=done),
            )
        _print_summary(tally, seed, max_decisions)

    if tally.first_error is not None:
        err_console().print(f"{tally.errors} game(s) raised; the first:", style="red")
        sys.stderr.write(tally.first_error)
    if tally.errors:
        raise typer.Exit(1)


def _print_summary(tally: Playouts, seed: str, max_decisions: int) -> None:
    summary = tally.to_json()
    out = out_console()
    players = f", {tally.players} players" if tally.players is not None else ""
    out.print(f"[bold]{tally.game}[/]: {tally.games} random games, seed {seed!r}{players}")

    finished = tally.games - tally.unfinished - tally.errors
    wins = Table(title="Wins")
    wins.add_column("seat")
    wins.add_column("wins", justify="right")
    wins.add_column("share of finished", justify="right")
    wins_by_seat: dict[str, int] = summary["wins"]
    for seat, n in wins_by_seat.items():
        wins.add_row(seat, str(n), f"{n / finished:.1%}" if finished else "-")
    out.print(wins)

    reasons = Table(title="End reasons")
    reasons.add_column("reason")
    reasons.add_column("games", justify="right")
    for reason, n in tally.reasons.most_common():
        reasons.add_row(reason, str(n))
    out.print(reasons)

    out.print(f"finished: {finished}")
    out.print(f"unfinished (over {max_decisions} decisions): {tally.unfinished}")
    out.print(f"errors: {tally.errors}")
    out.print(f"decisions per game: {tally.avg_decisions:.1f}")
    out.print(
        f"decisions per second: {tally.decisions_per_second:,.0f} "
        f"({tally.decisions} in {tally.seconds:.2f} s)"
    )


@app.command()
def catalog(
    game: Annotated[str, typer.Argument(help="The game whose data to show, e.g. pagan.")],
    json: Annotated[bool, typer.Option("--json", help="Print the whole catalog as JSON.")] = False,
) -> None:
    """Show the game's catalog: its cards (and how many of each other kind of data it has)."""
    data = _game(game).catalog()
    if json:
        _print_json(data)
        return
    out = out_console()
    cards = data.get("cards")
    if isinstance(cards, list):
        table = Table(title=f"{game} cards ({len(cards)})")
        for column in CARD_COLUMNS:
            table.add_column(column, justify="right" if column == "cost" else "left")
        for card in cards:
            table.add_row(*(_card_cell(card, column) for column in CARD_COLUMNS))
        out.print(table)
    else:
        out.print(f"{game} has no card list in its catalog")
    for key, value in data.items():
        if key != "cards" and isinstance(value, list | dict):
            out.print(f"{key}: {len(value)}")


def _card_cell(card: Any, column: str) -> str:
    if not isinstance(card, dict):
        return ""
    value = card.get(column)
    if value is None and column == "number":
        value = card.get("id")  # Pagan cards use their printed number as id
    return "" if value is None else str(value)


# The arena and the ladder commands live in coven/arena.py (their library in ai/arena.py).
app.command("arena")(arena_command)
app.command("ladder")(ladder_command)
# A game's record: export it from a service, replay and verify it offline (coven/records.py).
app.command("export")(records.export)
app.command("replay")(records.replay)
app.command("verify")(records.verify)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(min=1, max=65535, envvar="COVEN_PORT", help="Port to listen on.")
    ] = 8000,
    data_dir: Annotated[
        str,
        typer.Option(
            envvar="COVEN_DATA_DIR", help="Where the embedded Redis keeps its data (no REDIS_URL)."
        ),
    ] = ".coven-data",
) -> None:
    """Run the API; without REDIS_URL also an embedded Redis and an AI worker."""
    from pathlib import Path

    from coven.serve import serve as run_service

    raise typer.Exit(
        # One line per event, never wrapped: logs and supervisors read them line by line.
        run_service(
            host, port, Path(data_dir), lambda line: err_console().print(line, soft_wrap=True)
        )
    )


@app.command()
def info(
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
) -> None:
    """The version, and whether the rules core and the AI run compiled (mypyc) or as Python."""
    from importlib.metadata import version

    build = core_build()
    data = {
        "version": version("coven"),
        "python": sys.version.split()[0],
        "compiled_core": build.in_use,
        "compiled": list(build.compiled),
        "interpreted": list(build.interpreted),
        "stale": list(build.stale),
    }
    if as_json:
        _print_json(data)
        return
    out = out_console()
    out.print(f"coven {data['version']} (Python {data['python']})")
    if build.in_use:
        count = f"{len(build.compiled)} of {len(build.compiled) + len(build.interpreted)}"
        out.print(f"compiled core: yes (mypyc), {count} modules of rules/ and ai/")
        out.print(f"interpreted: {', '.join(build.interpreted)}")
    else:
        out.print("compiled core: no (pure Python)")
    if build.stale:
        err_console().print(
            f"[yellow]warning:[/] compiled from older sources: {', '.join(build.stale)}; "
            "reinstall (. scripts/ensure-venv.sh) to rebuild them"
        )


def main() -> None:
    """The console-script entry point."""
    app()
