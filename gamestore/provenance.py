"""What a game publishes so that anyone can check it afterwards: a commitment to its seed, made
when it is created, and the hash of its state at every version, kept as it is played.

Seed commitment. A new game draws a secret salt (`new_salt`, from `secrets`) and publishes
`seed_commitment(seed, salt)`: the SHA-256 (hex) of the UTF-8 text `<salt>:<seed>`. The salt
is 64 hex digits, so the text splits back at its first colon however the seed is spelled. The
commitment is in every view of the game and in its first event; the seed and the salt stay in
the game's hash (`GameRecord.seed`, `.salt`), are never in a view, an event, an error or a log
line, and are shown only in the record of a finished game (`gamestore.transcripts`). The salt
is what makes the commitment hiding: without it, a seat could hash every seed it can think of
(a chosen seed, a short one) and compare. With it, the commitment says nothing about the seed
until both are revealed, and then it pins the seed down: a seed other than the one committed
to cannot be shown to hash to it.

State hashes. Every log entry keeps, in its private part (never handed to a reader, see
`gamestore.commits.event_for`), `state_hash`: the hash of the whole state after it
(`state_hash`, SHA-256 of the game's `to_json` encoded by orjson with sorted keys). A finished
game's record carries them, and a replay checks each version against them.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import orjson

from gamestore.commits import Commit
from gamestore.records import GameRecord
from rules.core import Game

SALT_BYTES = 32
SCHEME = "sha256(salt:seed)"
"""How the commitment is computed, as the record names it."""


def new_salt() -> str:
    """A fresh secret salt: 32 bytes from the OS's randomness, as 64 hex digits."""
    return secrets.token_hex(SALT_BYTES)


def seed_commitment(seed: str, salt: str) -> str:
    """The commitment to `seed` under `salt`: SHA-256 of `<salt>:<seed>`, hex."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def hash_json(data: Any) -> str:
    """The state hash of a state already turned into JSON data (`Game.to_json`)."""
    return hashlib.sha256(orjson.dumps(data, option=orjson.OPT_SORT_KEYS)).hexdigest()


def state_hash(game: Game, state: Any) -> str:
    """The state hash: SHA-256 (hex) of `game.to_json(state)` as orjson writes it with sorted
    keys, so the order a game builds its dicts in does not matter."""
    return hash_json(game.to_json(state))


def stamp(record: GameRecord, commits: Sequence[Commit]) -> list[Commit]:
    """`commits` (consecutive, from `record`'s version) with what they publish for later
    checks: each keeps the hash of the state it writes in its private part, and the one that
    writes version 1, the game's first event, carries the seed commitment (when the game has
    one) in its public part. Commits already stamped are returned as they are."""
    out: list[Commit] = []
    for commit in commits:
        private = commit.private
        if "state_hash" not in private:
            private = {**private, "state_hash": hash_json(orjson.loads(commit.state))}
        public = commit.public
        if commit.version == 1 and record.seed_commitment and "seed_commitment" not in public:
            public = {**public, "seed_commitment": record.seed_commitment}
        if private is commit.private and public is commit.public:
            out.append(commit)
        else:
            out.append(replace(commit, private=private, public=public))
    return out
