"""A game's record per reader, and its replay: what a seat's, a spectator's and a finished
game's record hold, and where a replay finds a record diverging."""

from __future__ import annotations

import functools
from typing import Any

import jsonschema
import orjson
import pytest

from gamestore import provenance, transcripts
from gamestore.records import FINISHED, GameRecord
from gamestore.transcripts import LogEntry, RecordError
from rules.core import get_game
from service import contracts
from tests.support.records import new_record, play, random_chooser

SCHEMA = jsonschema.Draft202012Validator(orjson.loads(contracts.RECORD_SCHEMA.read_bytes()))


def _played(
    name: str = "pantacle", options: Any = None, seed: str = "secret-seed-4c1d", **kw: Any
) -> tuple[GameRecord, list[LogEntry]]:
    game = get_game(name)
    record = new_record(game, options or {"players": 3}, seed)
    return play(game, record, random_chooser(7), **kw)


def _build(record: GameRecord, log: list[LogEntry], viewer: str | None) -> dict[str, Any]:
    doc = transcripts.build(get_game(record.game), record, log, viewer)
    SCHEMA.validate(doc)
    return doc


def _moves(doc: dict[str, Any]) -> dict[int, str]:
    return {d["version"]: d["move"]["id"] for d in doc["decisions"] if "move" in d}


def test_while_the_game_goes_on_a_seat_has_its_own_moves_and_readings_and_no_secret() -> None:
    record, log = _played(limit=40)
    assert record.status != FINISHED and record.version == 40
    for seat in ("seat-0", "seat-1", "seat-2"):
        doc = _build(record, log, seat)
        assert doc["complete"] is False and doc["viewpoint"] == seat
        assert doc["seed"] == {
            "commitment": record.seed_commitment,
            "scheme": provenance.SCHEME,
            "chosen": False,
            "seed": None,
            "salt": None,
        }
        assert doc["initial_state_hash"] is None
        assert [d["version"] for d in doc["decisions"]] == list(range(1, 41))
        own = {e.version for e in log if e.seat == seat and e.kind == "move"}
        assert set(_moves(doc)) == own and own
        for d, entry in zip(doc["decisions"], log, strict=True):
            assert "state_hash" not in d
            assert d["description"] == entry.public["description"]
            assert set(d.get("descriptions", {})) <= {seat}
            if seat in entry.private.get("descriptions", {}):
                assert d["descriptions"][seat] == entry.private["descriptions"][seat]
        raw = orjson.dumps(doc)
        assert record.seed.encode() not in raw and record.salt.encode() not in raw
    # The readings of others were kept from each seat: somebody was told more than the table.
    assert any(len(e.private.get("descriptions", {})) for e in log)


def test_a_spectator_has_only_what_everyone_saw() -> None:
    record, log = _played(limit=40)
    doc = _build(record, log, None)
    assert _moves(doc) == {}
    assert all("descriptions" not in d and "state_hash" not in d for d in doc["decisions"])
    assert doc["initial_view"] is None  # computed from the seed: complete records only


def test_once_the_game_is_over_every_record_holds_everything_and_replays() -> None:
    record, log = _played()
    assert record.status == FINISHED
    docs = [_build(record, log, viewer) for viewer in ("seat-0", "seat-2", None)]
    for doc in docs:
        assert doc["complete"] is True
        assert doc["seed"]["seed"] == record.seed and doc["seed"]["salt"] == record.salt
        assert len(_moves(doc)) == record.version
        assert all(len(d["state_hash"]) == 64 for d in doc["decisions"])
        game = get_game("pantacle")
        assert doc["initial_view"] == game.view(game.new(record.options, record.seed), None)
        result = transcripts.replay(doc)
        assert result.ok and result.divergence is None, result.divergence
        assert result.commitment == transcripts.COMMITMENT_VERIFIED
        assert result.versions == record.version
        assert result.checked_hashes == record.version + 1
    # The readers' copies differ in whose they are, nothing else.
    assert [{**d, "viewpoint": None} for d in docs[:2]] == [docs[2]] * 2


@functools.cache
def _finished() -> bytes:
    record, log = _played()
    return orjson.dumps(transcripts.build(get_game(record.game), record, log, None))


def _complete() -> dict[str, Any]:
    """A finished game's record (a fresh copy: tests change it)."""
    doc: dict[str, Any] = orjson.loads(_finished())
    return doc


def test_a_changed_move_is_named_with_its_version_and_seat() -> None:
    """Another legal move at the first decision from the tenth on that has a choice."""
    doc = _complete()
    game = get_game("pantacle")
    ids = [d["move"]["id"] for d in doc["decisions"]]
    at = next(
        i
        for i in range(9, len(ids))
        if len(game.legal_moves(game.replay(doc["options"], doc["seed"]["seed"], ids[:i]))) > 1
    )
    legal = game.legal_moves(game.replay(doc["options"], doc["seed"]["seed"], ids[:at]))
    other = next(m for m in legal if m.id != ids[at])
    decision = doc["decisions"][at]
    decision["move"] = other.to_json()
    result = transcripts.replay(doc)
    assert not result.ok and result.divergence is not None
    assert result.divergence.version == at + 1 and result.divergence.seat == decision["seat"]
    assert result.divergence.move == other.id
    assert str(result.divergence).startswith(f"version {at + 1} ({decision['seat']}: {other.id}): ")
    assert result.versions == at


