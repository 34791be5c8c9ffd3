"""Every command the README names runs as written. The API walk-through's blocks run in
tests/service/test_readme.py; here, the rest: `./run` (the service, played against an AI over
HTTP and stopped with Ctrl-C), `./run` with a `coven` command, and the worker command for a
service with its own Redis. `./test` is what CI runs (`.ci/run`)."""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from tests.support.processes import ROOT, free_port

COMMAND = re.compile(r"^(\./run|\./test|\.ci/run|coven |celery |\.venv/bin/)")
WORKER = "celery -A workers.app worker -Q coven-ai,coven-hints,coven-webhooks"
RUNS_HERE = {
    "./run",
    "./run --help",
    "./run info",
    "./run catalog pagan",
    "./run simulate pagan --games 20 --seed 1",
    "coven serve",  # what `./run` runs
    WORKER,
}
RUN_BY_CI = {"./test", ".ci/run"}


def readme_commands() -> set[str]:
    """Commands outside the API walk-through: code spans and the quick start's block."""
    text = (ROOT / "README.md").read_text()
    before, _, rest = text.partition("### API walk-through")
    after = rest.split("\n### ", 1)[1]
    outside = before + after
    spans = re.findall(r"`([^`\n]+)`", outside)
    blocks = re.findall(r"```\n(.*?)```", outside, flags=re.S)
    lines = [line.strip() for block in blocks for line in block.splitlines()]
    return {c for c in [*spans, *lines] if COMMAND.match(c)}


def test_every_command_in_the_readme_is_run_by_a_test() -> None:
    assert readme_commands() == RUNS_HERE | RUN_BY_CI


def test_ci_runs_the_readmes_test_command() -> None:
    ci = (ROOT / ".ci/run").read_text()
    assert re.search(r"^exec \./test$", ci, re.M), ci


def _this_checkouts_venv() -> None:
    """`./run` uses the checkout's .venv and would install into it if its stamp were stale:
    refuse to start an install (minutes, and a rebuilt core under running tests) from a test."""
    venv = ROOT / ".venv"
    if not (venv / "bin/python").exists():
        pytest.fail(f"{venv} does not exist: run ./test, which installs it")
    check = subprocess.run(
        ["bash", "-c", ". scripts/venv-inputs.sh && venv_inputs && built_modules"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    inputs, built = check.stdout.splitlines()
    stamp = (venv / ".installed.sha256").read_text().splitlines()
    if len(stamp) < 3 or (stamp[0], stamp[2]) != (inputs, built):
        pytest.fail(".venv is older than the sources: run ./test, which installs them first")


def _run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    _this_checkouts_venv()
    return subprocess.run(
        ["./run", *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )


def test_run_help_lists_every_command_the_readme_names() -> None:
    result = _run("--help")
    assert result.returncode == 0, result.stderr
    for command in ("serve", "info", "games", "catalog", "simulate", "arena", "ladder", "export"):
        assert command in result.stdout


def test_run_info_says_whether_the_compiled_core_is_in_use() -> None:
    result = _run("info")
    assert result.returncode == 0, result.stderr
    assert "compiled" in result.stdout


def test_run_catalog_lists_every_card() -> None:
    result = _run("catalog", "pagan")
    assert result.returncode == 0, result.stderr
    from rules.core import get_game

    cards = len(get_game("pagan").catalog()["cards"])
    assert f"pagan cards ({cards})" in result.stdout


def test_run_simulate_plays_random_games() -> None:
    result = _run("simulate", "pagan", "--games", "20", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "pagan: 20 random games, seed '1'" in result.stdout, result.stdout


def _wait_for(url: str, proc: subprocess.Popen[str], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the service stopped before it answered"
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"{url} did not answer in {seconds} s")


@pytest.mark.slow
def test_run_serves_the_web_client_and_an_ai_game_then_ctrl_c_stops_everything(
    tmp_path: Path,
) -> None:
    """Exactly `./run`, on a free port and a data directory of its own (COVEN_PORT,
    COVEN_DATA_DIR), with no REDIS_URL: the embedded Redis and both workers."""
    _this_checkouts_venv()
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL")}
    env |= {"COVEN_PORT": str(port), "COVEN_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.Popen(
        ["./run"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(f"{base}/healthz", proc, 60)
        page = httpx.get(base + "/")
        assert page.status_code == 200 and "<html" in page.text.lower()
        created = httpx.post(
            f"{base}/api/v1/games",
            json={
                "game": "pagan",
                "seats": [
                    {"seat": "witch", "kind": "ai", "level": "novice"},
                    {"seat": "hunter", "kind": "ai", "level": "novice"},
                ],
            },
        )
        assert created.status_code == 201, created.text
        game = created.json()["id"]
        deadline = time.monotonic() + 60
        while httpx.get(f"{base}/api/v1/games/{game}").json()["version"] < 3:
            assert time.monotonic() < deadline, "the AI worker played no move"
            time.sleep(0.2)
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "API stopped" in err and "stopped" in err.split("API stopped", 1)[1]


@pytest.mark.slow
def test_the_worker_command_serves_every_queue(tmp_path: Path) -> None:
    """The README's worker command for a service with its own Redis starts and answers a ping."""
    _this_checkouts_venv()
    argv = shlex.split(WORKER)
    name = f"readme-{free_port()}@{socket.gethostname()}"
    log = tmp_path / "worker.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [str(ROOT / ".venv/bin" / argv[0]), *argv[1:], "--pool", "solo", "-n", name],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    from workers.app import app

    try:
        deadline = time.monotonic() + 60
        while not app.control.ping(destination=[name], timeout=1):
            assert time.monotonic() < deadline and proc.poll() is None, log.read_text()
        queues = app.control.inspect([name], timeout=5).active_queues() or {}
        served = {queue["name"] for queue in queues.get(name, [])}
        assert served == {"coven-ai", "coven-hints", "coven-webhooks"}, queues
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
