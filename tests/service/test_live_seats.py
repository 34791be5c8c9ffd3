"""Seat changes reach every live stream at once: a join (with its name), the AI's fill-in of an
open seat, and a timed-out seat taken over by the AI and handed back. Each arrives on SSE (full
and patch mode) and both GraphQL subscriptions, for a seat and for a spectator, showing what a
read as that viewer shows and nothing more.

The API under test checks for missed notifications only every 300 s (its keep-alive), so a
message that arrives here was announced by the write itself."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import orjson
import pytest
import redis

from gamestore import patch
from gamestore.settings import Settings
from gamestore.store import SyncStore
from tests.support.client import EventStream, bearer, live_socket
from tests.support.namespace import REDIS_URL, clear, settings_for
from tests.support.processes import start_api
from workers.clocks import sweep_clocks

SEATS = "seats { seat kind level open name }"
GAME_QUERY = f"subscription ($id: ID!) {{ game(gameId: $id) {{ version {SEATS} viewJson }} }}"
PATCH_QUERY = (
    "subscription ($id: ID!) { gamePatches(gameId: $id) { version base game patch events } }"
)


@pytest.fixture(scope="module")
def quiet_api(namespace: dict[str, str]) -> Iterator[tuple[str, Settings]]:
    """An API of its own (key prefix and AI queue: no worker plays its AI seats) whose streams
    look for missed notifications only every 300 s."""
    tag = uuid.uuid4().hex[:8]
    env = {
        **namespace,
        "COVEN_KEY_PREFIX": f"{namespace['COVEN_KEY_PREFIX']}seats-{tag}:",
        "COVEN_AI_QUEUE": f"{namespace['COVEN_AI_QUEUE']}-seats-{tag}",
        "COVEN_KEEPALIVE_SECONDS": "300",
    }
    proc, base = start_api(env)
    try:
        yield base, settings_for(env)
    finally:
        # Killed: a graceful stop would wait for the streams that never hear from it again.
        proc.kill()
        clear(env["COVEN_KEY_PREFIX"], env["COVEN_AI_QUEUE"])


class Watchers:
    """Four streams on one game: the seat's SSE (full) and `game` subscription, a spectator's
    SSE (patch mode) and `gamePatches` subscription. `next()` waits for each one's next
    message and returns each one's document after it (patches applied)."""

    def __init__(self, stack: ExitStack, base: str, game_id: str, seat_token: str) -> None:
        self.raw: list[bytes] = []
        self.sse_seat = EventStream(base, game_id, seat_token)
        self.sse_spectator = EventStream(base, game_id, None, params={"mode": "patch"})
        stack.callback(self.sse_seat.close)
        stack.callback(self.sse_spectator.close)
        auth = {"Authorization": f"Bearer {seat_token}"}
        self.ws_seat = stack.enter_context(live_socket(base, auth))
        self.ws_spectator = stack.enter_context(live_socket(base))
        self.ws_seat.subscribe("seat", GAME_QUERY, id=game_id)
        self.ws_spectator.subscribe("spectator", PATCH_QUERY, id=game_id)
        self.docs: dict[str, dict[str, Any]] = {}

    def _sse(self, name: str, stream: EventStream) -> None:
        kind, data = stream.next(timeout=20)
        assert kind in ("game", "patch"), (kind, data)
        self.raw.append(orjson.dumps(data))
        if kind == "game":
            self.docs[name] = data
        else:
            assert data["base"] == self.docs[name]["version"], data
            self.docs[name] = {**patch.apply(self.docs[name], data["patch"]), "events": []}

    def next(self) -> dict[str, dict[str, Any]]:
        self._sse("sse_seat", self.sse_seat)
        self._sse("sse_spectator", self.sse_spectator)
        seat = self.ws_seat.next("seat", timeout=20)
        assert seat is not None and "errors" not in seat, seat
        self.raw.append(orjson.dumps(seat))
        game = seat["data"]["game"]
        self.docs["ws_seat"] = {**game, "view": game["viewJson"]}
        spectator = self.ws_spectator.next("spectator", timeout=20)
        assert spectator is not None and "errors" not in spectator, spectator
        self.raw.append(orjson.dumps(spectator))
        message = spectator["data"]["gamePatches"]
        if message["game"] is not None:
            self.docs["ws_spectator"] = message["game"]
        else:
            before = self.docs["ws_spectator"]
            assert message["base"] == before["version"], message
            self.docs["ws_spectator"] = {**patch.apply(before, message["patch"]), "events": []}
        return self.docs


