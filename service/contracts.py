"""The API contracts, built from the code: the OpenAPI document of REST (from the endpoint
table and the pydantic models), the GraphQL SDL (from the strawberry schema) and the game
record's JSON Schema (from `service.record_schema`).

    python -m service.contracts          rewrite openapi/openapi.json, openapi/schema.graphql
                                         and openapi/record.schema.json
    python -m service.contracts --check  exit 1 when the files differ from the code

Tests run the check, so the documents cannot drift from the code.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel

from service import models, record_schema
from service import schemas as game_schemas
from service.errors import ServiceError
from service.rest import ENDPOINTS, PREFIX, PROBLEM_TYPE
from service.validation import LAST_EVENT_ID

ROOT = Path(__file__).resolve().parents[1]
OPENAPI = ROOT / "openapi" / "openapi.json"
SDL = ROOT / "openapi" / "schema.graphql"
RECORD_SCHEMA = ROOT / "openapi" / "record.schema.json"
REF = "#/components/schemas/{model}"
# A header whose format the edge checks (service.validation) says so here.
HEADER_SCHEMAS: dict[str, dict[str, Any]] = {
    "Last-Event-ID": {"type": "string", "pattern": f"^{LAST_EVENT_ID.pattern}$"},
    # A list of ETags of any length: one that names none of this answer's is simply not a match.
    "If-None-Match": {"type": "string"},
}


def _schemas() -> dict[str, Any]:
    schemas: dict[str, Any] = {}
    wanted: list[type[BaseModel]] = [models.Problem, models.Health, models.Readiness]
    for e in ENDPOINTS:
        for model in (e.request, e.response):
            if model is not None:
                wanted.append(model)
    for model in wanted:
        schema = model.model_json_schema(ref_template=REF)
        for name, sub in schema.pop("$defs", {}).items():
            schemas[name] = sub
        schemas[model.__name__] = schema
    game_schemas.install(schemas)
    return dict(sorted(schemas.items()))


def _problem_response(errors: tuple[type[ServiceError], ...]) -> dict[str, Any]:
    codes = ", ".join(f"`{e.code}`" for e in errors)
    return {
        "description": f"A problem: {codes}",
        "content": {"application/problem+json": {"schema": {"$ref": REF.format(model="Problem")}}},
    }


PATH_PARAMETERS = {
    "game_id": "The game id",
    "webhook_id": "The webhook id (as registering it answered)",
}


def _operation(e: Any) -> dict[str, Any]:
    op: dict[str, Any] = {
        "operationId": e.operation_id,
        "summary": e.summary,
        "tags": list(e.tags),
        "parameters": [],
        "responses": {},
    }
    for name, description in PATH_PARAMETERS.items():
        if "{" + name + "}" in e.path:
            op["parameters"].append(
                {
                    "name": name,
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string", "minLength": 1, "maxLength": 64},
                    "description": description,
                }
            )
    for p in e.query:
        schema: dict[str, Any] = {"type": p.kind}
        if p.kind == "integer":
            schema["minimum"] = p.minimum
            if p.maximum is not None:
                schema["maximum"] = p.maximum
        op["parameters"].append(
            {
                "name": p.name,
                "in": "query",
                "required": False,
                "schema": schema,
                "description": p.description,
            }
        )
    for h in e.headers:
        op["parameters"].append(
            {
                "name": h,
                "in": "header",
                "required": False,
                "schema": HEADER_SCHEMAS.get(
                    h, {"type": "string", "minLength": 1, "maxLength": 200}
                ),
            }
        )
    if e.auth != "none":
        op["security"] = [{"seatToken": []}] + ([{}] if e.auth == "optional" else [])
    if e.request is not None:
        op["requestBody"] = {
            "required": e.body_required,
            "content": {
                "application/json": {"schema": {"$ref": REF.format(model=e.request.__name__)}}
            },
        }
    if e.response is not None:
        content = {e.media_type: {"schema": {"$ref": REF.format(model=e.response.__name__)}}}
    else:
        content = {
            e.media_type: {
                "schema": {
                    "type": "string",
                    "description": "`event: game` messages whose data is a SeatGame "
                    "(with mode=patch: the first; later ones are `event: patch` messages, "
                    "{version, base, patch}), and `: keep-alive` comments",
                }
            }
        }
    op["responses"][str(e.status)] = {"description": "Success", "content": content}
    if e.method != "GET":
        op["responses"]["202"] = {
            "description": "Made, but fewer replicas than COVEN_WRITE_REPLICAS confirmed it in "
            "time (docs/deployment.md): the same answer, not yet as durable",
            "content": content,
            "headers": {
                "Coven-Replication": {
                    "schema": {"type": "string"},
                    "description": "unconfirmed; confirmed=N; wanted=M",
                }
            },
        }
    if "If-None-Match" in e.headers:
        op["responses"]["304"] = {
            "description": "Not modified: the If-None-Match names this answer's ETag"
        }
    by_status: dict[int, list[type[ServiceError]]] = {}
    for err in e.errors:
        by_status.setdefault(err.status, []).append(err)
    for status, errs in sorted(by_status.items()):
        resp = _problem_response(tuple(errs))
        if status in (429, 503):
            resp["headers"] = {
                "Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait"}
            }
        op["responses"][str(status)] = resp
    return op


def openapi() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for e in ENDPOINTS:
        paths.setdefault(PREFIX + e.path, {})[e.method.lower()] = _operation(e)
    for path, name, model, text in (
        ("/healthz", "health", models.Health, "The process is up"),
        ("/readyz", "readiness", models.Readiness, "Redis and the broker answer"),
    ):
        responses: dict[str, Any] = {
            "200": {
                "description": text,
                "content": {
                    "application/json": {"schema": {"$ref": REF.format(model=model.__name__)}}
                },
            }
        }
        if name == "readiness":
            responses["503"] = {
                "description": "Not ready",
                "content": {
                    "application/json": {"schema": {"$ref": REF.format(model=model.__name__)}}
                },
            }
        paths[path] = {
            "get": {
                "operationId": name,
                "summary": text,
                "tags": ["operations"],
                "responses": responses,
            }
        }
    paths["/metrics"] = {
        "get": {
            "operationId": "metrics",
            "summary": "Prometheus metrics",
            "tags": ["operations"],
            "responses": {
                "200": {
                    "description": "Prometheus text format",
                    "content": {"text/plain": {"schema": {"type": "string"}}},
                }
            },
        }
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Coven",
            "version": "1.0.0",
            "description": (
                "Play Pagan and Pantacle through one API. Every game is read as one seat "
                "(its secret token in `Authorization: Bearer`) or as a spectator (no token). "
                "Errors are RFC 9457 problem details with a machine-readable `code`; problem "
                f"types are `{PROBLEM_TYPE}<code>`. The same operations are offered over "
                "GraphQL at /graphql (see schema.graphql)."
            ),
        },
        "servers": [{"url": "http://127.0.0.1:8000"}],
        "paths": paths,
        "components": {
            "schemas": _schemas(),
            "securitySchemes": {
                "seatToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A seat's secret token",
                }
            },
        },
    }


def sdl() -> str:
    from service.graphql_api import schema

    return schema.as_str() + "\n"


def rendered() -> dict[Path, bytes]:
    return {
        OPENAPI: orjson.dumps(openapi(), option=orjson.OPT_INDENT_2) + b"\n",
        SDL: sdl().encode(),
        RECORD_SCHEMA: orjson.dumps(record_schema.json_schema(), option=orjson.OPT_INDENT_2)
        + b"\n",
    }


def main(argv: list[str]) -> int:
    stale = [p for p, data in rendered().items() if not p.exists() or p.read_bytes() != data]
    if "--check" in argv:
        for p in stale:
            print(f"{p.relative_to(ROOT)} differs from the code: run python -m service.contracts")
        return 1 if stale else 0
    for p, data in rendered().items():
        p.write_bytes(data)
        print(f"wrote {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
