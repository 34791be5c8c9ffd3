"""How Pagan's rules are laid out: whether Beyond the Palisades is in play is asked through one
predicate, `state.has_expansion`, not by reading the supply wherever it matters."""

from __future__ import annotations

import ast
from pathlib import Path

import rules.pagan.state

PAGAN = Path(rules.pagan.state.__file__).parent


def _supply_reads(source: str) -> list[int]:
    """The lines of `"gloom" in <x>.supply` (or `not in`) outside `has_expansion`."""
    tree = ast.parse(source)
    inside = {
        id(node)
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef) and fn.name == "has_expansion"
        for node in ast.walk(fn)
    }
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        and id(node) not in inside
        and isinstance(node.left, ast.Constant)
        and node.left.value == "gloom"
        and isinstance(node.ops[0], ast.In | ast.NotIn)
        and isinstance(node.comparators[0], ast.Attribute)
        and node.comparators[0].attr == "supply"
    )


def test_the_expansion_is_asked_for_through_has_expansion_only() -> None:
    found = [
        f"{path.name}:{line}"
        for path in sorted(PAGAN.glob("*.py"))
        for line in _supply_reads(path.read_text())
    ]
    assert not found, "ask has_expansion(s) instead:\n" + "\n".join(found)


def test_a_supply_read_for_the_expansion_is_caught() -> None:
    source = (
        "def has_expansion(s):\n    return 'gloom' in s.supply\n\n\n"
        "def f(s):\n    return 'gloom' not in s.supply or s.supply.get('gloom', 0)\n"
    )
    assert _supply_reads(source) == [6]
