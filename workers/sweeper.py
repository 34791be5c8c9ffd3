"""Recovery without readers: a timer in every worker re-enqueues stalled AI turns.

A turn stalls when its task is lost: the worker died mid-turn (its message waits for the
broker's visibility timeout, 600 s by default) or the process that wrote the move died before
handing the turn out. Reads of a game find such a turn too (`gamestore.handoff.resume_stalled`),
but nobody may be reading: a table of AI seats, a human who closed the page. So every
`ai_sweep_interval_seconds` each worker tries to take a Redis lock that expires after that
interval; the one that gets it walks the index of games waiting on an AI seat
(`gamestore.stalls`) and enqueues every AI turn not handed out within `ai_stall_seconds`,
through the same claim as a read (at most one enqueue per stall window, whoever notices). A
duplicate task is harmless: only one move can be written at a version. The sweeping worker
enqueues on its own `ai_queue`: every worker under one key prefix must serve the same one.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Final

from redis.exceptions import RedisError

from gamestore import stalls
from gamestore.commits import load_state
from gamestore.handoff import ai_to_move
from gamestore.records import ACTIVE
from gamestore.store import SyncStore
from rules.core import get_game

log = logging.getLogger(__name__)

BATCH: Final = 500
"""Games looked at per sweep; the rest wait for the next one (oldest first)."""


def sweep_once(store: SyncStore, enqueue: Callable[[str, int], None]) -> int:
    """Enqueue every stalled AI turn of the watched games; forget the games that no longer
    wait on an AI seat. Returns how many turns were enqueued."""
    enqueued = 0
    settings = store.settings
    for game_id in stalls.due(store.redis, store.keys, settings.ai_stall_seconds, BATCH):
        record = store.load(game_id)
        if record is None or record.status != ACTIVE:
            stalls.forget(store.redis, store.keys, game_id)
            continue
        game = get_game(record.game)
        if ai_to_move(record, game.to_move(load_state(game, record))) is None:
            stalls.forget(store.redis, store.keys, game_id)
            continue
        if store.claim_stalled_ai_turn(game_id, record.version):
            log.warning("game %s v%d: stalled AI turn enqueued again", game_id, record.version)
            enqueue(game_id, record.version)
            enqueued += 1
    return enqueued


class Sweeper:
    """The timer: one sweep per interval across all workers (whoever takes the lock). The same
    timer runs the AI sweep (`sweep_once`) and the webhook sweep (`workers.webhooks`), each
    under a lock of its own (`label`)."""

    def __init__(
        self,
        store: SyncStore,
        sweep: Callable[[], object],
        name: str,
        label: str = "ai-sweep",
        interval: float | None = None,
    ) -> None:
        self.store = store
        self.sweep = sweep
        self.name = name
        self.label = label
        self.interval = interval or store.settings.ai_sweep_interval_seconds
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"{label}er", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        interval = self.interval
        lock = f"{self.store.keys.prefix}{self.label}-lock"
        while not self._stop.wait(interval):
            try:
                if self.store.redis.set(lock, self.name, nx=True, px=max(1, int(interval * 1000))):
                    self.sweep()
            except RedisError as exc:  # Redis is down or restarting: try at the next tick
                log.warning("%s skipped: %s", self.label, exc)
            except Exception:
                log.exception("%s failed", self.label)
