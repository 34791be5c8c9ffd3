"""Constant-shape AI timing: how long an AI decision takes must not tell the table what the AI
seat holds.

Some decisions are asked even when they have one option (`ask_single` in the rules: Pantacle's
offer, pay and hound), because whether "pass" is the only answer depends on the seat's hidden
cards. The AI answers a one-option decision without searching, in a millisecond, against tens
of milliseconds to seconds for a search: left alone, the time says "it could not pay".

Searching anyway does not hide it: a search over one root move stops at its first check (the
choice is settled, see `ai.Params.early_stop`), and a search forced to spend its whole budget
would take longer than a real, early-stopped one. So a one-option decision is padded instead,
to a duration drawn from the recent searched decisions of the same game, level and public
decision kind (the `decision.kind` of the spectator's view, "offer"; while that kind has too
few searched times, "pay" in practice, of the kinds that are asked with one option; else of any
kind), times a small jitter, from short Redis lists shared by every worker.

A kind is searched far less often than it is padded (Pantacle's offer at `novice`: one search
to four to six pads), so its own last times can be a change of load old: drawn as they were
measured, the pads would follow the machine's speed of a while ago and the searches today's
(after a busy spell, twice as slow). A kind's list therefore holds relative times: a searched
time divided by the pace when it was recorded, the median of the level's last `PACE_SAMPLES`
searched times of any kind (a list that turns over within a few dozen decisions). A pad is a
drawn relative time times the current pace: the kind's shape at today's speed, so the
one-option times follow the searched times of their kind as they are measured now, whatever
the level or the machine. Until enough searched times exist the pad is the jittered floor
alone. A worker process's first search is not recorded: it pays the process's warm-up (fifteen
to twenty times a later search), which no later decision does, and pad after pad would draw it.

The floor: a game with a human seat never sees an AI decision in under
`Settings.ai_min_think_seconds` (times a jitter of 1 to 1.5), one-option or not; searches
shorter than that are all equally hidden under it.
"""

from __future__ import annotations

import random
import statistics
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final

from gamestore.records import GameRecord
from gamestore.store import SyncStore

SAMPLES_KEPT: Final = 64
"""Relative searched times kept per kind: enough to follow the kind's distribution."""
PACE_SAMPLES: Final = 16
"""The level's last searched times whose median is the pace: few enough to follow a change of
load within a few dozen decisions, enough for a steady median."""
MIN_SAMPLES: Final = 8
"""Below this many times, a pace or a kind's list is not trusted (the pad falls back)."""
JITTER: Final = (0.9, 1.1)
"""A drawn duration is scaled by a factor from this range, so that no two pads are one of a
handful of exact, recognisable values."""
FLOOR_JITTER: Final = (1.0, 1.5)

_recorder = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai-timing")
"""Searched times are written off the turn's thread: a write there would lengthen the searched
decision (or the next one) by round trips that a padded one does not have."""

_random = random.SystemRandom()
"""Pads are drawn from the OS's randomness: nothing about them follows from the game's seed."""


_first_search = threading.Event()
"""Set once this process has searched (its first search, the warm-up, is not recorded)."""


def _pace_key(store: SyncStore, game: str, level: str) -> str:
    """The level's last searched times, in seconds, of any kind."""
    return f"{store.keys.prefix}aitime:{game}:{level}"


def _shape_keys(
    store: SyncStore, game: str, level: str, kind: str | None, asked: bool
) -> list[str]:
    """The relative times of the decision kind (when the view names one), of the kinds asked
    with one option (when `asked`), of the level: the order a pad looks for enough of them."""
    base = f"{store.keys.prefix}aitime:{game}:{level}:shape"
    keys = [base]
    if kind and asked:
        keys.insert(0, f"{base}:asked")
    if kind:
        keys.insert(0, f"{base}:kind:{kind}")
    return keys


def _asked_kinds(store: SyncStore, game: str) -> str:
    """The set of decision kinds of `game` seen asked with one option."""
    return f"{store.keys.prefix}aitime:{game}:asked-kinds"


def _pace(raw: list[bytes]) -> float | None:
    """The median of a pace list, None when it holds too few times to be trusted."""
    if len(raw) < MIN_SAMPLES:
        return None
    pace = statistics.median(float(x) for x in raw)
    return pace if pace > 0 else None


def decision_kind(view: dict[str, Any]) -> str | None:
    """The public kind of the pending decision in a spectator's view, if the game names it."""
    decision = view.get("decision")
    kind = decision.get("kind") if isinstance(decision, dict) else None
    return kind if isinstance(kind, str) else None


def recorder(store: SyncStore, game: str, level: str, kind: str | None) -> Callable[[float], None]:
    """Remembers, in the background, how long a searched decision took (but not this process's
    first, the warm-up)."""

    def remember(seconds: float) -> None:
        if not _first_search.is_set():
            _first_search.set()
            return
        _recorder.submit(record_search, store, game, level, kind, seconds)

    return remember


def record_search(
    store: SyncStore, game: str, level: str, kind: str | None, seconds: float
) -> None:
    """Remember how long a searched decision of `game` at `level` (of `kind`) took: in the pace
    list as it is, in the shape lists relative to the pace before it."""
    pace_key = _pace_key(store, game, level)
    read = store.redis.pipeline(transaction=False)
    read.lrange(pace_key, 0, PACE_SAMPLES - 1)
    read.sismember(_asked_kinds(store, game), kind or "")
    recent, asked = read.execute()
    pace = _pace(recent)
    write = store.redis.pipeline(transaction=False)
    write.lpush(pace_key, f"{seconds:.6f}")
    write.ltrim(pace_key, 0, PACE_SAMPLES - 1)
    if pace is not None:
        for key in _shape_keys(store, game, level, kind, bool(asked)):
            write.lpush(key, f"{seconds / pace:.6f}")
            write.ltrim(key, 0, SAMPLES_KEPT - 1)
    write.execute()


def floor_seconds(record: GameRecord, min_seconds: float) -> float:
    """The jittered minimum think time: only for games with a human seat (AI-only games run at
    full speed; nobody at their table could be told anything)."""
    if min_seconds <= 0 or not any(c.kind == "human" for c in record.seats):
        return 0.0
    return min_seconds * _random.uniform(*FLOOR_JITTER)


def single_option_seconds(store: SyncStore, game: str, level: str, kind: str | None) -> float:
    """How long a one-option decision of `game` at `level` (of `kind`) should take: a recent
    searched decision's relative time, of the same kind when enough are known, times the
    current pace, jittered (0 when too few are known at all). One round trip."""
    pipe = store.redis.pipeline(transaction=False)
    if kind:
        pipe.sadd(_asked_kinds(store, game), kind)
    pipe.lrange(_pace_key(store, game, level), 0, PACE_SAMPLES - 1)
    for key in _shape_keys(store, game, level, kind, asked=True):
        pipe.lrange(key, 0, SAMPLES_KEPT - 1)
    results = pipe.execute()
    if kind:
        results = results[1:]  # the SADD's answer
    pace = _pace(results[0])
    if pace is None:
        return 0.0
    for raw in results[1:]:
        if len(raw) >= MIN_SAMPLES:
            return float(_random.choice(raw)) * pace * _random.uniform(*JITTER)
    return 0.0
