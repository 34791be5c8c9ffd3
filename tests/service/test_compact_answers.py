"""Compact and conditional answers, against a real API process: gzip for JSON of 1 KB or more
(never the event stream), ETags per seat view and on the catalog with 304 for If-None-Match,
Cache-Control, live streams in patch mode, and lobby entries without full decks."""

from __future__ import annotations

import gzip
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import orjson
import pytest

from gamestore import patch
from tests.support.client import Rest, bearer, subscription

PREFIX = "/api/v1"
HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]


class Games(Rest):
    """The REST client, resigning every game it made when the test ends: unfinished games
    count against their creating address (127.0.0.1, shared by every test of the session)."""

    made: list[tuple[str, str]]

    def create(self, **body: Any) -> dict[str, Any]:
        created = super().create(**body)
        self.made.append((created["id"], next(iter(created["tokens"].values()))))
        return created

    def close(self) -> None:
        for game_id, token in self.made:
            self.http.post(f"{PREFIX}/games/{game_id}/resign", headers=bearer(token), json={})
        super().close()


@pytest.fixture
def rest(api: str) -> Iterator[Rest]:
    client = Games(api)
    client.made = []
    yield client
    client.close()


def _game(rest: Rest) -> tuple[str, dict[str, str]]:
    created = rest.create(game="pagan", seed="compact", seats=HUMANS)
    return created["id"], created["tokens"]


def _play_one(rest: Rest, game_id: str, tokens: dict[str, str]) -> dict[str, Any]:
    for token in tokens.values():
        game = rest.read(game_id, token).json()
        if game["your_decision"]:
            r = rest.move(game_id, token, game["version"], game["legal_moves"][0]["id"])
            assert r.status_code == 200, r.text
            answer: dict[str, Any] = r.json()
            return answer
    raise AssertionError("nobody is to move")


