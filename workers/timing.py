"""AI answer times: when the service writes an AI decision, at a time that tells the table
nothing about what the AI seat holds or how many options it had.

Some decisions are asked even with one option (`ask_single` in the rules: Pantacle's offer, pay
and hound), because whether "pass" is the only answer depends on the seat's hidden cards; a
search's length also follows the options and the position. So no answer time is measured from
the work: each AI decision, searched or not, is written at a time drawn afresh from its level's
range (`ai.answer_seconds(level, game)`, declared per game in `GameInfo.answer_seconds`), times
the service's pace (`Settings.ai_pace`), counted from the start of the decision's task:

- the draw depends on the game, the level and the OS's randomness only (not on the options, the
  state or the game's seed);
- the search is given the drawn time as its deadline, less a share kept for what follows it
  (checking and planning the move, `SEARCH_SHARE`), so it ends before the answer is due and
  the answer is written at the drawn time whether it searched or not; a level's iteration
  budget still ends a search earlier when it is reached;
- a worker warms up before its first task (`workers.warmup`), so its first decision costs what
  later ones do and is answered in the same range.

An earlier design padded only the one-option decisions, to times drawn from recent searched
ones, above a floor: a search's warm-up then set the pads (4 s answers where every search took
under half a second), and every decision paid the floor, so turns took 3-4 s at every level.

A pace of 0 turns pacing off: every decision is written as soon as it is ready and searches keep
their level's own cap (tests and benchmarks; its timing then tells what the work took).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import ai

SEARCH_SHARE: Final = 0.75
"""The share of a decision's drawn answer time its search may run for: the rest is for
checking, planning and writing the move (a few milliseconds) and for the search's own
overshoot (it looks at the clock before each iteration, so by up to one iteration)."""
MIN_SEARCH_SECONDS: Final = 0.001
"""The shortest time cap a search takes (`ai.Params.time_cap`'s own bound)."""

_random = random.SystemRandom()
"""Answer times are drawn from the OS's randomness: nothing about them follows from the game."""


@dataclass(frozen=True, slots=True)
class Pacer:
    """Draws each AI decision's answer time and waits for it. `pace` multiplies the level's
    range (0: no pacing); the clock, the sleep and the draw are injected for tests."""

    pace: float
    clock: Callable[[], float] = field(default=time.monotonic)
    sleep: Callable[[float], None] = field(default=time.sleep)
    uniform: Callable[[float, float], float] = field(default=_random.uniform)

    def answer_seconds(self, game: str, level: str) -> float:
        """When a decision of `game` at `level` is answered, in seconds after its start: drawn
        from the level's range, times the pace (0 when unpaced)."""
        if self.pace <= 0:
            return 0.0
        low, high = ai.answer_seconds(level, game)
        return self.uniform(low, high) * self.pace

    def search_overrides(
        self, game: str, level: str, answer: float, elapsed: float
    ) -> dict[str, float]:
        """The search parameters that make a decision's search end within `SEARCH_SHARE` of
        its answer time, `elapsed` seconds into the decision (none when unpaced: the level's
        own cap)."""
        if answer <= 0:
            return {}
        own = ai.params_for(level, game=game).time_cap
        left = answer * SEARCH_SHARE - elapsed
        cap = left if own is None else min(own, left)
        return {"time_cap": max(MIN_SEARCH_SECONDS, cap)}

    def wait(self, started: float, answer: float) -> None:
        """Sleep until `answer` seconds after `started` (a reading of `clock`)."""
        pause = started + answer - self.clock()
        if pause > 0:
            self.sleep(pause)


UNPACED: Final = Pacer(0.0)
"""A pacer that answers every decision as soon as it is ready."""
