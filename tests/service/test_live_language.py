"""The live channels speak the connection's language: a GraphQL subscription that of its `lang`,
else of an Accept-Language in the connection_init payload, else of the upgrade request's
header; an SSE stream that of its `lang` query parameter, else of its Accept-Language. Over a
game in which the AI (a real worker) moves, every text that arrives is Spanish; errors too."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import pytest

from gamestore import patch
from service import i18n
from tests.service.test_spanish import check
from tests.support.client import GAME_FIELDS, EventStream, bearer, live_socket

AI_HUNTER = [
    {"seat": "witch", "kind": "human"},
    {"seat": "hunter", "kind": "ai", "level": "novice"},
]
HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
GAME = f"subscription ($id: ID!) {{ game(gameId: $id) {{ {GAME_FIELDS} }} }}"
GAME_ES = f"subscription ($id: ID!) {{ game(gameId: $id, lang: ES) {{ {GAME_FIELDS} }} }}"
PATCHES = "subscription ($id: ID!) { gamePatches(gameId: $id) { version base game patch events } }"
LABEL = "subscription ($id: ID!) { game(gameId: $id) { legalMoves { label } } }"
LABEL_ES = "subscription ($id: ID!) { game(gameId: $id, lang: ES) { legalMoves { label } } }"


@pytest.fixture
def http(api: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=api, timeout=30) as client:
        yield client


def _create(http: httpx.Client, seats: list[dict[str, Any]]) -> tuple[str, dict[str, str]]:
    answer = http.post("/api/v1/games", json={"game": "pagan", "seats": seats})
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], answer.json()["tokens"]


def _resign(http: httpx.Client, game_id: str, token: str) -> None:
    http.post(f"/api/v1/games/{game_id}/resign", json={}, headers=bearer(token))


class PatchedDocument:
    """A patch-mode stream's document, as its client keeps it: the first message whole, then
    each patch applied; every message's events kept."""

    def __init__(self) -> None:
        self.doc: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []

    def take(self, message: dict[str, Any]) -> dict[str, Any]:
        if self.doc is None:
            self.doc = message
        else:
            assert message["base"] == self.doc["version"], message
            self.doc = {**patch.apply(self.doc, message["patch"]), "events": []}
        self.events += message["events"]
        return self.doc


@pytest.mark.slow
def test_spanish_live_channels_over_a_game_the_ai_plays_read_spanish_throughout(
    http: httpx.Client, api: str, worker: Any
) -> None:
    game_id, tokens = _create(http, AI_HUNTER)
    witch = tokens["witch"]
    with ExitStack() as stack:
        stack.callback(_resign, http, game_id, witch)
        # Spanish from the connection_init payload alone: the upgrade request names no language.
        init = {"Authorization": f"Bearer {witch}", "Accept-Language": "es"}
        live = stack.enter_context(live_socket(api, init))
        live.subscribe("game", GAME, id=game_id)
        live.subscribe("patches", PATCHES, id=game_id)
        # Spanish from `lang` alone: EventSource cannot set headers.
        full = EventStream(api, game_id, witch, params={"lang": "es"})
        patched = EventStream(api, game_id, witch, params={"lang": "es", "mode": "patch"})
        stack.callback(full.close)
        stack.callback(patched.close)

        # The Witch plays; the novice Hunter answers from the worker, three turns or more.
        rng = random.Random(11)
        deadline = time.monotonic() + 120
        latest = 0
        while True:
            game = http.get(f"/api/v1/games/{game_id}", headers=bearer(witch)).json()
            latest = game["version"]
            events = http.get(f"/api/v1/games/{game_id}/events", params={"limit": 500}).json()
            ai_moves = sum(1 for e in events["events"] if e["seat"] == "hunter")
            if ai_moves >= 3 and game["your_decision"]:
                break
            assert time.monotonic() < deadline, f"the AI made {ai_moves} moves"
            if game["your_decision"]:
                move = rng.choice(game["legal_moves"])
                body = {"version": game["version"], "move_id": move["id"]}
                answer = http.post(
                    f"/api/v1/games/{game_id}/moves", json=body, headers=bearer(witch)
                )
                assert answer.status_code in (200, 409), answer.text
            else:
                time.sleep(0.1)

        checked = 0
        ai_texts = 0
        # Every message of the four channels up to the latest version, every text Spanish.
        while True:
            payload = live.next("game")
            assert payload is not None and "errors" not in payload, payload
            game = payload["data"]["game"]
            checked += check(game)
            ai_texts += sum(1 for e in game["events"] if e["seat"] == "hunter")
            if game["version"] >= latest:
                break
        gql_doc = PatchedDocument()
        while True:
            payload = live.next("patches")
            assert payload is not None and "errors" not in payload, payload
            message = payload["data"]["gamePatches"]
            game = gql_doc.take(message["game"] if message["game"] is not None else message)
            events = game["events"] if message["game"] is not None else message["events"]
            checked += check(game) + check(events)
            ai_texts += sum(1 for e in events if e["seat"] == "hunter")
            if message["version"] >= latest:
                break
        for stream in (full, patched):
            doc = PatchedDocument()
            while True:
                kind, message = stream.next()
                assert kind in ("game", "patch"), (kind, message)
                if kind == "game":
                    game = message
                    doc = PatchedDocument()
                    doc.take(message)
                else:
                    game = doc.take(message)
                    checked += check(message["events"])
                checked += check(game)
                ai_texts += sum(1 for e in message["events"] if e["seat"] == "hunter")
                if message["version"] >= latest:
                    break
        assert checked > 50
        assert ai_texts >= 4 * 3  # the AI's moves reached all four channels


