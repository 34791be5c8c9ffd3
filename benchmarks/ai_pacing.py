"""How long a whole AI turn takes in the service, per level: a real Celery worker of each given
source tree plays the AI seat, the service's own `GameService` plays a human seat that
answers at once with a random legal move, and a turn is timed from the publish of the human's
move to the publish of the AI's last decision before the human decides again (or the game
ends), on the game's channel.

    .venv/bin/python benchmarks/ai_pacing.py [--turns 20] [--levels novice,easy,medium,hard]
        [--games pagan,pantacle] [--code after=.] [--code before=/path/to/older/tree] [--seed 50]

Each `--code LABEL=DIR` runs its worker from DIR (its sources, compiled where DIR holds the
built extensions) with that tree's default settings, one after the other on the same seeded
games, so two trees compare side by side in one run. The real Redis (127.0.0.1:6379 or
REDIS_URL), under a key prefix and queue of its own, deleted at the end. Pagan: the AI is the
Witch in one game, the Hunter in the next; Pantacle: two players. Prints one JSON object:
per tree, game and level, the count, median and largest seconds of a turn, and the median
number of decisions a turn held.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import orjson
import redis
from redis.asyncio import Redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamestore.commits import load_state
from gamestore.handoff import AIQueue, celery_app
from gamestore.settings import Settings
from gamestore.store import Store
from rules.core import get_game
from service.games import GameService

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
TURN_TIMEOUT = 60.0


class Worker:
    """A solo-pool Celery worker of the tree in `code`, on `queue`."""

    def __init__(self, code: Path, env: dict[str, str], queue: str, name: str) -> None:
        args = [sys.executable, "-m", "celery", "-A", "workers.app", "worker", "-Q", queue]
        args += ["--pool", "solo", "--hostname", f"{name}@%h", "--loglevel", "INFO"]
        full = {**os.environ, **env, "PYTHONPATH": str(code), "PYTHONDONTWRITEBYTECODE": "1"}
        self.proc = subprocess.Popen(
            args, cwd=code, env=full, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        self.ready = threading.Event()
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        if not self.ready.wait(60):
            self.stop()
            raise RuntimeError("the worker did not start:\n" + "\n".join(self.lines[-30:]))

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            line = raw.decode(errors="replace").rstrip()
            self.lines.append(line)
            if " ready." in line:
                self.ready.set()

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _seats(game: str, level: str, number: int) -> tuple[list[dict[str, Any]], Any, str]:
    """The seats, options and human seat of the `number`th game."""
    if game == "pagan":
        ai_seat, human = ("witch", "hunter") if number % 2 == 0 else ("hunter", "witch")
        seats = [{"seat": ai_seat, "kind": "ai", "level": level}, {"seat": human, "kind": "human"}]
        return seats, None, human
    seats = [{"seat": "seat-0", "kind": "human"}, {"seat": "seat-1", "kind": "ai", "level": level}]
    return seats, {"players": 2}, "seat-0"


async def _turns(
    settings: Settings, game_name: str, level: str, wanted: int, rng: random.Random
) -> list[tuple[float, int]]:
    """`wanted` whole AI turns at `level`: (seconds, decisions) each."""
    client = Redis.from_url(settings.redis_url)
    queue = AIQueue(celery_app(settings), settings.ai_queue)
    service = GameService(Store(client, settings), queue.enqueue)
    store = Store(client, settings)
    game = get_game(game_name)
    out: list[tuple[float, int]] = []
    number = 0
    try:
        while len(out) < wanted:
            seats, options, human = _seats(game_name, level, number)
            number += 1
            created = await service.create(game_name, options, None, seats, "127.0.0.1")
            game_id, token = created["id"], created["tokens"][human]
            pubsub = client.pubsub()
            await pubsub.subscribe(store.keys.channel(game_id))
            try:
                await _play(store, service, pubsub, game, game_id, token, human, rng, out, wanted)
            finally:
                await pubsub.aclose()
    finally:
        await asyncio.to_thread(queue.close)
        await client.aclose()
    return out


async def _human_turn(store: Store, game: Any, game_id: str, human: str) -> tuple[Any, bool]:
    """The record, and whether the game waits on the human (False: it is over)."""
    deadline = time.monotonic() + TURN_TIMEOUT
    while True:
        record = await store.load(game_id)
        assert record is not None
        if record.status != "active":
            return record, False
        if game.to_move(load_state(game, record)) == human:
            return record, True
        if time.monotonic() > deadline:
            raise RuntimeError(f"game {game_id} did not come back to {human}")
        await asyncio.sleep(0.01)


async def _play(
    store: Store,
    service: GameService,
    pubsub: Any,
    game: Any,
    game_id: str,
    token: str,
    human: str,
    rng: random.Random,
    out: list[tuple[float, int]],
    wanted: int,
) -> None:
    record, waiting = await _human_turn(store, game, game_id, human)
    while waiting and len(out) < wanted:
        move = rng.choice(game.legal_moves(load_state(game, record)))
        answered = await service.move(game_id, token, record.version, move.id)
        handed = int(answered["version"])
        record = await store.load(game_id)
        assert record is not None
        if record.status != "active":
            return
        if record.version == handed and game.to_move(load_state(game, record)) == human:
            continue  # the human's turn goes on: the AI's starts after its last decision
        started: float | None = None
        deadline = time.monotonic() + TURN_TIMEOUT
        while True:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            if time.monotonic() > deadline:
                raise RuntimeError(f"game {game_id}: no AI answer after version {handed}")
            if message is None:
                continue
            now = time.perf_counter()
            version = int(message["data"])
            if version == handed:
                started = now
                continue
            if version < handed:
                continue
            record = await store.load(game_id)
            assert record is not None
            if record.version != version:
                continue  # a later version is already out: its own message follows
            over = record.status != "active"
            if over or game.to_move(load_state(game, record)) == human:
                if started is not None:
                    out.append((now - started, version - handed))
                waiting = not over
                break


def run_code(label: str, code: Path, args: argparse.Namespace) -> dict[str, Any]:
    tag = uuid.uuid4().hex[:8]
    env = {
        "REDIS_URL": REDIS_URL,
        "COVEN_KEY_PREFIX": f"bench-pacing-{tag}:",
        "COVEN_AI_QUEUE": f"bench-pacing-{tag}",
    }
    settings = Settings(
        redis_url=REDIS_URL,
        key_prefix=env["COVEN_KEY_PREFIX"],
        ai_queue=env["COVEN_AI_QUEUE"],
        max_open_games_per_address=0,
    )
    worker = Worker(code, env, env["COVEN_AI_QUEUE"], f"pacing-{label}-{tag}")
    result: dict[str, Any] = {"code": str(code)}
    try:
        for game_name in args.games.split(","):
            per_level: dict[str, Any] = {}
            for level in args.levels.split(","):
                rng = random.Random(f"{args.seed}/{game_name}/{level}")
                turns = asyncio.run(_turns(settings, game_name, level, args.turns, rng))
                seconds = [s for s, _ in turns]
                per_level[level] = {
                    "turns": len(turns),
                    "median": round(statistics.median(seconds), 3),
                    "max": round(max(seconds), 3),
                    "decisions_median": statistics.median(d for _, d in turns),
                }
                print(label, game_name, level, per_level[level], file=sys.stderr, flush=True)
            result[game_name] = per_level
    finally:
        worker.stop()
        client = redis.Redis.from_url(REDIS_URL)
        for key in client.scan_iter(match=f"{env['COVEN_KEY_PREFIX']}*", count=1000):
            client.delete(key)
        client.delete(env["COVEN_AI_QUEUE"])
        client.close()
    result["compiled"] = any(code.glob("rules/core/machine.*.so"))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--levels", default="novice,easy,medium,hard")
    parser.add_argument("--games", default="pagan,pantacle")
    parser.add_argument("--code", action="append", default=[], help="LABEL=DIR (repeatable)")
    parser.add_argument("--seed", default="50")
    args = parser.parse_args()
    codes = args.code or [f"this={Path(__file__).resolve().parent.parent}"]
    trees: dict[str, Any] = {}
    for spec in codes:
        label, _, directory = spec.partition("=")
        with contextlib.suppress(KeyboardInterrupt):
            trees[label] = run_code(label, Path(directory).resolve(), args)
    result = {"benchmark": "ai_pacing", "turns": args.turns, "seed": args.seed, "trees": trees}
    print(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode())


if __name__ == "__main__":
    main()
