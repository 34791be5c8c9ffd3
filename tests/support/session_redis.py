"""The Redis a test session works in: `REDIS_URL` when set, else the Redis on 127.0.0.1:6379 when
one answers there, else a private redis-server (no persistence) started for this process on a free
port, which stops when the process ends. Its URL goes into the environment, so that the API and
worker processes the tests start, and pytest-xdist's workers, use the same one."""

from __future__ import annotations

import atexit
import contextlib
import os
import subprocess
import sys
import tempfile
import time

import redis

from coven.embedded_redis import child_of_this_thread
from tests.support.binaries import redis_binary
from tests.support.processes import free_port

DEFAULT_URL = "redis://127.0.0.1:6379/0"


def _answers(url: str) -> bool:
    client = redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
    finally:
        client.close()


def _start_private() -> str:
    port = free_port()
    data = tempfile.mkdtemp(prefix="coven-test-redis-")
    args = [redis_binary("redis-server"), "--bind", "127.0.0.1", "--port", str(port)]
    args += ["--dir", data, "--save", "", "--appendonly", "no", "--logfile", "redis.log"]
    proc = subprocess.Popen(args, cwd=data, preexec_fn=child_of_this_thread)
    atexit.register(_stop, proc)
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + 20
    while not _answers(url):
        if proc.poll() is not None or time.monotonic() > deadline:
            _stop(proc)
            raise RuntimeError(f"the tests' own redis-server did not start (see {data}/redis.log)")
        time.sleep(0.05)
    print(f"tests: no Redis on 127.0.0.1:6379, started one at {url}", file=sys.stderr)
    return url


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(10)


def session_redis_url() -> str:
    url = os.environ.get("REDIS_URL")
    if not url:
        url = DEFAULT_URL if _answers(DEFAULT_URL) else _start_private()
        os.environ["REDIS_URL"] = url
    return url
