"""The arena's statistics: exact binomial intervals and Elo differences."""

from __future__ import annotations

import pytest

from ai.ratings import clopper_pearson, elo


def test_clopper_pearson_matches_published_values() -> None:
    lo, hi = clopper_pearson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.3085, abs=1e-4)
    lo, hi = clopper_pearson(5, 10)
    assert lo == pytest.approx(0.1871, abs=1e-4) and hi == pytest.approx(0.8129, abs=1e-4)
    lo, hi = clopper_pearson(180, 200)
    assert lo == pytest.approx(0.8506, abs=1e-3) and hi == pytest.approx(0.9378, abs=1e-3)


def test_elo_of_a_win_rate() -> None:
    assert elo(0.5) == pytest.approx(0.0)
    assert elo(0.64) == pytest.approx(100.0, abs=1.0)
    assert elo(1.0) > 1000
