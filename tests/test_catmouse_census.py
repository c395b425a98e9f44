"""The censuses over open boards against the solver called case by case."""

import numpy as np
import pytest

import catmouse


def test_the_census_is_the_solver_case_by_case():
    sides = (2, 3, 4, 5)
    census = catmouse.capture_census(sides)
    assert len(census.cases) == 2 * len(sides) ** 2
    for case in census.cases:
        assert case.value == catmouse.optimal_capture(case.rows, case.cols, case.first)
        assert case.parity_says_cat == catmouse.parity_rule_cat_wins(case.rows, case.cols,
                                                                     case.first)
    assert census.parity_ok and census.length_ok
    # the article's rule (only even x even with the cat first is lost) misses odd boards
    assert (3, 3, "cat") in census.article_wrong and (2, 3, "mouse") in census.article_wrong
    assert (4, 4, "cat") not in census.article_wrong
    grid = census.grid("mouse")
    assert grid[0, 0] == catmouse.optimal_capture(2, 2, "mouse") == 1
    assert np.isinf(census.grid("cat")[0, 0])           # 2x2, cat first: the mouse evades
    with pytest.raises(ValueError):
        census.grid("dog")


def test_the_speed_census_is_the_speed_solver_from_the_corners():
    census = catmouse.speed_census([2, 3, 4], [(2, 1), (1, 2)])
    for speeds in ((2, 1), (1, 2)):
        for first in ("cat", "mouse"):
            expect = np.array([[catmouse.capture_with_speeds(r, c, first, *speeds) or np.inf
                                for c in (2, 3, 4)] for r in (2, 3, 4)], dtype=float)
            assert np.array_equal(census.grid(speeds, first), expect)
            assert census.cat_wins(speeds, first) == int(np.isfinite(expect).sum())
    assert census.cat_wins((2, 1), "cat") == 9          # a twice-as-fast cat wins everywhere
    with pytest.raises(ValueError):
        catmouse.speed_census([3], ["ab"])
