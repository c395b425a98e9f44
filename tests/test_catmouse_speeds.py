"""The game at different speeds: speeds (1, 1) are the ordinary game; a brute-force oracle."""

import numpy as np
import pytest
from oracles_catmouse import brute_force_speeds

from catmouse.exact.solve import solve
from catmouse.exact.speeds import capture_with_speeds, solve_speeds, walks


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 5), (3, 4), (5, 5), (6, 4)])
def test_unit_speeds_are_the_ordinary_game(rows, cols):
    times = solve_speeds(rows, cols)
    sol = solve(rows, cols)
    assert np.array_equal(times.cat_to_move, sol.cat_to_move)
    assert np.array_equal(times.to_move("mouse"), sol.mouse_to_move)


@pytest.mark.parametrize("rows,cols,cs,ms", [(3, 3, 2, 1), (4, 3, 2, 1), (3, 3, 1, 2), (4, 4, 2, 2),
                                           (3, 4, 3, 2), (2, 3, 1, 2)])
@pytest.mark.parametrize("first", ["cat", "mouse"])
def test_matches_brute_force_search(rows, cols, cs, ms, first):
    assert capture_with_speeds(rows, cols, first, cs, ms) == brute_force_speeds(rows, cols, cs, ms, first, 12)


def test_a_faster_cat_always_wins_and_a_faster_mouse_escapes_on_open_boards():
    for n in range(3, 8):
        for first in ("cat", "mouse"):
            assert capture_with_speeds(n, n + 1, first, 2, 1) is not None
            assert capture_with_speeds(n, n, first, 1, 2) is None


def test_walks_have_the_right_count():
    w = walks(3, 3, 2)
    assert (w[4, :, 0] >= 0).sum() == 4 * 3        # centre: 4 steps to edge cells of 3 neighbours
    assert (w[0, :, 0] >= 0).sum() == 2 * 3        # corner: 2 steps to edge cells


@pytest.mark.parametrize("bad", [0, 4, 1.5, True, "2"])
def test_bad_speeds_are_refused(bad):
    with pytest.raises((ValueError, TypeError)):
        solve_speeds(4, 4, cat_speed=bad)
    with pytest.raises((ValueError, TypeError)):
        capture_with_speeds(4, 4, "cat", 1, bad)


def test_bad_board_and_first_move_are_refused():
    with pytest.raises(ValueError, match="rows"):
        capture_with_speeds(1, 4)
    with pytest.raises(ValueError, match="first_move"):
        capture_with_speeds(4, 4, "dog")
