"""A tiny seeded RNG whose whole state is one integer, so it serializes into game state as-is.

SplitMix64: fast, well distributed, and identical on every machine and Python version, unlike
`random.Random`, whose state is 625 integers and whose algorithms may change between versions.

Playouts draw about a million numbers a second, so `below`, `random` and `shuffle` inline the
SplitMix64 step of `next64` (the same three lines, with the constants as literals) instead of
calling it: a Python call costs more than the arithmetic. The stream is part of every saved game
and must never change; tests/core/test_rng.py checks the inlined copies against `next64`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SPAN = 1 << 64


def seed_state(seed: int | str) -> int:
    """Turn any int or string seed into a 64-bit RNG state."""
    if isinstance(seed, str):
        value = 1469598103934665603  # FNV-1a offset basis
        for byte in seed.encode():
            value = ((value ^ byte) * 1099511628211) & _MASK
        return value
    return seed & _MASK


class Rng:
    """SplitMix64. `state` is the whole state; copy it into game state after use."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if not 0 < n <= _SPAN:
            raise ValueError(f"below() needs a bound in [1, 2**64], not {n}")
        limit = _SPAN - _SPAN % n
        state = self.state
        while True:
            # next64, inlined
            z = state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        # next64, inlined
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place: item i swaps with `below(i + 1)`, from the last item down."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                # next64, inlined (as in `below`)
                z = state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state
