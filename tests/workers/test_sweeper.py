"""Recovery without readers: the whole worker SIGKILLed mid-turn while nobody reads the game;
a new worker's sweeper enqueues the stalled AI turn again within the stall window (not the
broker's 600 s visibility timeout), and the game goes on. Real Redis, real Celery workers, no
API and no read of the game through the service."""

from __future__ import annotations

import time
import uuid

import pytest
import redis

from gamestore.keys import Keys
from tests.support.games import create_game
from tests.support.namespace import clear, settings_for
from tests.support.processes import start_worker

STALL_SECONDS = 3
SWEEP_SECONDS = 0.5
AI_WITCH = [{"seat": "witch", "kind": "ai", "level": "novice"}, {"seat": "hunter", "kind": "human"}]


def _in_flight(client: redis.Redis, game_id: str) -> bool:
    raw = client.hvals("unacked")
    return any(game_id.encode() in value for value in raw)


@pytest.mark.slow
def test_a_stalled_ai_turn_is_enqueued_again_within_the_stall_window_with_no_reader(
    namespace: dict[str, str],
) -> None:
    tag = uuid.uuid4().hex[:8]
    env = {
        **namespace,
        "COVEN_AI_QUEUE": f"{namespace['COVEN_AI_QUEUE']}-sweep-{tag}",
        # Keys of their own: every worker under one prefix sweeps it, onto its own AI queue.
        "COVEN_KEY_PREFIX": f"{namespace['COVEN_KEY_PREFIX']}sweep-{tag}:",
        "COVEN_AI_STALL_SECONDS": str(STALL_SECONDS),
        "COVEN_AI_SWEEP_INTERVAL_SECONDS": str(SWEEP_SECONDS),
    }
    settings = settings_for(env).model_copy(update={"ai_stall_seconds": STALL_SECONDS})
    client = redis.Redis.from_url(settings.redis_url)
    game_key = Keys(settings.key_prefix).game
    # The first worker's AI decision lasts long enough to be killed in: 20-40 s (novice's
    # 0.05-0.1 s in Pagan, paced 400 times).
    first = start_worker({**env, "COVEN_AI_PACE": "400"}, env["COVEN_AI_QUEUE"], f"sweep-a-{tag}")
    second = None
    try:
        game_id = create_game(settings, "pagan", AI_WITCH)
        deadline = time.monotonic() + 30
        while not _in_flight(client, game_id):
            assert time.monotonic() < deadline, first.output()
            time.sleep(0.01)
        first.kill()
        killed = time.monotonic()
        assert client.hget(game_key(game_id), "v") == b"0"

        second = start_worker(env, env["COVEN_AI_QUEUE"], f"sweep-b-{tag}")
        window = STALL_SECONDS + 2 * SWEEP_SECONDS + 3.0  # the sweep, the move, a margin
        while client.hget(game_key(game_id), "v") == b"0":
            assert time.monotonic() - killed < window, second.output()
            time.sleep(0.05)
        recovered = time.monotonic() - killed
        assert recovered < window
        assert "stalled AI turn enqueued again" in "\n".join(second.lines), second.output()
    finally:
        client.close()
        first.stop()
        if second is not None:
            second.stop()
        clear(env["COVEN_KEY_PREFIX"], env["COVEN_AI_QUEUE"])