def _first_label(api: str, game_id: str, query: str, init: dict[str, str], **headers: str) -> str:
    with live_socket(api, init, headers) as live:
        live.subscribe("1", query, id=game_id)
        payload = live.next("1")
    assert payload is not None and "errors" not in payload, payload
    label: str = payload["data"]["game"]["legalMoves"][0]["label"]
    return label


def test_a_subscriptions_language_is_lang_then_connection_init_then_the_upgrade_header(
    http: httpx.Client, api: str
) -> None:
    game_id, tokens = _create(http, HUMANS)
    try:
        auth = {"Authorization": f"Bearer {tokens['witch']}"}
        es, en = {"Accept-Language": "es"}, {"Accept-Language": "en"}
        assert _first_label(api, game_id, LABEL, auth).startswith("Visit ")
        assert _first_label(api, game_id, LABEL, auth, **es).startswith("Visitar a ")
        assert _first_label(api, game_id, LABEL, {**auth, **es}).startswith("Visitar a ")
        # The payload's lowercase name counts alike.
        lower = {**auth, "accept-language": "es-ES,es;q=0.9"}
        assert _first_label(api, game_id, LABEL, lower).startswith("Visitar a ")
        assert _first_label(api, game_id, LABEL, {**auth, **en}, **es).startswith("Visit ")
        assert _first_label(api, game_id, LABEL_ES, {**auth, **en}, **en).startswith("Visitar")
    finally:
        _resign(http, game_id, tokens["witch"])


def test_each_subscription_of_a_connection_keeps_its_own_language(
    http: httpx.Client, api: str
) -> None:
    """A `lang` given to one subscription is not the connection's: another one on the same
    socket, without `lang`, stays in the connection's language."""
    game_id, tokens = _create(http, HUMANS)
    try:
        init = {"Authorization": f"Bearer {tokens['witch']}"}
        with live_socket(api, init) as live:
            live.subscribe("spanish", LABEL_ES, id=game_id)
            first = live.next("spanish")
            live.subscribe("connection", LABEL, id=game_id)
            second = live.next("connection")
        assert first is not None and second is not None
        assert first["data"]["game"]["legalMoves"][0]["label"].startswith("Visitar a ")
        assert second["data"]["game"]["legalMoves"][0]["label"].startswith("Visit ")
    finally:
        _resign(http, game_id, tokens["witch"])


def test_a_subscription_error_is_in_the_connections_language(api: str) -> None:
    english = "there is no game 'gone' (it may have expired)"
    expected = i18n.text(english, "es")
    assert expected != english
    with live_socket(api, {"Accept-Language": "es"}) as live:
        live.subscribe("1", 'subscription { game(gameId: "gone") { version } }')
        payload = live.next("1")
    assert payload is not None and payload["errors"], payload
    assert payload["errors"][0]["message"] == expected
    assert payload["errors"][0]["extensions"]["code"] == "GAME_NOT_FOUND"


def test_an_sse_streams_lang_parameter_wins_over_accept_language(
    http: httpx.Client, api: str
) -> None:
    game_id, tokens = _create(http, HUMANS)
    try:
        cases = [({"lang": "es"}, "en", "Visitar a "), ({"lang": "en"}, "es", "Visit ")]
        for params, header, start in cases:
            stream = EventStream(
                api, game_id, tokens["witch"], headers={"Accept-Language": header}, params=params
            )
            try:
                kind, game = stream.next()
            finally:
                stream.close()
            assert kind == "game", game
            assert game["legal_moves"][0]["label"].startswith(start), params
    finally:
        _resign(http, game_id, tokens["witch"])


def test_an_sse_streams_refusals_follow_its_lang_and_an_unknown_lang_is_refused(
    http: httpx.Client,
) -> None:
    gone = http.get("/api/v1/games/gone/stream", params={"lang": "es"})
    assert gone.status_code == 404
    assert gone.json()["detail"] == i18n.text("there is no game 'gone' (it may have expired)", "es")
    assert gone.headers["content-language"] == "es"
    unknown = http.get("/api/v1/games/gone/stream", params={"lang": "fr"})
    assert unknown.status_code == 400
    assert unknown.json()["code"] == "MALFORMED_INPUT"
    assert "lang" in unknown.json()["detail"]
