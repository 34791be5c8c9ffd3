"""docs/pagan-card-data.md documents exactly the ops and conditions the engine declares (`@op`
and `@condition`, rules/pagan/ops.py), with each op's fields, so the doc cannot drift from the
engine."""

from __future__ import annotations

import re
from pathlib import Path

from rules.pagan.ops import vocabulary

DOC = Path(__file__).resolve().parents[2] / "docs" / "pagan-card-data.md"


def _section(title: str) -> str:
    """The text of a `###` section of the doc, up to the next heading."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"### {title}\n")
    end = text.find("\n#", start + 1)
    return text[start : end if end != -1 else len(text)]


def documented_ops() -> dict[str, set[str]]:
    """Each op of the doc's op table with the fields its row names (`n`, `who: you | opponent`,
    `options: [...]` all name one field each; `—` names none)."""
    ops: dict[str, set[str]] = {}
    for line in _section("The ops").splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        name = cells[0].strip("`")
        assert name not in ops, f"op {name} has two rows"
        ops[name] = {chunk.split(":")[0].strip() for chunk in re.findall(r"`([^`]+)`", cells[1])}
    return ops


def documented_conditions() -> set[str]:
    return set(re.findall(r"`\{(\w+):", _section("COND")))


def test_the_doc_lists_exactly_the_declared_ops_with_their_fields() -> None:
    op_fields, _ = vocabulary()
    declared = {name: set(required | optional) for name, (required, optional) in op_fields.items()}
    assert documented_ops() == declared


def test_the_doc_lists_exactly_the_declared_conditions() -> None:
    _, conditions = vocabulary()
    assert documented_conditions() == set(conditions)
