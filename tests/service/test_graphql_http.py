"""GraphQL over HTTP at the edge, as a hostile client sees it: GET runs queries only; a body a
page on another site can send without asking first (a form, a beacon, a no-cors fetch) is
refused; every refusal is a typed GraphQL error in the requester's language, never plain text
or a 500; deeply nested JSON is malformed input; a document of several operations needs an
operationName; a document whose validation would cost the square of its repeats is refused
before graphql-core validates it; an unexpected error leaves as an internal error that names
nothing of it.

In-process (httpx.ASGITransport) against the real Redis: a real server proves nothing more
here (tests/web/test_security.py drives a real one from another origin in Chromium)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import httpx
import pytest
import redis
import uvicorn
from graphql import get_introspection_query, parse
from starlette.applications import Starlette
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from gamestore.settings import Settings
from service import graphql_documents
from service.app import create_app
from service.errors import INTERNAL_DETAIL
from tests.support.mutations import mutation_names, mutations
from tests.support.namespace import REDIS_URL
from tests.support.processes import free_port
from tests.web.test_operations import documents

Scenario = Callable[[httpx.AsyncClient], Awaitable[Any]]


def run(settings: Settings, scenario: Scenario, app: Starlette | None = None) -> Any:
    app = app or create_app(settings)

    async def go() -> Any:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://coven") as client:
            try:
                return await scenario(client)
            finally:
                await app.state.redis.aclose()

    return asyncio.run(go())


@contextlib.contextmanager
def served(app: Starlette) -> Iterator[str]:
    """`app` served by uvicorn on a thread of this process, for a WebSocket client."""
    server = uvicorn.Server(uvicorn.Config(app, port=free_port(), log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{server.config.port}"
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The session's settings under a key prefix of this test's own: the session's API and
    worker go on writing under theirs (task results, sweeps, counters that expire), which a
    test that nothing was written must not see."""
    return settings.model_copy(
        update={"key_prefix": f"{settings.key_prefix}{uuid.uuid4().hex[:8]}:"}
    )


def stored(settings: Settings) -> list[bytes]:
    """Every key of the test's prefix but the rate counters (a refused request is counted)."""
    client = redis.Redis.from_url(REDIS_URL)
    keys = sorted(k for k in client.scan_iter(match=settings.key_prefix + "*") if b":rl:" not in k)
    client.close()
    return keys


def error(answer: httpx.Response) -> dict[str, Any]:
    """The one GraphQL error of an answer that ran nothing."""
    assert answer.headers["content-type"].startswith("application/json"), answer.text
    body = answer.json()
    assert body["data"] is None and len(body["errors"]) == 1, body
    first: dict[str, Any] = body["errors"][0]
    return first


async def _game(client: httpx.AsyncClient) -> tuple[str, str, str]:
    created = await client.post(
        "/api/v1/games",
        json={
            "game": "pagan",
            "seats": [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "open"}],
        },
    )
    game_id, token = created.json()["id"], created.json()["tokens"]["witch"]
    read = await client.get(
        f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}
    )
    return game_id, token, read.json()["legal_moves"][0]["id"]


