"""A human plays a whole Pagan game against the AI over REST; the AI's turns arrive as
server-sent events."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.support.client import EventStream, Rest
from tests.support.namespace import settings_for
from tests.support.replay import assert_log_replays


@pytest.mark.slow
def test_a_human_plays_the_ai_to_the_end_over_rest_with_ai_turns_by_server_sent_events(
    api: str, worker: Any, namespace: dict[str, str]
) -> None:
    rest = Rest(api)
    created = rest.create(
        game="pagan",
        seed="rest-1",
        options={"max_turns": 24},
        seats=[
            {"seat": "hunter", "kind": "human"},
            {"seat": "witch", "kind": "ai", "level": "novice"},
        ],
    )
    game_id, token = created["id"], created["tokens"]["hunter"]
    assert set(created["tokens"]) == {"hunter"}

    rng = random.Random(2)
    stream = EventStream(api, game_id, token)
    seen: list[int] = []
    ai_events = 0
    try:
        kind, game = stream.next()
        assert kind == "game", game
        assert game["seat"] == "hunter"  # the first message: the seat's current view
        moved_at = -1
        while True:
            for event in game["events"]:
                if event["version"] > (seen[-1] if seen else 0):
                    seen.append(event["version"])
                    if event["seat"] == "witch":
                        ai_events += 1
                        assert "move" not in event
            if game["status"] != "active":
                break
            if game["your_decision"] and game["version"] > moved_at:
                moved_at = game["version"]
                move = rng.choice(game["legal_moves"])
                r = rest.move(game_id, token, game["version"], move["id"])
                assert r.status_code == 200, r.text
                assert r.json()["events"][-1]["move"]["id"] == move["id"]
            kind, game = stream.next(timeout=60)
            assert kind == "game", game
        assert stream.next(timeout=10)[0] == "end"  # the stream closes after the last change
    finally:
        stream.close()
        rest.close()
    assert game["outcome"] is not None
    assert seen == list(range(1, game["version"] + 1))
    assert ai_events > 10
    assert_log_replays(settings_for(namespace), game_id, game["version"])


@pytest.mark.slow
def test_an_idle_stream_gets_keep_alives_and_its_first_message_is_the_current_view(
    api: str, namespace: dict[str, str]
) -> None:
    rest = Rest(api)
    created = rest.create(game="pagan", seats=[{"seat": "witch", "kind": "human"}])
    stream = EventStream(api, created["id"], None)  # a spectator
    try:
        kind, game = stream.next()
        assert kind == "game" and game["seat"] is None and game["legal_moves"] == []
        assert game["view"] == rest.read(created["id"]).json()["view"]
        # keepalive_seconds is 1 in the tests: one comes within a second or two of quiet.
        deadline = time.monotonic() + 10
        while stream.keepalives < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert stream.keepalives >= 1
    finally:
        stream.close()
        rest.close()


def test_a_hint_lists_the_ais_best_moves_for_the_seats_own_decision(api: str, worker: Any) -> None:
    rest = Rest(api)
    created = rest.create(
        game="pagan",
        seed="hint",
        seats=[
            {"seat": "witch", "kind": "human"},
            {"seat": "hunter", "kind": "ai", "level": "novice"},
        ],
    )
    token = created["tokens"]["witch"]
    game = rest.read(created["id"], token).json()
    r = rest.http.post(
        f"/api/v1/games/{created['id']}/hint",
        json={"level": "novice"},
        headers={"Authorization": f"Bearer {token}"},
    )
    rest.close()
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["version"] == game["version"] and hint["seat"] == "witch"
    legal = {m["id"] for m in game["legal_moves"]}
    assert hint["moves"] and {m["move"]["id"] for m in hint["moves"]} <= legal
    assert all(0.0 <= m["win_rate"] <= 1.0 for m in hint["moves"])
