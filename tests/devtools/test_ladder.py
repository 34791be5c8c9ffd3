"""`python -m devtools.ladder`: a round robin played into a pool, then the pool rated."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from devtools.ladder import main


def test_a_round_robin_is_played_into_the_pool_once_and_rated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pool = str(tmp_path / "pool.jsonl")
    args = ["pagan", "--pool", pool, "--round-robin", "random,greedy", "--games", "2"]
    assert main([*args, "--no-self-play"]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert data["games"] == 2 and data["pool"] == pool
    assert set(data["fingerprints"]) == {"random", "greedy"}
    assert {"ratings", "pairings", "lengths", "continuous"} <= set(data)
    assert main([*args, "--no-self-play"]) == 0  # nothing played again
    capsys.readouterr()
    assert len(Path(pool).read_text().splitlines()) == 2
    assert main(["pagan", "--pool", pool]) == 0  # rate only
    assert orjson.loads(capsys.readouterr().out)["games"] == 2


def test_a_game_whose_player_plays_differently_now_is_not_rated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pool = tmp_path / "pool.jsonl"
    assert main(["pagan", "--pool", str(pool), "--round-robin", "random", "--games", "1"]) == 0
    capsys.readouterr()
    record = orjson.loads(pool.read_text())
    record["behaviour"]["random"] = "an-older-random"
    pool.write_text(orjson.dumps(record).decode() + "\n")
    assert main(["pagan", "--pool", str(pool)]) == 0
    assert orjson.loads(capsys.readouterr().out)["games"] == 0


def test_an_unknown_player_is_refused_and_nothing_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pool = tmp_path / "pool.jsonl"
    assert main(["pagan", "--pool", str(pool), "--round-robin", "random,wizard"]) == 2
    assert "unknown player 'wizard'" in capsys.readouterr().err
    assert not pool.exists()
