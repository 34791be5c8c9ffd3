"""Cross-origin access: which web pages on other origins may call the API.

One setting, `COVEN_CORS_ORIGINS`, drives both Starlette's CORSMiddleware (every HTTP answer,
preflights included) and strawberry's WebSocket origin check on /graphql, so a page allowed to
POST a query may also subscribe. No cookies are used (seat tokens travel in `Authorization`),
so credentials are never allowed and `*` is safe to answer literally.
"""

from __future__ import annotations

from typing import Any

from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.types import Receive, Scope, Send

# What a browser page needs to send: the seat token, JSON bodies, a move's idempotency key,
# conditional reads and the SSE resume point.
ALLOWED_HEADERS = (
    "Authorization",
    "Content-Type",
    "Idempotency-Key",
    "If-None-Match",
    "Last-Event-ID",
)
# What a page may read beyond the CORS-safelisted response headers.
EXPOSED_HEADERS = (
    "Coven-Replication",
    "ETag",
    "Retry-After",
    "Location",
    "RateLimit-Limit",
    "RateLimit-Remaining",
    "RateLimit-Reset",
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
)
ALLOWED_METHODS = ("GET", "POST", "DELETE", "OPTIONS")
PREFLIGHT_MAX_AGE = 600


def _options(origins: list[str]) -> dict[str, Any]:
    return {
        "allow_origins": origins,
        "allow_methods": ALLOWED_METHODS,
        "allow_headers": ALLOWED_HEADERS,
        "expose_headers": EXPOSED_HEADERS,
        "allow_credentials": False,
        "max_age": PREFLIGHT_MAX_AGE,
    }


def cors_middleware(origins: list[str]) -> Middleware:
    """The middleware for these origins; with none, it answers no cross-origin request."""
    return Middleware(CORSMiddleware, **_options(origins))


class CrashHeaders:
    """The CORS headers of a 500 answer. Starlette sends it from ServerErrorMiddleware, outside
    every user middleware, so CORSMiddleware never sees it; without these headers a page on
    another origin could not even read that the server failed. The decision is the middleware's
    own (`is_allowed_origin`, `simple_headers`), so both always agree."""

    def __init__(self, origins: list[str]) -> None:
        self._cors = CORSMiddleware(_no_app, **_options(origins))

    def __call__(self, origin: str | None) -> dict[str, str]:
        if origin is None or not self._cors.is_allowed_origin(origin):
            return {}
        headers = dict(self._cors.simple_headers)
        if not self._cors.allow_all_origins:
            headers["Access-Control-Allow-Origin"] = origin
            headers["Vary"] = "Origin"
        return headers


async def _no_app(scope: Scope, receive: Receive, send: Send) -> None:
    raise RuntimeError("CrashHeaders only computes headers")
