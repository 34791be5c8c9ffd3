"""The levels' measured figures in docs/ai.md, generated from the results files rather than typed:
each level's strength per role (Elo over random with its interval, the step over the level
below) and its seconds per whole turn in the service.

    .venv/bin/python -m devtools.level_figures          # print the section
    .venv/bin/python -m devtools.level_figures --write  # rewrite it in docs/ai.md

Sources (benchmarks/results/): Pagan's pooled Bradley-Terry ratings of the standard game
(`pagan-ratings-standard.json`); Pantacle's paired two-player steps, each level against the one
below (`pantacle2-<upper>-vs-<lower>.json`), whose sum is the Elo over random (no interval: the
steps are separate runs); the turn times of `benchmarks/ai_pacing.py`'s current tree
(`ai-pacing.json`). tests/devtools/test_level_figures.py holds docs/ai.md to this output.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ai import LEVELS
from ai.ratings import elo

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
DOC = ROOT / "docs" / "ai.md"
BEGIN, END = "<!-- level-figures -->\n", "<!-- /level-figures -->"
PAGAN_ROLES = ("witch", "hunter")
PANTACLE_ROLES = ("seat-0", "seat-1")
TURNS_TREE = "after"
"""The tree of ai-pacing.json whose turn times are quoted (the code as it is now)."""


def _load(name: str) -> Any:
    return json.loads((RESULTS / name).read_text())


def _signed(value: float) -> str:
    return f"{round(value) + 0:+d}"  # + 0: no "-0"


def _interval(low: float, high: float) -> str:
    return f"[{_signed(low)}, {_signed(high)}]"


def _turns(game: str) -> dict[str, str]:
    """Per level, the median and largest seconds of a whole AI turn, as text."""
    path = RESULTS / "ai-pacing.json"
    if not path.exists():
        return {}
    tree = _load("ai-pacing.json")["trees"].get(TURNS_TREE, {}).get(game, {})
    return {level: f"{r['median']:.1f} ({r['max']:.1f})" for level, r in tree.items()}


def _pagan() -> list[str]:
    ratings = _load("pagan-ratings-standard.json")["ratings"]
    turns = _turns("pagan")
    rows = []
    for level in LEVELS:
        cells = [level]
        for role in PAGAN_ROLES:
            rated = ratings["by_role"][role].get(level)
            if rated is None:
                cells += ["not measured", "not measured"]
                continue
            cells.append(f"{_signed(rated['elo'])} {_interval(*rated['ci95'])}")
            below = LEVELS[LEVELS.index(level) - 1] if level != LEVELS[0] else "random"
            if below == "random":
                cells.append(f"{_signed(rated['elo'])} {_interval(*rated['ci95'])}")
                continue
            step = next(
                (s for s in ratings["steps"][role] if (s["upper"], s["lower"]) == (level, below)),
                None,
            )
            cells.append(
                f"{_signed(step['elo'])} {_interval(*step['ci95'])}" if step else "not measured"
            )
        cells.append(turns.get(level, "not measured"))
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def _pantacle() -> list[str]:
    turns = _turns("pantacle")
    rows = []
    total = dict.fromkeys(PANTACLE_ROLES, 0.0)
    measured = True
    for level in LEVELS:
        below = LEVELS[LEVELS.index(level) - 1] if level != LEVELS[0] else "random"
        path = RESULTS / f"pantacle2-{level}-vs-{below}.json"
        cells = [level]
        if not path.exists() or not measured:
            measured = False
            cells += ["not measured"] * (2 * len(PANTACLE_ROLES))
        else:
            result = _load(path.name)
            for role in PANTACLE_ROLES:
                side = result["by_role"][role]
                step = elo(side["a_win_rate"])
                total[role] += step
                wins = f"{side['a_wins']}/{side['games']}"
                low, high = (elo(p) for p in side["ci95"])
                cells.append(_signed(total[role]))
                cells.append(f"{_signed(step)} {_interval(low, high)} ({wins})")
        cells.append(turns.get(level, "not measured"))
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def render() -> str:
    """The section between the markers in docs/ai.md."""
    pagan_head = [
        "| level | Witch: Elo over random | Witch: step | Hunter: Elo over random "
        "| Hunter: step | seconds a turn, median (largest) |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    pantacle_head = [
        "| level | first seat: Elo over random | first seat: step (wins) "
        "| second seat: Elo over random | second seat: step (wins) "
        "| seconds a turn, median (largest) |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    lines = [
        "Pagan, standard game (`results/pagan-ratings-standard.json`; steps: over the level "
        "below, `novice`'s over random; turns: `results/ai-pacing.json`):",
        "",
        *pagan_head,
        *_pagan(),
        "",
        "Pantacle, two players (`results/pantacle2-<level>-vs-<level below>.json`, Elo over "
        "random: the sum of the steps; turns: `results/ai-pacing.json`):",
        "",
        *pantacle_head,
        *_pantacle(),
        "",
    ]
    return "\n".join(lines)


def current() -> str:
    """The section as docs/ai.md has it now."""
    text = DOC.read_text()
    return text.split(BEGIN, 1)[1].split(END, 1)[0]


def write() -> None:
    text = DOC.read_text()
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOC.write_text(head + BEGIN + render() + END + tail)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite the section in docs/ai.md")
    args = parser.parse_args()
    if args.write:
        write()
    else:
        print(render(), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
