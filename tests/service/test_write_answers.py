"""A write and its answer are one thing: a 5xx means nothing was written, and a written change
is never answered as an error, on every write path (REST, GraphQL over HTTP and over the
WebSocket; moves, batches, creates, joins, rematches, resignations, "I'm back", webhook
registrations).

Each write is made by an in-process app (a real server proves nothing more here) against the
real Redis, with a fault injected at one point of its path: after the change is planned and
before it is written (the answer rendered for it), or after it is written (the AI's turn
handed out, the answer rendered in the reader's language). Whether something was written is
read from Redis itself: every key of the app's prefix, before and after. The hostile header
`Accept-Language: ES` (which once answered 500 after writing) is sent with every request.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson
import pytest
import redis
from starlette.routing import Route

from gamestore.settings import Settings
from gamestore.store import Store
from service import games, i18n
from service.app import create_app
from tests.support.in_process import TestClient
from tests.support.namespace import settings_for

HOSTILE = {"Accept-Language": "ES"}
HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
WITH_OPEN = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "open"}]
# Keys every request may write whatever it does (rate counters) or that only say a turn was
# handed out: not the request's write.
NOT_WRITES = (b"rl:", b"aiq:", b"metrics:", b"hint:")


class Injected(RuntimeError):
    """The fault the tests inject (an unexpected error: nothing catches it on purpose)."""


@pytest.fixture(scope="module")
def settings(namespace: dict[str, str]) -> Settings:
    prefix = f"{namespace['COVEN_KEY_PREFIX']}writes-{uuid.uuid4().hex[:6]}:"
    return settings_for({**namespace, "COVEN_KEY_PREFIX": prefix}).model_copy(
        update={"webhook_allow_private": False}
    )


@pytest.fixture(scope="module")
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings), raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def store(settings: Settings) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(settings.redis_url)
    yield client
    client.close()


def snapshot(store: redis.Redis, prefix: str) -> dict[bytes, bytes | None]:
    """Every key of the app's games as Redis serialises it: equal when nothing was written."""
    keys = [
        k
        for k in store.scan_iter(match=prefix + "*", count=1000)
        if not k[len(prefix) :].startswith(NOT_WRITES)
    ]
    return {k: store.dump(k) for k in sorted(keys)}


# -- the faults ----------------------------------------------------------------------------


def _raise(*args: Any, **kwargs: Any) -> Any:
    raise Injected("injected fault")


async def _araise(*args: Any, **kwargs: Any) -> Any:
    raise Injected("injected fault")


async def _unreachable(*args: Any, **kwargs: Any) -> Any:
    raise redis.exceptions.ConnectionError("injected: the store went away")


def before_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer of a planned change cannot be rendered (it is rendered before the write)."""
    monkeypatch.setattr(games, "seat_game", _raise)


def after_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """Everything after the write fails: handing the AI its turn, rendering texts."""
    monkeypatch.setattr(games.handoff, "hand_out", _araise)
    monkeypatch.setattr(i18n.Translator, "localise", _raise)
    monkeypatch.setattr(i18n.Translator, "text", _raise)
    monkeypatch.setattr(i18n.Translator, "find", _raise)


def no_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing injected: the hostile header alone."""


FAULTS: dict[str, Callable[[pytest.MonkeyPatch], None]] = {
    "no fault": no_fault,
    "before the write": before_write,
    "after the write": after_write,
}


# -- the writes ------------------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    body: dict[str, Any]

    @property
    def failed(self) -> bool:
        """An error answer: a 4xx/5xx, or a GraphQL answer with errors."""
        return self.status >= 400 or bool(self.body.get("errors"))

    @property
    def server_error(self) -> bool:
        if self.status >= 500:
            return True
        codes = [e.get("extensions", {}).get("code") for e in self.body.get("errors") or ()]
        statuses = [
            e.get("extensions", {}).get("status") or 0 for e in self.body.get("errors") or ()
        ]
        return "INTERNAL_ERROR" in codes or any(s >= 500 for s in statuses)


