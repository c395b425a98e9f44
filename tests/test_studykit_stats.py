"""The shared Wilson interval against scipy's, scalars and arrays, edges and bad input."""

import numpy as np
import pytest
from scipy.stats import binomtest

from studykit import wilson


@pytest.mark.parametrize("k,n", [(0, 10), (3, 10), (10, 10), (45, 50), (1, 1), (517, 1000)])
def test_wilson_matches_scipy_and_holds_the_proportion(k, n):
    lo, hi = wilson(k, n)
    exact = binomtest(k, n).proportion_ci(method="wilson")
    assert isinstance(lo, float) and lo == pytest.approx(exact.low, abs=1e-12)
    assert hi == pytest.approx(exact.high, abs=1e-12)
    assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_wilson_is_elementwise_and_narrows_with_confidence():
    k, n = np.array([0, 5, 20]), np.array([20, 20, 20])
    lo, hi = wilson(k, n)
    for i in range(3):
        assert (lo[i], hi[i]) == pytest.approx(wilson(int(k[i]), int(n[i])))
    lo90, hi90 = wilson(k, n, confidence=0.90)
    assert np.all(hi90 - lo90 < hi - lo)


@pytest.mark.parametrize("k,n", [(11, 10), (-1, 10), (0, 0)])
def test_wilson_rejects_impossible_counts(k, n):
    with pytest.raises(ValueError, match="successes <= n"):
        wilson(k, n)


def test_count_with_interval_shows_the_wilson_interval():
    from studykit import count_with_interval
    low, high = wilson(6, 6)
    assert count_with_interval(6, 6) == f"6/6 [{low:.2f}, {high:.2f}]"
    assert count_with_interval(0, 10, digits=3).startswith("0/10 [0.000, ")