@pytest.mark.parametrize(
    ("change", "version", "what"),
    [
        (lambda d: d["decisions"][4].__setitem__("state_hash", "0" * 64), 5, "state hash"),
        (lambda d: d["decisions"][4]["move"].__setitem__("id", "no-such-move"), 5, "not a legal"),
        (
            lambda d: d["decisions"][4]["move"].__setitem__("label", "Something else"),
            5,
            "move label",
        ),
        (lambda d: d["decisions"][4].__setitem__("changes", []), 5, "changes"),
        (lambda d: d["decisions"][4]["description"].__setitem__("text", "x"), 5, "public desc"),
        (lambda d: d["decisions"][2].__setitem__("seat", "seat-9"), 3, "whose decision"),
        (lambda d: d["decisions"].pop(6), 7, "versions are not consecutive"),
        (lambda d: d.__setitem__("initial_state_hash", "1" * 64), 0, "state hash"),
        (lambda d: d["outcome"].__setitem__("winners", ["nobody"]), -1, "outcome"),
    ],
)
def test_each_kind_of_divergence_is_found_where_it_is(change: Any, version: int, what: str) -> None:
    doc = _complete()
    change(doc)
    result = transcripts.replay(doc)
    assert result.divergence is not None and not result.ok
    assert result.divergence.version == (doc["version"] if version == -1 else version)
    assert result.divergence.what.startswith(what)


def test_a_seed_other_than_the_committed_one_is_a_mismatch_even_when_it_replays() -> None:
    """A record whose seed was swapped for another (and every state hash recomputed to match)
    still fails: the seed does not hash to the commitment published at creation."""
    game = get_game("pantacle")
    honest = _complete()
    forged_record = new_record(game, {"players": 3}, "another seed", salt=honest["seed"]["salt"])
    record, log = play(game, forged_record, random_chooser(7))
    forged = transcripts.build(game, record, log, None)
    forged["seed"]["commitment"] = honest["seed"]["commitment"]
    result = transcripts.replay(forged)
    assert result.divergence is None and result.commitment == transcripts.COMMITMENT_MISMATCH
    assert not result.ok


def test_a_game_from_before_commitments_replays_and_says_it_has_none() -> None:
    game = get_game("pantacle")
    record, log = play(game, new_record(game, {"players": 2}, "old", salt=""), random_chooser(1))
    doc = transcripts.build(game, record, log, None)
    assert doc["seed"] == {
        "commitment": None,
        "scheme": None,
        "chosen": None,
        "seed": "old",
        "salt": None,
    }
    result = transcripts.replay(doc)
    assert result.ok and result.commitment == transcripts.COMMITMENT_ABSENT
    assert result.notes == ["no commitment: the game was created before seed commitments"]


def test_a_resignation_ends_the_record_with_the_services_outcome() -> None:
    game = get_game("pagan")
    record = new_record(game, {}, "resigns")
    record, log = play(game, record, random_chooser(2), resign_at=30)
    doc = transcripts.build(game, record, log, "witch")
    assert doc["complete"] and doc["decisions"][-1]["kind"] == "resign"
    assert doc["decisions"][-1]["state_hash"] == doc["decisions"][-2]["state_hash"]
    assert transcripts.replay(doc).ok
    doc["outcome"]["winners"] = [doc["decisions"][-1]["seat"]]
    assert transcripts.replay(doc).divergence is not None


def test_a_timeout_forfeit_ends_the_record_as_the_clock_wrote_it() -> None:
    """The clock's forfeit (`gamestore.clocks.plan_timeout`) is like a resignation with its own
    reason; an AI taking the seat over (a timeout that ends nothing) changes no state."""
    game = get_game("pantacle")
    record, log = play(
        game, new_record(game, {"players": 3}, "late"), random_chooser(5), resign_at=20
    )
    doc = transcripts.build(game, record, log, None)
    last = doc["decisions"][-1]
    last["kind"] = "timeout"
    doc["outcome"]["reason"] = "timeout"
    assert transcripts.replay(doc).ok
    doc["outcome"] = None
    result = transcripts.replay(doc)
    assert result.divergence is not None and result.divergence.what == "outcome"
    # A takeover (an AI plays the seat from now on) ends nothing and changes no state: the
    # decisions after it replay on the same state, one version later.
    doc = _complete()
    k = 8
    takeover = {
        "version": k + 1,
        "seat": doc["decisions"][k]["seat"],
        "kind": "timeout",
        "changes": [],
        "state_hash": doc["decisions"][k - 1]["state_hash"],
    }
    for d in doc["decisions"][k:]:
        d["version"] += 1
    doc["decisions"].insert(k, takeover)
    doc["version"] += 1
    result = transcripts.replay(doc)
    assert result.ok and result.versions == doc["version"], result.divergence


def test_an_abridged_record_replays_on_its_state_hashes() -> None:
    doc = transcripts.abridge(_complete())
    SCHEMA.validate(doc)
    assert all(
        set(d) == {"version", "seat", "kind", "move", "state_hash"} for d in doc["decisions"]
    )
    result = transcripts.replay(doc)
    assert result.ok and result.checked_hashes == doc["version"] + 1
    doc["decisions"][-3]["state_hash"] = "f" * 64
    assert transcripts.replay(doc).divergence is not None


def test_what_cannot_be_replayed_is_refused_with_the_reason() -> None:
    record, log = _played(limit=10)
    incomplete = transcripts.build(get_game("pantacle"), record, log, "seat-0")
    cases = {
        "not a game record": {"hello": 1},
        "record format version 2": {**_complete(), "format_version": 2},
        "not complete": incomplete,
        "there is no game called 'chess'": {**_complete(), "game": "chess"},
    }
    for reason, doc in cases.items():
        with pytest.raises(RecordError, match=reason):
            transcripts.replay(doc)
