"""What a hostile client sends gets a typed 4xx, the same over REST and GraphQL: numbers that
are not numbers (no coercion of `true`, `"10"` or `"1e3"`), webhook URLs whose host DNS cannot
hold. Each case was answered otherwise before (a coerced clock, a 500); an in-process app
against the real Redis, since a real server proves nothing more here."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import orjson
import pytest

from gamestore.settings import Settings
from service.app import create_app
from tests.support.in_process import TestClient
from tests.support.namespace import settings_for

HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
WITH_OPEN = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "open"}]
CREATE = "mutation ($input: CreateGameInput!) { createGame(input: $input) { id } }"


@pytest.fixture(scope="module")
def settings(namespace: dict[str, str]) -> Settings:
    prefix = f"{namespace['COVEN_KEY_PREFIX']}hostile-{uuid.uuid4().hex[:6]}:"
    return settings_for({**namespace, "COVEN_KEY_PREFIX": prefix})


@pytest.fixture(scope="module")
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings), raise_server_exceptions=False) as test_client:
        yield test_client


def rest_create(client: TestClient, raw: bytes) -> tuple[bool, dict[str, Any]]:
    r = client.post("/api/v1/games", content=raw, headers={"Content-Type": "application/json"})
    assert r.status_code in (201, 400, 422), r.text
    return r.status_code == 201, r.json()


def graphql_create(client: TestClient, raw_input: bytes) -> tuple[bool, dict[str, Any]]:
    body = b'{"query": %s, "variables": {"input": %s}}' % (orjson.dumps(CREATE), raw_input)
    r = client.post("/graphql", content=body, headers={"Content-Type": "application/json"})
    # 400: refused as JSON before any operation ran (1e400 is no number a JSON parser keeps).
    assert r.status_code in (200, 400), r.text
    answer: dict[str, Any] = r.json()
    return answer.get("data") is not None and not answer.get("errors"), answer


# The JSON texts a client may send where a number of seconds is meant.
NUMBERS = [b"true", b"false", b'"10"', b'"1e3"', b'"600"', b"[600]", b"{}", b"1e400", b"-1e400"]
GOOD = [b"600", b"600.0", b"6e2", b"90.5"]


def _clock(field: str, value: bytes) -> tuple[bytes, bytes]:
    """A create body (REST) and its CreateGameInput (GraphQL) with `value` at `field`."""
    seats = orjson.dumps(HUMANS)
    if field == "fill_open_seats_after_seconds":
        seats = orjson.dumps(WITH_OPEN)
        rest = b'{"game": "pagan", "seats": %s, "fill_open_seats_after_seconds": %s}'
        graphql = b'{"game": "pagan", "seats": %s, "fillOpenSeatsAfterSeconds": %s}'
        return rest % (seats, value), graphql % (seats, value)
    camel = {
        "decision_seconds": b"decisionSeconds",
        "budget_seconds": b"budgetSeconds",
        "increment_seconds": b"incrementSeconds",
    }[field]
    extra_rest = b', "budget_seconds": 600' if field == "increment_seconds" else b""
    extra_graphql = b', "budgetSeconds": 600' if field == "increment_seconds" else b""
    rest = b'{"game": "pagan", "seats": %s, "clock": {"%s": %s, "on_timeout": "forfeit"%s}}'
    graphql = b'{"game": "pagan", "seats": %s, "clock": {"%s": %s, "onTimeout": "forfeit"%s}}'
    return (
        rest % (seats, field.encode(), value, extra_rest),
        graphql % (seats, camel, value, extra_graphql),
    )


FIELDS = [
    "decision_seconds",
    "budget_seconds",
    "increment_seconds",
    "fill_open_seats_after_seconds",
]


@pytest.mark.parametrize("value", NUMBERS, ids=lambda v: v.decode())
@pytest.mark.parametrize("field", FIELDS)
def test_a_number_of_seconds_is_a_json_number_over_rest_as_over_graphql(
    client: TestClient, field: str, value: bytes
) -> None:
    """REST turned `true` into a 1 s clock and `"10"`, `"1e3"` into numbers; GraphQL refused
    them. Now both refuse them, REST as MALFORMED_INPUT (the body breaks its schema)."""
    rest_body, graphql_input = _clock(field, value)
    rest_ok, rest = rest_create(client, rest_body)
    graphql_ok, graphql = graphql_create(client, graphql_input)
    assert not rest_ok, rest
    assert not graphql_ok, graphql
    assert rest["code"] == "MALFORMED_INPUT", rest
    assert graphql["errors"][0]["extensions"]["code"] == "MALFORMED_INPUT", graphql


@pytest.mark.parametrize("value", GOOD, ids=lambda v: v.decode())
@pytest.mark.parametrize("field", FIELDS)
def test_a_json_number_of_seconds_is_accepted_by_both(
    client: TestClient, field: str, value: bytes
) -> None:
    rest_body, graphql_input = _clock(field, value)
    rest_ok, rest = rest_create(client, rest_body)
    graphql_ok, graphql = graphql_create(client, graphql_input)
    assert rest_ok, rest
    assert graphql_ok, graphql


def _webhook_table(client: TestClient) -> tuple[str, str]:
    r = client.post("/api/v1/games", json={"game": "pagan", "seats": HUMANS})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]["witch"]


@pytest.mark.parametrize(
    "url",
    [
        "http://a..b/hook",
        "http://" + "a" * 64 + ".example.com/hook",
        "http://.example.com/hook",
        "https://example.com:0/hook",
        "http://[2002:7f00:1::]/hook",
        "http://[2002:a9fe:a9fe::]/hook",
        "http://[2002:a00:1::]/hook",
        "http://[2002:c0a8:1::]/hook",
        "http://[64:ff9b::a9fe:a9fe]/hook",
        "http://[::127.0.0.1]/hook",
    ],
)
def test_a_webhook_url_dns_or_the_address_check_refuses_is_a_typed_422(
    client: TestClient, url: str
) -> None:
    game_id, token = _webhook_table(client)
    headers = {"Authorization": f"Bearer {token}"}
    secret = "whsec-0123456789abcdef"
    r = client.post(
        f"/api/v1/games/{game_id}/webhooks", json={"url": url, "secret": secret}, headers=headers
    )
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "WEBHOOK_URL_REFUSED"
    query = (
        "mutation ($g: ID!, $u: String!, $s: String!) "
        "{ registerWebhook(gameId: $g, url: $u, secret: $s) { id } }"
    )
    answer = client.post(
        "/graphql",
        json={"query": query, "variables": {"g": game_id, "u": url, "s": secret}},
        headers=headers,
    ).json()
    assert answer["errors"][0]["extensions"]["code"] == "WEBHOOK_URL_REFUSED", answer
    listed = client.get(f"/api/v1/games/{game_id}/webhooks", headers=headers)
    assert listed.json()["webhooks"] == []


LANGUAGE_HEADERS = [
    ("ES", "es"),
    ("Es-MX", "es"),
    ("EN;q=0.1, ES", "es"),
    ("EN", "en"),
    ("es;q=nan", "en"),
    ("es;q=1e3, en;q=0.5", "en"),
    ("../../etc/passwd", "en"),
    ("x" * 2000, "en"),
]


@pytest.mark.parametrize(("header", "lang"), LANGUAGE_HEADERS, ids=lambda v: str(v)[:20])
def test_every_route_answers_under_any_spelling_of_a_language(
    client: TestClient, header: str, lang: str
) -> None:
    """`Accept-Language: ES` answered 500 on nearly every route (the tag became a directory
    name); now every spelling is negotiated to a language of the service, or English."""
    game_id, token = _webhook_table(client)
    h = {"Accept-Language": header, "Authorization": f"Bearer {token}"}
    for path in (
        f"/api/v1/games/{game_id}",
        f"/api/v1/games/{game_id}/events",
        f"/api/v1/games/{game_id}/webhooks",
        "/api/v1/games",
        "/api/v1/catalog",
        "/api/v1/no-such-route",
        "/api/v1/games/no-such-game",
    ):
        r = client.get(path, headers=h)
        assert r.status_code < 500, (path, r.text)
        assert r.headers.get("content-language", "en") == lang, path
    answer = client.post(
        "/graphql",
        json={"query": "query ($g: ID!) { game(gameId: $g) { version } }", "variables": {"g": "x"}},
        headers=h,
    ).json()
    message = answer["errors"][0]["message"]
    assert message.startswith("no existe" if lang == "es" else "there is no game"), message
