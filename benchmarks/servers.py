"""Real processes for the live-update and payload benchmarks: one API process (uvicorn) and a
Celery worker, run from any checkout (`root`) with an environment of their own, and the clean-up
of the keys they wrote."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import redis


def _start(args: list[str], root: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", *args],
        cwd=root,
        env={**os.environ, **env, "PYTHONPATH": str(root)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def start_api(root: Path, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """One uvicorn worker serving `service.app` on 127.0.0.1:`port`, once it answers."""
    args = ["uvicorn", "service.app:create_app", "--factory", "--host", "127.0.0.1"]
    args += ["--port", str(port), "--log-level", "warning", "--no-access-log"]
    proc = _start(args, root, env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    stop(proc)
    raise RuntimeError("the API did not start")


def start_worker(root: Path, queue: str, env: dict[str, str]) -> subprocess.Popen[bytes]:
    args = ["celery", "-A", "workers.app", "worker", "-Q", queue, "--pool", "solo"]
    args += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
    return _start([*args, "--loglevel", "WARNING"], root, env)


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def clear(redis_url: str, prefix: str, *names: str) -> None:
    """Delete every key under `prefix`, and the keys `names`."""
    client = redis.Redis.from_url(redis_url)
    keys = [*client.scan_iter(f"{prefix}*", count=1000), *names]
    for i in range(0, len(keys), 500):
        client.delete(*keys[i : i + 500])
    client.close()
