"""The API explorers: GraphiQL at `GET /graphql` (for browsers), Swagger UI at `/docs` and the
OpenAPI document at `/openapi.json`.

Every asset is vendored in service/static/ (see its README for packages, versions and licences),
so the pages work with no network and load nothing from a CDN. The OpenAPI document is built
once per process by `service.contracts`, the same generator that writes openapi/openapi.json.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

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


@lru_cache(maxsize=1)
def openapi_bytes() -> bytes:
    from service import contracts  # contracts imports the REST table; load it on first use

    return orjson.dumps(contracts.openapi(), option=orjson.OPT_INDENT_2) + b"\n"


async def docs(request: Request) -> Response:
    return HTMLResponse(page(SWAGGER_PAGE))


async def openapi_document(request: Request) -> Response:
    return Response(openapi_bytes(), media_type="application/json")


def routes() -> list[BaseRoute]:
    return [
        Route("/docs", docs, methods=["GET"]),
        Route("/openapi.json", openapi_document, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
