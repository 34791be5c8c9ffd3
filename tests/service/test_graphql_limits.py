"""GraphQL documents are bounded (aliases, depth, tokens) and the rate limits count operations,
not requests: aliases cannot multiply what one request may do (issue 17)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from service.app import create_app
from tests.support.client import GraphQL
from tests.support.in_process import TestClient
from tests.support.namespace import settings_for


@pytest.fixture(scope="module")
def limited(namespace: dict[str, str]) -> Iterator[GraphQL]:
    """The API in-process (starlette's TestClient) on keys of its own: the document limits and
    the rate limits are the app's own, so a real server would prove nothing more."""
    settings = settings_for(
        {**namespace, "COVEN_KEY_PREFIX": namespace["COVEN_KEY_PREFIX"] + "gql-limits:"}
    ).model_copy(
        update={
            "rate_limit_per_address": 100,
            "rate_limit_window_seconds": 3600,  # no window ends during the test
            "max_open_games_per_address": 20,
            "graphql_introspection": False,
            "graphql_max_depth": 2,  # below the schema's own nesting (3)
        }
    )
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        yield GraphQL(client)


def _codes(answer: dict[str, Any]) -> list[str]:
    return [e["extensions"]["code"] for e in answer.get("errors", [])]


def _aliases(field: str, n: int, kind: str = "query") -> str:
    return kind + " { " + " ".join(f"a{i}: {field}" for i in range(n)) + " }"


def test_documents_over_the_alias_depth_or_token_limits_are_refused(limited: GraphQL) -> None:
    too_many = limited.call(_aliases("catalog { aiLevels }", 31))
    assert too_many.get("data") is None and _codes(too_many) == ["MALFORMED_INPUT"]
    assert "aliases" in too_many["errors"][0]["message"]
    assert _codes(limited.call('{ game(id: "x") { events { version } } }')) == ["GAME_NOT_FOUND"]
    deep = limited.call('{ game(id: "x") { events { move { id } } } }')
    assert deep.get("data") is None and _codes(deep) == ["MALFORMED_INPUT"]
    assert "depth" in deep["errors"][0]["message"]
    tokens = limited.call("{ catalog { " + "aiLevels " * 2100 + "} }")
    assert _codes(tokens) == ["MALFORMED_INPUT"]
    introspection = limited.call("{ __schema { queryType { name } } }")
    assert introspection.get("data") is None
    assert set(_codes(introspection)) == {"MALFORMED_INPUT"}
    assert "introspection" in introspection["errors"][0]["message"]


def test_rate_limits_count_every_aliased_operation(limited: GraphQL) -> None:
    """25 createGame aliases meet the open-games cap of 20; then 30-alias reads exhaust the
    per-address budget of 100 operations in three requests, not a hundred."""
    created = limited.call(_aliases('createGame(input: {game: "pagan"}) { id }', 25, "mutation"))
    # The 21st create is refused; a refused non-null root field ends the (serial) mutation.
    assert _codes(created) == ["TOO_MANY_OPEN_GAMES"]
    lobby = limited.call("{ openGames(limit: 200) { id } }")
    assert len(lobby["data"]["openGames"]) == 20
    query = {"query": _aliases("catalog { aiLevels }", 30)}
    answers = [limited.http.post("/graphql", json=query) for _ in range(4)]
    assert [_codes(a.json()) for a in answers[:2]] == [[], []]
    # 26 operations above (25 creates, the lobby) and 30 per request: the third passes 100.
    third = answers[2].json()
    assert third["data"] is None and _codes(third) == ["RATE_LIMITED"]
    assert third["errors"][0]["extensions"]["retry_after"] >= 1
    assert answers[3].status_code == 429  # and then the requests themselves are refused
