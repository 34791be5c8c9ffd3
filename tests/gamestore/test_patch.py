"""The JSON Patch of a view: applying it to the view before gives the view after."""

from __future__ import annotations

from gamestore import patch


def test_a_patch_turns_the_view_before_into_the_view_after() -> None:
    before = {"a": 1, "b": [1, 2, {"c": "x"}], "gone": True, "d/e": {"~": 1}}
    after = {"a": 2, "b": [1, 2, {"c": "y"}], "new": None, "d/e": {"~": 2}}
    ops = patch.diff(before, after)
    assert patch.apply(before, ops) == after
    assert {"op": "remove", "path": "/gone"} in ops
    assert {"op": "replace", "path": "/d~1e/~0", "value": 2} in ops


def test_equal_documents_have_an_empty_patch_and_lists_of_new_length_are_replaced() -> None:
    assert patch.diff({"x": [1]}, {"x": [1]}) == []
    assert patch.diff({"x": [1]}, {"x": [1, 2]}) == [
        {"op": "replace", "path": "/x", "value": [1, 2]}
    ]
    assert patch.diff(1, 1.0) == [{"op": "replace", "path": "", "value": 1.0}]
