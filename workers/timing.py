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
decision kind (the `decision.kind` of the spectator's view, "offer"; when that kind is never
searched, "pay" in practice, of the kinds that are asked with one option; else of any kind),
their search times kept in short Redis lists shared by every worker, times a small jitter: the
one-option times then follow the searched times' own distribution, whatever the level or the
machine. Until a few searched times exist the pad is the jittered floor alone.

The floor: a game with a human seat never sees an AI decision in under
`Settings.ai_min_think_seconds` (times a jitter of 1 to 1.5), one-option or not; searches
shorter than that are all equally hidden under it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final

from gamestore.records import GameRecord
from gamestore.store import SyncStore

SAMPLES_KEPT: Final = 64
"""Searched durations kept per game and level: enough to follow the level's distribution,
few enough to follow the machine's current load."""
MIN_SAMPLES: Final = 8
"""Below this many searched durations the pad is the floor alone."""
JITTER: Final = (0.9, 1.1)
"""A drawn duration is scaled by a factor from this range, so that no two pads are one of a
handful of exact, recognisable values."""
FLOOR_JITTER: Final = (1.0, 1.5)

_recorder = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai-timing")
"""Searched times are written off the turn's thread: a write there would lengthen the searched
decision (or the next one) by round trips that a padded one does not have."""

_random = random.SystemRandom()
"""Pads are drawn from the OS's randomness: nothing about them follows from the game's seed."""


def _level_key(store: SyncStore, game: str, level: str) -> str:
    return f"{store.keys.prefix}aitime:{game}:{level}"


def _keys(store: SyncStore, game: str, level: str, kind: str | None) -> list[str]:
    """The decision kind's list (when the view names one), the asked kinds' list, the level's."""
    level_key = _level_key(store, game, level)
    if not kind:
        return [level_key]
    return [f"{level_key}:{kind}", f"{level_key}:asked", level_key]


def _asked_kinds(store: SyncStore, game: str) -> str:
    """The set of decision kinds of `game` seen asked with one option."""
    return f"{store.keys.prefix}aitime:{game}:asked-kinds"


def decision_kind(view: dict[str, Any]) -> str | None:
    """The public kind of the pending decision in a spectator's view, if the game names it."""
    decision = view.get("decision")
    kind = decision.get("kind") if isinstance(decision, dict) else None
    return kind if isinstance(kind, str) else None


def recorder(store: SyncStore, game: str, level: str, kind: str | None) -> Callable[[float], None]:
    """Remembers, in the background, how long a searched decision took."""

    def remember(seconds: float) -> None:
        _recorder.submit(record_search, store, game, level, kind, seconds)

    return remember


def record_search(
    store: SyncStore, game: str, level: str, kind: str | None, seconds: float
) -> None:
    """Remember how long a searched decision of `game` at `level` (of `kind`) took."""
    keys = _keys(store, game, level, kind)
    if kind and not store.redis.sismember(_asked_kinds(store, game), kind):
        keys.remove(f"{_level_key(store, game, level)}:asked")
    pipe = store.redis.pipeline(transaction=False)
    for key in keys:
        pipe.lpush(key, f"{seconds:.6f}")
        pipe.ltrim(key, 0, SAMPLES_KEPT - 1)
    pipe.execute()


def floor_seconds(record: GameRecord, min_seconds: float) -> float:
    """The jittered minimum think time: only for games with a human seat (AI-only games run at
    full speed; nobody at their table could be told anything)."""
    if min_seconds <= 0 or not any(c.kind == "human" for c in record.seats):
        return 0.0
    return min_seconds * _random.uniform(*FLOOR_JITTER)


def single_option_seconds(store: SyncStore, game: str, level: str, kind: str | None) -> float:
    """How long a one-option decision of `game` at `level` (of `kind`) should take: a recent
    searched decision's time, of the same kind when enough are known, jittered (0 when too few
    are known at all)."""
    if kind:
        store.redis.sadd(_asked_kinds(store, game), kind)
    for key in _keys(store, game, level, kind):
        raw = store.redis.lrange(key, 0, SAMPLES_KEPT - 1)
        if len(raw) >= MIN_SAMPLES:
            return float(_random.choice(raw)) * _random.uniform(*JITTER)
    return 0.0
