"""How late a turn clock's timeout fires: games with a 1 s decision clock and `forfeit`, nobody
reading them, one worker sweeping; for each, the timeout event's `at` minus the deadline the
clock stored at the creation.

    .venv/bin/python benchmarks/clock_timeouts.py [--games 20] [--sweep 0.5]

Needs the Redis on 127.0.0.1:6379 (or REDIS_URL); works under a key prefix and queue of its
own, deleted at the end. `--sweep` is `COVEN_CLOCK_SWEEP_INTERVAL_SECONDS`. Prints one JSON
object.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import uuid
from datetime import datetime
from typing import Any

import httpx
import orjson
import servers

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]


def _epoch(iso: str) -> float:
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def _finished(http: httpx.Client, game_id: str) -> dict[str, Any]:
    """The game once it is over (at most 30 s)."""
    waited = time.monotonic() + 30
    while True:
        game: dict[str, Any] = http.get(f"/games/{game_id}", params={"events_limit": 1}).json()
        if game["status"] == "finished":
            return game
        assert time.monotonic() < waited, f"{game_id} did not time out in 30 s"
        time.sleep(0.2)


def measure(base: str, games: int) -> list[float]:
    """Seconds from each game's deadline to its timeout event, after one game timed out first
    (so that the worker's sweep is running, not starting)."""
    clock = {"decision_seconds": 1, "on_timeout": "forfeit"}
    with httpx.Client(base_url=base + "/api/v1", timeout=30) as http:
        created = []
        for _ in range(games + 1):
            r = http.post("/games", json={"game": "pagan", "seats": HUMANS, "clock": clock})
            r.raise_for_status()
            game_id = r.json()["id"]
            deadline = http.get(f"/games/{game_id}").json()["clock"]["deadline"]
            created.append((game_id, _epoch(deadline)))
            if len(created) == 1:
                _finished(http, game_id)  # the warm-up game
            time.sleep(0.05)  # spread the deadlines over the sweep's phase
        late = []
        for game_id, deadline in created[1:]:
            game = _finished(http, game_id)
            event = game["events"][-1]
            assert event["kind"] == "timeout", event
            late.append(_epoch(event["at"]) - deadline)
        return late


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--sweep", type=float, default=0.5)
    args = parser.parse_args()
    tag = uuid.uuid4().hex[:8]
    queue = f"bench-clock-{tag}"
    env = {
        "REDIS_URL": REDIS_URL,
        "COVEN_KEY_PREFIX": f"bench-clock-{tag}:",
        "COVEN_AI_QUEUE": queue,
        "COVEN_MAX_OPEN_GAMES_PER_ADDRESS": "0",
        "COVEN_RATE_LIMIT_PER_ADDRESS": "0",
        "COVEN_CLOCK_SWEEP_INTERVAL_SECONDS": str(args.sweep),
    }
    procs = [servers.start_worker(env, queue, name=f"bench-clock-{tag}")]
    api, base = servers.start_api(env)
    procs.append(api)
    try:
        late = measure(base, args.games)
    finally:
        for proc in procs:
            servers.stop(proc)
        servers.clear(REDIS_URL, env["COVEN_KEY_PREFIX"], queue)
    result: dict[str, Any] = {
        "games": args.games,
        "sweep_interval_seconds": args.sweep,
        "late_seconds": {
            "min": round(min(late), 3),
            "median": round(statistics.median(late), 3),
            "max": round(max(late), 3),
        },
        "never_early": all(x >= 0 for x in late),
    }
    print(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode())


if __name__ == "__main__":
    main()
