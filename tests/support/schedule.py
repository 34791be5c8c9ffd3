"""The order test files start in, so that the longest start first (`./test` runs pytest on a
worker per core and one more, one file to a worker: a two-minute file started last would run
alone at the end).

`tests/durations.json` holds each file's measured seconds (every phase of every test, with the
suite's usual workers); files are started longest first, a new file (not in it yet) last, the
tests of a file in their own order. The measurements are rewritten only when asked:
`.venv/bin/pytest -n 3 --dist loadfile --no-loadscope-reorder --store-durations`.
Stale figures change only how evenly the workers are kept busy, never a result.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

DURATIONS = Path(__file__).resolve().parents[1] / "durations.json"


def load() -> dict[str, float]:
    try:
        return {str(k): float(v) for k, v in json.loads(DURATIONS.read_text()).items()}
    except FileNotFoundError:
        return {}


def file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def longest_first(items: list[pytest.Item]) -> None:
    """Sort `items` in place: by their file's measured seconds, longest first (a stable sort,
    so a file's tests and files of the same length keep the order they were collected in)."""
    seconds = load()
    items.sort(key=lambda item: -seconds.get(file_of(item.nodeid), 0.0))


class Recorder:
    """Adds up each file's seconds from the test reports (under pytest-xdist the controller
    receives every worker's reports) and writes them at the end of a whole run."""

    def __init__(self) -> None:
        self.seconds: Counter[str] = Counter()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[file_of(report.nodeid)] += report.duration

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if exitstatus != 0:  # a partial or failed run measures something else
            return
        figures = {name: round(s, 1) for name, s in sorted(self.seconds.items())}
        DURATIONS.write_text(json.dumps(figures, indent=1) + "\n")
