"""A tiny seeded RNG whose whole state is one integer, so it serializes into game state as-is.

SplitMix64: fast, well distributed, and identical on every machine and Python version, unlike
`random.Random`, whose state is 625 integers and whose algorithms may change between versions.

Playouts draw about a million numbers a second, so `below`, `random` and `shuffle` inline the
SplitMix64 step of `next64` (the same three lines, with the constants as literals) instead of
calling it: a Python call costs more than the arithmetic. The stream is part of every saved game
and must never change; tests/core/test_rng.py checks the inlined copies against `next64`.

Compiled (mypyc), a Python int of 64 bits is a heap object and every step of that arithmetic
allocates; `below`, `random` and `shuffle` then take a second copy of the same step on `i64`,
mypyc's native machine integer, which wraps around on overflow as the masks above do, with the
unsigned comparisons and remainders worked out on signed values (`_mix`, `_below_i64`). Which
copy runs is decided once (`NATIVE`); both give the same numbers (tests/test_compiled.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_HALF = 1 << 63


def _native_ints() -> bool:
    """True when this module runs compiled: a native i64 wraps around, a Python int grows."""
    x: i64 = 1 << 62
    return x * 4 == 0


NATIVE: Final = _native_ints()
# SplitMix64's constants as signed 64-bit values, and masks that make `>>` a logical shift.
_GAMMA: Final[i64] = 0x9E3779B97F4A7C15 - (1 << 64)
_M1: Final[i64] = 0xBF58476D1CE4E5B9 - (1 << 64)
_M2: Final[i64] = 0x94D049BB133111EB - (1 << 64)
_LOW33: Final[i64] = (1 << 33) - 1
_LOW34: Final[i64] = (1 << 34) - 1
_LOW37: Final[i64] = (1 << 37) - 1
_LOW53: Final[i64] = (1 << 53) - 1
_NATIVE_BOUND: Final = 1 << 60  # `below` bounds the i64 copy handles


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
        if NATIVE and n < _NATIVE_BOUND:
            return self._below_i64(n)
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
        if NATIVE:
            state = _signed(self.state) + _GAMMA
            self.state = _unsigned(state)
            return float((_mix(state) >> 11) & _LOW53) * (1.0 / (1 << 53))
        # next64, inlined
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))

    def _below_i64(self, n: i64) -> i64:
        state = _signed(self.state)
        z, state = _draw_below(state, n, _span_mod(n))
        self.state = _unsigned(state)
        return z

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place: item i swaps with `below(i + 1)`, from the last item down."""
        if NATIVE:
            native = _signed(self.state)
            for k in range(len(items) - 1, 0, -1):
                size: i64 = k + 1
                drawn, native = _draw_below(native, size, _span_mod(size))
                items[k], items[drawn] = items[drawn], items[k]
            self.state = _unsigned(native)
            return
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


# --- the i64 copy of the step (run only when compiled, see the module docstring) ---------------


def _signed(state: int) -> i64:
    return state - _SPAN if state >= _HALF else state


def _unsigned(state: i64) -> int:
    return int(state) + _SPAN if state < 0 else int(state)


def _mix(z: i64) -> i64:
    """SplitMix64's output of the (already advanced) state `z`, on wrapped signed values."""
    z = (z ^ ((z >> 30) & _LOW34)) * _M1
    z = (z ^ ((z >> 27) & _LOW37)) * _M2
    return z ^ ((z >> 31) & _LOW33)


def _span_mod(n: i64) -> i64:
    """2**64 % n, for 0 < n < 2**60."""
    return (((1 << 62) % n) * 4) % n


def _draw_below(state: i64, n: i64, rest: i64) -> tuple[i64, i64]:
    """`below(n)`'s draw and the new state; `rest` is 2**64 % n. An output z stands for the
    unsigned u = z (z >= 0) or z + 2**64, and u < 2**64 - rest, the rejection bound, is z >= 0
    or z < -rest; u % n is then z % n or (z % n + rest) % n (the remainders are Python's)."""
    while True:
        state = state + _GAMMA
        z = _mix(state)
        if z >= 0:
            return z % n, state
        if z < -rest:
            return (z % n + rest) % n, state
