"""What the AI weighed and believed, on a real API, worker and Redis: kept with the game from its
first AI decision, in no answer to anyone while the game goes on (a differential test: every
answer is the same bytes whatever the thoughts hold), and in every record once it is over, the
Pagan Hunter's belief over the nine villagers at each of his decisions."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
import redis

from gamestore.keys import Keys
from gamestore.settings import Settings
from tests.support.client import GraphQL, Rest, bearer
from tests.support.processes import Process

RECORD_QUERY = "query ($id: ID!) { record(gameId: $id) { document } }"
GAME_QUERY = (
    "query ($id: ID!) { game(gameId: $id, eventsAfter: 0, eventsLimit: 500) "
    "{ version viewJson events { version description { text } } } }"
)


def _wait_for_human(rest: Rest, game_id: str) -> dict[str, Any]:
    """The spectator's view once the game waits on its human seat (or is over)."""
    for _ in range(600):
        view = rest.read(game_id, events_limit=0).json()
        if view["status"] != "active" or view["to_move"] == "witch":
            return view
        time.sleep(0.1)
    raise AssertionError(f"the AI never moved: {view['version']}")


def _answers(rest: Rest, gql: GraphQL, game_id: str, tokens: dict[str, str]) -> list[bytes]:
    """Everything any reader of the game can ask for, as bytes: each reader's view, events and
    record, over REST and GraphQL, and a refused move's error."""
    out: list[bytes] = []
    for token in (None, tokens["witch"]):
        out.append(rest.read(game_id, token, events_after=0, events_limit=500).content)
        out.append(rest.http.get(f"/api/v1/games/{game_id}/record", headers=bearer(token)).content)
        out.append(repr(gql.call(RECORD_QUERY, token, id=game_id)).encode())
        out.append(repr(gql.call(GAME_QUERY, token, id=game_id)).encode())
    out.append(rest.move(game_id, tokens["witch"], 0, "nothing").content)
    return out


@pytest.mark.slow
def test_the_hunters_thoughts_reach_nobody_during_the_game_and_every_record_after_it(
    rest: Rest, gql: GraphQL, worker: Process, settings: Settings
) -> None:
    created = rest.create(
        game="pagan",
        options={"max_turns": 3},
        seats=[
            {"seat": "hunter", "kind": "ai", "level": "novice"},
            {"seat": "witch", "kind": "human"},
        ],
    )
    game_id, tokens = created["id"], created["tokens"]
    key = Keys(settings.key_prefix).ai_thoughts(game_id)
    client = redis.Redis.from_url(settings.redis_url)
    rng = random.Random(7)
    compared = 0
    try:
        while True:
            view = _wait_for_human(rest, game_id)
            if view["status"] != "active":
                break
            events = rest.read(game_id, events_limit=1).json()["events"]
            last = events[-1] if events else {"seat": None}
            if last["seat"] == "hunter":
                # The worker writes a move's thought right after the move: let it land, so
                # that the forged and deleted thoughts below are all there is to restore.
                for _ in range(100):
                    if client.hexists(key, str(last["version"])):
                        break
                    time.sleep(0.05)
            stored = client.hgetall(key)
            if stored and compared < 2:
                # The differential: the same answers, byte for byte, with the thoughts as
                # stored, with other thoughts in their place, and with none at all.
                before = _answers(rest, gql, game_id, tokens)
                forged = {
                    k: b'{"move":"x","how":"searched","weighed":[],"belief":{"a":1}}'
                    for k in stored
                }
                client.hset(key, mapping=forged)
                assert _answers(rest, gql, game_id, tokens) == before
                client.delete(key)
                assert _answers(rest, gql, game_id, tokens) == before
                client.hset(key, mapping=stored)
                for answer in before:
                    assert b"weighed" not in answer and b"belief" not in answer
                compared += 1
            seen = rest.read(game_id, tokens["witch"], events_limit=0).json()
            move = rng.choice(seen["legal_moves"])["id"]
            answer = rest.move(game_id, tokens["witch"], seen["version"], move)
            assert answer.status_code == 200, answer.text
    finally:
        client.close()
    assert compared == 2, "the game ended before the AI's thoughts could be compared"

    record = rest.http.get(f"/api/v1/games/{game_id}/record", headers=bearer(tokens["witch"]))
    doc = record.json()
    hunters = [d for d in doc["decisions"] if d["seat"] == "hunter" and d["kind"] == "move"]
    assert hunters and all("ai" in d for d in hunters)
    assert not any("ai" in d for d in doc["decisions"] if d["seat"] == "witch")
    searched = [d["ai"] for d in hunters if d["ai"]["how"] == "searched"]
    assert searched
    for thought in searched:
        assert thought["level"] == "novice"
        assert thought["weighed"] and all(0 <= w["win_rate"] <= 1 for w in thought["weighed"])
        visits = [w["visits"] for w in thought["weighed"]][:8]
        assert visits == sorted(visits, reverse=True)
    villagers = [v["id"] for v in doc["initial_view"]["villagers"]]
    assert len(villagers) == 9
    for d in hunters:
        belief = d["ai"]["belief"]
        assert list(belief) == villagers
        assert abs(sum(belief.values()) - 1.0) < 1e-3
    # The spectator's record says the same once the game is over.
    spectator = rest.http.get(f"/api/v1/games/{game_id}/record").json()
    assert [d.get("ai") for d in spectator["decisions"]] == [d.get("ai") for d in doc["decisions"]]
