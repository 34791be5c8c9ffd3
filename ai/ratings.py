"""The statistics of the arena: exact binomial intervals for win rates, and Elo differences.

    clopper_pearson(k, n)  -> the exact two-sided 95% interval of a win rate k / n
    binom_cdf(k, n, p)     -> P(X <= k) for X ~ Binomial(n, p)
    elo(rate)              -> the Elo difference an expected score stands for

Standard library only (no scipy in the shipped packages): an interval's ends are found by 60
steps of bisection on the binomial CDF, far finer than the four decimals the arena reports.
"""

from __future__ import annotations

import math
from collections.abc import Callable


def _log_binom_pmf(k: int, n: int, p: float) -> float:
    if p <= 0.0:
        return 0.0 if k == 0 else -math.inf
    if p >= 1.0:
        return 0.0 if k == n else -math.inf
    return (
        math.lgamma(n + 1)
        - math.lgamma(k + 1)
        - math.lgamma(n - k + 1)
        + k * math.log(p)
        + (n - k) * math.log1p(-p)
    )


def binom_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return min(1.0, sum(math.exp(_log_binom_pmf(i, n, p)) for i in range(k + 1)))


def clopper_pearson(k: int, n: int, alpha: float = 0.05) -> tuple[float, float]:
    """The exact two-sided (1 - alpha) interval for a binomial proportion k / n."""
    if n == 0:
        return (0.0, 1.0)

    def solve(f: Callable[[float], float], target: float, increasing: bool) -> float:
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            if (f(mid) < target) == increasing:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    lower = 0.0 if k == 0 else solve(lambda p: 1.0 - binom_cdf(k - 1, n, p), alpha / 2, True)
    upper = 1.0 if k == n else solve(lambda p: binom_cdf(k, n, p), alpha / 2, False)
    return (lower, upper)


def elo(rate: float) -> float:
    """The Elo difference that an expected score `rate` stands for (clamped away from 0 and 1)."""
    rate = min(max(rate, 1e-3), 1 - 1e-3)
    return -400.0 * math.log10(1.0 / rate - 1.0)
