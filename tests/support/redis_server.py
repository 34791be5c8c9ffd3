"""A private redis-server for tests that stop and start it: a free port, its own data dir,
an append-only file fsynced on every write (so a SIGKILL loses nothing acknowledged)."""

from __future__ import annotations

import contextlib
import subprocess
import time
from pathlib import Path

import redis

from tests.support.binaries import redis_binary
from tests.support.processes import free_port


class RedisServer:
    def __init__(self, data_dir: Path, executable: str | None = None) -> None:
        self.data_dir = data_dir
        self.executable = executable or redis_binary("redis-server")
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, appendfsync: str = "always") -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [
                self.executable,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.data_dir),
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                appendfsync,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        client = redis.Redis(port=self.port, socket_timeout=1)
        deadline = time.monotonic() + 20
        try:
            while time.monotonic() < deadline:
                with contextlib.suppress(redis.RedisError):
                    if client.ping():
                        return
                time.sleep(0.05)
        finally:
            client.close()
        self.kill()
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no last write."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None
