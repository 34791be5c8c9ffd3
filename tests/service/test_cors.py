"""Cross-origin access follows COVEN_CORS_ORIGINS on every HTTP answer (preflights, errors from
the handlers and from the limits middleware, the SSE stream) and on the GraphQL WebSocket's
origin check, tested with real Origin headers against a running API process."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import orjson
import pytest
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin, Subprotocol

from service.app import create_app
from tests.support.in_process import TestClient
from tests.support.namespace import settings_for
from tests.support.processes import start_api

ALLOWED = "https://frontend.example"
OTHER = "https://elsewhere.example"


@pytest.fixture(scope="module")
def cors_api(namespace: dict[str, str]) -> Iterator[str]:
    proc, base = start_api(
        {**namespace, "COVEN_CORS_ORIGINS": f"{ALLOWED}, https://second.example"}
    )
    yield base
    proc.stop()


@pytest.fixture(scope="module")
def http(cors_api: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=cors_api, timeout=30) as client:
        yield client


def preflight(
    http: httpx.Client, path: str, method: str, headers: str, origin: str = ALLOWED
) -> httpx.Response:
    return http.options(
        path,
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": headers,
        },
    )


def _new_game(http: httpx.Client) -> tuple[str, str]:
    r = http.post(
        "/api/v1/games",
        json={"game": "pagan", "seats": [{"seat": "witch", "kind": "human"}]},
        headers={"Origin": ALLOWED},
    )
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], data["tokens"]["witch"]


@pytest.mark.parametrize(
    ("path", "method", "headers"),
    [
        ("/api/v1/games", "POST", "content-type"),
        ("/api/v1/games/some-game/moves", "POST", "authorization, content-type, idempotency-key"),
        ("/graphql", "POST", "authorization, content-type"),
        ("/api/v1/games/some-game/stream", "GET", "authorization, last-event-id"),
        ("/api/v1/games/some-game", "GET", "authorization, if-none-match"),
    ],
)
def test_a_preflight_from_an_allowed_origin_is_answered_with_its_methods_and_headers(
    http: httpx.Client, path: str, method: str, headers: str
) -> None:
    r = preflight(http, path, method, headers)
    assert r.status_code == 200, r.text
    assert r.headers["access-control-allow-origin"] == ALLOWED
    assert method in r.headers["access-control-allow-methods"]
    allowed = r.headers["access-control-allow-headers"].lower()
    for header in headers.split(", "):
        assert header in allowed


def test_a_preflight_from_another_origin_is_refused_without_cors_headers(
    http: httpx.Client,
) -> None:
    r = preflight(http, "/api/v1/games", "POST", "content-type", OTHER)
    assert r.status_code == 400
    assert "access-control-allow-origin" not in r.headers


def test_answers_to_an_allowed_origin_carry_its_origin_and_expose_etag_location_retry_after(
    http: httpx.Client,
) -> None:
    r = http.post(
        "/api/v1/games",
        json={"game": "pagan", "seats": [{"seat": "witch", "kind": "human"}]},
        headers={"Origin": ALLOWED},
    )
    assert r.status_code == 201
    assert r.headers["access-control-allow-origin"] == ALLOWED
    exposed = {h.strip().lower() for h in r.headers["access-control-expose-headers"].split(",")}
    assert {"etag", "location", "retry-after", "ratelimit-remaining"} <= exposed
    assert "access-control-allow-credentials" not in r.headers


def test_a_second_configured_origin_is_allowed_too(http: httpx.Client) -> None:
    r = http.get("/api/v1/catalog", headers={"Origin": "https://second.example"})
    assert r.headers["access-control-allow-origin"] == "https://second.example"


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "code"),
    [
        ("GET", "/api/v1/games/no-such-game", None, 404, "GAME_NOT_FOUND"),
        ("GET", "/no/such/route", None, 404, "NOT_FOUND"),
        ("POST", "/api/v1/catalog", None, 405, "METHOD_NOT_ALLOWED"),
        ("POST", "/api/v1/games", b'{"game": "chess"}', 422, "UNKNOWN_GAME_TYPE"),
        ("POST", "/api/v1/games", b"x" * 70000, 413, "PAYLOAD_TOO_LARGE"),
    ],
)
def test_problem_answers_carry_the_cors_header_too(
    http: httpx.Client, method: str, path: str, body: bytes | None, status: int, code: str
) -> None:
    headers = {"Origin": ALLOWED, "Content-Type": "application/json"}
    r = http.request(method, path, content=body, headers=headers)
    assert r.status_code == status, r.text
    assert r.json()["code"] == code
    assert r.headers["access-control-allow-origin"] == ALLOWED


def test_a_disallowed_origin_gets_the_answer_but_no_cors_header(http: httpx.Client) -> None:
    r = http.get("/api/v1/catalog", headers={"Origin": OTHER})
    assert r.status_code == 200
    assert "access-control-allow-origin" not in r.headers
    r = http.get("/api/v1/games/no-such-game", headers={"Origin": OTHER})
    assert r.status_code == 404
    assert "access-control-allow-origin" not in r.headers


def test_graphql_over_http_answers_an_allowed_origin(http: httpx.Client) -> None:
    r = http.post(
        "/graphql",
        json={"query": "{ catalog { aiLevels } }"},
        headers={"Origin": ALLOWED},
    )
    assert r.status_code == 200
    assert r.headers["access-control-allow-origin"] == ALLOWED


def test_the_sse_stream_answers_an_allowed_origin(http: httpx.Client) -> None:
    game_id, token = _new_game(http)
    headers = {"Origin": ALLOWED, "Authorization": f"Bearer {token}"}
    with http.stream("GET", f"/api/v1/games/{game_id}/stream", headers=headers) as r:
        assert r.status_code == 200
        assert r.headers["access-control-allow-origin"] == ALLOWED
        first = next(r.iter_lines())
        assert first.startswith("retry:")


def _connect(base: str, origin: str) -> ClientConnection:
    """A real WebSocket handshake to /graphql, as a browser page on `origin` makes it."""
    return connect(
        base.replace("http://", "ws://") + "/graphql",
        origin=Origin(origin),
        subprotocols=[Subprotocol("graphql-transport-ws")],
    )


def test_a_graphql_websocket_from_an_allowed_origin_is_accepted(cors_api: str) -> None:
    with _connect(cors_api, ALLOWED) as ws:
        ws.send(orjson.dumps({"type": "connection_init", "payload": {}}).decode())
        assert orjson.loads(ws.recv(timeout=10))["type"] == "connection_ack"


def test_a_graphql_websocket_from_another_origin_is_refused_with_403(cors_api: str) -> None:
    with pytest.raises(InvalidStatus) as refused:
        _connect(cors_api, OTHER)
    assert refused.value.response.status_code == 403


def test_without_the_setting_only_same_origin_pages_are_served(api: str) -> None:
    r = httpx.get(api + "/api/v1/catalog", headers={"Origin": ALLOWED})
    assert "access-control-allow-origin" not in r.headers
    with pytest.raises(InvalidStatus) as refused:
        _connect(api, ALLOWED)
    assert refused.value.response.status_code == 403


def test_a_star_setting_allows_any_origin_including_websockets(namespace: dict[str, str]) -> None:
    proc, base = start_api({**namespace, "COVEN_CORS_ORIGINS": "*"})
    try:
        r = httpx.get(base + "/api/v1/catalog", headers={"Origin": OTHER})
        assert r.headers["access-control-allow-origin"] == "*"
        with _connect(base, OTHER) as ws:
            ws.send(orjson.dumps({"type": "connection_init", "payload": {}}).decode())
            assert orjson.loads(ws.recv(timeout=10))["type"] == "connection_ack"
    finally:
        proc.stop()


def test_a_rate_limited_answer_carries_the_cors_header_and_exposes_retry_after(
    namespace: dict[str, str],
) -> None:
    """In-process (starlette's TestClient): the limits and CORS are the app's middleware, which
    a real server adds nothing to."""
    settings = settings_for(
        {**namespace, "COVEN_KEY_PREFIX": namespace["COVEN_KEY_PREFIX"] + "cors-limits:"}
    ).model_copy(update={"rate_limit_per_address": 3, "cors_origins": ALLOWED})
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        answers = [client.get("/api/v1/catalog", headers={"Origin": ALLOWED}) for _ in range(5)]
    limited = answers[-1]
    assert limited.status_code == 429 and limited.json()["code"] == "RATE_LIMITED"
    assert limited.headers["access-control-allow-origin"] == ALLOWED
    assert "retry-after" in limited.headers["access-control-expose-headers"].lower()
    assert int(limited.headers["retry-after"]) >= 1


def _crash(namespace: dict[str, str], origins: str, origin: str) -> httpx.Response:
    """What the real app answers, at `origin`, to a route that fails as a bug would: Starlette
    sends it from ServerErrorMiddleware, outside CORSMiddleware (a narrow in-process test, since
    no real route may crash on purpose)."""

    async def boom(request: Request) -> Response:
        raise RuntimeError("a bug")

    settings = settings_for(namespace).model_copy(update={"cors_origins": origins})
    app = create_app(settings)
    app.router.routes.insert(0, Route("/boom", boom))

    async def ask() -> httpx.Response:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://coven") as client:
            answer = await client.get("/boom", headers={"Origin": origin})
        await app.state.redis.aclose()
        return answer

    return asyncio.run(ask())


def test_a_crash_answer_carries_the_cors_header_of_an_allowed_origin(
    namespace: dict[str, str],
) -> None:
    allowed = _crash(namespace, ALLOWED, ALLOWED)
    assert allowed.status_code == 500
    assert allowed.json()["code"] == "INTERNAL_ERROR"
    assert allowed.headers["access-control-allow-origin"] == ALLOWED
    assert "ETag" in allowed.headers["access-control-expose-headers"]


def test_a_crash_answer_to_another_origin_carries_no_cors_header(
    namespace: dict[str, str],
) -> None:
    other = _crash(namespace, ALLOWED, OTHER)
    assert other.status_code == 500
    assert "access-control-allow-origin" not in other.headers


def test_a_crash_answer_under_a_star_setting_allows_any_origin(namespace: dict[str, str]) -> None:
    answer = _crash(namespace, "*", OTHER)
    assert answer.status_code == 500
    assert answer.headers["access-control-allow-origin"] == "*"
