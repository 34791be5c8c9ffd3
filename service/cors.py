"""Cross-origin access: which web pages on other origins may call the API.

One setting, `COVEN_CORS_ORIGINS`, drives both Starlette's CORSMiddleware (every HTTP answer,
preflights included) and strawberry's WebSocket origin check on /graphql, so a page allowed to
POST a query may also subscribe. No cookies are used (seat tokens travel in `Authorization`),
so credentials are never allowed and `*` is safe to answer literally.
"""

from __future__ import annotations

from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware

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


def cors_middleware(origins: list[str]) -> Middleware:
    """The middleware for these origins; with none, it answers no cross-origin request."""
    return Middleware(
        CORSMiddleware,
        allow_origins=origins,
        allow_methods=ALLOWED_METHODS,
        allow_headers=ALLOWED_HEADERS,
        expose_headers=EXPOSED_HEADERS,
        allow_credentials=False,
        max_age=PREFLIGHT_MAX_AGE,
    )
