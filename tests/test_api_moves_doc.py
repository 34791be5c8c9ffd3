"""docs/api-moves.md lists every decision kind and move value of each game, with examples that
have the declared shapes and are legal move values of seeded random games."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import orjson
import pytest

from rules.core.shapes import mismatches
from rules.pagan import view_types as pagan_types
from rules.pantacle import view_types as pantacle_types
from tests.view_contract import Survey, as_json, declared_moves, pagan_survey, pantacle_survey

DOC = Path(__file__).resolve().parents[1] / "docs" / "api-moves.md"
GAMES: dict[str, Any] = {"Pagan": pagan_types, "Pantacle": pantacle_types}


def _section(title: str) -> str:
    text = DOC.read_text()
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def _decision_kinds(title: str) -> list[str]:
    part = _section(title).split(f"### {title} move values")[0]
    return re.findall(r"^\| `([a-z_]+)` \|", part, flags=re.M)


def _moves(title: str) -> list[tuple[str, str, dict[str, Any]]]:
    part = _section(title).split(f"### {title} move values")[1]
    rows = re.findall(r"^\| `([a-z_]+)` \| `(\w+)` \| `(\{.*\})` \|$", part, flags=re.M)
    return [(kind, shape, orjson.loads(example)) for kind, shape, example in rows]


@pytest.mark.parametrize("title", GAMES)
def test_the_doc_lists_exactly_the_declared_decision_kinds_and_move_shapes(title: str) -> None:
    module = GAMES[title]
    kinds = next(v for k, v in vars(module).items() if k.endswith("DecisionKind"))
    assert _decision_kinds(title) == [k.value for k in kinds]
    listed = [(kind, shape) for kind, shape, _ in _moves(title)]
    assert len(listed) == len(set(listed))
    assert set(listed) == declared_moves(module.MOVE_VALUES)


@pytest.mark.parametrize("title", GAMES)
def test_every_example_has_its_declared_shape_and_kind(title: str) -> None:
    shapes = {s.__name__: s for s in GAMES[title].MOVE_VALUES}
    for kind, shape, example in _moves(title):
        assert example["type"] == kind
        assert mismatches(example, shapes[shape]) == [], (kind, shape, example)


@pytest.mark.slow
@pytest.mark.parametrize("title", GAMES)
def test_every_example_is_a_legal_move_of_a_seeded_game_and_every_kind_is_reached(
    title: str,
) -> None:
    survey: Survey = pagan_survey() if title == "Pagan" else pantacle_survey()
    assert set(_decision_kinds(title)) == survey.decision_kinds
    for kind, _, example in _moves(title):
        assert as_json(example) in survey.values, (kind, example)
