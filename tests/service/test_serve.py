"""`coven serve` with no REDIS_URL runs the whole system from one command: an embedded real
Redis, a Celery worker and the API; Ctrl-C (SIGINT) stops all three."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.support.processes import ROOT, free_port


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is gone for our purposes.
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split()[2] != "Z"


@pytest.mark.slow
def test_coven_serve_runs_embedded_redis_a_worker_and_the_api_and_ctrl_c_stops_all(
    tmp_path: Path,
) -> None:
    port = free_port()
    unset = ("REDIS_URL", "CELERY_BROKER_URL", "COVEN_CORS_ORIGINS")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    proc = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "coven"),
            "serve",
            "--port",
            str(port),
            "--data-dir",
            str(tmp_path / "data"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
            try:
                if httpx.get(base + "/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline
            time.sleep(0.2)
        # The embedded default on loopback is a playground: pages of any origin may call it.
        page = {"Origin": "http://localhost:5173"}
        cors = httpx.get(base + "/api/v1/catalog", headers=page)
        assert cors.headers["access-control-allow-origin"] == "*"
        created = httpx.post(
            base + "/api/v1/games",
            json={
                "game": "pagan",
                "seed": "serve",
                "seats": [
                    {"seat": "witch", "kind": "ai", "level": "novice"},
                    {"seat": "hunter", "kind": "human"},
                ],
            },
        ).json()
        # The embedded worker plays the Witch's first decisions by itself.
        deadline = time.monotonic() + 60
        while httpx.get(f"{base}/api/v1/games/{created['id']}").json()["version"] < 1:
            assert time.monotonic() < deadline
            time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, out
    pids = [int(p) for p in re.findall(r"\(pid (\d+)\)", out)]
    assert len(set(pids)) == 3, out  # the embedded Redis, the AI worker and the hint worker
    for pid in pids:
        assert not _alive(pid), out
    assert "API stopped" in out and out.count("stopped") >= 4
