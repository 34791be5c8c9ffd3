"""An AI turn's latency while one seat floods the hints: idle, then during 15 concurrent
`expert` hints from one seat of another game. Hints run on their own queue and worker
(`COVEN_HINT_QUEUE`), as under `coven serve`; `--shared` puts them on the AI queue instead
(the old behaviour, for comparison).

    .venv/bin/python benchmarks/ai_queue_fairness.py [--hints 15] [--replies 6] [--shared]

Needs the Redis on 127.0.0.1:6379 (or REDIS_URL); works under a key prefix and queues of its
own, deleted at the end. The AI reply is a `medium` Hunter answering a human Witch in Pagan,
timed from the Witch's answered move to the read that shows the Witch to move again (polled
every 10 ms). Pacing is off (`COVEN_AI_PACE=0`) so that it hides
nothing. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time
import uuid
from collections import Counter
from typing import Any

import httpx
import orjson
import redis
import servers

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
AI_GAME = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "ai", "level": "medium"}]
HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def ai_replies(http: httpx.Client, count: int, stop: threading.Event | None = None) -> list[float]:
    """Seconds from the Witch's move to the AI Hunter's answer, `count` times."""
    out: list[float] = []
    while len(out) < count and not (stop is not None and stop.is_set()):
        created = http.post("/api/v1/games", json={"game": "pagan", "seats": AI_GAME}).json()
        game_id, token = created["id"], created["tokens"]["witch"]
        while len(out) < count:
            game = http.get(f"/api/v1/games/{game_id}", headers=_auth(token)).json()
            if game["status"] == "finished":
                break
            if game["to_move"] != "witch":
                time.sleep(0.01)
                continue
            move = {"version": game["version"], "move_id": game["legal_moves"][0]["id"]}
            r = http.post(f"/api/v1/games/{game_id}/moves", headers=_auth(token), json=move)
            moved_at = time.perf_counter()
            after = r.json()
            if after.get("to_move") != "hunter":
                continue
            while True:
                seen = http.get(f"/api/v1/games/{game_id}").json()
                if seen["to_move"] != "hunter" or seen["status"] == "finished":
                    out.append(time.perf_counter() - moved_at)
                    break
                time.sleep(0.01)
    return out


def flood(base: str, hints: int) -> tuple[list[threading.Thread], Counter[str], list[float]]:
    """`hints` concurrent `expert` hints from the Witch of a fresh game; their outcomes."""
    http = httpx.Client(base_url=base, timeout=60)
    created = http.post("/api/v1/games", json={"game": "pagan", "seats": HUMANS}).json()
    game_id, token = created["id"], created["tokens"]["witch"]
    outcomes: Counter[str] = Counter()
    seconds: list[float] = []

    def ask() -> None:
        started = time.perf_counter()
        with httpx.Client(base_url=base, timeout=60) as client:
            r = client.post(
                f"/api/v1/games/{game_id}/hint", headers=_auth(token), json={"level": "expert"}
            )
        code = "OK" if r.status_code == 200 else r.json().get("code", str(r.status_code))
        outcomes[code] += 1
        if r.status_code == 200:
            seconds.append(time.perf_counter() - started)

    threads = [threading.Thread(target=ask) for _ in range(hints)]
    for t in threads:
        t.start()
    return threads, outcomes, seconds


def _stats(xs: list[float]) -> dict[str, Any]:
    if not xs:
        return {"n": 0}
    return {
        "n": len(xs),
        "median_s": round(statistics.median(xs), 3),
        "max_s": round(max(xs), 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hints", type=int, default=15)
    parser.add_argument("--replies", type=int, default=6)
    parser.add_argument("--shared", action="store_true", help="hints on the AI queue (old)")
    args = parser.parse_args()
    tag = uuid.uuid4().hex[:8]
    prefix, ai_queue = f"bench-fair-{tag}:", f"bench-fair-ai-{tag}"
    hint_queue = ai_queue if args.shared else f"bench-fair-hints-{tag}"
    env = {
        "REDIS_URL": REDIS_URL,
        "COVEN_KEY_PREFIX": prefix,
        "COVEN_AI_QUEUE": ai_queue,
        "COVEN_HINT_QUEUE": hint_queue,
        "COVEN_AI_PACE": "0",
        "COVEN_RATE_LIMIT_PER_ADDRESS": "0",
        "COVEN_RATE_LIMIT_PER_TOKEN": "0",
        "COVEN_MAX_OPEN_GAMES_PER_ADDRESS": "0",
    }
    procs = [servers.start_worker(env, ai_queue, name=f"fair-ai-{tag}")]
    if not args.shared:
        procs.append(servers.start_worker(env, hint_queue, name=f"fair-hints-{tag}"))
    api, base = servers.start_api(env)
    procs.append(api)
    try:
        http = httpx.Client(base_url=base, timeout=120)
        ai_replies(http, 2)  # warm up: imports, scripts, the timing pool
        idle = ai_replies(http, args.replies)
        threads, outcomes, hint_seconds = flood(base, args.hints)
        time.sleep(0.5)  # the hints are queued
        loaded = ai_replies(http, args.replies)
        for t in threads:
            t.join()
    finally:
        for proc in procs:
            servers.stop(proc)
        client = redis.Redis.from_url(REDIS_URL)
        keys = list(client.scan_iter(match=prefix + "*", count=1000))
        if keys:
            client.delete(*keys)
        client.delete(ai_queue, hint_queue)
    ratio = statistics.median(loaded) / statistics.median(idle)
    print(
        orjson.dumps(
            {
                "benchmark": "ai_queue_fairness",
                "hints_queue": "shared with AI turns" if args.shared else "own queue and worker",
                "hints": args.hints,
                "ai_reply_idle": _stats(idle),
                "ai_reply_during_hint_flood": _stats(loaded),
                "median_ratio": round(ratio, 2),
                "within_2x": ratio <= 2.0,
                "hint_outcomes": dict(outcomes),
                "hint_seconds": _stats(hint_seconds),
            },
            option=orjson.OPT_INDENT_2,
        ).decode()
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
