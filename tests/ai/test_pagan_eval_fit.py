"""The Pagan evaluation's fitting script (benchmarks/ai_fit_pagan_eval.py): the logistic fit it
pastes into `rules/pagan/heuristics.py` and the positions it reads from searched games."""

from __future__ import annotations

import math
from pathlib import Path

import orjson

from benchmarks.ai_fit_pagan_eval import Row, fit, searched_positions
from rules.core import Rng, seed_state
from rules.pagan import heuristics


def _synthetic(n: int) -> list[Row]:
    """Rows drawn from a known model: log-odds 0.5 + 1.5 a - 1.0 b."""
    rng = Rng(seed_state("fit-test"))
    rows: list[Row] = []
    for _ in range(n):
        a, b = rng.random() * 4 - 2, rng.random() * 4 - 2
        p = 1 / (1 + math.exp(-(0.5 + 1.5 * a - 1.0 * b)))
        rows.append(([1.0, a, b], 1.0 if rng.random() < p else 0.0))
    return rows


def test_fit_recovers_the_weights_of_a_known_model() -> None:
    w = fit(_synthetic(4000))
    assert abs(w[0] - 0.5) < 0.2 and abs(w[1] - 1.5) < 0.2 and abs(w[2] + 1.0) < 0.2


def test_a_fixed_weight_stays_where_it_was_set_and_the_others_fit_around_it() -> None:
    w = fit(_synthetic(4000), fixed={2: -1.0})
    assert w[2] == -1.0
    assert abs(w[1] - 1.5) < 0.2


def test_searched_games_are_kept_as_they_end_and_not_played_again(tmp_path: Path) -> None:
    path = tmp_path / "positions.jsonl"
    train, test = searched_positions("greedy", 5, "fit-test", 3, 1, path)
    records = [orjson.loads(line) for line in path.read_bytes().splitlines()]
    assert sorted(r["game"] for r in records) == [0, 1, 2, 3, 4]
    assert all(r["features"] == list(heuristics.FEATURES) for r in records)
    # every fifth game is held out, and each position carries the bias and every feature
    held_out = sum(len(r["rows"]) for r in records if r["game"] == 4 and r["y"] is not None)
    assert len(test) == held_out and train
    assert all(len(x) == 1 + len(heuristics.FEATURES) and y in (0.0, 1.0) for x, y in train)
    again = searched_positions("greedy", 5, "fit-test", 3, 1, path)
    assert path.read_bytes().count(b"\n") == 5
    assert again == (train, test)
