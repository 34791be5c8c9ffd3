"""The real processes the service benchmarks start: the API under uvicorn and Celery workers,
from any checkout (`root`, this one by default) with an environment of their own, stopped with
their whole process group when the benchmark ends, and the clean-up of the keys they wrote."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import redis

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _start(args: list[str], root: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", *args],
        cwd=root,
        env={**os.environ, **env, "PYTHONPATH": str(root)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        # Its own group, so `stop` reaches uvicorn's worker processes too.
        start_new_session=True,
    )


def start_api(
    env: dict[str, str],
    *,
    root: Path = ROOT,
    port: int | None = None,
    app: str = "service.app:create_app",
    workers: int = 1,
) -> tuple[subprocess.Popen[bytes], str]:
    """uvicorn serving `app` on 127.0.0.1 (a free port unless one is named), once it answers
    /healthz; returns the process and its base URL."""
    port = port or free_port()
    args = ["uvicorn", app, "--factory", "--host", "127.0.0.1", "--port", str(port)]
    args += ["--workers", str(workers), "--log-level", "warning", "--no-access-log"]
    proc = _start(args, root, env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return proc, base
        time.sleep(0.2)
    stop(proc)
    raise RuntimeError(f"{app} did not start")


def start_worker(
    env: dict[str, str], queue: str, *, root: Path = ROOT, name: str = "bench"
) -> subprocess.Popen[bytes]:
    """A solo Celery worker consuming `queue`, once it is consuming."""
    args = ["celery", "-A", "workers.app", "worker", "-Q", queue, "--pool", "solo"]
    args += ["--hostname", f"{name}@%h", "--without-gossip", "--without-mingle"]
    proc = _start([*args, "--loglevel", "WARNING"], root, env)
    time.sleep(3)  # a solo worker is consuming about 2 s after it starts
    return proc


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


def clear(redis_url: str, prefix: str, *names: str) -> None:
    """Delete every key under `prefix`, and the keys `names`."""
    client = redis.Redis.from_url(redis_url)
    keys = [*client.scan_iter(f"{prefix}*", count=1000), *names]
    for i in range(0, len(keys), 500):
        client.delete(*keys[i : i + 500])
    client.close()
