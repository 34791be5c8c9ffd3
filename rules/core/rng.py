"""A tiny seeded RNG whose whole state is one integer, so it serializes into game state as-is.

SplitMix64: fast, well distributed, and identical on every machine and Python version, unlike
`random.Random`, whose state is 625 integers and whose algorithms may change between versions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


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
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if not 0 < n <= 1 << 64:
            raise ValueError(f"below() needs a bound in [1, 2**64], not {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
