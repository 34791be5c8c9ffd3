"""Recorded AI games replayed as regression fixtures (tests/records/fixtures.py): every version
of every game in tests/records/games/ must rebuild to its recorded state hash, and every game to
its recorded outcome. A rule change that alters any of them fails here, naming the game, the
first version that differs, its seat and its move."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import orjson
import pytest

from gamestore import transcripts
from service import contracts
from tests.records.fixtures import GAMES, UNDO_GAMES, dumps, fixtures, undo_record

SCHEMA = jsonschema.Draft202012Validator(orjson.loads(contracts.RECORD_SCHEMA.read_bytes()))
FILES = sorted(GAMES.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_recorded_game_replays_to_every_state_it_recorded(path: Path) -> None:
    doc = orjson.loads(path.read_bytes())
    result = transcripts.replay(doc)
    assert result.divergence is None, (
        f"{path.name} diverges at {result.divergence}; if a rule changed on purpose, "
        "regenerate the fixtures (python -m tests.records.fixtures) and say why in the commit"
    )
    assert result.ok and result.commitment == transcripts.COMMITMENT_VERIFIED
    assert result.checked_hashes == doc["version"] + 1 == len(doc["decisions"]) + 1


def test_the_fixtures_are_every_configuration_at_every_level_as_written() -> None:
    """One file per configuration, option set and level, each a valid abridged record of an
    AI game written as the generator writes it (so that a diff of one reads line by line)."""
    wanted: dict[str, str | None] = {name: level for name, _, _, level in fixtures()}
    wanted.update(dict.fromkeys(UNDO_GAMES))
    assert {p.stem for p in FILES} == set(wanted)
    for path in FILES:
        doc = orjson.loads(path.read_bytes())
        SCHEMA.validate(doc)
        assert doc["abridged"] is True and doc["complete"] is True
        assert {s["level"] for s in doc["seats"]} == {wanted[path.stem]}
        assert path.read_bytes() == dumps(doc)


@pytest.mark.parametrize("name", sorted(UNDO_GAMES))
def test_the_undo_fixtures_take_back_one_decision_and_several_in_a_row(name: str) -> None:
    """Each holds undos, some in a row, and is the game its generator plays (no AI: exact)."""
    doc = orjson.loads((GAMES / f"{name}.json").read_bytes())
    kinds = [d["kind"] for d in doc["decisions"]]
    assert kinds.count("undo") >= 5 and "undo,undo" in ",".join(kinds)
    assert undo_record(name) == doc


def test_an_undo_that_returns_to_another_state_is_named() -> None:
    """An undo's `restores` is checked like a move: the state it returns to has the hash the
    record says, and an undo must return to a state where the decision was its seat's."""
    doc = orjson.loads((GAMES / "pantacle-3p-undo.json").read_bytes())
    at = next(i for i, d in enumerate(doc["decisions"]) if d["kind"] == "undo")
    undo = doc["decisions"][at]
    doc["decisions"][at] = {**undo, "restores": undo["restores"] - 1}
    result = transcripts.replay(doc)
    assert result.divergence is not None and result.divergence.version == undo["version"]
    assert str(result.divergence).startswith(f"version {undo['version']} ({undo['seat']}): ")


def test_a_changed_rule_is_named_by_game_version_seat_and_move(tmp_path: Path) -> None:
    """What a rule change looks like here: the first version whose state differs."""
    path = FILES[0]
    doc = orjson.loads(path.read_bytes())
    doc["decisions"][6]["state_hash"] = "0" * 64  # as if the rules now made another state
    result = transcripts.replay(doc)
    assert result.divergence is not None
    decision = doc["decisions"][6]
    assert str(result.divergence).startswith(
        f"version 7 ({decision['seat']}: {decision['move']['id']}): state hash: "
    )
