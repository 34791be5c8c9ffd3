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
ICON = WEB / "favicon.ico"
# Pages for people, not API operations: the OpenAPI document leaves them out.
WEB_PATHS = frozenset({"/", "/favicon.ico"})


async def index(request: Request) -> Response:
    # Revalidated on every load, so a new release's page (and through it its assets) is seen.
    return FileResponse(INDEX, headers={"Cache-Control": "no-cache"})


async def favicon(request: Request) -> Response:
    # What every browser asks of every page of the service (the client, GraphiQL, Swagger UI):
    # a 404 there is a console error in each of them.
    return FileResponse(ICON, media_type="image/x-icon", headers={"Cache-Control": "max-age=86400"})


def routes() -> list[BaseRoute]:
    return [
        Route("/", index, methods=["GET"]),
        Route("/favicon.ico", favicon, methods=["GET"]),
        Mount("/app", StaticFiles(directory=WEB), name="web"),
    ]
