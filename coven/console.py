"""What the `coven` commands print with: the consoles, the error exit and the progress bar."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


def out_console() -> Console:
    return Console(highlight=False)


def err_console() -> Console:
    return Console(stderr=True, highlight=False)


def fail(message: str) -> NoReturn:
    """Say what was wrong on stderr and exit 2 (bad arguments)."""
    err_console().print(f"[red]error:[/] {message}")
    raise typer.Exit(2) from None


def progress_bar(label: str) -> Progress:
    """A bar on stderr that clears itself when done, so stdout holds only the result."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console(),
        transient=True,
    )
