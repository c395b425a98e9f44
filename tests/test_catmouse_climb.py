"""Hill climbing against the exact mouse on boards with walls."""

import itertools

import numpy as np
import pytest

from catmouse import optimal_capture, solve
from catmouse.climb import greedy_fallback_table, hill_climb_cat
from catmouse.exploit import cat_policy_values


def test_greedy_fails_at_a_wall_and_climbing_reaches_the_optimum():
    R, C, wall = 5, 4, ((2, 0), (2, 1), (2, 2))
    opt = optimal_capture(R, C, "cat", obstacles=wall)
    assert opt is not None
    greedy = cat_policy_values(greedy_fallback_table(R, C, wall), wall)[0][0, (C - 1) * R + R - 1]
    assert np.isinf(greedy)
    table, history = hill_climb_cat(R, C, wall, "cat", iterations=1500, seed=0)
    assert history[-1][0] == opt
    assert all(b <= a for a, b in itertools.pairwise(history))       # never accepts a worse table
    values = cat_policy_values(table, wall)[0]
    sol = solve(R, C, wall)
    free = (sol.nbr >= 0).any(axis=1)
    mask = free[:, None] & free[None, :]
    assert (values[mask] >= sol.cat_to_move[mask]).all()            # nothing beats the optimum


def test_policy_values_on_open_board_match_solver_for_greedy():
    table = greedy_fallback_table(6, 5)
    sol = solve(6, 5)
    win = np.isfinite(sol.cat_to_move)
    assert np.array_equal(cat_policy_values(table)[0][win], sol.cat_to_move[win])


def test_bad_iterations():
    with pytest.raises(ValueError, match="iterations"):
        hill_climb_cat(4, 4, iterations=-1)
