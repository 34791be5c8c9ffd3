"""Seat tokens: random secrets given once to their seat and stored only as SHA-256 hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from gamestore.records import GameRecord
from rules.core import N_
from service.errors import BadToken


def new_token(game_id: str) -> str:
    """A seat token of this game: `<game id>.<secret>`. The game id (public anyway) lets a client
    holding only tokens list its games (`POST /my-games`); the secret is what is checked."""
    return f"{game_id}.{secrets.token_urlsafe(24)}"


def game_of(token: str) -> str | None:
    """The game a token names; None for a token of another form (tokens made before they named
    their game)."""
    game_id, dot, secret = token.partition(".")
    return game_id if dot and game_id and secret else None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def address_hash(address: str) -> str:
    """Client addresses are kept only hashed (open-game caps and rate limits need no more)."""
    return hashlib.sha256(b"coven-address:" + address.encode()).hexdigest()[:32]


def seat_of(record: GameRecord, token: str | None) -> str | None:
    """The seat a token belongs to; None (a spectator) without a token; `BadToken` for a token
    that is no seat's of this game."""
    if token is None:
        return None
    digest = token_hash(token)
    found = None
    for seat, stored in record.token_hashes.items():
        if hmac.compare_digest(stored, digest):
            found = seat
    if found is None:
        raise BadToken(N_("this token is not a seat token of this game"))
    return found


def bearer(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header; `BadToken` for another scheme."""
    if header is None or header == "":
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise BadToken(N_("the Authorization header must be 'Bearer <seat token>'"))
    return value.strip()
