"""Processes the service benchmarks start: the API under uvicorn and Celery workers, each
against a Redis of the benchmark's choosing, stopped when the benchmark ends."""

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

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _popen(args: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        args,
        cwd=ROOT,
        env={**os.environ, **env, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def api(env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = _popen(
        [
            *(sys.executable, "-m", "uvicorn", "service.app:create_app", "--factory"),
            *("--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"),
        ],
        env,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return proc, base
        time.sleep(0.2)
    stop(proc)
    raise RuntimeError("the API did not start")


def worker(env: dict[str, str], queue: str, name: str) -> subprocess.Popen[bytes]:
    proc = _popen(
        [
            *(sys.executable, "-m", "celery", "-A", "workers.app", "worker", "-Q", queue),
            *("--pool", "solo", "--hostname", f"{name}@%h", "--without-gossip"),
            *("--without-mingle", "--loglevel", "WARNING"),
        ],
        env,
    )
    time.sleep(3)  # a solo worker is consuming about 2 s after it starts
    return proc


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
