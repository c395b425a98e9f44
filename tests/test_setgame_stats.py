"""Standard errors: the clustered one reduces to the binomial one for singleton clusters and
covers the truth at the stated rate when turns within a game are correlated."""

import numpy as np
import pytest

from setgame.stats import clustered_proportion, proportion


def test_proportion_small_case():
    p, se = proportion([True, False, False, True])
    assert p == 0.5 and se == pytest.approx(np.sqrt(0.25 / 4))


def test_clustered_matches_binomial_for_independent_singletons():
    rng = np.random.default_rng(0)
    event = rng.random(5000) < 0.2
    p1, se1 = proportion(event)
    p2, se2 = clustered_proportion(event, np.arange(5000))
    assert p1 == pytest.approx(p2) and se2 == pytest.approx(se1, rel=0.01)


def test_clustered_se_covers_the_truth_for_correlated_clusters():
    # each cluster shares one coin for all its turns: the naive SE would be far too small
    rng = np.random.default_rng(1)
    inside = 0
    for _ in range(400):
        sizes = rng.integers(5, 15, 200)
        coins = rng.random(200) < 0.3
        event = np.repeat(coins, sizes)
        cluster = np.repeat(np.arange(200), sizes)
        p, se = clustered_proportion(event, cluster)
        inside += abs(p - 0.3) < 1.96 * se
    assert 0.90 < inside / 400 < 0.99


def test_errors():
    with pytest.raises(ValueError):
        proportion([])
    with pytest.raises(ValueError):
        clustered_proportion([True], [0, 1])