def test_json_answers_of_a_kilobyte_or_more_are_gzipped_when_the_client_accepts_it(
    api: str, rest: Rest
) -> None:
    game_id, _ = _game(rest)
    with httpx.Client(base_url=api) as raw:
        r = raw.get(f"{PREFIX}/games/{game_id}", headers={"Accept-Encoding": "gzip"})
        assert r.headers["content-encoding"] == "gzip"
        assert r.num_bytes_downloaded < len(r.content) / 2
        plain = raw.get(f"{PREFIX}/games/{game_id}", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers
        assert orjson.loads(plain.content) == r.json()
        small = raw.get("/healthz", headers={"Accept-Encoding": "gzip"})
        assert "content-encoding" not in small.headers


def test_the_event_stream_is_never_compressed(api: str, rest: Rest) -> None:
    game_id, _ = _game(rest)
    headers = {"Accept-Encoding": "gzip"}
    with (
        httpx.Client(base_url=api, timeout=10) as raw,
        raw.stream("GET", f"{PREFIX}/games/{game_id}/stream", headers=headers) as r,
    ):
        assert r.status_code == 200
        assert "content-encoding" not in r.headers
        first = next(r.iter_raw())
        assert first.startswith(b"retry:")  # readable at once: not buffered by a compressor


def test_the_same_view_gives_the_same_etag_and_no_two_seats_share_one(rest: Rest) -> None:
    game_id, tokens = _game(rest)
    spectator = rest.read(game_id)
    witch = rest.read(game_id, tokens["witch"])
    hunter = rest.read(game_id, tokens["hunter"])
    tags = {r.headers["etag"] for r in (spectator, witch, hunter)}
    assert len(tags) == 3
    assert rest.read(game_id, tokens["witch"]).headers["etag"] == witch.headers["etag"]
    assert all(t.startswith('W/"') for t in tags)


def test_if_none_match_gets_304_until_the_game_changes(rest: Rest) -> None:
    game_id, tokens = _game(rest)
    first = rest.read(game_id, tokens["witch"])
    etag = first.headers["etag"]
    path = f"{PREFIX}/games/{game_id}"
    again = rest.http.get(path, headers={**bearer(tokens["witch"]), "If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["etag"] == etag
    # Another seat's ETag does not validate this seat's view.
    other = rest.read(game_id, tokens["hunter"]).headers["etag"]
    r = rest.http.get(path, headers={**bearer(tokens["witch"]), "If-None-Match": other})
    assert r.status_code == 200
    _play_one(rest, game_id, tokens)
    changed = rest.http.get(path, headers={**bearer(tokens["witch"]), "If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["etag"] != etag


def test_seat_views_are_never_stored_by_caches_and_spectator_views_are_revalidated(
    rest: Rest,
) -> None:
    game_id, tokens = _game(rest)
    seat = rest.read(game_id, tokens["witch"])
    assert seat.headers["cache-control"] == "private, no-store"
    assert "Authorization" in seat.headers["vary"]
    assert rest.read(game_id).headers["cache-control"] == "no-cache"


def test_the_catalog_is_public_cacheable_and_answers_304_to_its_etag(rest: Rest) -> None:
    r = rest.http.get(f"{PREFIX}/catalog")
    assert r.status_code == 200
    assert r.headers["cache-control"] == "public, max-age=3600"
    etag = r.headers["etag"]
    again = rest.http.get(f"{PREFIX}/catalog", headers={"If-None-Match": etag})
    assert again.status_code == 304
    star = rest.http.get(f"{PREFIX}/catalog", headers={"If-None-Match": "*"})
    assert star.status_code == 304
    gzipped = rest.http.get(f"{PREFIX}/catalog", headers={"Accept-Encoding": "gzip"})
    assert gzipped.headers["etag"] == etag


def test_lobby_entries_summarize_decks_instead_of_listing_them(rest: Rest) -> None:
    created = rest.create(game="pagan", seats=HUMANS[:1])  # an open seat: no chosen seed
    lobby = rest.http.get(f"{PREFIX}/games", params={"limit": 200}).json()["games"]
    entry = next(g for g in lobby if g["id"] == created["id"])
    decks = entry["options"]["decks"]
    assert decks["witch"] == {"cards": 50, "distinct": 25}
    assert decks["hunter"] == {"cards": 50, "distinct": 25}
    assert len(orjson.dumps(entry)) < 500
    full = rest.read(created["id"]).json()["options"]["decks"]["witch"]
    assert sum(full.values()) == 50


def _sse_messages(api: str, path: str, token: str | None, count: int) -> list[tuple[str, Any]]:
    """The first `count` messages of a stream (event name, data)."""
    out: list[tuple[str, Any]] = []
    with (
        httpx.Client(base_url=api, timeout=30) as raw,
        raw.stream("GET", path, headers=bearer(token)) as r,
    ):
        assert r.status_code == 200, r.read()
        event: dict[str, str] = {}
        for line in r.iter_lines():
            if line == "":
                if "data" in event:
                    out.append((event["event"], orjson.loads(event["data"])))
                    if len(out) == count:
                        return out
                event = {}
            elif not line.startswith(":"):
                name, _, value = line.partition(":")
                event[name] = value.removeprefix(" ")
    return out


def test_patch_mode_sends_the_game_once_then_patches_of_the_seats_own_view(
    api: str, rest: Rest
) -> None:
    game_id, tokens = _game(rest)
    token = tokens["hunter"]
    path = f"{PREFIX}/games/{game_id}/stream"
    results: dict[str, list[tuple[str, Any]]] = {}

    def read(mode: str) -> None:
        results[mode] = _sse_messages(api, f"{path}?mode={mode}", token, 4)

    threads = [threading.Thread(target=read, args=(m,)) for m in ("full", "patch")]
    for t in threads:
        t.start()
    time.sleep(1.0)  # both streams are open before the moves (their first message is version 0)
    for _ in range(3):
        _play_one(rest, game_id, tokens)
    for t in threads:
        t.join(30)
    full, patched = results["full"], results["patch"]
    assert [e for e, _ in full] == ["game"] * 4
    assert [e for e, _ in patched] == ["game", "patch", "patch", "patch"]
    document = patched[0][1]
    assert document == full[0][1]
    document.pop("events")
    for (_, expected), (_, message) in zip(full[1:], patched[1:], strict=True):
        assert message["base"] == document["version"]
        document = patch.apply(document, message["patch"])
        events = expected.pop("events")
        assert document == expected
        assert message["version"] == expected["version"]
        # The events come whole with each patch, less the spectator view's `changes`.
        assert message["events"] == [{k: v for k, v in e.items() if k != "changes"} for e in events]
    assert document["seat"] == "hunter"


def test_patch_mode_must_be_full_or_patch(rest: Rest) -> None:
    game_id, _ = _game(rest)
    r = rest.http.get(f"{PREFIX}/games/{game_id}/stream", params={"mode": "diff"})
    assert r.status_code == 400
    assert r.json()["code"] == "MALFORMED_INPUT"


def test_the_game_patches_subscription_patches_the_seats_view(api: str, rest: Rest) -> None:
    game_id, tokens = _game(rest)
    token = tokens["witch"]
    with subscription(api, game_id, token) as sub:
        sub._send(  # a second subscription on the same connection, in patch mode
            {
                "id": "2",
                "type": "subscribe",
                "payload": {
                    "query": "subscription ($id: ID!) { gamePatches(gameId: $id) "
                    "{ version base game patch events } }",
                    "variables": {"id": game_id},
                },
            }
        )
        messages: dict[str, list[dict[str, Any]]] = {"1": [], "2": []}

        def take(want: int) -> None:
            while len(messages["2"]) < want or len(messages["1"]) < want:
                m = sub._recv(30)
                if m["type"] == "ping":
                    sub._send({"type": "pong"})
                    continue
                assert m["type"] == "next", m
                assert "errors" not in m["payload"], m
                messages[m["id"]].append(m["payload"]["data"])

        take(1)
        _play_one(rest, game_id, tokens)
        _play_one(rest, game_id, tokens)
        take(3)
    first = messages["2"][0]["gamePatches"]
    assert first["patch"] is None and first["base"] is None
    document = first["game"]
    assert document["seat"] == "witch"
    for update in messages["2"][1:3]:
        body = update["gamePatches"]
        assert body["game"] is None and body["base"] == document["version"]
        document = patch.apply(document, body["patch"])
        assert [e["version"] for e in body["events"]] == [body["version"]]
    expected = rest.read(game_id, token, events_after=1, events_limit=500).json()
    assert document["version"] == expected["version"] == messages["1"][2]["game"]["version"]
    assert document["view"] == expected["view"]
    assert document["legal_moves"] == expected["legal_moves"]


def test_gzip_bodies_are_plain_gzip(api: str, rest: Rest) -> None:
    game_id, _ = _game(rest)
    with httpx.Client(base_url=api) as raw:
        with raw.stream(
            "GET", f"{PREFIX}/games/{game_id}", headers={"Accept-Encoding": "gzip"}
        ) as r:
            body = b"".join(r.iter_raw())
        assert orjson.loads(gzip.decompress(body))["id"] == game_id
