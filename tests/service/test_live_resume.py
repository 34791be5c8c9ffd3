"""A resumed live stream delivers every event the client missed: SSE with `Last-Event-ID`, the
GraphQL subscriptions with `after`, in full and patch mode; past one message's worth, in
pages, each one resumable where it ends (docs/live-updates.md)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncGenerator, Iterator
from typing import Any

import httpx
import pytest
from redis.asyncio import Redis

from gamestore.settings import Settings
from gamestore.store import Store
from service import fanout
from service.fanout import LiveHub, Update, seat_updates
from service.games import GameService
from service.live import Broadcaster
from tests.support.client import EventStream, bearer, live_socket

HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
MISSED_FROM = 40
LATEST = 106  # 66 versions missed, more than the 20 a read carries (COVEN_EVENTS_PER_READ)


def _play(http: httpx.Client, game_id: str, tokens: dict[str, str], until: int) -> int:
    """Random legal moves by whichever seat decides, until the game is at version `until`."""
    rng = random.Random(5)
    game = http.get(f"/api/v1/games/{game_id}").json()
    while game["version"] < until:
        assert game["status"] == "active", game["outcome"]
        token = tokens[game["to_move"]]
        view = http.get(f"/api/v1/games/{game_id}", headers=bearer(token)).json()
        move = rng.choice(view["legal_moves"])
        answer = http.post(
            f"/api/v1/games/{game_id}/moves",
            json={"version": view["version"], "move_id": move["id"]},
            headers=bearer(token),
        )
        assert answer.status_code == 200, answer.text
        game = answer.json()
    version: int = game["version"]
    return version


@pytest.fixture(scope="module")
def played(api: str) -> Iterator[tuple[str, dict[str, str]]]:
    """A Pagan game of two human seats at version LATEST, resigned afterwards."""
    with httpx.Client(base_url=api, timeout=30) as http:
        created = http.post("/api/v1/games", json={"game": "pagan", "seats": HUMANS})
        assert created.status_code == 201, created.text
        game_id, tokens = created.json()["id"], created.json()["tokens"]
        assert _play(http, game_id, tokens, LATEST) == LATEST
        yield game_id, tokens
        http.post(f"/api/v1/games/{game_id}/resign", json={}, headers=bearer(tokens["witch"]))


def _versions(events: list[dict[str, Any]]) -> list[int]:
    return [e["version"] for e in events]


@pytest.mark.parametrize("mode", ["full", "patch"])
def test_an_sse_stream_resumed_66_versions_back_carries_all_66_events(
    api: str, played: tuple[str, dict[str, str]], mode: str
) -> None:
    game_id, tokens = played
    stream = EventStream(
        api,
        game_id,
        tokens["witch"],
        headers={"Last-Event-ID": str(MISSED_FROM)},
        params={"mode": mode},
    )
    try:
        kind, game = stream.next()
        assert kind == "game", game
        assert game["version"] == LATEST
        assert _versions(game["events"]) == list(range(MISSED_FROM + 1, LATEST + 1))
        assert stream.ids == [LATEST]
    finally:
        stream.close()


@pytest.mark.parametrize("field", ["game", "gamePatches"])
def test_a_subscription_resumed_with_after_carries_every_missed_event(
    api: str, played: tuple[str, dict[str, str]], field: str
) -> None:
    game_id, tokens = played
    selection = "version events { version }" if field == "game" else "version game"
    query = (
        f"subscription ($id: ID!, $after: Int) {{ {field}(gameId: $id, after: $after) "
        f"{{ {selection} }} }}"
    )
    with live_socket(api, {"Authorization": f"Bearer {tokens['hunter']}"}) as live:
        live.subscribe("1", query, id=game_id, after=MISSED_FROM)
        payload = live.next("1")
    assert payload is not None and "errors" not in payload, payload
    message = payload["data"][field]
    events = message["events"] if field == "game" else message["game"]["events"]
    assert message["version"] == LATEST
    assert _versions(events) == list(range(MISSED_FROM + 1, LATEST + 1))


def test_after_must_be_a_game_version(api: str, played: tuple[str, dict[str, str]]) -> None:
    game_id, _ = played
    query = "subscription ($id: ID!) { game(gameId: $id, after: -1) { version } }"
    with live_socket(api) as live:
        live.subscribe("1", query, id=game_id)
        payload = live.next("1")
    assert payload is not None and payload["errors"], payload
    assert payload["errors"][0]["extensions"]["code"] == "MALFORMED_INPUT"


async def _collect(
    updates: AsyncGenerator[Update | None, None], until: int
) -> list[tuple[int, Update]]:
    """(cursor, message) of every message until one carries the event of version `until`."""
    out: list[tuple[int, Update]] = []
    async for update in updates:
        assert update is not None  # no keep-alive before the resume is delivered
        out.append((update.cursor, update))
        events = update.data["events"]
        if events and events[-1]["version"] == until:
            break
    await updates.aclose()
    return out


@pytest.mark.parametrize("patches", [False, True])
def test_a_resume_longer_than_a_message_comes_in_pages_each_resumable_where_it_ends(
    settings: Settings,
    played: tuple[str, dict[str, str]],
    monkeypatch: pytest.MonkeyPatch,
    patches: bool,
) -> None:
    game_id, tokens = played
    monkeypatch.setattr(fanout, "EVENTS_PER_MESSAGE", 25)

    async def scenario() -> tuple[list[tuple[int, Update]], list[tuple[int, Update]]]:
        client = Redis.from_url(settings.redis_url)
        broadcaster = Broadcaster(client)
        service = GameService(Store(client, settings), lambda game_id, version: None)
        hub = LiveHub(service, broadcaster)
        try:
            first = await _collect(
                seat_updates(hub, game_id, tokens["witch"], 60, MISSED_FROM, patches), LATEST
            )
            # A client that drops after the first page resumes from that page's id.
            resumed = await _collect(
                seat_updates(hub, game_id, tokens["witch"], 60, first[0][0], patches), LATEST
            )
            return first, resumed
        finally:
            await broadcaster.close()
            await client.aclose()

    first, resumed = asyncio.run(scenario())
    pages = [_versions(u.data["events"]) for _, u in first]
    assert pages == [list(range(41, 66)), list(range(66, 91)), list(range(91, 107))]
    # Each page's id is the version of its last event; the game is the latest throughout.
    assert [cursor for cursor, _ in first] == [65, 90, LATEST]
    assert {u.version for _, u in first} == {LATEST}
    assert first[0][1].kind == "game"
    later = {u.kind for _, u in first[1:]}
    assert later == ({"patch"} if patches else {"game"})
    if patches:  # the game did not change between pages: nothing to patch, only events
        assert all(u.data["patch"] == [] and u.data["base"] == LATEST for _, u in first[1:])
    assert [_versions(u.data["events"]) for _, u in resumed] == [
        list(range(66, 91)),
        list(range(91, 107)),
    ]
