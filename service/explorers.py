"""The API explorers: GraphiQL at `GET /graphql` (for browsers), Swagger UI at `/docs` and the
OpenAPI document at `/openapi.json`.

Every asset is vendored in service/static/ (see its README for packages, versions and licences),
so the pages work with no network and load nothing from a CDN. The OpenAPI document is built
on its first request by `service.contracts`, the same generator that writes
openapi/openapi.json; the app hands it in (`routes`), as the contracts stand above the GraphQL
API, which serves GraphiQL from here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import orjson
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

STATIC = Path(__file__).resolve().parent / "static"
GRAPHIQL_PAGE = STATIC / "graphiql" / "index.html"
SWAGGER_PAGE = STATIC / "swagger-ui" / "index.html"
# Routes that are pages for people, not API operations: the OpenAPI document leaves them out.
EXPLORER_PATHS = frozenset({"/docs", "/openapi.json"})


@cache
def page(path: Path) -> str:
    return path.read_text()


async def docs(request: Request) -> Response:
    return HTMLResponse(page(SWAGGER_PAGE))


def routes(openapi: Callable[[], dict[str, Any]]) -> list[BaseRoute]:
    """The explorers' routes; `openapi` builds the OpenAPI document (`service.contracts.openapi`),
    once, on the first request for it."""

    @lru_cache(maxsize=1)
    def document() -> bytes:
        return orjson.dumps(openapi(), option=orjson.OPT_INDENT_2) + b"\n"

    async def openapi_document(request: Request) -> Response:
        return Response(document(), media_type="application/json")

    return [
        Route("/docs", docs, methods=["GET"]),
        Route("/openapi.json", openapi_document, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
