"""The general engine (walls, two cats) playing the solver's optimal moves on both sides."""

import numpy as np
import pytest

from catmouse import solve
from catmouse.exact import corner_start, optimal_cat_moves, optimal_mouse_move
from catmouse.game import play_pursuit


@pytest.mark.parametrize("rows,cols,obstacles,cats", [
    (5, 4, ((2, 0), (2, 1), (2, 2)), 1), (6, 5, (), 1), (5, 5, ((2, 2),), 2), (4, 6, (), 2),
    (6, 6, ((1, 3), (2, 3)), 2)])
def test_optimal_play_lasts_exactly_the_solver_value(rows, cols, obstacles, cats):
    sol = solve(rows, cols, obstacles, cats)
    for first in ("cat", "mouse"):
        start_cats, start_mouse = corner_start(rows, cols, cats)
        value = sol.value(start_cats, start_mouse, first)
        caught, moves, path = play_pursuit(
            rows, cols, lambda c, m: optimal_cat_moves(sol, c, m),
            lambda c, m: optimal_mouse_move(sol, c, m), start_cats, start_mouse, obstacles, first,
            max_cat_moves=60)
        if np.isfinite(value):
            assert caught and moves == value
        else:
            assert not caught and moves == 60
        for (cs, m) in path:
            assert m not in obstacles and not set(cs) & set(obstacles)


def test_engine_rejects_moves_into_walls_and_off_the_board():
    with pytest.raises(ValueError, match="obstacle"):
        play_pursuit(4, 4, lambda c, m: ["R"], lambda c, m: "D", obstacles=((1, 0),))
    with pytest.raises(ValueError, match="leaves the board"):
        play_pursuit(4, 4, lambda c, m: ["L"], lambda c, m: "D")
    with pytest.raises(ValueError, match="first_move"):
        play_pursuit(4, 4, lambda c, m: ["U"], lambda c, m: "D", first_move="owl")
