"""Joint Bradley-Terry ratings of pooled arena games, per player and role (development only).

    BradleyTerry(observations)         -> the fit: `diff(a, b)` in Elo with its 95% interval
    bradley_terry(observations, order) -> per-role ratings, steps up `order`, the roles' edge

Standard library only: Newton's method on the penalised likelihood, Fisher's intervals.
"""

from __future__ import annotations

import itertools
import math

ELO_PER_LOGIT = 400.0 / math.log(10.0)

Key = tuple[str, str]
"""A rated entity: (player, role); the role is "" when ratings are not per role."""


class BradleyTerry:
    """A joint Bradley-Terry fit: P(a beats b) = 1 / (1 + exp(r_b - r_a)), a draw half a win.

    The ratings maximise the likelihood of every game at once (Newton's method), not step by
    step, with a weak Gaussian prior (standard deviation `prior_elo` Elo around 0) that keeps
    them finite when a side has won every game and fixes the one free offset (adding a constant
    to every rating changes no probability). Intervals are Fisher's: the inverse of the
    penalised information matrix gives the covariance of any difference of ratings."""

    def __init__(
        self, observations: list[tuple[Key, Key, float]], prior_elo: float = 1000.0
    ) -> None:
        self.keys: list[Key] = sorted({k for a, b, _ in observations for k in (a, b)})
        index = {k: i for i, k in enumerate(self.keys)}
        n = len(self.keys)
        ridge = (ELO_PER_LOGIT / prior_elo) ** 2
        theta = [0.0] * n
        pairs = [(index[a], index[b], s) for a, b, s in observations]
        info: list[list[float]] = []
        for _ in range(100):
            grad = [-ridge * t for t in theta]
            info = [[ridge if i == j else 0.0 for j in range(n)] for i in range(n)]
            for i, j, s in pairs:
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                grad[i] += s - p
                grad[j] -= s - p
                w = p * (1.0 - p)
                info[i][i] += w
                info[j][j] += w
                info[i][j] -= w
                info[j][i] -= w
            step = _solve(info, grad)
            theta = [t + d for t, d in zip(theta, step, strict=True)]
            if max((abs(d) for d in step), default=0.0) < 1e-10:
                break
        self.index = index
        self.theta = theta
        self.cov = _inverse(info) if n else []

    def diff(self, a: Key, b: Key) -> tuple[float, float, float]:
        """Rating of `a` minus rating of `b` in Elo, with its 95% interval."""
        i, j = self.index[a], self.index[b]
        d = self.theta[i] - self.theta[j]
        var = self.cov[i][i] + self.cov[j][j] - 2.0 * self.cov[i][j]
        half = 1.959964 * math.sqrt(max(var, 0.0))
        return (d * ELO_PER_LOGIT, (d - half) * ELO_PER_LOGIT, (d + half) * ELO_PER_LOGIT)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is positive definite)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def _inverse(a: list[list[float]]) -> list[list[float]]:
    n = len(a)
    columns = [_solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def bradley_terry(
    observations: list[tuple[Key, Key, float]], order: list[str] | None = None
) -> dict[str, object]:
    """Fit and summarise: per role, each player's rating in Elo relative to the role's first
    player in `order` (default: `random` when it played, else the first by name), with its 95%
    interval; each step between consecutive players of `order` per role; and, per player that
    held both roles, the first role's edge over the second (rating as first minus as second:
    what the roles are worth at equal players)."""
    fit = BradleyTerry(observations)
    roles = sorted({role for _, role in fit.keys})
    players = sorted({p for p, _ in fit.keys})
    if order is None:
        order = sorted(players, key=lambda p: (p != "random", p))
    order = [p for p in order if p in players] + [p for p in players if p not in order]

    def entry(a: Key, b: Key) -> dict[str, object]:
        d, lo, hi = fit.diff(a, b)
        return {"elo": round(d, 1), "ci95": [round(lo, 1), round(hi, 1)]}

    by_role: dict[str, dict[str, object]] = {}
    steps: dict[str, list[dict[str, object]]] = {}
    for role in roles:
        rated = [p for p in order if (p, role) in fit.index]
        if not rated:
            continue
        base = (rated[0], role)
        by_role[role] = {p: entry((p, role), base) for p in rated}
        steps[role] = [
            {"upper": hi, "lower": lo, **entry((hi, role), (lo, role))}
            for lo, hi in itertools.pairwise(rated)
        ]
    out: dict[str, object] = {
        "model": "Bradley-Terry, joint maximum likelihood, Fisher 95% intervals, prior sd 1000 Elo",
        "anchor": {role: next(iter(v)) for role, v in by_role.items()},
        "by_role": by_role,
        "steps": steps,
    }
    if len(roles) == 2:
        first, second = roles
        out["edge"] = {
            p: entry((p, first), (p, second))
            for p in order
            if (p, first) in fit.index and (p, second) in fit.index
        }
        out["edge_means"] = f"rating as {first} minus rating as {second}"
    return out
