"""mix.claimrows: the readings and small-sample tests behind notebook 40's claim rows."""

import numpy as np
import pytest

import mix
from studykit import compare_setting

ARTICLE_SETTING = compare_setting({"N": 500}, {"N": 500})
QUICK_SETTING = compare_setting({"N": 30}, {"N": 500})


def test_mate_breaks_counts_a_mate_without_its_chess_or_potential_chess():
    x_mate, o_mate, x_chess, o_chess, x_pot, o_pot = 2, 4, 8, 16, 32, 64
    assert mix.mate_breaks([x_mate | x_chess | x_pot, o_mate | o_chess | o_pot, 0, x_chess]) == 0
    assert mix.mate_breaks([x_mate | x_chess, o_mate | o_pot, x_mate]) == 3
    with pytest.raises(ValueError):
        mix.mate_breaks([128])


def test_reach_rows_follow_the_loose_reading_with_the_strict_one_beside():
    loose = [0, 1, 2 | 8 | 32, 8 | 32]
    strict = [0, 1, 2 | 8, 8, 32, *range(64, 124)]
    implication, size = mix.reach_rows(strict, loose, setting=ARTICLE_SETTING)
    assert implication.status == "consistent within error"
    assert implication.alternative.status == "differs"
    assert size.status == "consistent within error" and size.alternative.status == "differs"
    assert "strict" in size.alternative.reading and "loose" in size.alternative.chosen
    assert all(r.status == "setting differs" and r.alternative is None
               for r in mix.reach_rows(strict, loose, setting=QUICK_SETTING))


def test_seed_spread_interval_holds_its_estimate():
    final = np.random.default_rng(1).normal(0, 0.2, size=(5, 12))
    est, lo, hi = mix.seed_spread(final, range(12))
    assert lo <= est <= hi and est == pytest.approx(np.median(final.std(axis=0, ddof=1)))
    assert hi / est == pytest.approx(np.sqrt(4 / 0.4844), rel=1e-3)   # chi-square, 4 df
    with pytest.raises(ValueError):
        mix.seed_spread(final[:1], range(12))


def test_stability_row_is_inconclusive_when_few_seeds_straddle_the_threshold():
    rng = np.random.default_rng(0)
    final = rng.normal(0, 0.1, size=(5, 20))
    row = mix.stability_row(final, range(10), range(10, 20), setting=ARTICLE_SETTING)
    assert row.status in ("inconclusive", "consistent within error", "differs")
    assert "threshold of ours" in row.test and row.alternative is not None
    calm = mix.stability_row(np.zeros((5, 4)) + rng.normal(0, 1e-3, (5, 4)), range(4), [],
                             setting=ARTICLE_SETTING)
    assert calm.status == "consistent within error"
    assert calm.alternative.status == "inconclusive"       # no decisive states met


def test_gain_row_uses_students_t_over_the_seeds():
    gains = [-0.03, -0.02, -0.04, -0.01, -0.03]
    row = mix.gain_row(gains, measure="m", setting=ARTICLE_SETTING)
    assert row.status == "differs" and "Student's t" in row.test
    assert mix.gain_row([0.05, -0.04, 0.02], measure="m").status == "inconclusive"
    assert mix.gain_row([0.1, 0.1], measure="m").status == "inconclusive"
    assert mix.gain_row([0.1, 0.1], measure="m", setting=QUICK_SETTING).status == "setting differs"


def test_share_gap():
    d, lo, hi = mix.share_gap(50, 100, 25, 100)
    assert d == pytest.approx(0.25) and lo < d < hi
    with pytest.raises(ValueError):
        mix.share_gap(5, 4, 1, 2)
