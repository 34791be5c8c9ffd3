"""GraphQL over WebSocket (graphql-transport-ws) as a hostile client uses it, against a real API
process: subscriptions are capped per connection, per client address and per process with a
typed refusal (TOO_MANY_SUBSCRIPTIONS), and charged to the rate limits like requests; a
malformed message closes the socket as the protocol says (4400), a bad token in
`connection_init` is a typed BAD_TOKEN, a bad document an `error` message with a code, and no
exception text reaches the client or the server's log as a crash."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from tests.support.processes import Process, start_api

SUBSCRIBE = "subscription ($id: ID!) { game(gameId: $id) { version } }"


@pytest.fixture
def sockets() -> Iterator[contextlib.ExitStack]:
    with contextlib.ExitStack() as stack:
        yield stack


@pytest.fixture(scope="module")
def capped(namespace: dict[str, str]) -> Iterator[tuple[Process, str]]:
    proc, base = start_api(
        {
            **namespace,
            "COVEN_KEY_PREFIX": namespace["COVEN_KEY_PREFIX"] + "ws-caps:",
            "COVEN_MAX_SUBSCRIPTIONS_PER_CONNECTION": "3",
            "COVEN_MAX_SUBSCRIPTIONS_PER_ADDRESS": "4",
            "COVEN_MAX_SUBSCRIPTIONS_PER_PROCESS": "5",
            # The client addresses of the test: X-Forwarded-For from 127.0.0.1.
            "COVEN_TRUSTED_PROXIES": "127.0.0.1",
            "COVEN_KEEPALIVE_SECONDS": "30",
        }
    )
    yield proc, base
    proc.stop()


class Socket:
    """One graphql-transport-ws connection, acknowledged, closed with `sockets`."""

    def __init__(
        self,
        sockets: contextlib.ExitStack,
        base: str,
        address: str = "",
        payload: Any = None,
        **headers: str,
    ) -> None:
        if address:
            headers["X-Forwarded-For"] = address
        self.ws: ClientConnection = sockets.enter_context(
            connect(
                base.replace("http", "ws", 1) + "/graphql",
                subprotocols=[Subprotocol("graphql-transport-ws")],
                additional_headers=headers,
            )
        )
        self.send({"type": "connection_init", "payload": {} if payload is None else payload})
        assert self.receive() == {"type": "connection_ack"}

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def receive(self) -> Any:
        while True:
            message = json.loads(self.ws.recv(timeout=10))
            if message["type"] != "ping":
                return message
            self.send({"type": "pong"})

    def subscribe(self, op_id: str, game_id: str) -> Any:
        """The first answer to a subscription of `game_id`: its first `next`, or its `error`."""
        payload = {"query": SUBSCRIBE, "variables": {"id": game_id}}
        self.send({"id": op_id, "type": "subscribe", "payload": payload})
        return self.receive()

    def closed(self) -> tuple[int | None, str | None]:
        """How the server closed the socket (after whatever it sent first)."""
        try:
            while True:
                self.ws.recv(timeout=10)
        except ConnectionClosed as closed:
            return (closed.rcvd.code, closed.rcvd.reason) if closed.rcvd else (None, None)

    def close(self) -> None:
        self.ws.close()


def _game(base: str) -> str:
    created = httpx.post(
        base + "/api/v1/games",
        json={"game": "pagan", "seats": [{"seat": "witch", "kind": "human"}]},
    )
    assert created.status_code == 201, created.text
    game_id: str = created.json()["id"]
    return game_id


def _refusal(message: Any, scope: str, limit: int) -> None:
    assert message["type"] == "error", message
    (error,) = message["payload"]
    assert error["extensions"] == {
        "code": "TOO_MANY_SUBSCRIPTIONS",
        "status": 429,
        "limit": limit,
        "scope": scope,
    }


def test_subscriptions_are_capped_per_connection_address_and_process(
    capped: tuple[Process, str], sockets: contextlib.ExitStack
) -> None:
    """Nothing capped them (1,000 a socket, as many sockets as wanted, about 25 KB each)."""
    _, base = capped
    game_id = _game(base)
    first = Socket(sockets, base, "10.0.0.1")
    for i in range(3):
        assert first.subscribe(f"a{i}", game_id)["type"] == "next"
    _refusal(first.subscribe("a3", game_id), "connection", 3)
    second = Socket(sockets, base, "10.0.0.1")
    assert second.subscribe("b0", game_id)["type"] == "next"
    _refusal(second.subscribe("b1", game_id), "address", 4)
    other = Socket(sockets, base, "10.0.0.2")
    assert other.subscribe("c0", game_id)["type"] == "next"
    _refusal(other.subscribe("c1", game_id), "process", 5)
    # A completed subscription frees its slot, and a closed socket all of its own.
    first.send({"id": "a0", "type": "complete"})
    assert _eventually_subscribed(other, "again", game_id)
    second.close()
    third = Socket(sockets, base, "10.0.0.1")
    assert _eventually_subscribed(third, "t", game_id)
    for socket in (first, other, third):
        socket.close()


def _eventually_subscribed(socket: Socket, prefix: str, game_id: str) -> bool:
    """The server frees a slot once the operation's task has ended, moments after the complete
    message or the close: ask a few times."""
    for attempt in range(20):
        answer = socket.subscribe(f"{prefix}{attempt}", game_id)
        if answer["type"] == "next":
            return True
    return False


def test_subscriptions_are_charged_to_the_rate_limit_and_refused_past_it(
    namespace: dict[str, str], sockets: contextlib.ExitStack
) -> None:
    """A socket opened near the end of the budget still got all its subscriptions."""
    proc, base = start_api(
        {
            **namespace,
            "COVEN_KEY_PREFIX": namespace["COVEN_KEY_PREFIX"] + "ws-rate:",
            "COVEN_RATE_LIMIT_PER_ADDRESS": "8",
            "COVEN_RATE_LIMIT_WINDOW_SECONDS": "3600",  # no window ends during the test
            "COVEN_KEEPALIVE_SECONDS": "30",
        }
    )
    try:
        game_id = _game(base)  # one request
        socket = Socket(sockets, base)  # one more: the handshake
        answers = [socket.subscribe(f"s{i}", game_id) for i in range(10)]
        kinds = [a["type"] for a in answers]
        assert kinds == ["next"] * 6 + ["error"] * 4, kinds
        refused = answers[-1]["payload"][0]["extensions"]
        assert refused["code"] == "RATE_LIMITED" and refused["retry_after"] >= 1
        socket.close()
    finally:
        proc.stop()


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ([1, 2], "a message is an object with a type"),
        ({"id": 1, "type": "subscribe", "payload": {"query": SUBSCRIBE}}, "an id is a string"),
        ({"id": "x" * 200, "type": "subscribe", "payload": {"query": SUBSCRIBE}}, "an id"),
        ({"id": "1", "type": "subscribe", "payload": "x"}, "a subscribe payload is an object"),
        ({"id": "1", "type": "subscribe", "payload": {"query": 5}}, "a subscribe payload"),
        (
            {"id": "1", "type": "subscribe", "payload": {"query": "{ a }", "variables": [1]}},
            "variables",
        ),
        ('{"type": "ping", "payload": ' + "[" * 5000 + "]" * 5000 + "}", "valid JSON"),
        ('{"type": "ping", "payload": {"a": ' + "[" * 100 + "]" * 100 + "}}", "valid JSON"),
    ],
)
def test_a_malformed_message_closes_the_socket_as_the_protocol_says(
    capped: tuple[Process, str], sockets: contextlib.ExitStack, message: Any, reason: str
) -> None:
    """Strawberry read these unchecked: the socket dropped on a server error (or a
    RecursionError), with a traceback in the log."""
    proc, base = capped
    before = len(proc.lines)
    socket = Socket(sockets, base)
    socket.send(message)
    code, said = socket.closed()
    assert code == 4400 and said is not None and reason in said, (code, said)
    assert not any("Traceback" in line for line in proc.lines[before:]), proc.output()


def test_a_message_larger_than_a_body_closes_the_socket_unread(
    capped: tuple[Process, str], sockets: contextlib.ExitStack
) -> None:
    _, base = capped
    socket = Socket(sockets, base)
    socket.send({"id": "1", "type": "subscribe", "payload": {"query": "#" * 70_000}})
    assert socket.closed()[0] == 1009


@pytest.mark.parametrize(
    "payload",
    [
        {"Authorization": ["Bearer x"]},
        {"authorization": {"token": "x"}},
        {"token": 5},
        {"Authorization": "Basic eA=="},
    ],
)
def test_a_bad_token_in_connection_init_is_a_typed_refusal(
    capped: tuple[Process, str], sockets: contextlib.ExitStack, payload: dict[str, Any]
) -> None:
    """A list as Authorization sent "'list' object has no attribute 'partition'"."""
    proc, base = capped
    before = len(proc.lines)
    game_id = _game(base)
    for lang, start in (("en", "the "), ("es", "el ")):
        socket = Socket(sockets, base, payload=payload, **{"Accept-Language": lang})
        answer = socket.subscribe("1", game_id)
        (error,) = answer["payload"]["errors"]
        assert error["extensions"] == {"code": "BAD_TOKEN", "status": 401}
        assert error["message"].lower().startswith(start) or lang == "es", error
        assert "attribute" not in error["message"] and "list" not in error["message"]
        socket.close()
    assert not any("Traceback" in line for line in proc.lines[before:]), proc.output()


def test_bad_documents_are_error_messages_with_a_code(
    capped: tuple[Process, str], sockets: contextlib.ExitStack
) -> None:
    """A syntax error was only logged (a traceback) and the operation completed silently; a
    document of two operations ran the first."""
    proc, base = capped
    before = len(proc.lines)
    socket = Socket(sockets, base)
    cases = {
        "subscription {": "Syntax Error",
        "query A { catalog { aiLevels } } query B { catalog { seatKinds } }": "operationName",
        '{ game(gameId: "x") { ' + "events { version } " * 300 + "} }": "pairs to check",
    }
    for i, (query, said) in enumerate(cases.items()):
        socket.send({"id": str(i), "type": "subscribe", "payload": {"query": query}})
        answer = socket.receive()
        assert answer["type"] == "error" and answer["id"] == str(i), answer
        (error,) = answer["payload"]
        assert error["extensions"]["code"] == "MALFORMED_INPUT" and said in error["message"]
    # The socket is still open, its other operations unharmed.
    socket.send({"id": "ok", "type": "subscribe", "payload": {"query": "{ catalog { aiLevels } }"}})
    assert socket.receive()["payload"]["data"]["catalog"]["aiLevels"]
    socket.close()
    assert not any("Traceback" in line for line in proc.lines[before:]), proc.output()
