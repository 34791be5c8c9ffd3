"""Conditional answers: `ETag`, `If-None-Match` and `Cache-Control` for reads.

An ETag is a hash of the exact JSON body the caller would get: the same view gives the same
ETag, and since every seat's body names its seat, no two seats' (or a seat's and a
spectator's) views ever share one. A hash of what the caller sees reveals nothing it does not
see. ETags are weak (`W/"..."`): the body may be sent gzipped or not, and the two are the same
answer.
"""

from __future__ import annotations

import hashlib

from starlette.requests import Request
from starlette.responses import Response

CATALOG_CACHE = "public, max-age=3600"
"""The catalog changes only with a deployment."""
SEAT_CACHE = "private, no-store"
"""A seat's view holds its hidden cards: no cache may keep it (revalidate with the ETag)."""
SPECTATOR_CACHE = "no-cache"
"""Public, but it changes with every move: caches must ask again each time."""


def etag_of(body: bytes) -> str:
    return f'W/"{hashlib.blake2b(body, digest_size=16).hexdigest()}"'


def matches(if_none_match: str | None, etag: str) -> bool:
    """Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 13.1.2)."""
    if if_none_match is None:
        return False
    if if_none_match.strip() == "*":
        return True
    opaque = etag.removeprefix("W/")
    return any(tag.strip().removeprefix("W/") == opaque for tag in if_none_match.split(","))


def conditional(
    request: Request, body: bytes, cache_control: str, etag: str | None = None, vary: str = ""
) -> Response:
    """The JSON `body` with its ETag, or 304 Not Modified when the caller has it already."""
    tag = etag or etag_of(body)
    headers = {"ETag": tag, "Cache-Control": cache_control}
    if vary:
        headers["Vary"] = vary
    if matches(request.headers.get("if-none-match"), tag):
        return Response(status_code=304, headers=headers)
    return Response(body, 200, headers, media_type="application/json")
