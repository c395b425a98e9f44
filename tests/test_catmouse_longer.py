"""The ablation of the article's rule that a losing cat takes a longer game at the same distance."""

import math

import pytest

from catmouse.v1.ablation import LongerGames, longer_games_ablation
from catmouse.v1.article import accepts, train_tabular


def test_the_rule_is_the_only_acceptance_that_changes():
    old = (False, 6, 3)                                   # the mouse escaped, 6 rounds, distance 3
    assert accepts(True, old, (False, 8, 3))              # same distance, longer game: taken
    assert not accepts(True, old, (False, 8, 3), reward_longer=False)
    for new in ((True, 9, 0), (False, 4, 2)):             # a capture, a closer end: taken either way
        assert accepts(True, old, new) and accepts(True, old, new, reward_longer=False)
    assert accepts(False, (True, 5, 0), (True, 7, 0), reward_longer=False)   # the mouse's rules stay


def test_the_default_is_the_article_and_leaving_the_rule_out_changes_the_run():
    kw = {"rows": 5, "cols": 4, "first_move": "cat", "initial_cat": "WEAK", "iterations": 3_000, "seed": 1,
              "mode": "fast", "snapshot_every": 0}
    default, rule, no_rule = (train_tabular(**kw), train_tabular(**kw, reward_longer=True),
                              train_tabular(**kw, reward_longer=False))
    assert default.tally == rule.tally and (default.cat_policy == rule.cat_policy).all()
    assert no_rule.tally != rule.tally
    with pytest.raises(TypeError):
        train_tabular(**kw, reward_longer="no")


def test_the_ablation_pairs_each_seed_with_and_without_the_rule():
    r = longer_games_ablation(5, 4, "cat", "WEAK", 2_000, seeds=2, first_seed=3)
    assert r.seeds == (3, 4)
    kw = {"mode": "fast", "snapshot_every": 0}
    assert r.with_rule[0] == train_tabular(5, 4, "cat", "WEAK", 2_000, 3, **kw).tally["cat"] / 2_000
    assert r.without_rule[1] == train_tabular(5, 4, "cat", "WEAK", 2_000, 4, reward_longer=False,
                                              **kw).tally["cat"] / 2_000


def test_the_difference_is_the_paired_mean_with_its_standard_error():
    r = LongerGames((0, 1, 2), (0.5, 0.7, 0.6), (0.1, 0.2, 0.3))
    mean, se = r.difference()
    assert mean == pytest.approx(0.4) and se == pytest.approx(0.1 / math.sqrt(3))
    assert "+40.0 ± 5.8 points" in r.describe()
    assert math.isnan(LongerGames((0,), (0.5,), (0.1,)).difference()[1])
