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
from tests.records.fixtures import GAMES, dumps, fixtures

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
    wanted = {name: level for name, _, _, level in fixtures()}
    assert {p.stem for p in FILES} == set(wanted)
    for path in FILES:
        doc = orjson.loads(path.read_bytes())
        SCHEMA.validate(doc)
        assert doc["abridged"] is True and doc["complete"] is True
        assert {s["level"] for s in doc["seats"]} == {wanted[path.stem]}
        assert path.read_bytes() == dumps(doc)


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
