"""`coven replay` and `coven verify` on record files, and `coven export`'s refusals: what each
says and its exit code (docs/records.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest
from typer.testing import CliRunner

from coven.cli import app
from gamestore import transcripts
from rules.core import get_game
from tests.support.records import new_record, play, random_chooser

runner = CliRunner()


def said(text: str) -> str:
    """What a command printed, its lines joined (the console wraps long ones)."""
    return " ".join(text.split())


def _record(salt: str = "cd" * 32, limit: int = 100_000) -> dict[str, Any]:
    game = get_game("pantacle")
    record, log = play(
        game, new_record(game, {"players": 2}, "cli", salt=salt), random_chooser(4), limit
    )
    return transcripts.build(game, record, log, None)


def _file(tmp_path: Path, doc: Any, name: str = "record.json") -> str:
    path = tmp_path / name
    path.write_bytes(doc if isinstance(doc, bytes) else orjson.dumps(doc))
    return str(path)


def test_a_true_record_replays_and_verifies(tmp_path: Path) -> None:
    doc = _record()
    path = _file(tmp_path, doc)
    replayed = runner.invoke(app, ["replay", path])
    assert replayed.exit_code == 0, replayed.output
    assert f"replayed {doc['version']} versions exactly" in said(replayed.stdout)
    verified = runner.invoke(app, ["verify", path])
    assert verified.exit_code == 0, verified.output
    assert "seed commitment: verified" in said(verified.stdout)
    summary = orjson.loads(runner.invoke(app, ["verify", path, "--json"]).stdout)
    assert summary["ok"] and summary["versions"] == doc["version"]


def test_a_divergence_exits_1_and_says_where(tmp_path: Path) -> None:
    doc = _record()
    doc["decisions"][11]["state_hash"] = "e" * 64
    path = _file(tmp_path, doc)
    for command in ("replay", "verify"):
        result = runner.invoke(app, [command, path])
        assert result.exit_code == 1
        seat, move = doc["decisions"][11]["seat"], doc["decisions"][11]["move"]["id"]
        assert f"diverges at version 12 ({seat}: {move}): state hash" in said(result.stdout)
        assert "versions 1 to 11 replayed as recorded" in said(result.stdout)


def test_a_seed_that_is_not_the_committed_one_fails_verify_and_replay(tmp_path: Path) -> None:
    doc = _record()
    doc["seed"]["salt"] = "00" * 32
    path = _file(tmp_path, doc)
    verify = runner.invoke(app, ["verify", path])
    assert verify.exit_code == 1 and "seed commitment: mismatch" in said(verify.stdout)
    assert runner.invoke(app, ["replay", path]).exit_code == 1


def test_a_game_without_a_commitment_replays_but_verify_exits_3(tmp_path: Path) -> None:
    path = _file(tmp_path, _record(salt=""))
    replay = runner.invoke(app, ["replay", path])
    assert replay.exit_code == 0 and "no commitment" in said(replay.stdout)
    verify = runner.invoke(app, ["verify", path])
    assert verify.exit_code == 3
    assert "seed commitment: no commitment" in said(verify.stdout)


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"not json", "is not JSON"),
        (b'{"format": "something else"}', "not a game record"),
        (None, "not complete"),
    ],
)
def test_what_is_no_replayable_record_exits_2_with_the_reason(
    tmp_path: Path, content: bytes | None, says: str
) -> None:
    path = _file(tmp_path, content if content is not None else _record(limit=10))
    for command in ("replay", "verify"):
        result = runner.invoke(app, [command, path])
        assert result.exit_code == 2
        assert says in said(result.output)
    missing = runner.invoke(app, ["verify", str(tmp_path / "nowhere.json")])
    assert missing.exit_code == 2 and "cannot read" in said(missing.output)


def test_export_says_why_it_got_no_record_and_exits_1(api: str, tmp_path: Path) -> None:
    out = tmp_path / "never.json"
    result = runner.invoke(app, ["export", "--url", api, "--out", str(out), "--", "no-such-game"])
    assert result.exit_code == 1
    assert "404 GAME_NOT_FOUND" in said(result.output) and not out.exists()
    closed = runner.invoke(app, ["export", "--url", "http://127.0.0.1:9", "some-game"])
    assert closed.exit_code == 1 and "did not answer" in said(closed.output)
