"""docs/ai.md's per-level figures are the ones the results files give (devtools/level_figures.py),
never typed by hand."""

from __future__ import annotations

from devtools import level_figures


def test_the_documented_level_figures_are_generated_from_the_results_files() -> None:
    assert level_figures.current() == level_figures.render(), (
        "docs/ai.md is out of date: run .venv/bin/python -m devtools.level_figures --write"
    )


def test_each_level_has_a_row_per_game() -> None:
    from ai import LEVELS

    text = level_figures.render()
    for level in LEVELS:
        assert text.count(f"\n| {level} |") == 2
