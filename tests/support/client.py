"""Small clients the integration tests drive the API with: REST, GraphQL over HTTP, GraphQL
subscriptions over graphql-transport-ws, and server-sent events."""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import orjson
from websockets.sync.client import ClientConnection, connect

GAME_FIELDS = """
  id game version seat status toMove yourDecision options view: viewJson outcome
  seats { seat kind level open }
  legalMoves { id value label }
  events { version seat kind at changes move { id value label }
    description { text actor action decision args hidden } }
"""


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


class Rest:
    def __init__(self, base: str | httpx.Client) -> None:
        """`base`: a served API's URL, or an in-process client (starlette's TestClient), which
        its owner closes."""
        self.owned = isinstance(base, str)
        if isinstance(base, str):
            self.base, self.http = base, httpx.Client(base_url=base, timeout=30)
        else:
            self.base, self.http = str(base.base_url).rstrip("/"), base

    def create(self, **body: Any) -> dict[str, Any]:
        r = self.http.post("/api/v1/games", json=body)
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()
        return data

    def read(self, game_id: str, token: str | None = None, **params: Any) -> httpx.Response:
        return self.http.get(f"/api/v1/games/{game_id}", headers=bearer(token), params=params)

    def move(
        self, game_id: str, token: str | None, version: int, move_id: str, key: str | None = None
    ) -> httpx.Response:
        headers = bearer(token)
        if key is not None:
            headers["Idempotency-Key"] = key
        return self.http.post(
            f"/api/v1/games/{game_id}/moves",
            headers=headers,
            json={"version": version, "move_id": move_id},
        )

    def close(self) -> None:
        if self.owned:
            self.http.close()


class GraphQL:
    def __init__(self, base: str | httpx.Client) -> None:
        """`base`: a served API's URL, or an in-process client (starlette's TestClient), which
        its owner closes."""
        self.owned = isinstance(base, str)
        if isinstance(base, str):
            self.base, self.http = base, httpx.Client(base_url=base, timeout=30)
        else:
            self.base, self.http = str(base.base_url).rstrip("/"), base

    def call(self, query: str, token: str | None = None, **variables: Any) -> dict[str, Any]:
        r = self.http.post(
            "/graphql", json={"query": query, "variables": variables}, headers=bearer(token)
        )
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def close(self) -> None:
        if self.owned:
            self.http.close()


class Subscription:
    """A graphql-transport-ws subscription to one game; answers the server's pings."""

    def __init__(self, ws: ClientConnection, game_id: str, token: str | None) -> None:
        self.ws = ws
        self.pings = 0
        payload = {"Authorization": f"Bearer {token}"} if token else {}
        self._send({"type": "connection_init", "payload": payload})
        ack = self._recv(10)
        assert ack["type"] == "connection_ack", ack
        self._send(
            {
                "id": "1",
                "type": "subscribe",
                "payload": {
                    "query": f"subscription ($id: ID!) {{ game(gameId: $id) {{ {GAME_FIELDS} }} }}",
                    "variables": {"id": game_id},
                },
            }
        )

    def _send(self, message: dict[str, Any]) -> None:
        self.ws.send(orjson.dumps(message).decode())

    def _recv(self, timeout: float) -> dict[str, Any]:
        data: dict[str, Any] = orjson.loads(self.ws.recv(timeout=timeout))
        return data

    def next(self, timeout: float = 30) -> dict[str, Any] | None:
        """The next game message; None once the subscription completed."""
        while True:
            message = self._recv(timeout)
            if message["type"] == "ping":
                self.pings += 1
                self._send({"type": "pong"})
                continue
            if message["type"] == "complete":
                return None
            assert message["type"] == "next", message
            payload = message["payload"]
            assert "errors" not in payload, payload
            game: dict[str, Any] = payload["data"]["game"]
            return game

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()