def test_a_mutation_sent_by_get_is_refused_before_it_runs(settings: Settings) -> None:
    """An <img> or a link makes a browser send a GET with no preflight: it created games and
    took open seats (the finding)."""

    async def scenario(client: httpx.AsyncClient) -> None:
        game_id, token, move_id = await _game(client)
        tried = mutations(game_id, move_id)
        assert set(tried) == mutation_names()
        before = stored(settings)
        auth = {"Authorization": f"Bearer {token}"}
        for name, query in tried.items():
            answer = await client.get("/graphql", params={"query": query}, headers=auth)
            assert answer.status_code == 405, (name, answer.text)
            assert answer.headers["allow"] == "POST"
            assert error(answer)["extensions"]["code"] == "METHOD_NOT_ALLOWED"
        # Named, after a query, or behind a query without operationName: still refused.
        join = tried["joinGame"].replace("mutation", "mutation J", 1)
        both = f"query Q {{ catalog {{ aiLevels }} }} {join}"
        named = await client.get("/graphql", params={"query": both, "operationName": "J"})
        assert named.status_code == 405
        unnamed = await client.get("/graphql", params={"query": both})
        assert error(unnamed)["extensions"]["code"] == "MALFORMED_INPUT"
        assert stored(settings) == before
        seats = (await client.get(f"/api/v1/games/{game_id}")).json()["seats"]
        assert [s["open"] for s in seats] == [False, True]
        # A query still runs over GET.
        query = await client.get("/graphql", params={"query": "{ catalog { aiLevels } }"})
        assert query.status_code == 200 and query.json()["data"]["catalog"]["aiLevels"]

    run(settings, scenario)


@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "text/plain;charset=UTF-8",
        "text/plain; application/json",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ],
)
def test_a_body_a_page_can_send_without_a_preflight_changes_nothing(
    settings: Settings, content_type: str
) -> None:
    """Forms, beacons and no-cors fetches send only these content types: a state-changing
    request must be application/json, which a page on another site cannot send unasked."""

    async def scenario(client: httpx.AsyncClient) -> None:
        body = json.dumps({"query": mutations("x", "y")["createGame"]})
        before = stored(settings)
        answer = await client.post("/graphql", content=body, headers={"Content-Type": content_type})
        assert answer.status_code == 415 and answer.json()["code"] == "UNSUPPORTED_MEDIA_TYPE"
        # No body, the operation in the query string: still no JSON body, still refused.
        empty = await client.post(
            "/graphql",
            params={"query": mutations("x", "y")["createGame"]},
            headers={"Content-Type": content_type},
        )
        assert empty.status_code == 415
        assert error(empty)["extensions"]["code"] == "UNSUPPORTED_MEDIA_TYPE"
        assert stored(settings) == before

    run(settings, scenario)


