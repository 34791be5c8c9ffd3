"""The arena's pool: records appended per game, pooled by game, options and each player's
behaviour fingerprint, each game once, and rated per role."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from devtools.pool import (
    append_record,
    fingerprint,
    fingerprints,
    play_into_pool,
    poolable,
    rate_pool,
    read_records,
    round_robin_plan,
    unplayed,
)

ROOT = Path(__file__).resolve().parents[2]
OPTIONS: dict[str, Any] = {"scenario": "standard"}
TODAY = {"easy": "e1", "hard": "h1", "medium": "m1", "novice": "n1", "random": "r1"}


def _record(
    seed: str, witch: str, hunter: str, winner: str, behaviour: dict[str, str] | None = None
) -> dict[str, Any]:
    return {
        "game": "pagan",
        "options": OPTIONS,
        "seed": seed,
        "seats": {"hunter": hunter, "witch": witch},
        "behaviour": {s: TODAY.get(s, "?") for s in (witch, hunter)} | (behaviour or {}),
        "winners": [winner] if winner else [],
        "reason": "ritual" if winner == "witch" else "exonerated" if winner else "draw",
        "decisions": 100,
        "stats": {"turns": 20, "favors": 5},
    }


def _fingerprint_in(root: Path, spec: str) -> str:
    """The fingerprint a checkout at `root` computes (its own sources imported)."""
    code = (
        "from devtools.pool import fingerprint; "
        f"print(fingerprint('pantacle', {{'players': 2}}, {spec!r}))"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def test_a_comment_edit_does_not_split_the_pool(tmp_path: Path) -> None:
    for package in ("rules", "ai", "devtools"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.so"))
    before = _fingerprint_in(tmp_path, "novice")
    with (tmp_path / "ai" / "ismcts.py").open("a") as fh:
        fh.write("# A comment changes no move.\n")
    assert _fingerprint_in(tmp_path, "novice") == before


def test_a_change_of_play_changes_the_fingerprint_of_the_players_it_touches() -> None:
    options = {"players": 2}
    novice = fingerprint("pantacle", options, "novice")
    assert fingerprint("pantacle", options, "novice") == novice
    assert fingerprint("pantacle", options, "novice:iterations=120") != novice
    assert fingerprint("pantacle", options, "random") != novice
    assert fingerprint("pantacle", {"players": 3}, "novice") != novice


def test_records_pool_only_with_the_same_game_and_options() -> None:
    records = [
        _record("d-0", "easy", "easy", "witch"),
        {**_record("d-1", "easy", "easy", "witch"), "options": {"scenario": "1"}},
        {**_record("d-2", "easy", "easy", "witch"), "game": "pantacle"},
    ]
    assert [r["seed"] for r in poolable(records, "pagan", OPTIONS, TODAY)] == ["d-0"]


def test_a_game_recorded_twice_counts_once() -> None:
    records = [_record("d-0", "easy", "easy", "witch"), _record("d-0", "easy", "easy", "hunter")]
    pooled = poolable(records, "pagan", OPTIONS, TODAY)
    assert len(pooled) == 1 and pooled[0]["winners"] == ["witch"]


def test_a_game_counts_only_while_every_player_in_it_plays_as_it_did() -> None:
    records = [
        _record("d-0", "medium", "hard", "witch"),
        _record("d-1", "easy", "hard", "hunter", {"easy": "e0"}),
        _record("d-2", "hard", "easy:c=0.5", "witch"),
        _record("d-3", "easy", "medium", "hunter"),
    ]
    pooled = poolable(records, "pagan", OPTIONS, TODAY)
    assert [r["seed"] for r in pooled] == ["d-0", "d-3"]


def test_a_round_robin_pairs_every_two_players_on_paired_deals_and_each_with_itself() -> None:
    plan = round_robin_plan(["witch", "hunter"], ["random", "easy"], 2, "s")
    pairs = [(deal, texts["witch"], texts["hunter"]) for deal, texts in plan]
    assert pairs == [
        ("s/random/random-0", "random", "random"),
        ("s/random/random-1", "random", "random"),
        ("s/random/easy-0", "random", "easy"),
        ("s/random/easy-0", "easy", "random"),
        ("s/easy/easy-0", "easy", "easy"),
        ("s/easy/easy-1", "easy", "easy"),
    ]


def test_a_game_is_unplayed_until_the_pool_holds_it_with_todays_play() -> None:
    plan = round_robin_plan(["witch", "hunter"], ["easy", "hard"], 1, "u")
    records = [
        _record("u/easy/easy-0", "easy", "easy", "witch"),
        _record("u/easy/hard-0", "easy", "hard", "hunter"),
        _record("u/easy/hard-0", "hard", "easy", "witch", {"hard": "h0"}),  # hard changed
    ]
    todo = unplayed(records, "pagan", OPTIONS, plan, TODAY)
    assert [(deal, texts["witch"]) for deal, texts in todo] == [
        ("u/easy/hard-0", "hard"),
        ("u/hard/hard-0", "hard"),
    ]
    assert unplayed([], "pagan", OPTIONS, plan, TODAY) == plan


def test_playing_into_a_pool_appends_each_game_and_plays_nothing_twice(tmp_path: Path) -> None:
    pool = tmp_path / "pool.jsonl"
    plan = round_robin_plan(["witch", "hunter"], ["random"], 1, "t")
    assert play_into_pool(pool, "pagan", OPTIONS, plan) == 1
    assert play_into_pool(pool, "pagan", OPTIONS, plan) == 0
    (rec,) = read_records(pool)
    assert rec["seats"] == {"hunter": "random", "witch": "random"}
    assert rec["behaviour"] == fingerprints("pagan", OPTIONS, ["random"])
    assert rec["stats"]["turns"] >= 1


def test_two_workers_pool_every_game_as_one_worker_does_in_any_order(tmp_path: Path) -> None:
    """Games are handed back as they end, not in deal order (one long game holds back no
    other); every game is seeded by its deal, so the records are the same either way."""
    plan = round_robin_plan(["witch", "hunter"], ["random"], 3, "w")
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert play_into_pool(one, "pagan", OPTIONS, plan) == 3
    assert play_into_pool(two, "pagan", OPTIONS, plan, workers=2) == 3

    def games(path: Path) -> list[tuple[str, str, str, list[str], int]]:
        return sorted(
            (r["seed"], r["seats"]["witch"], r["seats"]["hunter"], r["winners"], r["decisions"])
            for r in read_records(path)
        )

    assert games(two) == games(one)


def test_the_pool_is_rated_per_role_with_lengths_and_stalemates(tmp_path: Path) -> None:
    pool = tmp_path / "pool.jsonl"
    for k in range(4):
        append_record(pool, _record(f"d-{k}", "easy", "random", "witch"))
        append_record(pool, _record(f"d-{k}", "random", "easy", "hunter" if k else ""))
    pooled = poolable(read_records(pool), "pagan", OPTIONS, TODAY)
    out = rate_pool(pooled, order=["random", "easy"])
    assert out["games"] == 8 and out["seats"] == ["hunter", "witch"]
    assert set(out["ratings"]["by_role"]) == {"hunter", "witch"}
    assert out["ratings"]["by_role"]["witch"]["easy"]["elo"] > 0
    stalemated = [p for p in out["pairings"] if p["stalemates"]]
    assert [(p["hunter"], p["witch"], p["stalemates"]) for p in stalemated] == [
        ("easy", "random", 1)
    ]
    assert out["lengths"]["median_length"] == 20 and out["lengths"]["longest"] == 20
    assert out["continuous"]["hunter"]["easy"]["favors"] == 5
