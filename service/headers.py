"""Security headers on every HTTP answer, as ASGI middleware.

Every answer says `X-Content-Type-Options: nosniff` (a browser takes a file for what its
Content-Type says, never for what it looks like), `X-Frame-Options: DENY`,
`Referrer-Policy: no-referrer` (a page's address, with a game id in it, goes nowhere) and a
Content-Security-Policy whose `frame-ancestors 'none'` keeps every page out of another site's
frames (clickjacking). The policy allows what each page loads, all of it from this origin:

- the web client (`/`, `/app/`): its own scripts and style sheets, `data:` images (its empty
  icon), requests and WebSockets to this origin; no inline script or style (its DOM helper sets
  a `style` through the CSSOM, which the policy allows);
- the explorers (GraphiQL at `GET /graphql` and `/static/graphiql/`, Swagger UI at `/docs` and
  `/static/swagger-ui/`): the same, with inline styles, which React sets as attributes, and
  `data:` images and fonts, which their vendored style sheets embed;
- anything else (JSON, event streams): nothing at all (`default-src 'none'`).
"""

from __future__ import annotations

from typing import Final

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

_COMMON: Final = "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
WEB_CLIENT: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    f"font-src 'self'; connect-src 'self'; {_COMMON}"
)
EXPLORERS: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    f"img-src 'self' data:; font-src 'self' data:; connect-src 'self'; {_COMMON}"
)
API: Final = "default-src 'none'; frame-ancestors 'none'"

EXPLORER_PATHS: Final = ("/graphql", "/docs")
EXPLORER_PREFIXES: Final = ("/static/",)
WEB_CLIENT_PATHS: Final = ("/",)
WEB_CLIENT_PREFIXES: Final = ("/app/",)


def policy(path: str) -> str:
    """The Content-Security-Policy of an answer at `path`."""
    if path in EXPLORER_PATHS or path.startswith(EXPLORER_PREFIXES):
        return EXPLORERS
    if path in WEB_CLIENT_PATHS or path.startswith(WEB_CLIENT_PREFIXES):
        return WEB_CLIENT
    return API


class SecurityHeaders:
    """Adds the headers above to every HTTP answer that does not set them itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        csp = policy(scope.get("path", ""))

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("X-Content-Type-Options", "nosniff")
                headers.setdefault("X-Frame-Options", "DENY")
                headers.setdefault("Referrer-Policy", "no-referrer")
                headers.setdefault("Content-Security-Policy", csp)
            await send(message)

        await self.app(scope, receive, with_headers)
