"""The API contracts match the code, and the live app honours its OpenAPI document."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.routing import Route

from gamestore.settings import Settings
from service import contracts, explorers, webclient
from service.app import create_app
from service.errors import ALL_ERRORS, MethodNotAllowed, NotFound, TooManySubscriptions
from service.rest import ENDPOINTS
from tests.support.processes import start_api

SCHEMA = schemathesis.openapi.from_path(str(contracts.OPENAPI))


@pytest.fixture(scope="module")
def api(namespace: dict[str, str]) -> Iterator[str]:
    """An API of this module's own: the games the generated requests create (the schema names
    the games, so most creates succeed) fill no other test's open-games cap."""
    env = {**namespace, "COVEN_KEY_PREFIX": namespace["COVEN_KEY_PREFIX"] + "contracts:"}
    proc, base = start_api(env)
    yield base
    proc.stop()


def test_openapi_document_and_graphql_sdl_are_generated_from_the_code() -> None:
    assert contracts.main(["--check"]) == 0, "run: .venv/bin/python -m service.contracts"


def test_every_rest_route_is_documented_and_every_documented_path_exists() -> None:
    app = create_app(Settings(key_prefix="contract-test:"))
    served = {
        (route.path, method.lower())
        for route in app.routes
        if isinstance(route, Route)
        and route.path != "/graphql"
        and route.path not in explorers.EXPLORER_PATHS
        and route.path not in webclient.WEB_PATHS
        for method in (route.methods or ()) - {"HEAD"}
    }
    documented = {
        (path, method) for path, item in contracts.openapi()["paths"].items() for method in item
    }
    assert served == documented


def test_the_problem_schema_names_every_error_code() -> None:
    """A REST client reads from the document which codes a problem may carry: every error of
    `service.errors` and INTERNAL_ERROR, the unexpected failure's."""
    code = contracts.openapi()["components"]["schemas"]["Problem"]["properties"]["code"]
    assert code["enum"] == ["INTERNAL_ERROR", *(e.code for e in ALL_ERRORS)]


def test_every_error_is_documented_on_the_routes_that_answer_it() -> None:
    """Each error is in the responses of at least one route, but those no route of its own
    answers: a WebSocket's cap, and the router's 404 and 405 (any path, any method)."""
    documented = {error for e in ENDPOINTS for error in e.errors}
    elsewhere = {TooManySubscriptions, NotFound, MethodNotAllowed}
    assert set(ALL_ERRORS) - documented == elsewhere


@SCHEMA.exclude(path_regex=".*/stream$").parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_the_live_api_answers_every_generated_request_as_documented(case: Any, api: str) -> None:
    response = case.call(base_url=api)
    assert response.status_code < 500, response.text
    case.validate_response(
        response,
        checks=[status_code_conformance, content_type_conformance, response_schema_conformance],
    )
