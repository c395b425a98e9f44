"""Hill climbing one cat's table against the exact mouse on boards with walls, and the climb loop."""

import itertools

import numpy as np
import pytest

from catmouse import optimal_capture, solve
from catmouse.cat_climb import ClimbScore, greedy_fallback_table, hill_climb_cat
from catmouse.climb import hill_climb
from catmouse.exact.policy import cat_policy_values


def test_greedy_fails_at_a_wall_and_climbing_reaches_the_optimum():
    R, C, wall = 5, 4, ((2, 0), (2, 1), (2, 2))
    opt = optimal_capture(R, C, "cat", obstacles=wall)
    assert opt is not None
    greedy = cat_policy_values(greedy_fallback_table(R, C, wall), wall).cat_to_move[0, (C - 1) * R + R - 1]
    assert np.isinf(greedy)
    climb = hill_climb_cat(R, C, wall, "cat", iterations=1500, seed=0)
    table, history = climb.best, climb.history
    assert history[-1].start == opt
    assert all(b <= a for a, b in itertools.pairwise(history))       # never accepts a worse table
    values = cat_policy_values(table, wall).cat_to_move
    sol = solve(R, C, wall)
    free = (sol.nbr >= 0).any(axis=1)
    mask = free[:, None] & free[None, :]
    assert (values[mask] >= sol.cat_to_move[mask]).all()            # nothing beats the optimum


def test_policy_values_on_open_board_match_solver_for_greedy():
    table = greedy_fallback_table(6, 5)
    sol = solve(6, 5)
    win = np.isfinite(sol.cat_to_move)
    assert np.array_equal(cat_policy_values(table).cat_to_move[win], sol.cat_to_move[win])


def test_bad_iterations():
    with pytest.raises(ValueError, match="iterations"):
        hill_climb_cat(4, 4, iterations=-1)


def test_the_climb_loop_keeps_the_first_best_candidate_and_handles_ties():
    def run(rounds, **kwargs):
        proposals = iter(rounds)
        return hill_climb((4, "start"), lambda c: (c[0], None), lambda inc, info: next(proposals),
                          len(rounds), **kwargs)

    rounds = [[(5, "a"), (3, "b"), (3, "c")], [], [(3, "d")], [(6, "e"), (2, "f")]]
    climb = run(rounds)
    assert climb.history == [4, 3, 3, 3, 2] and climb.best == (2, "f") and climb.score == 2
    assert run(rounds[:3]).best == (3, "d")                 # an equal score replaces the incumbent
    assert run(rounds[:3], ties=False).best == (3, "b")     # ... unless ties are refused
    high = run(rounds, maximise=True)
    assert high.history == [4, 5, 5, 5, 6] and high.best == (6, "e")
    with pytest.raises(ValueError, match="iterations"):
        hill_climb(0, lambda c: (c, None), lambda inc, info: [], -1)


def test_capture_times_and_climb_scores_read_by_name():
    times = cat_policy_values(greedy_fallback_table(4, 4))
    assert times.to_move("cat") is times.cat_to_move and times.to_move("mouse") is times.mouse_to_move
    with pytest.raises(ValueError, match="side"):
        times.to_move("owl")
    assert ClimbScore(5.0, 1.0) < ClimbScore(5.0, 2.0) < ClimbScore(6.0, 0.0) < ClimbScore(np.inf, 0.0)
    climb = hill_climb_cat(4, 4, iterations=3, seed=0)
    assert isinstance(climb.score, ClimbScore) and climb.score == climb.history[-1]
