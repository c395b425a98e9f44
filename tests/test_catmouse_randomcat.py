"""A random cat against a random mouse: exact probabilities, checked by hand and by simulation."""

import itertools

import numpy as np
import pytest
from oracles_catmouse import simulate_random_cat

from catmouse.exact.randomcat import random_cat_capture


def test_two_by_two_by_hand():
    # mouse first: every round the mouse ends next to the cat, which then guesses right half the time
    assert random_cat_capture(2, 2, "mouse") == pytest.approx(1 - 0.5 ** 7)
    assert random_cat_capture(2, 2, "mouse", limit=2) == pytest.approx(0.5)


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_parity_the_cat_never_catches_a_mouse_that_avoids_it(n):
    # square board, cat first: the distance is even at every cat turn
    assert random_cat_capture(n, n, "cat") == 0.0


@pytest.mark.parametrize("rows,cols,first", [(3, 3, "mouse"), (4, 3, "cat"), (5, 4, "cat")])
def test_agrees_with_simulation(rows, cols, first):
    p = random_cat_capture(rows, cols, first)
    est = simulate_random_cat(rows, cols, first, 4000, np.random.default_rng(1))
    assert abs(est - p) < 4 * np.sqrt(p * (1 - p) / 4000) + 1e-9


def test_smaller_boards_are_easier():
    probs = [random_cat_capture(n, n, "mouse") for n in range(2, 9)]
    assert all(a > b for a, b in itertools.pairwise(probs))


@pytest.mark.parametrize("kwargs", [{"rows": 1, "cols": 3}, {"rows": 3, "cols": 3, "first_move": "dog"},
                                    {"rows": 3, "cols": 3, "mouse": "clever"},
                                    {"rows": 3, "cols": 3, "limit": 0}])
def test_bad_input_is_refused(kwargs):
    with pytest.raises(ValueError):
        random_cat_capture(**kwargs)
