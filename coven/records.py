"""The `coven export`, `coven replay` and `coven verify` commands: take a game's record away from
a running service, and check it offline (docs/records.md).

    coven export GAME_ID [--token T] [--out FILE] [--url URL]   the record, over REST
    coven replay FILE [--json]     rebuild the game, check every version and the outcome
    coven verify FILE [--json]     check the seed commitment, then replay every decision

`replay` and `verify` run the same checks (`gamestore.transcripts.replay`); they differ in what
they insist on. `replay` is about the rules: it passes when every version rebuilds as recorded,
whether or not the game had a commitment. `verify` is about the shuffle: it passes only when the
revealed seed and salt hash to the commitment published at creation *and* the replay is exact.

Exit codes: 0 it holds; 1 it does not (a divergence, a commitment that does not match, a
service that refused the export or could not be reached); 2 the file is no record this build
can replay (not a record, another format version, a game not over yet); 3 (`verify` only) the
record replays but has no commitment to check (a game created before commitments).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer

from coven.console import err_console, fail, out_console
from gamestore import transcripts
from gamestore.transcripts import COMMITMENT_ABSENT, COMMITMENT_MISMATCH, RecordError, Replay

DEFAULT_URL = "http://127.0.0.1:8000"
NO_COMMITMENT = 3

FileArg = Annotated[Path, typer.Argument(help="A record file (as `coven export` writes it).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def export(
    game_id: Annotated[str, typer.Argument(help="The game's id.")],
    token: Annotated[
        str | None, typer.Option(help="A seat token: that seat's record while the game goes on.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="Write the record here (default stdout).")
    ] = None,
    url: Annotated[str, typer.Option(help="The service's base URL.")] = DEFAULT_URL,
    lang: Annotated[str, typer.Option(help="The language of its texts (en, es).")] = "en",
) -> None:
    """Fetch a game's record from a running service (GET /api/v1/games/{id}/record)."""
    import httpx

    headers = {"Accept-Language": lang}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    try:
        answer = httpx.get(
            f"{url.rstrip('/')}/api/v1/games/{game_id}/record", headers=headers, timeout=60
        )
    except httpx.HTTPError as exc:
        err_console().print(f"[red]error:[/] the service at {url} did not answer: {exc}")
        raise typer.Exit(1) from None
    if answer.status_code != 200:
        try:
            problem = answer.json()
            why = f"{problem.get('code')}: {problem.get('detail')}"
        except ValueError:
            why = answer.text[:200]
        err_console().print(f"[red]error:[/] {answer.status_code} {why}")
        raise typer.Exit(1)
    record = answer.json()
    data = orjson.dumps(record, option=orjson.OPT_INDENT_2) + b"\n"
    if out is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    out.write_bytes(data)
    state = "complete" if record.get("complete") else "not complete (the game goes on)"
    err_console().print(
        f"wrote {out}: {record.get('game')} game {record.get('id')}, "
        f"{len(record.get('decisions', []))} decisions, {state}"
    )


def _load(path: Path) -> Replay:
    try:
        doc = orjson.loads(path.read_bytes())
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    except orjson.JSONDecodeError as exc:
        fail(f"{path} is not JSON: {exc}")
    try:
        return transcripts.replay(doc)
    except RecordError as exc:
        fail(f"{path}: {exc}")


def _summary(result: Replay) -> dict[str, Any]:
    return result.to_json()


def _print_replay(result: Replay) -> None:
    out = out_console()
    if result.divergence is not None:
        out.print(f"[red]diverges[/] at {result.divergence}", soft_wrap=True)
        out.print(f"versions 1 to {result.versions} replayed as recorded before it")
        return
    out.print(
        f"{result.game}: replayed {result.versions} versions exactly "
        f"({result.checked_hashes} state hashes checked) and the outcome"
    )
    for note in result.notes:
        out.print(f"note: {note}", soft_wrap=True)


def _print_commitment(result: Replay) -> None:
    out = out_console()
    if result.commitment == COMMITMENT_ABSENT:
        out.print("seed commitment: no commitment (a game created before commitments)")
    elif result.commitment == COMMITMENT_MISMATCH:
        out.print(
            "[red]seed commitment: mismatch[/]: the revealed seed and salt do not hash to the "
            "commitment published at creation",
            soft_wrap=True,
        )
    else:
        out.print(
            "seed commitment: verified (the revealed seed and salt hash to the commitment "
            "published at creation)",
            soft_wrap=True,
        )
    if result.seed_chosen:
        out.print("note: the creator chose this game's seed", soft_wrap=True)


def replay(file: FileArg, json: JsonOpt = False) -> None:
    """Rebuild a finished game from its record; check every version's state, every move, its
    texts and the outcome, and say where the record diverges."""
    result = _load(file)
    if json:
        sys.stdout.write(orjson.dumps(_summary(result)).decode() + "\n")
    else:
        _print_replay(result)
        if result.commitment == COMMITMENT_MISMATCH:
            _print_commitment(result)
    if not result.ok:
        raise typer.Exit(1)


def verify(file: FileArg, json: JsonOpt = False) -> None:
    """Check that the game was dealt from the seed it committed to at creation, and replay
    every decision from it."""
    result = _load(file)
    if json:
        sys.stdout.write(orjson.dumps(_summary(result)).decode() + "\n")
    else:
        _print_commitment(result)
        _print_replay(result)
    if not result.ok:
        raise typer.Exit(1)
    if result.commitment == COMMITMENT_ABSENT:
        raise typer.Exit(NO_COMMITMENT)
