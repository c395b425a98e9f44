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


def test_a_census_beyond_the_machine_is_refused_at_once():
    from fuzzing import refused

    err = refused(lambda: catmouse.capture_census(range(2, 200)), "sides")
    assert "250,000,000" in str(err)
    refused(lambda: catmouse.capture_census(range(2, 10**12)), "sides")
    refused(lambda: catmouse.capture_census(iter(range(2, 10**12))), "sides")
    refused(lambda: catmouse.capture_census(range(2, 41)), "sides")
    refused(lambda: catmouse.speed_census(range(2, 15), [(3, 3), (3, 2)]), "speeds")
    refused(lambda: catmouse.speed_census(range(2, 10**9), [(2, 1)]), "sides")
    refused(lambda: catmouse.speed_census([3], [(2, 1)] * 1000), "speeds")


def test_a_census_refuses_repeated_sides_and_pairs_that_would_give_wrong_grids():
    from fuzzing import refused

    refused(lambda: catmouse.capture_census([3, 3]), "sides")      # the grid had a row of inf
    refused(lambda: catmouse.speed_census([3, 4], [(2, 1), (2, 1)]), "speeds")
    refused(lambda: catmouse.speed_census([3], []), "speeds")       # an empty census
    refused(lambda: catmouse.capture_census([np.int64(3), True]), "sides")
    census = catmouse.speed_census([3, 4], [(2, 1)])
    refused(lambda: census.grid((1, 1)), "speeds")                  # not solved: not a KeyError
    refused(lambda: census.grid((2, 1), "dog"), "first_move")
    refused(lambda: census.cat_wins((3, 3), "cat"), "speeds")


def test_numpy_sides_give_the_same_census():
    assert catmouse.capture_census(np.arange(2, 6)) == catmouse.capture_census(range(2, 6))
    assert catmouse.speed_census(np.arange(2, 4), [(np.int64(2), 1)]).values == \
        catmouse.speed_census([2, 3], [(2, 1)]).values
