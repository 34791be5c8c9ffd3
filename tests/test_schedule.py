"""The order test files start in (tests/support/schedule.py): longest first by their measured
seconds, a file not measured yet last, each file's tests in their own order."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.support import schedule


@dataclass
class Item:
    nodeid: str


def test_files_start_longest_first_unmeasured_last_and_a_files_tests_keep_their_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seconds = {"tests/a.py": 1.0, "tests/b.py": 90.0, "tests/c.py": 5.0}
    monkeypatch.setattr(schedule, "load", lambda: seconds)
    ids = ["tests/a.py::x", "tests/new.py::y", "tests/b.py::p", "tests/c.py::q", "tests/b.py::o"]
    items = [Item(i) for i in ids]
    schedule.longest_first(items)  # type: ignore[arg-type]
    assert [i.nodeid for i in items] == [
        "tests/b.py::p",
        "tests/b.py::o",
        "tests/c.py::q",
        "tests/a.py::x",
        "tests/new.py::y",
    ]


def test_every_measured_file_is_a_test_file_of_the_suite() -> None:
    root = schedule.DURATIONS.parent.parent
    measured = schedule.load()
    assert measured, "tests/durations.json is missing or empty"
    assert [name for name in measured if not (root / name).is_file()] == []
