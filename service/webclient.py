"""The web client: its page at `/`, its assets under `/app/` (service/web/, shipped as package
data). The client is static: it talks to the service only through the public GraphQL API, like
any other frontend (service/web/README.md)."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

WEB = Path(__file__).resolve().parent / "web"
INDEX = WEB / "index.html"
# Pages for people, not API operations: the OpenAPI document leaves them out.
WEB_PATHS = frozenset({"/"})


async def index(request: Request) -> Response:
    # Revalidated on every load, so a new release's page (and through it its assets) is seen.
    return FileResponse(INDEX, headers={"Cache-Control": "no-cache"})


def routes() -> list[BaseRoute]:
    return [
        Route("/", index, methods=["GET"]),
        Mount("/app", StaticFiles(directory=WEB), name="web"),
    ]