def test_transport_refusals_are_typed_graphql_errors_in_the_requesters_language(
    settings: Settings,
) -> None:
    """Strawberry answered these with plain-text 400s."""
    cases: list[tuple[str, dict[str, Any], int, str]] = [
        ("POST", {"json": [{"query": "{ catalog { aiLevels } }"}]}, 400, "MALFORMED_INPUT"),
        ("POST", {"json": {"query": 5}}, 400, "MALFORMED_INPUT"),
        (
            "POST",
            {"json": {"query": "{ catalog { aiLevels } }", "variables": [1]}},
            400,
            "MALFORMED_INPUT",
        ),
        (
            "POST",
            {"json": {"query": "{ catalog { aiLevels } }", "extensions": "x"}},
            400,
            "MALFORMED_INPUT",
        ),
        (
            "POST",
            {"json": {"query": "query A { catalog { aiLevels } }", "operationName": "B"}},
            400,
            "MALFORMED_INPUT",
        ),
        ("POST", {"json": {"query": "fragment F on Catalog { aiLevels }"}}, 400, "MALFORMED_INPUT"),
        ("POST", {"json": {}}, 400, "MALFORMED_INPUT"),
        (
            "POST",
            {"content": b'{"query": ', "headers": {"Content-Type": "application/json"}},
            400,
            "MALFORMED_INPUT",
        ),
        (
            "POST",
            {"content": b"", "headers": {"Content-Type": "text/plain"}},
            415,
            "UNSUPPORTED_MEDIA_TYPE",
        ),
        (
            "GET",
            {"params": {"query": "{ catalog { aiLevels } }", "variables": "{"}},
            400,
            "MALFORMED_INPUT",
        ),
        ("HEAD", {}, 405, "METHOD_NOT_ALLOWED"),
    ]

    async def scenario(client: httpx.AsyncClient) -> None:
        for method, kwargs, status, code in cases:
            english = await client.request(method, "/graphql", **kwargs)
            assert english.status_code == status, (method, kwargs, english.text)
            if method == "HEAD":
                assert set(english.headers["allow"].split(", ")) == {"GET", "POST"}
                continue
            found = error(english)
            assert found["extensions"]["code"] == code, (kwargs, found)
            headers = {**kwargs.get("headers", {}), "Accept-Language": "es"}
            spanish = await client.request(method, "/graphql", **{**kwargs, "headers": headers})
            translated = error(spanish)["message"]
            assert translated != found["message"], (kwargs, translated)

    run(settings, scenario)


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    ("where", "depth"),
    [("body", 5000), ("variables", 5000), ("extensions", 5000), ("variables", 100), ("get", 100)],
)
def test_deeply_nested_json_is_malformed_input_not_a_server_error(
    settings: Settings, where: str, depth: int
) -> None:
    """The stdlib parser raised RecursionError (a 500); REST answered 400."""
    query = '"{ catalog { aiLevels } }"'

    async def scenario(client: httpx.AsyncClient) -> None:
        if where == "get":
            answer = await client.get(
                "/graphql",
                params={
                    "query": "{ catalog { aiLevels } }",
                    "variables": f'{{"v": {_nested(depth)}}}',
                },
            )
        else:
            body = {
                "body": _nested(depth),
                "variables": f'{{"query": {query}, "variables": {{"v": {_nested(depth)}}}}}',
                "extensions": f'{{"query": {query}, "extensions": {{"v": {_nested(depth)}}}}}',
            }[where]
            answer = await client.post(
                "/graphql", content=body, headers={"Content-Type": "application/json"}
            )
        assert answer.status_code == 400, answer.text
        found = error(answer)
        assert found["extensions"]["code"] == "MALFORMED_INPUT"
        assert "64 levels" in found["message"]
        # Nesting within the bound is no problem.
        fine = await client.post(
            "/graphql",
            json={"query": "{ catalog { aiLevels } }", "variables": {"v": json.loads(_nested(60))}},
        )
        assert fine.status_code == 200 and fine.json()["data"]["catalog"]

    run(settings, scenario)


def test_a_document_of_several_operations_needs_an_operation_name(settings: Settings) -> None:
    """The GraphQL spec requires the error; strawberry ran the first operation."""
    seats = '[{seat: "witch", kind: "human"}]'
    document = (
        f'mutation A {{ createGame(input: {{game: "pagan", seats: {seats}}}) {{ id }} }} '
        "query B { catalog { aiLevels } }"
    )

    async def scenario(client: httpx.AsyncClient) -> None:
        before = stored(settings)
        answer = await client.post("/graphql", json={"query": document})
        found = error(answer)
        assert found["extensions"]["code"] == "MALFORMED_INPUT"
        assert "operationName" in found["message"]
        assert stored(settings) == before  # the mutation did not run
        chosen = await client.post("/graphql", json={"query": document, "operationName": "B"})
        assert chosen.json() == {
            "data": {"catalog": {"aiLevels": ["novice", "easy", "medium", "hard", "expert"]}}
        }
        assert stored(settings) == before

    run(settings, scenario)


