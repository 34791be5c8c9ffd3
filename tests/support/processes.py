"""Real processes for integration tests: the API under uvicorn and Celery workers, each with
its own environment, started and stopped by fixtures (never left running)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Process:
    """A child process whose output is collected (for failure messages) by a reader thread."""

    def __init__(self, args: list[str], env: dict[str, str], ready_line: str | None = None):
        self.args = args
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.ready_line = ready_line
        self.proc = subprocess.Popen(
            args,
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip())
            if self.ready_line and self.ready_line in line:
                self.ready.set()

    def output(self) -> str:
        return "\n".join(self.lines[-60:])

    def wait_ready(self, timeout: float = 30) -> None:
        if not self.ready.wait(timeout):
            self.stop()
            raise RuntimeError(f"{self.args[2:4]} did not start:\n{self.output()}")

    def kill(self) -> None:
        """SIGKILL the whole process group: no cleanup, no acknowledgement."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self._close()

    def _close(self) -> None:
        self._reader.join(5)
        if self.proc.stdout is not None:
            self.proc.stdout.close()

    def stop(self) -> None:
        if self.proc.poll() is not None:
            self._close()
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.kill()
            return
        self._close()


def start_api(
    env: dict[str, str], workers: int = 1, log_level: str = "warning"
) -> tuple[Process, str]:
    """The API under uvicorn as deployed: uvicorn's own proxy handling off (the app decides
    whom to believe, `service.proxies`); `log_level="info"` turns the access log on."""
    port = free_port()
    args = [
        sys.executable,
        "-m",
        "uvicorn",
        "service.app:create_app",
        "--factory",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        log_level,
        "--no-proxy-headers",
        "--workers",
        str(workers),
    ]
    proc = Process(args, env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        if proc.proc.poll() is not None:
            proc.stop()
            raise RuntimeError(f"the API exited:\n{proc.output()}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return proc, base
        time.sleep(0.1)
    proc.stop()
    raise RuntimeError(f"the API did not answer:\n{proc.output()}")


def start_worker(env: dict[str, str], queue: str, name: str) -> Process:
    args = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "workers.app",
        "worker",
        "-Q",
        queue,
        "--pool",
        "solo",
        "--hostname",
        f"{name}@%h",
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
        "--loglevel",
        "INFO",
    ]
    proc = Process(args, env, ready_line=" ready.")
    proc.wait_ready()
    return proc


@contextlib.contextmanager
def running(proc: Process) -> Iterator[Process]:
    try:
        yield proc
    finally:
        proc.stop()
