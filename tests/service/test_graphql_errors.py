"""The exceptions GraphQL's resolvers raise are mapped in one place, the same for every root
field (`service.graphql_errors`): a store that cannot be reached is STORE_UNAVAILABLE with a
503 and Retry-After over HTTP, as REST answers it, whichever operation found it.

In-process (httpx.ASGITransport) against the real Redis, the store's failure injected where
only a broken Redis can cause it: a real server proves nothing more here
(tests/service/test_store_unavailable.py kills a real Redis under a real one).
"""

from __future__ import annotations

import inspect
from typing import Any

import httpx
import pytest
import redis

from gamestore.settings import Settings
from gamestore.store import Store
from service.graphql_api import schema
from tests.service.test_graphql_http import run
from tests.support.mutations import mutation_names, mutations

QUERIES = {
    "game": "query ($g: ID!) { game(gameId: $g) { version } }",
    "openGames": "query { openGames { id } }",
    "myGames": "query ($t: String!) { myGames(tokens: [$t]) { unknown } }",
    "events": "query ($g: ID!) { events(gameId: $g) { version } }",
    "record": "query ($g: ID!) { record(gameId: $g) { version } }",
    "replay": "query ($g: ID!) { replay(gameId: $g) { version } }",
    "webhooks": "query ($g: ID!) { webhooks(gameId: $g) { limit } }",
    "webhookDeliveries": "query ($g: ID!) { webhookDeliveries(gameId: $g) { attempt } }",
}
# The queries that read nothing from the store: the catalog is the code's own, and shapeView
# types the view it is given.
STORELESS = {"catalog", "shapeView"}


def test_every_query_and_mutation_is_tried() -> None:
    assert schema._schema.query_type is not None
    assert set(QUERIES) | STORELESS == set(schema._schema.query_type.fields)


def _unreachable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every read and write of the game store fails as an unreachable Redis does; the rate
    limit (the HTTP middleware's, before any resolver) still answers."""

    async def gone(*args: Any, **kwargs: Any) -> Any:
        raise redis.exceptions.ConnectionError("injected: the store is gone")

    for name, method in vars(Store).items():
        public = not name.startswith("_") and name != "rate_limit"
        if public and inspect.iscoroutinefunction(method):
            monkeypatch.setattr(Store, name, gone)


def test_every_operation_that_finds_the_store_unreachable_answers_503_with_retry_after(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    seats = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]

    async def scenario(client: httpx.AsyncClient) -> dict[str, httpx.Response]:
        created = await client.post("/api/v1/games", json={"game": "pagan", "seats": seats})
        game_id, token = created.json()["id"], created.json()["tokens"]["witch"]
        documents = {**QUERIES, **mutations(game_id, "done")}
        assert set(mutation_names()) <= set(documents)
        _unreachable(monkeypatch)
        variables = {"g": game_id, "t": token}
        return {
            name: await client.post(
                "/graphql",
                json={
                    "query": doc,
                    "variables": {k: v for k, v in variables.items() if f"${k}" in doc},
                },
                headers={"Authorization": f"Bearer {token}"},
            )
            for name, doc in documents.items()
        }

    answers = run(settings, scenario)
    wrong = {
        name: (r.status_code, r.headers.get("retry-after"), r.json())
        for name, r in answers.items()
        if r.status_code != 503
        or r.headers.get("retry-after") != "2"
        or [e["extensions"]["code"] for e in r.json()["errors"]] != ["STORE_UNAVAILABLE"]
    }
    assert not wrong, wrong
