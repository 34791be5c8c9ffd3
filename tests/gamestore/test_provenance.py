"""The seed commitment and the state hashes a game publishes for later checks."""

from __future__ import annotations

import hashlib
import re

import orjson

from gamestore import provenance
from gamestore.commits import plan_move
from rules.core import Rng, get_game
from tests.support.records import new_record


def test_the_commitment_is_sha256_of_salt_colon_seed_and_a_salt_is_fresh_and_secret() -> None:
    salt = provenance.new_salt()
    assert re.fullmatch(r"[0-9a-f]{64}", salt)
    assert provenance.new_salt() != salt
    made = provenance.seed_commitment("my seed:with a colon", salt)
    assert made == hashlib.sha256(f"{salt}:my seed:with a colon".encode()).hexdigest()
    # The same seed under another salt gives an unrelated commitment: it cannot be looked up.
    assert provenance.seed_commitment("my seed:with a colon", provenance.new_salt()) != made


def test_the_state_hash_is_the_same_from_the_state_and_from_its_stored_bytes() -> None:
    """A log entry's hash is made from the stored bytes (`stamp`), a replay's from the state:
    they agree at every version of real games of both kinds."""
    for name, options in (("pagan", {"max_turns": 3}), ("pantacle", {"players": 3})):
        game = get_game(name)
        state = game.new(game.validate_options(options), "hash")
        rng = Rng(3)
        seen = set()
        positions = 0
        while game.outcome(state) is None:
            positions += 1
            stored = orjson.dumps(game.to_json(state))
            assert provenance.hash_json(orjson.loads(stored)) == provenance.state_hash(game, state)
            seen.add(provenance.state_hash(game, state))
            moves = game.legal_moves(state)
            state = game.apply(state, moves[rng.below(len(moves))])
        assert len(seen) == positions > 10  # every position hashes differently


def test_stamp_puts_the_commitment_in_the_first_event_only_and_a_hash_in_every_entry() -> None:
    game = get_game("pantacle")
    record = new_record(game, {"players": 2}, "stamp")
    state = game.from_json(orjson.loads(record.state))
    first, after = plan_move(game, record, state, "seat-0", game.legal_moves(state)[0])
    second, _ = plan_move(game, record, after, "seat-0", game.legal_moves(after)[0], expected=1)
    stamped = provenance.stamp(record, [first, second])
    assert stamped[0].public["seed_commitment"] == record.seed_commitment
    assert "seed_commitment" not in stamped[1].public
    for commit, state_after in zip(
        stamped, (after, game.apply(after, second.move_id)), strict=True
    ):
        assert commit.private["state_hash"] == provenance.state_hash(game, state_after)
        assert "state_hash" not in commit.public
    # Stamping twice (the API stamps, then the store) changes nothing.
    assert provenance.stamp(record, stamped) == stamped


def test_a_game_without_a_commitment_publishes_none() -> None:
    game = get_game("pantacle")
    record = new_record(game, {"players": 2}, "old", salt="")
    state = game.from_json(orjson.loads(record.state))
    commit, _ = plan_move(game, record, state, "seat-0", game.legal_moves(state)[0])
    (stamped,) = provenance.stamp(record, [commit])
    assert "seed_commitment" not in stamped.public
    assert "state_hash" in stamped.private
