"""`expert` AI turns as a Celery chord: one `search_tree` task per tree, `finish_turn` merging
them. Live on the real Redis and Celery worker, and as plain functions: the chord's move is the
move `ai.choose_move` chooses in one process, and a stale or repeated chord never moves."""

from __future__ import annotations

import asyncio
import dataclasses
import re
import subprocess
import sys
import time
from typing import Any

import orjson
import pytest
import redis
from redis.asyncio import Redis

import ai
from ai.levels import PRESETS
from ai.parallel import run_tree, split
from gamestore.commits import Commit, load_state, plan_move
from gamestore.handoff import celery_app
from gamestore.settings import Settings
from gamestore.store import CommitResult, Store, SyncStore
from rules.core import get_game
from service.games import GameService
from tests.support.client import Rest
from tests.support.processes import Process
from tests.support.replay import assert_log_replays
from workers import turns
from workers.app import make_app
from workers.timing import UNPACED

# Pagan with a one-turn limit: the Witch's first turn, about seven expert decisions, ends it.
OPTIONS = {"max_turns": 1}
EXPERT_WITCH = [
    {"seat": "witch", "kind": "ai", "level": "expert"},
    {"seat": "hunter", "kind": "human"},
]


def _create(settings: Settings, seed: str) -> str:
    """A game whose first AI turn is left unenqueued (the test plays it by hand)."""

    async def make() -> str:
        client = Redis.from_url(settings.redis_url)

        async def enqueue(task: str, game_id: str, args: list[object]) -> None:
            pass

        try:
            created = await GameService(Store(client, settings), enqueue).create(
                "pagan", OPTIONS, seed, EXPERT_WITCH, "127.0.0.1"
            )
        finally:
            await client.aclose()
        game_id: str = created["id"]
        return game_id

    return asyncio.run(make())


def _store(settings: Settings) -> SyncStore:
    return SyncStore(redis.Redis.from_url(settings.redis_url), settings)


class Splits:
    """An `enqueue_split` that only records what it was handed."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, list[dict[str, Any]]]] = []

    def __call__(
        self, game_id: str, version: int, jobs: list[dict[str, Any]], _: float, __: float
    ) -> None:
        self.calls.append((game_id, version, jobs))


def _as_json(value: Any) -> Any:
    """What a value looks like after Celery's JSON serializer."""
    return orjson.loads(orjson.dumps(value))


def _split_and_search(store: SyncStore, game_id: str, version: int) -> list[Any]:
    splits = Splits()
    assert (
        turns.play_turn(store, game_id, version, "t-play", lambda g, v: None, UNPACED, splits)
        == "split"
    )
    [(gid, v, jobs)] = splits.calls
    assert (gid, v) == (game_id, version)
    assert [j["tree"] for j in jobs] == list(range(PRESETS["expert"].trees))
    return [_as_json(turns.search_tree(store, game_id, version, job)) for job in jobs]


