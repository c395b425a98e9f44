"""Standard errors: the clustered one reduces to the binomial one for singleton clusters and
covers the truth at the stated rate when turns within a game are correlated."""

import numpy as np
import pytest

from setgame.stats import Proportion, clustered_proportion, proportion, se_at


def test_proportion_small_case():
    share = proportion([True, False, False, True])
    assert share.p == 0.5 and share.se == pytest.approx(np.sqrt(0.25 / 4))
    assert np.isnan(clustered_proportion([True, False], [3, 3]).se)     # one cluster: unknown


def test_clustered_matches_binomial_for_independent_singletons():
    rng = np.random.default_rng(0)
    event = rng.random(5000) < 0.2
    plain, clustered = proportion(event), clustered_proportion(event, np.arange(5000))
    assert plain.p == pytest.approx(clustered.p) and clustered.se == pytest.approx(plain.se, rel=0.01)


def test_clustered_se_covers_the_truth_for_correlated_clusters():
    # each cluster shares one coin for all its turns: the naive SE would be far too small
    rng = np.random.default_rng(1)
    inside = 0
    for _ in range(400):
        sizes = rng.integers(5, 15, 200)
        coins = rng.random(200) < 0.3
        event = np.repeat(coins, sizes)
        cluster = np.repeat(np.arange(200), sizes)
        share = clustered_proportion(event, cluster)
        inside += abs(share.p - 0.3) < 1.96 * share.se
    assert 0.90 < inside / 400 < 0.99


def test_se_at_predicts_the_spread_of_a_smaller_sample():
    # the SE measured on 4,000 games, scaled to 200 games, matches the spread of the share
    # over many independent samples of 200 games of the same process
    rng = np.random.default_rng(2)

    def games(k):
        sizes = rng.integers(5, 15, k)
        return np.repeat(rng.random(k) < 0.3, sizes), np.repeat(np.arange(k), sizes)

    big = clustered_proportion(*games(4000))
    predicted = se_at(big, 4000, 200)
    spread = np.std([clustered_proportion(*games(200)).p for _ in range(600)], ddof=1)
    assert predicted == pytest.approx(spread, rel=0.12)
    assert se_at(Proportion(0.5, 0.01), 100, 100) == 0.01


def test_errors():
    with pytest.raises(ValueError):
        proportion([])
    with pytest.raises(ValueError):
        clustered_proportion([True], [0, 1])
    with pytest.raises(ValueError):
        se_at(Proportion(0.5, 0.01), 100, 0)
    with pytest.raises(TypeError):
        se_at(0.01, 100, 10)
