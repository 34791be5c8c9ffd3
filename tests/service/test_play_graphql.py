"""A human plays a whole Pagan game against the AI over GraphQL; the AI's turns arrive by
subscription (graphql-transport-ws), the AI runs on a real Celery worker."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.support.client import GAME_FIELDS, GraphQL, subscription
from tests.support.namespace import settings_for
from tests.support.replay import assert_log_replays

CREATE = """
mutation ($input: CreateGameInput!) {
  createGame(input: $input) { id version tokens { seat token } seats { seat kind level open } }
}
"""
MOVE = f"""
mutation ($id: ID!, $version: Int!, $moveId: String!) {{
  move(gameId: $id, version: $version, moveId: $moveId) {{ {GAME_FIELDS} }}
}}
"""


@pytest.mark.slow
def test_a_human_beats_or_loses_to_the_ai_over_graphql_with_ai_turns_by_subscription(
    api: str, worker: Any, namespace: dict[str, str]
) -> None:
    gql = GraphQL(api)
    created = gql.call(
        CREATE,
        input={
            "game": "pagan",
            "seed": "graphql-1",
            "options": {"max_turns": 24},
            "seats": [
                {"seat": "witch", "kind": "human"},
                {"seat": "hunter", "kind": "ai", "level": "novice"},
            ],
        },
    )["data"]["createGame"]
    game_id = created["id"]
    token = {t["seat"]: t["token"] for t in created["tokens"]}["witch"]
    assert [s["kind"] for s in created["seats"]] == ["human", "ai"]

    rng = random.Random(1)
    seen_versions: list[int] = []
    ai_events = 0
    with subscription(api, game_id, token) as sub:
        game = sub.next()
        assert game is not None and game["version"] == 0  # the first message: current view
        assert game["seat"] == "witch" and game["view"]["seat"] == "witch"
        moved_at = -1
        while game is not None:
            for event in game["events"]:
                if event["version"] > (seen_versions[-1] if seen_versions else 0):
                    seen_versions.append(event["version"])
                    if event["seat"] == "hunter":
                        ai_events += 1
                        assert event["move"] is None  # the AI's move stays its own
                    else:
                        assert event["move"] is not None
            if game["status"] != "active":
                break
            if game["yourDecision"] and game["version"] > moved_at:
                moved_at = game["version"]
                choice = rng.choice(game["legalMoves"])["id"]
                result = gql.call(MOVE, token, id=game_id, version=game["version"], moveId=choice)
                assert "errors" not in result, result
                assert result["data"]["move"]["version"] == game["version"] + 1
            game = sub.next(timeout=60)
        final = game
        assert sub.next(timeout=10) is None  # the subscription completes after the end
    gql.close()

    assert final is not None and final["status"] == "finished", final
    assert final["outcome"]["reason"] in {
        "turn-limit",
        "ritual",
        "exonerated",
        "eliminated-witch",
        "innocents-eliminated",
    }
    # Every change arrived exactly once, in order, and the AI's turns were among them.
    assert seen_versions == list(range(1, final["version"] + 1))
    assert ai_events > 10
    assert_log_replays(settings_for(namespace), game_id, final["version"])
