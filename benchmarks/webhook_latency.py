"""Webhook benchmark: how long a notice takes from the move's answer to the receiver, and
that a move never waits for it (not even for a receiver that takes its time).

    .venv/bin/python benchmarks/webhook_latency.py [--moves 60] [--slow-seconds 0.5]
        [--out benchmarks/results/webhook-latency.json]

Starts one real API process and one solo Celery worker for the webhook queue (own key prefix
and queues on the Redis at 127.0.0.1:6379 or REDIS_URL, private addresses allowed), and a
receiver on a local port that checks every signature. Three phases, each a fresh
human-against-human Pagan game played by the first legal move of whoever is to move:
`none` (no webhooks), `fast` (both seats have a webhook; the receiver answers at once) and
`slow` (the receiver sleeps --slow-seconds before answering). It prints (and writes) per phase
the p50 and p99 of the move requests' time, and for `fast` and `slow` the p50 and p99 of the
time from the answer of a move that handed the decision to the other seat to the arrival of
its `your_decision` notice (split at the notice's `created`, its hand-out), with how many of
those notices arrived and were signed right. The moves follow one another within tens of
milliseconds, so a handover already superseded when its hand-out runs is not announced (a
notice tells the game as it is): fewer notices than handovers is expected.
Everything runs on the same 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
import uuid
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import orjson
import servers  # benchmarks/servers.py, beside this script

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gamestore.webhooks import verify  # noqa: E402

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
SECRET = "benchmark-secret-0123456789"
HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]


class Receiver:
    def __init__(self) -> None:
        self.delay = 0.0
        # version -> (arrival, signed, when the notice was handed out)
        self.arrivals: dict[int, tuple[float, bool, float]] = {}
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                arrived = time.time()
                signed = verify(SECRET, self.headers.get("Coven-Signature", ""), body)
                payload = orjson.loads(body)
                if payload["kind"] == "your_decision":
                    with receiver.lock:
                        created = datetime.fromisoformat(payload["created"]).timestamp()
                        receiver.arrivals.setdefault(payload["version"], (arrived, signed, created))
                time.sleep(receiver.delay)
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def _quantiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50_ms": None, "p99_ms": None}
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {"p50_ms": round(statistics.median(ordered) * 1000, 1), "p99_ms": round(p99 * 1000, 1)}


def phase(base: str, receiver: Receiver | None, moves: int) -> dict[str, Any]:
    http = httpx.Client(base_url=base, timeout=30)
    created = http.post("/api/v1/games", json={"game": "pagan", "seats": HUMANS}).json()
    game_id, tokens = created["id"], created["tokens"]
    if receiver is not None:
        for token in tokens.values():
            body = {"url": receiver.url, "secret": SECRET, "events": ["your_decision"]}
            r = http.post(
                f"/api/v1/games/{game_id}/webhooks",
                json=body,
                headers={"Authorization": f"Bearer {token}"},
            )
            assert r.status_code == 201, r.text
    move_times: list[float] = []
    handovers: dict[int, float] = {}  # version -> when the move that made it was answered
    game = http.get(
        f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {tokens['witch']}"}
    ).json()
    for _ in range(moves):
        if game["status"] != "active":
            break
        mover = game["to_move"]
        auth = {"Authorization": f"Bearer {tokens[mover]}"}
        own = http.get(f"/api/v1/games/{game_id}", headers=auth).json()
        started = time.time()
        r = http.post(
            f"/api/v1/games/{game_id}/moves",
            json={"version": own["version"], "move_id": own["legal_moves"][0]["id"]},
            headers=auth,
        )
        answered = time.time()
        assert r.status_code == 200, r.text
        move_times.append(answered - started)
        game = r.json()
        if game["to_move"] not in (None, mover):
            handovers[game["version"]] = answered
    result: dict[str, Any] = {"moves": len(move_times), "move": _quantiles(move_times)}
    if receiver is not None:
        # A handover superseded before its hand-out ran is never announced (by design): wait
        # until every one arrived, or none did for 5 s.
        deadline = time.monotonic() + 60
        count, quiet_since = -1, time.monotonic()
        while time.monotonic() < deadline and not set(handovers) <= set(receiver.arrivals):
            if len(receiver.arrivals) != count:
                count, quiet_since = len(receiver.arrivals), time.monotonic()
            elif time.monotonic() - quiet_since > 5:
                break
            time.sleep(0.1)
        got = {v: receiver.arrivals[v] for v in handovers if v in receiver.arrivals}
        result["handovers"] = len(handovers)
        result["notices_arrived"] = len(got)
        result["notices_signed"] = sum(1 for _, signed, _ in got.values() if signed)
        result["notice"] = _quantiles([got[v][0] - handovers[v] for v in got])
        # Of which: from the answer to the hand-out (the enqueue and the worker picking it
        # up), and from the hand-out to the arrival (the delivery task).
        result["answer_to_hand_out"] = _quantiles([got[v][2] - handovers[v] for v in got])
        result["hand_out_to_arrival"] = _quantiles([got[v][0] - got[v][2] for v in got])
    http.post(
        f"/api/v1/games/{game_id}/resign",
        json={},
        headers={"Authorization": f"Bearer {tokens['witch']}"},
    )
    http.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--slow-seconds", type=float, default=0.5)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    tag = uuid.uuid4().hex[:8]
    env = {
        "REDIS_URL": REDIS_URL,
        "COVEN_KEY_PREFIX": f"bench-wh-{tag}:",
        "COVEN_AI_QUEUE": f"bench-wh-ai-{tag}",
        "COVEN_WEBHOOK_QUEUE": f"bench-wh-{tag}",
        "COVEN_WEBHOOK_ALLOW_PRIVATE": "true",
        "COVEN_RATE_LIMIT_PER_ADDRESS": "0",
        "COVEN_RATE_LIMIT_PER_TOKEN": "0",
    }
    receiver = Receiver()
    api, base = servers.start_api(env)
    worker = servers.start_worker(env, env["COVEN_WEBHOOK_QUEUE"], name=f"bench-wh-{tag}")
    try:
        results = {"none": phase(base, None, args.moves), "fast": phase(base, receiver, args.moves)}
        receiver.delay = args.slow_seconds
        receiver.arrivals.clear()
        results["slow"] = phase(base, receiver, args.moves)
        results["slow"]["receiver_sleeps_seconds"] = args.slow_seconds
    finally:
        servers.stop(worker)
        servers.stop(api)
        receiver.server.shutdown()
        import redis

        client = redis.Redis.from_url(REDIS_URL)
        for key in client.scan_iter(match=env["COVEN_KEY_PREFIX"] + "*", count=1000):
            client.delete(key)
        client.delete(env["COVEN_WEBHOOK_QUEUE"], env["COVEN_AI_QUEUE"])
        client.close()
    text = orjson.dumps(results, option=orjson.OPT_INDENT_2).decode()
    print(text)
    if args.out is not None:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
