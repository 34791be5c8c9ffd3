"""The arena's pool: records appended per game, pooled by game, options and code version, each
game once, and rated per role."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ai.pool import (
    append_record,
    code_version,
    play_into_pool,
    poolable,
    rate_pool,
    read_records,
    round_robin_plan,
    unplayed,
)

OPTIONS: dict[str, Any] = {"scenario": "standard"}


def _record(seed: str, witch: str, hunter: str, winner: str, version: str = "v1") -> dict[str, Any]:
    return {
        "game": "pagan",
        "options": OPTIONS,
        "seed": seed,
        "seats": {"hunter": hunter, "witch": witch},
        "version": version,
        "winners": [winner] if winner else [],
        "reason": "ritual" if winner == "witch" else "exonerated" if winner else "draw",
        "decisions": 100,
        "stats": {"turns": 20, "favors": 5},
    }


def test_the_code_version_is_a_stable_hash_of_the_rules_and_the_ai() -> None:
    assert code_version() == code_version()
    assert len(code_version()) == 16


def test_records_pool_only_with_the_same_game_options_and_version() -> None:
    records = [
        _record("d-0", "easy", "easy", "witch"),
        _record("d-1", "easy", "easy", "witch", version="v2"),
        {**_record("d-2", "easy", "easy", "witch"), "options": {"scenario": "1"}},
    ]
    assert [r["seed"] for r in poolable(records, "pagan", OPTIONS, "v1")] == ["d-0"]


def test_a_game_recorded_twice_counts_once() -> None:
    records = [_record("d-0", "easy", "easy", "witch"), _record("d-0", "easy", "easy", "hunter")]
    pooled = poolable(records, "pagan", OPTIONS, "v1")
    assert len(pooled) == 1 and pooled[0]["winners"] == ["witch"]


def test_versions_that_play_alike_pool_together_each_deal_once() -> None:
    records = [
        _record("d-0", "easy", "easy", "witch", version="v1"),
        _record("d-0", "easy", "easy", "witch", version="v2"),
        _record("d-1", "easy", "easy", "hunter", version="v2"),
        _record("d-2", "easy", "easy", "hunter", version="v3"),
    ]
    pooled = poolable(records, "pagan", OPTIONS, ["v1", "v2"])
    assert [(r["seed"], r["version"]) for r in pooled] == [("d-0", "v1"), ("d-1", "v2")]


def test_a_player_whose_play_changed_counts_only_in_the_first_versions_games() -> None:
    records = [
        _record("d-0", "medium", "hard", "witch", version="old"),
        _record("d-1", "easy", "hard", "hunter", version="old"),
        _record("d-2", "hard", "easy:c=0.5", "witch", version="old"),
        _record("d-3", "easy", "medium", "hunter", version="new"),
    ]
    pooled = poolable(records, "pagan", OPTIONS, ["new", "old"], changed={"easy"})
    assert [(r["seed"], r["version"]) for r in pooled] == [("d-0", "old"), ("d-3", "new")]


def test_a_player_that_changed_after_an_older_version_counts_up_to_it() -> None:
    records = [
        _record("d-0", "easy", "novice", "witch", version="old"),
        _record("d-1", "easy", "medium", "hunter", version="old"),
        _record("d-2", "easy", "medium", "hunter", version="older"),
        _record("d-3", "novice", "medium", "witch", version="new"),
    ]
    changed = {"novice": "new", "easy": "old"}
    pooled = poolable(records, "pagan", OPTIONS, ["new", "old", "older"], changed)
    assert [(r["seed"], r["version"]) for r in pooled] == [("d-1", "old"), ("d-3", "new")]


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


def test_a_game_is_unplayed_until_the_pool_holds_it_for_this_code_version(
    tmp_path: Path,
) -> None:
    pool = tmp_path / "pool.jsonl"
    plan = round_robin_plan(["witch", "hunter"], ["easy"], 3, "u")
    append_record(pool, _record("u/easy/easy-1", "easy", "easy", "witch"))
    append_record(pool, _record("u/easy/easy-2", "easy", "easy", "witch", version="v0"))
    todo = unplayed(pool, "pagan", OPTIONS, plan, "v1")
    assert [deal for deal, _ in todo] == ["u/easy/easy-0", "u/easy/easy-2"]
    assert unplayed(tmp_path / "none.jsonl", "pagan", OPTIONS, plan, "v1") == plan


def test_a_game_an_older_version_that_plays_alike_holds_is_not_played_again(
    tmp_path: Path,
) -> None:
    pool = tmp_path / "pool.jsonl"
    plan = round_robin_plan(["witch", "hunter"], ["easy", "hard"], 1, "a", self_play=False)
    append_record(pool, _record("a/easy/hard-0", "easy", "hard", "hunter", version="old"))
    append_record(pool, _record("a/easy/hard-0", "hard", "easy", "witch", version="old"))
    assert unplayed(pool, "pagan", OPTIONS, plan, ["new", "old"]) == []
    # A changed player's games from the older version are played again by the new one.
    todo = unplayed(pool, "pagan", OPTIONS, plan, ["new", "old"], changed={"easy"})
    assert todo == plan


def test_playing_into_a_pool_appends_each_game_and_plays_nothing_twice(tmp_path: Path) -> None:
    pool = tmp_path / "pool.jsonl"
    plan = round_robin_plan(["witch", "hunter"], ["random"], 1, "t")
    assert play_into_pool(pool, "pagan", OPTIONS, plan) == 1
    assert play_into_pool(pool, "pagan", OPTIONS, plan) == 0
    (rec,) = read_records(pool)
    assert rec["seats"] == {"hunter": "random", "witch": "random"}
    assert rec["version"] == code_version() and rec["stats"]["turns"] >= 1


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
    out = rate_pool(poolable(read_records(pool), "pagan", OPTIONS, "v1"), order=["random", "easy"])
    assert out["games"] == 8 and out["seats"] == ["hunter", "witch"]
    assert set(out["ratings"]["by_role"]) == {"hunter", "witch"}
    assert out["ratings"]["by_role"]["witch"]["easy"]["elo"] > 0
    stalemated = [p for p in out["pairings"] if p["stalemates"]]
    assert [(p["hunter"], p["witch"], p["stalemates"]) for p in stalemated] == [
        ("easy", "random", 1)
    ]
    assert out["lengths"]["median_length"] == 20 and out["lengths"]["longest"] == 20
    assert out["continuous"]["hunter"]["easy"]["favors"] == 5
