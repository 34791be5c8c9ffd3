"""The clock scheduler: timeouts and AI fill-in, enforced whether or not anyone is connected.

Every clocked game (and every game with a fill-in) has an entry in one Redis sorted set,
game id -> when to look at it next (`Keys.clock_index`): its running seat's deadline, or when
its open seats go to the AI. Every write lowers the entry to the game's new wake-up before
and after it (`ZADD LT`, see `gamestore.store`), so an entry is never later than the game
needs, only sometimes earlier. Each worker runs a timer (`workers.sweeper.Sweeper`) every
`clock_sweep_interval_seconds`; the one that takes the clock lock (a Redis key with that TTL)
walks the entries that are due:

- open seats due for the AI are taken (`Store.fill_seats`, one script: a join that comes in
  between wins and the fill waits for the next look);
- a deadline that has passed is a timeout: a commit at the game's version
  (`gamestore.clocks.plan_timeout`), through the same compare-and-set as every move, so a move
  that was written first wins and the timeout is stale, and a move that comes after it is
  stale (or, checked by Redis's clock in the COMMIT script, late): never both;
- then the entry moves to the game's next wake-up, or is dropped when there is none, only if
  nobody changed it meanwhile (`RESCHEDULE`); if the game moved on while it was looked at,
  the entry is set to now so that the next sweep looks again.

Everything lives in Redis: a worker (or the API) that restarts loses nothing, and the next
worker's timer picks the entries up. An AI seat that must move after a timeout or a fill-in
is handed to the workers like any AI turn (and the stall sweep recovers it if that is lost).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Final

from redis.exceptions import RedisError

from gamestore import clocks
from gamestore.commits import load_state
from gamestore.handoff import ai_to_move
from gamestore.records import ACTIVE, GameRecord
from gamestore.store import SyncStore
from rules.core import get_game

log = logging.getLogger(__name__)

BATCH: Final = 200
"""Games looked at per sweep; the rest wait for the next one (the most overdue first)."""
RETRY_SECONDS: Final = 30
"""When handling a game failed (not Redis: a bug), how long until it is looked at again."""


LOCK_LABEL: Final = "clock-sweep"
"""The sweep's name and its lock's (`{prefix}clock-sweep-lock`, see `workers.sweeper`)."""


def _nobody(game_id: str) -> None:
    return None


def sweep_clocks(
    store: SyncStore,
    enqueue: Callable[[str, int], None],
    notify: Callable[[str], None] = _nobody,
) -> int:
    """Fill the open seats and time out the seats that are due; returns how many games were
    changed. `enqueue(game id, version)` hands an AI turn to the workers; `notify(game id)`
    hands out the game's webhook notices after a timeout (`workers.webhooks`)."""
    changed = 0
    now = time.time()
    for game_id, score in store.clock_due(now, BATCH):
        try:
            changed += _sweep_game(store, game_id, score, enqueue, now, notify)
        except RedisError:
            raise  # Redis is down: the whole sweep waits for the next tick
        except Exception:
            # One game that cannot be handled must not hold up the others: look again later.
            log.exception("game %s: clock sweep failed; retrying in %d s", game_id, RETRY_SECONDS)
            store.reschedule(game_id, score, now + RETRY_SECONDS)
    return changed


def _sweep_game(
    store: SyncStore,
    game_id: str,
    score: float,
    enqueue: Callable[[str, int], None],
    now: float,
    notify: Callable[[str], None],
) -> int:
    record = store.load(game_id)
    if record is None or record.status != ACTIVE:
        store.reschedule(game_id, score, None)
        return 0
    after, acted = _look(store, record, enqueue, now)
    if acted:
        notify(game_id)
    store.reschedule(game_id, score, None if after is None else clocks.wakeup(after))
    if after is not None and store.version(game_id) != after.version:
        store.look_again(game_id, now)  # it moved on while we looked: look at it again
    return acted


def _look(
    store: SyncStore, record: GameRecord, enqueue: Callable[[str, int], None], now: float
) -> tuple[GameRecord | None, int]:
    """Act on what is due in the game: the game as it is afterwards, and how many changes."""
    acted = 0
    fill = clocks.fill_of(record)
    open_seats = record.open_seats()
    due_fill = fill is not None and open_seats and record.created + fill.after_seconds <= now
    if fill is not None and due_fill and store.fill_seats(record, open_seats, fill.level) == 1:
        log.info("game %s: the AI (%s) took seats %s", record.id, fill.level, open_seats)
        acted += 1
        reloaded = store.load(record.id)
        if reloaded is None:
            return None, acted
        record = reloaded
        _hand_out(record, enqueue)
    due = clocks.deadline(record)
    state = clocks.state_of(record)
    if due is not None and due <= now and state is not None and state.seat is not None:
        result = store.commit(record, clocks.plan_timeout(record, state.seat))
        if result.ok:
            log.info("game %s v%d: the %s timed out", record.id, result.version, state.seat)
            acted += 1
        reloaded = store.load(record.id)
        if reloaded is None:
            return None, acted
        record = reloaded
        if result.ok:
            _hand_out(record, enqueue)
    return record, acted


def _hand_out(record: GameRecord, enqueue: Callable[[str, int], None]) -> None:
    """Enqueue the AI's turn when an AI (a filled or timed-out seat) is to move now."""
    game = get_game(record.game)
    if ai_to_move(record, game.to_move(load_state(game, record))) is not None:
        enqueue(record.id, record.version)