class EventStream:
    """Reads a server-sent-events stream on a thread; `next()` returns parsed messages."""

    def __init__(
        self,
        base: str,
        game_id: str,
        token: str | None,
        headers: dict[str, str] | None = None,
        params: dict[str, str] | None = None,
    ) -> None:
        self.messages: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.ids: list[int] = []  # each message's `id:`, in order
        self.keepalives = 0
        self.status: int | None = None
        self._client = httpx.Client(base_url=base, timeout=httpx.Timeout(30, read=60))
        self._stop = threading.Event()
        self._headers = {**bearer(token), **(headers or {})}
        self._params = params or {}
        self._thread = threading.Thread(
            target=self._run, args=(f"/api/v1/games/{game_id}/stream",), daemon=True
        )
        self._thread.start()

    def _run(self, path: str) -> None:
        try:
            with self._client.stream(
                "GET", path, headers=self._headers, params=self._params
            ) as response:
                self.status = response.status_code
                if response.status_code != 200:
                    response.read()
                    self.messages.put(("error", response.json()))
                    return
                event: dict[str, str] = {}
                for line in response.iter_lines():
                    if self._stop.is_set():
                        return
                    if line.startswith(":"):
                        self.keepalives += 1
                    elif line == "":
                        if "data" in event:
                            if "id" in event:
                                self.ids.append(int(event["id"]))
                            self.messages.put(
                                (event.get("event", "message"), orjson.loads(event["data"]))
                            )
                        event = {}
                    else:
                        name, _, value = line.partition(":")
                        event[name] = value.removeprefix(" ")
                self.messages.put(("end", None))
        except Exception as exc:  # surfaced to the test through the queue
            if not self._stop.is_set():
                self.messages.put(("exception", repr(exc)))

    def next(self, timeout: float = 30) -> tuple[str, Any]:
        return self.messages.get(timeout=timeout)

    def close(self) -> None:
        self._stop.set()
        self._client.close()


@contextlib.contextmanager
def subscription(base: str, game_id: str, token: str | None) -> Iterator[Subscription]:
    url = base.replace("http://", "ws://") + "/graphql"
    with connect(url, subprotocols=["graphql-transport-ws"]) as ws:  # type: ignore[list-item]
        yield Subscription(ws, game_id, token)


class LiveSocket:
    """One graphql-transport-ws connection that may carry several subscriptions, each read on
    its own (`next(id)`); answers the server's pings."""

    def __init__(self, ws: ClientConnection, payload: dict[str, Any] | None = None) -> None:
        self.ws = ws
        self._waiting: dict[str, list[dict[str, Any] | None]] = {}
        self._send({"type": "connection_init", "payload": payload or {}})
        ack = orjson.loads(self.ws.recv(timeout=10))
        assert ack["type"] == "connection_ack", ack

    def _send(self, message: dict[str, Any]) -> None:
        self.ws.send(orjson.dumps(message).decode())

    def subscribe(self, sub_id: str, query: str, **variables: Any) -> None:
        payload = {"query": query, "variables": variables}
        self._send({"id": sub_id, "type": "subscribe", "payload": payload})
        self._waiting.setdefault(sub_id, [])

    def next(self, sub_id: str, timeout: float = 30) -> dict[str, Any] | None:
        """The next payload (`data` or `errors`) of subscription `sub_id`; None once it is
        complete."""
        while not self._waiting.get(sub_id):
            message = orjson.loads(self.ws.recv(timeout=timeout))
            if message["type"] == "ping":
                self._send({"type": "pong"})
                continue
            if message["type"] == "complete":
                self._waiting.setdefault(message["id"], []).append(None)
            elif message["type"] == "error":
                errors = {"errors": message["payload"]}
                self._waiting.setdefault(message["id"], []).append(errors)
            else:
                assert message["type"] == "next", message
                self._waiting.setdefault(message["id"], []).append(message["payload"])
        return self._waiting[sub_id].pop(0)


@contextlib.contextmanager
def live_socket(
    base: str, payload: dict[str, Any] | None = None, headers: dict[str, str] | None = None
) -> Iterator[LiveSocket]:
    """A `LiveSocket` to `base`'s /graphql; `headers` go on the upgrade request."""
    url = base.replace("http://", "ws://") + "/graphql"
    with connect(
        url,
        subprotocols=["graphql-transport-ws"],  # type: ignore[list-item]
        additional_headers=headers or {},
    ) as ws:
        yield LiveSocket(ws, payload)
