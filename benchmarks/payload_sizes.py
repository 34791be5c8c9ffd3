"""Bytes one seat's client moves for one whole Pagan game against the AI: reads, move answers
and the live stream, with the compact answers on or off.

    .venv/bin/python benchmarks/payload_sizes.py [--plain] [--root CHECKOUT] [--seed s1]

Starts a real API process (uvicorn) and one Celery worker (own key prefix and AI queue on the
Redis at 127.0.0.1:6379 or REDIS_URL), creates a game with the client as the Witch and a
`novice` AI as the Hunter, and plays it to the end: the client follows the seat's SSE stream,
and at each of its decisions reads the game (GET, with If-None-Match of its last read) and
makes a random legal move (seeded). By default the client asks for what the server offers
(`Accept-Encoding: gzip`, ETags, `?mode=patch`); `--plain` asks for none of it (identity, no
If-None-Match, full stream messages), which is what every client got before. `--root` runs the
servers from another checkout (say, an export of an older commit).

Counts are body bytes as they crossed the wire (compressed when compressed; a 304 counts 0),
the stream's bytes as sent (`event:`, `id:` and `data:` lines). Prints one JSON object with the
totals, the bytes per decision of the seat, and the median and 90th-percentile stream message.
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")

import servers  # noqa: E402  benchmarks/servers.py, beside this script

from gamestore import patch  # noqa: E402  (the checkout's own JSON Patch, after sys.path)


class Stream:
    """The seat's SSE stream on a thread: the document it shows, and each message's size."""

    def __init__(self, base: str, path: str, token: str) -> None:
        self.docs: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.sizes: list[int] = []
        self.kinds: dict[str, int] = {}
        self._client = httpx.Client(base_url=base, timeout=httpx.Timeout(30, read=300))
        self._thread = threading.Thread(target=self._run, args=(path, token), daemon=True)
        self._thread.start()

    def _run(self, path: str, token: str) -> None:
        headers = {"Authorization": f"Bearer {token}"}
        document: dict[str, Any] | None = None
        try:
            with self._client.stream("GET", path, headers=headers) as r:
                event: dict[str, str] = {}
                size = 0
                for line in r.iter_lines():
                    if line.startswith(("retry:", ":")):
                        continue
                    size += len(line.encode()) + 1
                    if line:
                        name, _, value = line.partition(":")
                        event[name] = value.removeprefix(" ")
                        continue
                    self.sizes.append(size)
                    size = 0
                    kind = event.get("event", "message")
                    self.kinds[kind] = self.kinds.get(kind, 0) + 1
                    data = orjson.loads(event["data"])
                    if kind == "patch":
                        assert document is not None and data["base"] == document["version"]
                        document = patch.apply(document, data["patch"])
                    else:
                        document = data
                    event = {}
                    self.docs.put(document)
        except httpx.HTTPError:
            pass
        self.docs.put(None)

    def close(self) -> None:
        self._client.close()


def play(base: str, plain: bool, seed: str) -> dict[str, Any]:
    rng = random.Random(seed)
    accept = {"Accept-Encoding": "identity" if plain else "gzip"}
    http = httpx.Client(base_url=base, timeout=60, headers=accept)
    created = http.post(
        "/api/v1/games",
        json={
            "game": "pagan",
            "seed": seed,
            "seats": [
                {"seat": "witch", "kind": "human"},
                {"seat": "hunter", "kind": "ai", "level": "novice"},
            ],
        },
    ).json()
    game_id, token = created["id"], created["tokens"]["witch"]
    auth = {"Authorization": f"Bearer {token}"}
    mode = "full" if plain else "patch"
    stream = Stream(base, f"/api/v1/games/{game_id}/stream?mode={mode}", token)
    totals = {"reads": 0, "move_answers": 0}
    counts = {"reads": 0, "not_modified": 0, "moves": 0}
    etag: str | None = None
    started = time.perf_counter()
    acted_at = -1
    while True:
        doc = stream.docs.get(timeout=300)
        if doc is None:
            raise RuntimeError("the stream ended before the game did")
        if doc["status"] == "finished":
            break
        if not doc["your_decision"] or doc["version"] <= acted_at:
            continue
        headers = dict(auth)
        if etag is not None and not plain:
            headers["If-None-Match"] = etag
        read = http.get(f"/api/v1/games/{game_id}", headers=headers)
        totals["reads"] += read.num_bytes_downloaded
        counts["reads"] += 1
        if read.status_code == 304:
            counts["not_modified"] += 1
            game = doc
        else:
            game = read.json()
            etag = read.headers.get("etag")
        if not game["your_decision"]:
            continue
        move = rng.choice(game["legal_moves"])
        answer = http.post(
            f"/api/v1/games/{game_id}/moves",
            headers=auth,
            json={"version": game["version"], "move_id": move["id"]},
        )
        totals["move_answers"] += answer.num_bytes_downloaded
        counts["moves"] += 1
        acted_at = game["version"]
    stream_bytes = sum(stream.sizes)
    sizes = sorted(stream.sizes)
    stream.close()
    http.close()
    total = totals["reads"] + totals["move_answers"] + stream_bytes
    return {
        "mode": "plain" if plain else "compact",
        "versions": doc["version"],
        "seat_decisions": counts["moves"],
        "reads": counts["reads"],
        "reads_not_modified": counts["not_modified"],
        "bytes": {**totals, "stream": stream_bytes, "total": total},
        "bytes_per_seat_decision": round(total / max(1, counts["moves"])),
        "stream_messages": len(sizes),
        "stream_message_kinds": stream.kinds,
        "stream_message_median_bytes": statistics.median(sizes) if sizes else None,
        "stream_message_p90_bytes": sizes[int(len(sizes) * 0.9)] if sizes else None,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plain", action="store_true", help="ask for no compact answers")
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--seed", default="payload-1")
    parser.add_argument("--port", type=int, default=8141)
    args = parser.parse_args()
    tag = uuid.uuid4().hex[:8]
    env = {
        "REDIS_URL": REDIS_URL,
        "COVEN_KEY_PREFIX": f"bench-payload-{tag}:",
        "COVEN_AI_QUEUE": f"bench-payload-{tag}",
        "COVEN_RATE_LIMIT_PER_ADDRESS": "0",
        "COVEN_RATE_LIMIT_PER_TOKEN": "0",
    }
    base = f"http://127.0.0.1:{args.port}"
    worker = servers.start_worker(env, env["COVEN_AI_QUEUE"], root=args.root)
    try:
        api, _ = servers.start_api(env, root=args.root, port=args.port)
    except RuntimeError:
        servers.stop(worker)
        raise
    try:
        result = play(base, args.plain, args.seed)
    finally:
        servers.stop(api)
        servers.stop(worker)
        servers.clear(REDIS_URL, env["COVEN_KEY_PREFIX"], env["COVEN_AI_QUEUE"])
    out = {"root": str(args.root), "seed": args.seed, "python": sys.version.split()[0], **result}
    print(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode())


if __name__ == "__main__":
    main()
