"""Webhooks end to end: the real API, real Celery workers and a real local receiver that checks
every signature as docs/webhooks.md tells receivers to. Notices for a decision passed by a
human's move and by an AI's, the end of a game, a seat joining; retries with backoff and the
delivery log; a notice not lost when the process that wrote the move dies before handing it
out; which URLs are accepted, with and without COVEN_WEBHOOK_ALLOW_PRIVATE."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from redis.asyncio import Redis

from gamestore.settings import Settings
from gamestore.store import Store
from service.errors import WebhookUrlRefusedError
from service.games import GameService
from service.webhooks import register
from tests.support.client import GraphQL, Rest, bearer
from tests.support.namespace import settings_for
from tests.support.receiver import Received, Receiver, receiving

SECRET = "whsec-0123456789abcdef"
HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
NOTICE_FIELDS = {"id", "kind", "game_id", "game", "seat", "version", "status", "to_move", "created"}


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with receiving(SECRET) as r:
        yield r


def _hook(
    rest: Rest, game_id: str, token: str, url: str, events: list[str] | None = None, **extra: Any
) -> httpx.Response:
    body: dict[str, Any] = {"url": url, "secret": SECRET, **extra}
    if events is not None:
        body["events"] = events
    return rest.http.post(f"/api/v1/games/{game_id}/webhooks", json=body, headers=bearer(token))


def _registered(
    rest: Rest, game_id: str, token: str, url: str, events: list[str] | None = None
) -> dict[str, Any]:
    r = _hook(rest, game_id, token, url, events)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _move_until(rest: Rest, game_id: str, tokens: dict[str, str], seat: str) -> int:
    """Move (each time the first legal move of the seat to move, ours) until a move hands the
    decision to `seat`; the version then."""
    game = rest.read(game_id, next(iter(tokens.values()))).json()
    while True:
        mover = game["to_move"]
        assert mover in tokens, f"the {mover} (not ours) is to move"
        own = rest.read(game_id, tokens[mover]).json()
        r = rest.move(game_id, tokens[mover], own["version"], own["legal_moves"][0]["id"])
        assert r.status_code == 200, r.text
        game = r.json()
        if game["to_move"] == seat and mover != seat:
            return int(game["version"])


def _resign(rest: Rest, game_id: str, token: str) -> None:
    rest.http.post(f"/api/v1/games/{game_id}/resign", json={}, headers=bearer(token))


def _kind(kind: str, seat: str | None = None) -> Any:
    def match(r: Received) -> bool:
        return r.payload["kind"] == kind and (seat is None or r.payload["seat"] == seat)

    return match


@pytest.mark.slow
def test_a_decision_passed_by_a_move_is_posted_signed_to_the_seat_to_move(
    rest: Rest, worker: Any, receiver: Receiver
) -> None:
    created = rest.create(game="pagan", seats=HUMANS)
    game_id, tokens = created["id"], created["tokens"]
    # By name: the delivery resolves it, checks the address and connects there.
    url = receiver.url.replace("127.0.0.1", "localhost")
    try:
        _registered(rest, game_id, tokens["hunter"], url)
        version = _move_until(rest, game_id, tokens, "hunter")
        [got] = receiver.wait_for(_kind("your_decision"))
        assert got.signed
        assert set(got.payload) == NOTICE_FIELDS
        assert got.payload["seat"] == "hunter" and got.payload["to_move"] == "hunter"
        assert got.payload["game_id"] == game_id and got.payload["version"] == version
        assert got.headers["Coven-Event-Id"] == got.payload["id"]
        assert got.headers["Coven-Event"] == "your_decision"
        assert got.headers["Content-Type"] == "application/json"
        assert got.path == "/hook"
        assert got.headers["Host"] == url.split("/")[2]  # the URL's host, not the address
    finally:
        _resign(rest, game_id, tokens["witch"])


@pytest.mark.slow
def test_a_decision_passed_by_an_ai_move_is_posted_too(
    rest: Rest, worker: Any, receiver: Receiver
) -> None:
    seats = [
        {"seat": "witch", "kind": "human"},
        {"seat": "hunter", "kind": "ai", "level": "novice"},
    ]
    created = rest.create(game="pagan", seats=seats)
    game_id, witch = created["id"], created["tokens"]["witch"]
    try:
        _registered(rest, game_id, witch, receiver.url, ["your_decision"])
        _move_until(rest, game_id, {"witch": witch}, "hunter")  # the witch hands it to the AI
        [got] = receiver.wait_for(_kind("your_decision"), timeout=60)
        assert got.signed and got.payload["seat"] == "witch"
        last = rest.read(game_id, witch, events_after=got.payload["version"] - 1).json()
        assert last["events"][0]["seat"] == "hunter"  # the AI's move passed it back
    finally:
        _resign(rest, game_id, witch)


@pytest.mark.slow
def test_the_end_of_the_game_is_posted_to_every_seat_with_the_winners(
    rest: Rest, worker: Any, receiver: Receiver
) -> None:
    created = rest.create(game="pagan", seats=HUMANS)
    game_id, tokens = created["id"], created["tokens"]
    _registered(rest, game_id, tokens["witch"], receiver.url, ["game_over"])
    _registered(rest, game_id, tokens["hunter"], receiver.url)
    _resign(rest, game_id, tokens["witch"])
    notices = receiver.wait_for(_kind("game_over"), count=2)
    assert sorted(n.payload["seat"] for n in notices) == ["hunter", "witch"]
    assert all(n.signed and n.payload["winners"] == ["hunter"] for n in notices)
    assert all(n.payload["status"] == "finished" for n in notices)


@pytest.mark.slow
def test_a_seat_joining_is_posted_to_the_seat_waiting_for_it(
    rest: Rest, worker: Any, receiver: Receiver
) -> None:
    created = rest.create(game="pagan", seats=[{"seat": "witch", "kind": "human"}])
    game_id, witch = created["id"], created["tokens"]["witch"]
    try:
        _registered(rest, game_id, witch, receiver.url, ["seat_joined"])
        r = rest.http.post(f"/api/v1/games/{game_id}/join", json={"name": "Ann"})
        assert r.status_code == 200, r.text
        [got] = receiver.wait_for(_kind("seat_joined"))
        assert got.signed and got.payload["seat"] == "witch"
        assert got.payload["joined_seat"] == "hunter" and got.payload["joined_name"] == "Ann"
    finally:
        _resign(rest, game_id, witch)


@pytest.mark.slow
def test_a_failing_receiver_is_retried_with_backoff_and_every_attempt_is_logged(
    rest: Rest, api: str, worker: Any
) -> None:
    created = rest.create(game="pagan", seats=HUMANS)
    game_id, tokens = created["id"], created["tokens"]
    try:
        with receiving(SECRET, fail_first=2) as receiver:
            hook = _registered(rest, game_id, tokens["hunter"], receiver.url, ["your_decision"])
            _move_until(rest, game_id, tokens, "hunter")
            attempts = receiver.wait_for(_kind("your_decision"), count=3, timeout=40)
        assert len({a.payload["id"] for a in attempts}) == 1  # one notice, three attempts
        assert [a.headers["Coven-Delivery-Attempt"] for a in attempts] == ["1", "2", "3"]
        first_wait = attempts[1].at - attempts[0].at
        second_wait = attempts[2].at - attempts[1].at
        assert first_wait >= 0.45 and second_wait >= 0.95  # 0.5 s, then twice as long

        r = rest.http.get(
            f"/api/v1/games/{game_id}/webhook-deliveries", headers=bearer(tokens["hunter"])
        )
        assert r.status_code == 200, r.text
        log = r.json()["deliveries"]
        assert [(e["attempt"], e["status_code"], e["delivered"]) for e in log[:3]] == [
            (3, 200, True),
            (2, 500, False),
            (1, 500, False),
        ]
        assert [e["next_attempt_in_seconds"] for e in log[:3]] == [None, 1.0, 0.5]
        assert all(e["webhook_id"] == hook["id"] for e in log)
        assert all(e["event_id"] == attempts[0].payload["id"] for e in log)

        gql = GraphQL(api)
        data = gql.call(
            "query ($g: ID!) { webhookDeliveries(gameId: $g, limit: 2) "
            "{ attempt statusCode delivered kind } }",
            tokens["hunter"],
            g=game_id,
        )
        gql.close()
        assert data["data"]["webhookDeliveries"] == [
            {"attempt": 3, "statusCode": 200, "delivered": True, "kind": "YOUR_DECISION"},
            {"attempt": 2, "statusCode": 500, "delivered": False, "kind": "YOUR_DECISION"},
        ]
        # Another seat reads its own log, not this one.
        theirs = rest.http.get(
            f"/api/v1/games/{game_id}/webhook-deliveries", headers=bearer(tokens["witch"])
        )
        assert theirs.json()["deliveries"] == []
    finally:
        _resign(rest, game_id, tokens["witch"])


def _in_process(settings: Settings) -> tuple[GameService, Redis, list[Any]]:
    """A GameService like the API's whose enqueues go nowhere (they are only recorded): the
    process that wrote a move and died before handing anything to the workers."""
    client = Redis.from_url(settings.redis_url)
    dropped: list[Any] = []

    async def enqueue(task: str, game_id: str, args: list[Any]) -> None:
        dropped.append((task, game_id, args))

    return GameService(Store(client, settings), enqueue), client, dropped


@pytest.mark.slow
def test_a_notice_is_not_lost_when_the_writer_dies_before_handing_it_out(
    namespace: dict[str, str], rest: Rest, worker: Any, receiver: Receiver
) -> None:
    created = rest.create(game="pagan", seats=HUMANS)
    game_id, tokens = created["id"], created["tokens"]
    _registered(rest, game_id, tokens["hunter"], receiver.url, ["game_over"])
    settings = settings_for(namespace)

    async def resign_and_die() -> list[Any]:
        service, client, dropped = _in_process(settings)
        try:
            await service.resign(game_id, tokens["witch"])
        finally:
            await client.aclose()
        return dropped

    dropped = asyncio.run(resign_and_die())
    assert [task for task, _, _ in dropped] == ["workers.tasks.dispatch_webhooks"]  # never sent
    [got] = receiver.wait_for(_kind("game_over"), timeout=20)  # the workers' sweeper sent it
    assert got.signed and got.payload["game_id"] == game_id


@pytest.mark.slow
def test_bad_urls_secrets_and_too_many_webhooks_are_refused_with_typed_errors(
    rest: Rest, api: str, receiver: Receiver
) -> None:
    created = rest.create(game="pagan", seats=HUMANS)
    game_id, witch = created["id"], created["tokens"]["witch"]
    try:
        ftp = _hook(rest, game_id, witch, "ftp://example.com/hook")
        assert (ftp.status_code, ftp.json()["code"]) == (422, "WEBHOOK_URL_REFUSED")
        weak = rest.http.post(
            f"/api/v1/games/{game_id}/webhooks",
            json={"url": receiver.url, "secret": "short"},
            headers=bearer(witch),
        )
        assert (weak.status_code, weak.json()["code"]) == (400, "MALFORMED_INPUT")
        spaced = _hook(rest, game_id, witch, receiver.url, secret="with spaces in it 0123")
        assert (spaced.status_code, spaced.json()["code"]) == (422, "WEBHOOK_SECRET_REFUSED")
        unknown = _hook(rest, game_id, witch, receiver.url, ["your_turn"])
        assert (unknown.status_code, unknown.json()["code"]) == (400, "MALFORMED_INPUT")
        anonymous = rest.http.post(
            f"/api/v1/games/{game_id}/webhooks", json={"url": receiver.url, "secret": SECRET}
        )
        assert (anonymous.status_code, anonymous.json()["code"]) == (401, "BAD_TOKEN")

        ids = [_registered(rest, game_id, witch, receiver.url)["id"] for _ in range(5)]
        sixth = _hook(rest, game_id, witch, receiver.url)
        assert (sixth.status_code, sixth.json()["code"]) == (409, "TOO_MANY_WEBHOOKS")

        listed = rest.http.get(f"/api/v1/games/{game_id}/webhooks", headers=bearer(witch)).json()
        assert [h["id"] for h in listed["webhooks"]] == ids
        assert all("secret" not in h for h in listed["webhooks"])
        path = f"/api/v1/games/{game_id}/webhooks/{ids[0]}"
        assert rest.http.delete(path, headers=bearer(witch)).json() == {
            "id": ids[0],
            "deleted": True,
        }
        again = rest.http.delete(path, headers=bearer(witch))
        assert (again.status_code, again.json()["code"]) == (404, "WEBHOOK_NOT_FOUND")
    finally:
        _resign(rest, game_id, witch)


@pytest.mark.slow
def test_graphql_registers_lists_and_deletes_webhooks(
    rest: Rest, api: str, receiver: Receiver
) -> None:
    created = rest.create(game="pagan", seats=HUMANS)
    game_id, witch = created["id"], created["tokens"]["witch"]
    gql = GraphQL(api)
    try:
        added = gql.call(
            "mutation ($g: ID!, $u: String!, $s: String!) { registerWebhook(gameId: $g, url: $u, "
            "secret: $s, events: [YOUR_DECISION, GAME_OVER]) { id url events } }",
            witch,
            g=game_id,
            u=receiver.url,
            s=SECRET,
        )["data"]["registerWebhook"]
        assert added["events"] == ["YOUR_DECISION", "GAME_OVER"]
        listed = gql.call(
            "query ($g: ID!) { webhooks(gameId: $g) { seat limit webhooks { id } } }",
            witch,
            g=game_id,
        )["data"]["webhooks"]
        assert listed == {"seat": "witch", "limit": 5, "webhooks": [{"id": added["id"]}]}
        refused = gql.call(
            'mutation ($g: ID!) { registerWebhook(gameId: $g, url: "gopher://x", '
            'secret: "0123456789abcdef0") { id } }',
            witch,
            g=game_id,
        )
        assert refused["errors"][0]["extensions"]["code"] == "WEBHOOK_URL_REFUSED"
        deleted = gql.call(
            "mutation ($g: ID!, $w: ID!) { deleteWebhook(gameId: $g, webhookId: $w) "
            "{ id deleted } }",
            witch,
            g=game_id,
            w=added["id"],
        )["data"]["deleteWebhook"]
        assert deleted == {"id": added["id"], "deleted": True}
    finally:
        gql.close()
        _resign(rest, game_id, witch)


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:9/hook",
        "http://localhost:9/hook",
        "http://10.0.0.7/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]/hook",
        "http://224.0.0.1/hook",
    ],
)
def test_without_the_private_setting_private_addresses_are_refused(
    settings: Settings, url: str
) -> None:
    strict = settings.model_copy(update={"webhook_allow_private": False})

    async def attempt() -> None:
        service, client, _ = _in_process(strict)
        try:
            created = await service.create("pagan", None, None, HUMANS, "127.0.0.1")
            try:
                with pytest.raises(WebhookUrlRefusedError):
                    await register(service, created["id"], created["tokens"]["witch"], url, SECRET)
            finally:
                await service.resign(created["id"], created["tokens"]["witch"])
        finally:
            await client.aclose()

    asyncio.run(attempt())


def test_without_the_private_setting_a_public_address_is_accepted(settings: Settings) -> None:
    strict = settings.model_copy(update={"webhook_allow_private": False})

    async def attempt() -> dict[str, Any]:
        service, client, _ = _in_process(strict)
        try:
            created = await service.create("pagan", None, None, HUMANS, "127.0.0.1")
            try:
                token = created["tokens"]["witch"]
                return await register(
                    service, created["id"], token, "https://93.184.215.14/hook", SECRET
                )
            finally:
                await service.resign(created["id"], created["tokens"]["witch"])
        finally:
            await client.aclose()

    hook = asyncio.run(attempt())
    assert hook["url"] == "https://93.184.215.14/hook" and hook["seat"] == "witch"