@dataclass
class Table:
    """One game of the app, made without faults; a write path then acts on it."""

    client: TestClient
    id: str
    tokens: dict[str, str]
    version: int
    moves: list[str] = field(default_factory=list)

    def bearer(self, seat: str = "witch") -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def first_move(self) -> str:
        """The Witch's first legal move (read before any fault is injected)."""
        if not self.moves:
            read = self.client.get(f"/api/v1/games/{self.id}", headers=self.bearer())
            assert read.status_code == 200, read.text
            self.moves = [m["id"] for m in read.json()["legal_moves"]]
        return self.moves[0]


def new_table(client: TestClient, seats: list[dict[str, str]], **extra: Any) -> Table:
    r = client.post("/api/v1/games", json={"game": "pagan", "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return Table(client, r.json()["id"], r.json()["tokens"], 0)


def finished_table(client: TestClient) -> Table:
    table = new_table(client, HUMANS)
    r = client.post(f"/api/v1/games/{table.id}/resign", json={}, headers=table.bearer())
    assert r.status_code == 200, r.text
    return table


def away_table(client: TestClient, store: redis.Redis, prefix: str) -> Table:
    """A clocked game whose Witch timed out and is played by the AI (set in its clock state
    directly: the workers' timeout is tested in tests/workers/test_clocks.py)."""
    clock = {"decision_seconds": 600, "on_timeout": "ai:novice"}
    table = new_table(client, HUMANS, clock=clock)
    key = f"{prefix}g:{table.id}"
    clk = orjson.loads(store.hget(key, "clk") or b"{}")
    clk["away"] = {"witch": "novice"}
    clk["seat"] = None
    store.hset(key, "clk", orjson.dumps(clk))
    return table


def _rest(r: Any) -> Answer:
    return Answer(r.status_code, r.json())


def _graphql(client: TestClient, query: str, headers: dict[str, str], **variables: Any) -> Answer:
    r = client.post("/graphql", json={"query": query, "variables": variables}, headers=headers)
    return Answer(r.status_code, r.json())


def _websocket(client: TestClient, query: str, headers: dict[str, str], **variables: Any) -> Answer:
    """The operation over graphql-transport-ws: the token in connection_init, the other
    headers on the upgrade request."""
    token = headers.get("Authorization", "").removeprefix("Bearer ") or None
    upgrade = {k: v for k, v in headers.items() if k != "Authorization"}
    with client.websocket_connect(
        "/graphql", subprotocols=["graphql-transport-ws"], headers=upgrade
    ) as ws:
        ws.send_json({"type": "connection_init", "payload": {"token": token} if token else {}})
        assert ws.receive_json()["type"] == "connection_ack"
        payload = {"query": query, "variables": variables}
        ws.send_json({"id": "1", "type": "subscribe", "payload": payload})
        while True:
            message = ws.receive_json()
            if message["type"] == "next":
                return Answer(200, message["payload"])
            if message["type"] == "error":
                return Answer(200, {"errors": message["payload"]})
            assert message["type"] == "ping", message


GAME = "{ version status }"
MOVE = "mutation ($g: ID!, $v: Int!, $m: String!) { move(gameId: $g, version: $v, moveId: $m) "
BATCH = (
    "mutation ($g: ID!, $v: Int!, $m: String!) "
    "{ moves(gameId: $g, version: $v, moves: [{moveId: $m}]) "
)


@dataclass(frozen=True)
class Write:
    """A write path: how to set up its game (`setup`) and how to make the write (`make`)."""

    name: str
    setup: Callable[[TestClient, redis.Redis, str], Table]
    make: Callable[[Table, dict[str, str]], Answer]

    @property
    def renders_game(self) -> bool:
        """Whether its answer is the seat's game, rendered before the write."""
        return self.name.split()[-1] in ("move", "batch", "moves", "resign", "back")


def rest_writes() -> list[Write]:
    def create(t: Table, h: dict[str, str]) -> Answer:
        return _rest(
            t.client.post("/api/v1/games", json={"game": "pagan", "seats": HUMANS}, headers=h)
        )

    def move(t: Table, h: dict[str, str]) -> Answer:
        body = {"version": t.version, "move_id": t.first_move()}
        path = f"/api/v1/games/{t.id}/moves"
        return _rest(t.client.post(path, json=body, headers={**h, **t.bearer()}))

    def batch(t: Table, h: dict[str, str]) -> Answer:
        body = {"version": t.version, "moves": [{"move_id": t.first_move()}]}
        path = f"/api/v1/games/{t.id}/moves"
        return _rest(t.client.post(path, json=body, headers={**h, **t.bearer()}))

    def join(t: Table, h: dict[str, str]) -> Answer:
        return _rest(t.client.post(f"/api/v1/games/{t.id}/join", json={"name": "Ana"}, headers=h))

    def resign(t: Table, h: dict[str, str]) -> Answer:
        path = f"/api/v1/games/{t.id}/resign"
        return _rest(t.client.post(path, json={}, headers={**h, **t.bearer()}))

    def back(t: Table, h: dict[str, str]) -> Answer:
        path = f"/api/v1/games/{t.id}/back"
        return _rest(t.client.post(path, json={}, headers={**h, **t.bearer()}))

    def rematch(t: Table, h: dict[str, str]) -> Answer:
        path = f"/api/v1/games/{t.id}/rematch"
        return _rest(t.client.post(path, json={}, headers={**h, **t.bearer()}))

    def webhook(t: Table, h: dict[str, str]) -> Answer:
        body = {"url": "https://93.184.216.34/hook", "secret": "whsec-0123456789abcdef"}
        path = f"/api/v1/games/{t.id}/webhooks"
        return _rest(t.client.post(path, json=body, headers={**h, **t.bearer()}))

    plain = lambda c, s, p: new_table(c, HUMANS)  # noqa: E731
    return [
        Write("REST create", plain, create),
        Write("REST move", plain, move),
        Write("REST batch", plain, batch),
        Write("REST join", lambda c, s, p: new_table(c, WITH_OPEN), join),
        Write("REST resign", plain, resign),
        Write("REST back", away_table, back),
        Write("REST rematch", lambda c, s, p: finished_table(c), rematch),
        Write("REST webhook", plain, webhook),
    ]


def graphql_writes(channel: str) -> list[Write]:
    """The GraphQL write paths over HTTP ("GraphQL") or the WebSocket ("WebSocket")."""
    send = _graphql if channel == "GraphQL" else _websocket

    def create(t: Table, h: dict[str, str]) -> Answer:
        query = "mutation ($input: CreateGameInput!) { createGame(input: $input) { id version } }"
        return send(t.client, query, h, input={"game": "pagan", "seats": HUMANS})

    def move(t: Table, h: dict[str, str]) -> Answer:
        query = MOVE + GAME + " }"
        return send(t.client, query, {**h, **t.bearer()}, g=t.id, v=t.version, m=t.first_move())

    def batch(t: Table, h: dict[str, str]) -> Answer:
        query = BATCH + GAME + " }"
        return send(t.client, query, {**h, **t.bearer()}, g=t.id, v=t.version, m=t.first_move())

    def join(t: Table, h: dict[str, str]) -> Answer:
        query = 'mutation ($g: ID!) { joinGame(gameId: $g, name: "Ana") { seat token } }'
        return send(t.client, query, h, g=t.id)

    def resign(t: Table, h: dict[str, str]) -> Answer:
        query = f"mutation ($g: ID!) {{ resign(gameId: $g) {GAME} }}"
        return send(t.client, query, {**h, **t.bearer()}, g=t.id)

    def back(t: Table, h: dict[str, str]) -> Answer:
        query = f"mutation ($g: ID!) {{ back(gameId: $g) {GAME} }}"
        return send(t.client, query, {**h, **t.bearer()}, g=t.id)

    def rematch(t: Table, h: dict[str, str]) -> Answer:
        query = "mutation ($g: ID!) { rematch(gameId: $g) { id token } }"
        return send(t.client, query, {**h, **t.bearer()}, g=t.id)

    def webhook(t: Table, h: dict[str, str]) -> Answer:
        query = (
            'mutation ($g: ID!) { registerWebhook(gameId: $g, url: "https://93.184.216.34/h", '
            'secret: "whsec-0123456789abcdef") { id } }'
        )
        return send(t.client, query, {**h, **t.bearer()}, g=t.id)

    plain = lambda c, s, p: new_table(c, HUMANS)  # noqa: E731
    return [
        Write(f"{channel} createGame", plain, create),
        Write(f"{channel} move", plain, move),
        Write(f"{channel} moves", plain, batch),
        Write(f"{channel} joinGame", lambda c, s, p: new_table(c, WITH_OPEN), join),
        Write(f"{channel} resign", plain, resign),
        Write(f"{channel} back", away_table, back),
        Write(f"{channel} rematch", lambda c, s, p: finished_table(c), rematch),
        Write(f"{channel} registerWebhook", plain, webhook),
    ]


WRITES = [*rest_writes(), *graphql_writes("GraphQL"), *graphql_writes("WebSocket")]


@pytest.mark.parametrize("fault", list(FAULTS))
@pytest.mark.parametrize("write", WRITES, ids=[w.name for w in WRITES])
def test_a_server_error_means_nothing_was_written_and_a_write_is_never_an_error(
    client: TestClient,
    store: redis.Redis,
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
    write: Write,
    fault: str,
) -> None:
    prefix = settings.key_prefix
    table = write.setup(client, store, prefix)
    if write.renders_game and write.name.split()[-1] in ("move", "batch", "moves"):
        table.first_move()
    before = snapshot(store, prefix)
    with monkeypatch.context() as patch:
        FAULTS[fault](patch)
        answer = write.make(table, HOSTILE)
    written = snapshot(store, prefix) != before
    # The rule itself, whatever the fault.
    if written:
        assert not answer.failed, f"{write.name} was written but answered {answer}"
    if answer.server_error:
        assert not written, f"{write.name} answered {answer} but was written"
    # And what each fault must lead to.
    if fault == "before the write" and write.renders_game:
        assert answer.server_error and not written, answer
    else:
        assert written and not answer.failed, f"{write.name}: {answer}"
    # No exception text or server path in any message.
    messages = [e["message"] for e in answer.body.get("errors") or ()]
    messages += [answer.body["detail"]] if "detail" in answer.body else []
    for message in messages:
        assert "/" not in message and "injected" not in message, message


def test_a_write_answered_in_spanish_with_any_case_of_the_tag(client: TestClient) -> None:
    for header in ("ES", "es-ES", "Es-419", "fr;q=0.9, ES;q=0.8", "EN;q=0.1, eS"):
        table = new_table(client, HUMANS)
        path = f"/api/v1/games/{table.id}/moves"
        body = {"version": 0, "move_id": table.first_move()}
        r = client.post(path, json=body, headers={"Accept-Language": header, **table.bearer()})
        assert r.status_code == 200, (header, r.text)
        assert r.headers["content-language"] == "es"
        stale = client.post(path, json=body, headers={"Accept-Language": header, **table.bearer()})
        assert stale.status_code == 409
        assert stale.json()["detail"] == (
            "la partida está en la versión 1, no en la 0: vuelve a leerla"
        )
        assert stale.json()["current_version"] == 1


def test_a_rematch_that_cannot_be_linked_is_discarded_before_the_error_is_answered(
    client: TestClient, store: redis.Redis, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rematch is stored, then linked to the finished game: when the link cannot be
    written (the store went away in between), the 503 leaves no rematch behind."""
    table = finished_table(client)
    before = snapshot(store, settings.key_prefix)
    with monkeypatch.context() as patch:
        patch.setattr(Store, "link_rematch", _unreachable)
        path = f"/api/v1/games/{table.id}/rematch"
        r = client.post(path, json={}, headers={**HOSTILE, **table.bearer()})
    assert r.status_code == 503, r.text
    assert r.json()["code"] == "STORE_UNAVAILABLE"
    assert snapshot(store, settings.key_prefix) == before
    again = client.post(path, json={}, headers=table.bearer())
    assert again.status_code == 201, again.text


def test_an_unexpected_failure_says_only_that_in_the_requesters_language(
    settings: Settings,
) -> None:
    """REST's 500 is answered outside the Localise middleware; it is Spanish all the same, and
    names neither the exception nor a file."""
    app = create_app(settings)

    async def boom(request: Any) -> Any:
        raise Injected("/srv/coven/service/locale/ES/LC_MESSAGES/messages.po")

    app.router.routes.insert(0, Route("/api/v1/boom", boom))
    with TestClient(app, raise_server_exceptions=False) as crashing:
        r = crashing.get("/api/v1/boom", headers=HOSTILE)
    assert r.status_code == 500
    assert r.json()["code"] == "INTERNAL_ERROR"
    assert r.json()["title"] == "Error interno"
    assert r.json()["detail"] == "el servidor no pudo responder; no se ha cambiado nada"
    assert "/srv" not in r.text