def _read(http: httpx.Client, game_id: str, token: str | None) -> dict[str, Any]:
    answer = http.get(f"/api/v1/games/{game_id}", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _seats(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: s[k] for k in ("seat", "kind", "level", "open", "name")} for s in doc["seats"]]


def assert_as_read(
    http: httpx.Client, game_id: str, token: str, docs: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """Every stream's document shows the seats and the view a read as its viewer shows."""
    seat, spectator = _read(http, game_id, token), _read(http, game_id, None)
    for name, doc in docs.items():
        expected = seat if name.endswith("_seat") else spectator
        assert doc["version"] == expected["version"], name
        assert _seats(doc) == _seats(expected), name
        assert doc["view"] == expected["view"], name
    return spectator


def _create(http: httpx.Client, **body: Any) -> tuple[str, dict[str, str]]:
    answer = http.post("/api/v1/games", json={"game": "pagan", **body})
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], answer.json()["tokens"]


def test_a_join_with_a_name_reaches_every_stream_at_once(
    quiet_api: tuple[str, Settings],
) -> None:
    base, _ = quiet_api
    with httpx.Client(base_url=base, timeout=30) as http, ExitStack() as stack:
        seats = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "open"}]
        game_id, tokens = _create(http, seats=seats)
        watchers = Watchers(stack, base, game_id, tokens["witch"])
        before = watchers.next()
        assert all(_seats(d)[1]["open"] for d in before.values())

        joined = http.post(
            f"/api/v1/games/{game_id}/join", json={"seat": "hunter", "name": "Robin"}
        )
        assert joined.status_code == 200, joined.text
        after = watchers.next()
        shown = assert_as_read(http, game_id, tokens["witch"], after)
        assert _seats(shown)[1] == {
            "seat": "hunter",
            "kind": "human",
            "level": None,
            "open": False,
            "name": "Robin",
        }
        assert all(doc["version"] == 0 for doc in after.values())  # a join makes no version
        # The joiner's token and the creator's are in no message.
        for token in (joined.json()["token"], tokens["witch"]):
            assert not any(token.encode() in raw for raw in watchers.raw)


def test_the_ai_filling_an_open_seat_reaches_every_stream_at_once(
    quiet_api: tuple[str, Settings],
) -> None:
    base, settings = quiet_api
    with httpx.Client(base_url=base, timeout=30) as http, ExitStack() as stack:
        seats = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "open"}]
        game_id, tokens = _create(
            http, seats=seats, fill_open_seats_after_seconds=1, fill_level="novice"
        )
        watchers = Watchers(stack, base, game_id, tokens["witch"])
        watchers.next()
        time.sleep(1.2)  # the fill-in is due one second after the creation
        store = SyncStore(redis.Redis.from_url(REDIS_URL), settings)
        enqueued: list[tuple[str, int]] = []
        assert sweep_clocks(store, lambda g, v: enqueued.append((g, v))) == 1
        after = watchers.next()
        shown = assert_as_read(http, game_id, tokens["witch"], after)
        assert _seats(shown)[1] == {
            "seat": "hunter",
            "kind": "ai",
            "level": "novice",
            "open": False,
            "name": None,
        }


def test_a_timed_out_seat_taken_over_by_the_ai_and_handed_back_reaches_every_stream(
    quiet_api: tuple[str, Settings],
) -> None:
    base, settings = quiet_api
    with httpx.Client(base_url=base, timeout=30) as http, ExitStack() as stack:
        seats = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
        clock = {"decision_seconds": 1, "on_timeout": "ai:novice"}
        game_id, tokens = _create(http, seats=seats, clock=clock)
        watchers = Watchers(stack, base, game_id, tokens["witch"])
        watchers.next()
        time.sleep(1.2)  # the Witch's first decision is due within a second
        store = SyncStore(redis.Redis.from_url(REDIS_URL), settings)
        assert sweep_clocks(store, lambda g, v: None) == 1
        taken = watchers.next()
        shown = assert_as_read(http, game_id, tokens["witch"], taken)
        away = {s["seat"]: s["away"] for s in shown["clock"]["seats"]}
        assert away == {"witch": True, "hunter": False}

        back = http.post(f"/api/v1/games/{game_id}/back", headers=bearer(tokens["witch"]))
        assert back.status_code == 200, back.text
        returned = watchers.next()
        shown = assert_as_read(http, game_id, tokens["witch"], returned)
        assert not any(s["away"] for s in shown["clock"]["seats"])
        assert not any(tokens["witch"].encode() in raw for raw in watchers.raw)