def test_documents_whose_validation_costs_the_square_of_their_repeats_are_refused_unvalidated(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """300 repeats of one field under one root field cost 0.7 s of the event loop to validate
    (benchmarks/graphql_cost.py). Counted, not timed: graphql-core's validation never sees
    a document over the bounds, and the web client's own documents are well within them."""
    validated: list[object] = []
    real = graphql_documents.validate_document

    def counting(*args: Any) -> Any:
        validated.append(args[1])
        return real(*args)

    monkeypatch.setattr(graphql_documents, "validate_document", counting)
    repeated = '{ game(gameId: "x") { ' + "events { version } " * 300 + "} }"
    doubling = " ".join(
        f"fragment F{i} on SeatGame {{ ...F{i - 1} ...F{i - 1} }}" for i in range(1, 40)
    )
    exponential = '{ game(gameId: "x") { ...F39 } } fragment F0 on SeatGame { version } ' + doubling

    async def scenario(client: httpx.AsyncClient) -> list[dict[str, Any]]:
        found = []
        for document in (repeated, exponential):
            found.append(error(await client.post("/graphql", json={"query": document})))
        # A document within the bounds is validated (once: then it is cached) and runs.
        for _ in range(2):
            fine = await client.post("/graphql", json={"query": "{ catalog { aiLevels } }"})
            assert fine.json()["data"]["catalog"]["aiLevels"]
        return found

    pairs, fields = run(settings, scenario)
    assert pairs["extensions"] == {"code": "MALFORMED_INPUT", "status": 400, "limit": 200}
    assert "game.events 300 times" in pairs["message"]
    assert "89700 pairs" in pairs["message"]  # 300 events and 300 versions: 2 x 300 x 299 / 2
    assert fields["extensions"]["limit"] == 2000
    assert "more than 2000 fields" in fields["message"]
    assert len(validated) == 1


def test_the_document_bounds_are_the_settings(settings: Settings) -> None:
    small = settings.model_copy(update={"graphql_max_selections": 4, "graphql_max_field_merges": 1})

    async def scenario(client: httpx.AsyncClient) -> tuple[dict[str, Any], ...]:
        three = await client.post("/graphql", json={"query": "{ catalog { aiLevels seatKinds } }"})
        assert three.json()["data"]["catalog"]["seatKinds"]
        four = await client.post(
            "/graphql", json={"query": "{ catalog { aiLevels seatKinds games { name } } }"}
        )
        twice = await client.post("/graphql", json={"query": "{ catalog { aiLevels aiLevels } }"})
        thrice = await client.post(
            "/graphql", json={"query": "{ catalog { aiLevels aiLevels aiLevels } }"}
        )
        return error(four), twice.json(), error(thrice)

    four, twice, thrice = run(small, scenario)
    assert "more than 4 fields" in four["message"]
    assert twice["data"]["catalog"]["aiLevels"]  # two selections of a field: one pair
    assert "catalog.aiLevels 3 times" in thrice["message"]


def test_the_web_clients_documents_are_well_within_the_bounds() -> None:
    """And the introspection query of GraphiQL (graphql-core's, every option on)."""
    from service.graphql_limits import document_cost

    defaults = Settings()
    literals = [doc for docs in documents().values() for doc in docs]
    fragments = "\n".join(d for d in literals if d.strip().startswith("fragment"))
    for literal in literals:
        if literal.strip().startswith("fragment"):
            continue
        cost = document_cost(parse(literal + "\n" + fragments), defaults.graphql_max_selections)
        assert cost.selections <= defaults.graphql_max_selections // 2, literal[:40]
        assert cost.merges <= defaults.graphql_max_field_merges // 4, literal[:40]
    introspection = get_introspection_query(
        descriptions=True,
        specified_by_url=True,
        directive_is_repeatable=True,
        schema_description=True,
        input_value_deprecation=True,
    )
    cost = document_cost(parse(introspection), defaults.graphql_max_selections)
    assert cost.selections <= defaults.graphql_max_selections // 2 and cost.merges == 0


def test_an_unexpected_error_leaves_as_internal_error_with_nothing_of_the_exception(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    from service.games import GameService

    async def broken(self: GameService, limit: int) -> list[Any]:
        raise RuntimeError("/srv/coven/secret.py: the lobby's key is 1234")

    monkeypatch.setattr(GameService, "lobby", broken)

    async def scenario(client: httpx.AsyncClient) -> httpx.Response:
        return await client.post("/graphql", json={"query": "{ openGames { id } }"})

    answer = run(settings, scenario)
    assert answer.status_code == 200
    assert "secret" not in answer.text and "1234" not in answer.text
    assert answer.json()["errors"][0]["message"] == INTERNAL_DETAIL
    assert answer.json()["errors"][0]["extensions"]["code"] == "INTERNAL_ERROR"
    # Over WebSocket too, where strawberry sent the exception's own text: the app served by
    # uvicorn in this process (the fault is patched in here).
    with (
        served(create_app(settings)) as base,
        connect(
            base.replace("http", "ws", 1) + "/graphql",
            subprotocols=[Subprotocol("graphql-transport-ws")],
        ) as ws,
    ):
        ws.send(json.dumps({"type": "connection_init", "payload": {}}))
        assert json.loads(ws.recv(timeout=10)) == {"type": "connection_ack"}
        query = {"query": "{ openGames { id } }"}
        ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": query}))
        message = str(ws.recv(timeout=10))
    assert "secret" not in message and "1234" not in message
    sent = json.loads(message)
    assert sent["type"] == "next"
    assert sent["payload"]["errors"][0]["message"] == INTERNAL_DETAIL
    assert sent["payload"]["errors"][0]["extensions"]["code"] == "INTERNAL_ERROR"


def test_documents_past_the_threads_queue_are_refused_as_busy_and_the_slot_is_freed() -> None:
    """At most `max_pending` new documents wait for the documents' thread; the next one is
    refused (SERVICE_UNAVAILABLE) at once, and a slot is free again once its work is done."""
    from graphql import GraphQLError

    documents = graphql_documents.Documents(max_pending=1)
    gate = threading.Event()

    def slow() -> str:
        gate.wait(10)
        return "done"

    async def scenario() -> tuple[dict[str, Any], str, object]:
        first = asyncio.ensure_future(documents._run(slow))
        await asyncio.sleep(0.05)
        try:
            await documents.parse("{ catalog { aiLevels } }", None)
        except GraphQLError as exc:
            refused = dict(exc.extensions or {})
        gate.set()
        done = await first
        parsed = await documents.parse("{ catalog { aiLevels } }", None)
        return refused, done, parsed

    refused, done, parsed = asyncio.run(scenario())
    assert refused["code"] == "SERVICE_UNAVAILABLE" and refused["retry_after"] >= 1
    assert done == "done" and parsed is not None


def test_a_busy_refusal_over_http_is_a_503_with_retry_after(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    from service.unavailable import busy

    async def full(self: graphql_documents.Documents, work: Any) -> Any:
        raise graphql_documents.as_graphql_error(busy())

    monkeypatch.setattr(graphql_documents.Documents, "_run", full)

    async def scenario(client: httpx.AsyncClient) -> httpx.Response:
        return await client.post("/graphql", json={"query": "{ catalog { seatKinds } }"})

    answer = run(settings, scenario)
    assert answer.status_code == 503 and answer.headers["retry-after"] == "1"
    assert error(answer)["extensions"]["code"] == "SERVICE_UNAVAILABLE"


def test_a_cached_refusal_is_in_each_requests_own_language(settings: Settings) -> None:
    """Validation results are cached: a Spanish answer must not translate the cached errors
    that the next, English, request of the same document gets."""
    documents = ["{ catalog { nothingHere } }", '{ game(gameId: "x") { ' + "version " * 300 + "} }"]

    async def scenario(client: httpx.AsyncClient) -> list[tuple[str, str, str]]:
        found = []
        for document in documents:
            first = error(await client.post("/graphql", json={"query": document}))
            spanish = error(
                await client.post(
                    "/graphql", json={"query": document}, headers={"Accept-Language": "es"}
                )
            )
            again = error(await client.post("/graphql", json={"query": document}))
            found.append((first["message"], spanish["message"], again["message"]))
        return found

    answers = run(settings, scenario)
    for english, _spanish, again in answers:
        assert again == english, (english, again)
    # The cost refusal is the service's own message: translated; graphql-core's is not.
    assert answers[1][1].startswith("el documento selecciona"), answers[1]
