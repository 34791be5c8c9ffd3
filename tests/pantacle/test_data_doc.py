"""docs/pantacle-data.md documents exactly the effect ops the engine declares (`@op` and `@lasting`,
rules/pantacle/ops.py), each in the right list and with its arguments."""

from __future__ import annotations

import re
from pathlib import Path

from rules.pantacle.ops import INSTANT, LASTING, POWER, TRIGGER, vocabulary

DOC = Path(__file__).resolve().parents[2] / "docs" / "pantacle-data.md"
# The words that open the prose before each of the doc's op tables.
TABLE_NAMES = {
    "Instant ops": INSTANT,
    "Lasting ops": LASTING,
    "Trigger ops": TRIGGER,
    "Power ops": POWER,
}


def documented_ops() -> dict[str, dict[str, set[str]]]:
    """Per op list, each op of its table with the arguments its row names (the backquoted words
    outside parentheses: `which` (`powers`/`adepts`...) names one argument)."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Effect primitives") :]
    tables: dict[str, dict[str, set[str]]] = {}
    current: str | None = None
    for line in section.splitlines():
        if not line.startswith("|"):
            found = [(line.rfind(words), kind) for words, kind in TABLE_NAMES.items()]
            position, kind = max(found)
            if position >= 0:
                current = kind
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        assert current is not None, f"an op table before any of {sorted(TABLE_NAMES)}"
        args = re.findall(r"`([^`]+)`", re.sub(r"\([^)]*\)", "", cells[1]))
        tables.setdefault(current, {})[cells[0].strip("`")] = set(args)
    return tables


def test_the_doc_lists_exactly_the_declared_ops_with_their_arguments() -> None:
    declared = {
        kind: {name: set(args) for name, args in ops.items()} for kind, ops in vocabulary().items()
    }
    assert documented_ops() == declared
