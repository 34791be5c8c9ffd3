"""A worker SIGKILLed in the middle of an AI turn: the turn is delivered again (late
acknowledgement) and the game still reaches its end with no move lost or doubled."""

from __future__ import annotations

import time
import uuid

import pytest
import redis

from tests.support.client import Rest
from tests.support.namespace import settings_for
from tests.support.processes import start_api, start_worker
from tests.support.replay import assert_log_replays


def _in_flight(client: redis.Redis, game_id: str) -> bool:
    """A task of this game was received by a worker and not yet acknowledged."""
    raw = client.hvals("unacked")
    return any(game_id.encode() in value for value in raw)  # type: ignore[union-attr]


@pytest.mark.slow
def test_a_worker_killed_mid_turn_loses_and_doubles_no_move(
    namespace: dict[str, str],
) -> None:
    tag = uuid.uuid4().hex[:8]
    env = {
        **namespace,
        "COVEN_AI_QUEUE": f"{namespace['COVEN_AI_QUEUE']}-crash-{tag}",
        # Every AI decision takes 0.25-0.5 s (novice's 0.05-0.1 s in Pagan, five times), long
        # enough to be killed in.
        "COVEN_AI_PACE": "5",
        "COVEN_AI_VISIBILITY_TIMEOUT_SECONDS": "2",
        "COVEN_AI_RESTORE_INTERVAL_SECONDS": "0.2",
    }
    api_proc, api = start_api(env)
    client = redis.Redis.from_url(env["REDIS_URL"])
    rest = Rest(api)
    first = start_worker(env, env["COVEN_AI_QUEUE"], f"crash-a-{tag}")
    second = None
    try:
        created = rest.create(
            game="pagan",
            seed="crash-1",
            options={"max_turns": 4},
            seats=[
                {"seat": "witch", "kind": "ai", "level": "novice"},
                {"seat": "hunter", "kind": "ai", "level": "novice"},
            ],
        )
        game_id = created["id"]
        deadline = time.monotonic() + 30
        while rest.read(game_id).json()["version"] < 3:
            assert time.monotonic() < deadline, first.output()
            time.sleep(0.05)
        while not _in_flight(client, game_id):
            assert time.monotonic() < deadline, first.output()
            time.sleep(0.01)
        killed_at = rest.read(game_id).json()["version"]
        first.kill()
        time.sleep(1.0)
        # Nobody is playing now: the killed turn is neither written nor lost for good.
        assert rest.read(game_id).json()["version"] in (killed_at, killed_at + 1)

        second = start_worker(env, env["COVEN_AI_QUEUE"], f"crash-b-{tag}")
        deadline = time.monotonic() + 120
        game = rest.read(game_id).json()
        while game["status"] != "finished":
            assert time.monotonic() < deadline, second.output()
            time.sleep(0.2)
            game = rest.read(game_id).json()
        assert game["version"] > killed_at + 1
        assert_log_replays(settings_for(env), game_id, game["version"])
    finally:
        rest.close()
        first.stop()
        if second is not None:
            second.stop()
        api_proc.stop()
        client.delete(env["COVEN_AI_QUEUE"])
        client.close()
