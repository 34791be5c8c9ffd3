"""The pooled ratings' joint Bradley-Terry fit."""

from __future__ import annotations

import pytest

from devtools.bradley_terry import BradleyTerry, bradley_terry


def _games(a: tuple[str, str], b: tuple[str, str], wins: int, losses: int) -> list[Obs]:
    return [(a, b, 1.0)] * wins + [(a, b, 0.0)] * losses


Obs = tuple[tuple[str, str], tuple[str, str], float]


def test_bradley_terry_recovers_the_elo_of_a_win_rate() -> None:
    # 64 of 100: about 100 Elo (the prior pulls it in a little).
    fit = BradleyTerry(_games(("b", ""), ("a", ""), 64, 36))
    d, lo, hi = fit.diff(("b", ""), ("a", ""))
    assert d == pytest.approx(100.0, abs=3.0)
    assert 0 < lo < d < hi < 200  # Fisher: about +-70 Elo over 100 games


def test_bradley_terry_stays_finite_when_one_side_won_every_game() -> None:
    fit = BradleyTerry(_games(("b", ""), ("a", ""), 20, 0))
    d, lo, hi = fit.diff(("b", ""), ("a", ""))
    assert 300 < d < 2000 and lo < d < hi


def test_per_role_ratings_are_fitted_jointly_not_chained() -> None:
    # Witch x beats Hunter y as often as Witch y beats Hunter x: no level is better, the role is.
    obs = (
        _games(("x", "witch"), ("y", "hunter"), 9, 1)
        + _games(("y", "witch"), ("x", "hunter"), 9, 1)
        + _games(("x", "witch"), ("x", "hunter"), 9, 1)
    )
    # Oriented as the pool does: the first seat (hunter) against the second (witch).
    out = bradley_terry([(b, a, 1.0 - s) for a, b, s in obs], order=["x", "y"])
    by_role = out["by_role"]
    assert isinstance(by_role, dict)
    assert by_role["witch"]["y"]["elo"] == pytest.approx(0.0, abs=15.0)  # the prior: a few Elo
    assert by_role["hunter"]["y"]["elo"] == pytest.approx(0.0, abs=15.0)  # the prior: a few Elo
    edge = out["edge"]
    assert isinstance(edge, dict) and edge["x"]["elo"] < -250  # the Witch's side wins