@pytest.fixture
def uncapped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Expert without its time cap, in this process: the search is then a pure function of its
    seed on a busy machine too (the cap is the one documented exception)."""
    monkeypatch.setitem(PRESETS, "expert", dataclasses.replace(PRESETS["expert"], time_cap=None))


@pytest.mark.slow
def test_the_chords_move_is_the_move_choose_move_chooses(
    settings: Settings, uncapped: None
) -> None:
    game_id = _create(settings, "chord-same")
    store = _store(settings)
    record = store.load(game_id)
    assert record is not None
    game = get_game(record.game)
    state = load_state(game, record)
    seed = f"{record.seed}/ai/0"
    expected = ai.choose_move(
        game, turns.seat_information(game, state, "witch", seed), "witch", "expert", seed
    )

    info = turns.seat_information(game, state, "witch", seed)
    results = _split_and_search(store, game_id, 0)
    # Each task grew its tree on the same seat information as the one process does.
    for job, result in zip(split("expert", seed), results, strict=True):
        assert result["moves"] == _as_json(run_tree(game, info, "witch", job))["moves"]
    # Delivered out of order, one tree twice (a redelivered header) and one tree missing: the
    # merge takes each tree once and grows the missing one itself.
    delivered = [results[2], results[0], results[2], results[3]]
    followups: list[tuple[str, int]] = []
    assert (
        turns.finish_turn(
            store, game_id, 0, delivered, "t-finish", lambda g, v: followups.append((g, v))
        )
        == "moved"
    )
    entry = store.log_entry(game_id, 1)
    assert entry is not None
    assert (entry["seat"], entry["move"], entry["task"]) == ("witch", expected.id, "t-finish")
    assert followups == [(game_id, 1)]  # the Witch decides again
    # The merged trees' reasons, kept with the move: the same as ai.decide's in one process.
    thought = store.thoughts(game_id)[1]
    decided = ai.decide(game, info, "witch", "expert", seed)
    assert thought == orjson.loads(orjson.dumps(decided.to_json()))


@pytest.mark.slow
def test_a_stale_or_repeated_chord_never_moves(settings: Settings) -> None:
    game_id = _create(settings, "chord-stale")
    store = _store(settings)
    results = _split_and_search(store, game_id, 0)

    # Two bodies for one decision racing: the rival writes first, the compare-and-set refuses
    # the other's write.
    followups: list[tuple[str, int]] = []

    class Racing(SyncStore):
        rival: str | None = None

        def commit(self, record: Any, commit: Commit) -> CommitResult:
            if self.rival is None:
                self.rival = turns.finish_turn(
                    store, game_id, 0, results, "t-rival", lambda g, v: followups.append((g, v))
                )
            return super().commit(record, commit)

    racing = Racing(store.redis, settings)
    assert turns.finish_turn(racing, game_id, 0, results, "t-late", _no_enqueue) == "stale"
    assert racing.rival == "moved" and followups == [(game_id, 1)]
    assert store.load(game_id).version == 1  # type: ignore[union-attr]

    # Delivered again afterwards: another delivery does nothing; the same one (its worker died
    # before the acknowledgement) only enqueues the follow-up again.
    assert turns.finish_turn(store, game_id, 0, results, "t-again", _no_enqueue) == "stale"
    again: list[tuple[str, int]] = []
    resumed = turns.finish_turn(
        store, game_id, 0, results, "t-rival", lambda g, v: again.append((g, v))
    )
    assert resumed == "resumed" and again == [(game_id, 1)]
    assert store.load(game_id).version == 1  # type: ignore[union-attr]
    assert store.log_entry(game_id, 2) is None

    # Trees of the old version: each says it is stale, and so does the merge.
    stale = [turns.search_tree(store, game_id, 0, job) for job in split("expert", "x")]
    assert all(r.get("stale") for r in stale)
    assert turns.finish_turn(store, game_id, 0, stale, "t-old", _no_enqueue) == "stale"
    # A chord of the current version with a tree that saw the game move on does not move.
    assert turns.finish_turn(store, game_id, 1, [stale[0]], "t-mixed", _no_enqueue) == "stale"
    assert store.load(game_id).version == 1  # type: ignore[union-attr]
    assert turns.search_tree(store, "no-such-game", 0, {"tree": 0}) == {"tree": 0, "stale": True}
    assert turns.finish_turn(store, "no-such-game", 0, results, "t-gone", _no_enqueue) == "gone"


def _no_enqueue(game_id: str, version: int) -> None:
    raise AssertionError("nothing may be enqueued here")


def _finished_tasks(worker: Process, task: str) -> dict[str, str]:
    """Task id -> return value of every `task` the worker finished so far."""
    found = {}
    for line in list(worker.lines):
        m = re.search(
            rf"Task workers\.tasks\.{task}\[([0-9a-f-]+)\] succeeded in [^:]*: (.*)$", line
        )
        if m:
            found[m.group(1)] = m.group(2).strip("'")
    return found


@pytest.mark.slow
def test_an_expert_seat_plays_its_turn_through_the_chord(
    api: str, worker: Process, settings: Settings
) -> None:
    rest = Rest(api)
    try:
        created = rest.create(game="pagan", seed="chord-live", options=OPTIONS, seats=EXPERT_WITCH)
        game_id = created["id"]
        deadline = time.monotonic() + 90
        game = rest.read(game_id).json()
        while game["status"] != "finished":
            assert time.monotonic() < deadline, worker.output()
            time.sleep(0.2)
            game = rest.read(game_id).json()
    finally:
        rest.close()
    log = assert_log_replays(settings, game_id, game["version"])
    assert len(log) >= 2
    assert all((e["seat"], e["kind"]) == ("witch", "move") for e in log)
    # Every move was written by a chord's body (or, for a decision without a search, by the
    # turn's own task); the worker logs each task's result a moment after the write.
    tasks = {e["task"] for e in log}
    while True:
        by_chord = {t for t, r in _finished_tasks(worker, "finish_turn").items() if r == "moved"}
        alone = {t for t, r in _finished_tasks(worker, "play_ai_turn").items() if r == "moved"}
        if tasks <= by_chord | alone:
            break
        assert time.monotonic() < deadline, worker.output()
        time.sleep(0.1)
    assert tasks & by_chord, worker.output()
    assert _finished_tasks(worker, "search_tree"), worker.output()


_SEND_CHORD = """
import sys, time
from celery import chord
from ai.parallel import split
from gamestore.settings import Settings
from workers.app import make_app
redis_url, prefix, queue, game_id, seed = sys.argv[1:]
settings = Settings(redis_url=redis_url, key_prefix=prefix, ai_queue=queue)
app = make_app(settings, results=True)
header = [
    app.signature("workers.tasks.search_tree", args=[game_id, 0, job], queue=queue)
    for job in split("expert", seed)
]
body = app.signature("workers.tasks.finish_turn", args=[game_id, 0, time.time()], queue=queue)
print(chord(header, app=app)(body).id)
"""


def _send_chord(settings: Settings, game_id: str, seed: str) -> str:
    """Send the expert chord for version 0 of `game_id` (from a child process); its id."""
    args = [settings.redis_url, settings.key_prefix, settings.ai_queue, game_id, seed]
    out = subprocess.run(
        [sys.executable, "-c", _SEND_CHORD, *args], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]


def test_a_live_chord_of_a_stale_version_does_not_move(worker: Process, settings: Settings) -> None:
    game_id = _create(settings, "chord-live-stale")
    store = _store(settings)
    record = store.load(game_id)
    assert record is not None
    game = get_game(record.game)
    state = load_state(game, record)
    # Someone else's move gets in first (no AI turn is enqueued for the new version).
    commit, _ = plan_move(game, record, state, "witch", game.legal_moves(state)[0], task="rival")
    assert store.commit(record, commit).ok

    # The chord is sent from a child process, as the API would, so that Celery's broker and
    # result connections do not outlive the send in the test process.
    sent_id = _send_chord(settings, game_id, f"{record.seed}/ai/0")
    deadline = time.monotonic() + 30
    while sent_id not in _finished_tasks(worker, "finish_turn"):
        assert time.monotonic() < deadline, worker.output()
        time.sleep(0.1)
    assert _finished_tasks(worker, "finish_turn")[sent_id] == "stale"
    assert store.load(game_id).version == 1  # type: ignore[union-attr]
    assert store.log_entry(game_id, 2) is None


def test_the_result_backend_is_the_game_redis_also_on_a_unix_socket() -> None:
    local = Settings(redis_url="unix:///tmp/coven-data/redis.socket", key_prefix="k:")
    assert local.result_backend_url == "redis+socket:///tmp/coven-data/redis.socket"
    assert local.broker_url == local.result_backend_url
    backend = make_app(local, results=True).backend
    assert backend.connparams["path"] == "/tmp/coven-data/redis.socket"
    assert backend.get_key_for_task("t") == b"k:celery-task-meta-t"
    other = Settings(redis_url="redis://games:6379/2", celery_broker_url="amqp://mq//")
    assert other.broker_url == "amqp://mq//"
    assert other.result_backend_url == "redis://games:6379/2"
    assert celery_app(other).conf.result_backend is None  # the API's app reads no results
