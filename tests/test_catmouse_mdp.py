"""Expected capture times against stochastic mice, and exploitability of table policies."""

import itertools

import numpy as np
import pytest

from catmouse import exploitability, greedy_is_optimal, greedy_table, initial_cat_policy, solve
from catmouse.exact.policy import Exploitability, cat_policy_values
from catmouse.exact.stochastic import expected_capture, expected_capture_from_corner
from catmouse.tables import validate_policy
from catmouse.v2.exact_climb import (
    cat_window_as_table,
    exact_score,
    mouse_window_table,
    train_local_exact,
    train_local_mouse_exact,
)
from catmouse.v2.games import evaluate_batch
from catmouse.v2.window import (
    greedy_window_table,
    initial_window_table,
    policy_cells,
    validate_window_table,
)


def test_spec_values_on_5x5():
    assert expected_capture_from_corner(5, 5, "smart") == pytest.approx(6.49, abs=0.005)
    assert expected_capture_from_corner(5, 5, "random") == pytest.approx(5.38, abs=0.005)
    assert expected_capture_from_corner(5, 5, "smart", cat_table=policy_cells(5, 5)) == pytest.approx(
        6.52, abs=0.005)


def test_optimum_is_a_lower_bound_and_parity():
    for mouse in ("random", "smart", "strict"):
        best = expected_capture_from_corner(5, 5, mouse)
        greedy = expected_capture_from_corner(5, 5, mouse, cat_table=policy_cells(5, 5))
        window = expected_capture_from_corner(5, 5, mouse,
                                              cat_table=policy_cells(5, 5, initial_window_table()))
        assert best <= greedy + 1e-9 and best <= window + 1e-9
    out = expected_capture(5, 5, "random")
    E_cat, E_mouse = out.cat_to_move, out.mouse_to_move
    assert np.isinf(E_cat[0, 2]) and E_cat[0, 5] == 1.0     # even distance at the cat's turn: never
    assert np.isinf(E_mouse[0, 5]) and np.isfinite(E_mouse[0, 24])


def test_greedy_simulation_matches_exact_expectation():
    table = greedy_window_table()                       # the greedy step inside the window too
    exact = expected_capture_from_corner(5, 5, "smart", cat_table=policy_cells(5, 5))
    games = evaluate_batch(table[None], 5, 5, games=20000, mouse="smart", mode="fast", seed=8)
    assert games.won.all()                              # greedy never hits the 20-round limit here
    se = games.rounds.std() / np.sqrt(games.rounds.size)
    assert abs(games.rounds.mean() - exact) < 4 * se


def test_greedy_is_optimal_and_exploitability():
    for rows, cols in [(2, 3), (5, 5), (8, 7), (6, 9)]:
        assert greedy_is_optimal(rows, cols)
    e = exploitability(cat_policy=greedy_table(8, 7))
    assert e == Exploitability(optimal=12.0, value=12.0, wins=True, lost_moves=0.0)
    weak = exploitability(cat_policy=initial_cat_policy(8, 7, "WEAK"))
    assert not weak.wins and weak.lost_moves == np.inf
    C = cat_policy_values(greedy_table(5, 4)).cat_to_move
    assert (C >= solve(5, 4).cat_to_move).all()          # no policy beats the optimum
    with pytest.raises(ValueError, match="exactly one"):
        exploitability()


def test_exact_climb_reaches_within_one_percent_of_the_optimum():
    optimum = expected_capture_from_corner(5, 5, "smart")
    start = exact_score(greedy_window_table(), 5, 5, "smart")
    assert start == pytest.approx(6.52, abs=0.005)
    climb = train_local_exact(5, 5, "smart", iterations=150, seed=0)
    table, history = climb.best, climb.history
    validate_window_table(table)
    assert all(b <= a for a, b in itertools.pairwise(history))
    assert optimum - 1e-9 <= history[-1] <= 1.01 * optimum
    assert exact_score(table, 5, 5, "smart") == history[-1]


def test_mouse_window_training_never_gets_worse_and_can_reach_the_optimum():
    from catmouse import optimal_capture
    climb = train_local_mouse_exact(5, 5, "mouse", iterations=800, seed=1)
    table, history = climb.best, climb.history
    assert all(b >= a for a, b in itertools.pairwise(history))
    assert history[-1] == optimal_capture(5, 5, "mouse") == 7     # survives as long as possible
    validate_policy(mouse_window_table(5, 5, table), 5, 5, "mouse")


def test_window_tables_as_full_tables():
    assert (cat_window_as_table(8, 7, None) == greedy_table(8, 7)).all()
    for size in (5, 9):
        full = cat_window_as_table(size, size, initial_window_table())
        validate_policy(full, size, size, "cat")
        # the greedy rule written into the window is the greedy rule everywhere
        assert (cat_window_as_table(size, size, greedy_window_table()) == greedy_table(size, size)).all()


def test_far_rules():
    e, m = policy_cells(6, 6), policy_cells(6, 6, far="manhattan")
    rows = 6
    c, mouse = 0 * rows + 0, 5 * rows + 1        # mouse 5 right, 1 up: Euclidean goes right
    assert e[c, mouse] == 1 * rows + 0
    assert m[c, mouse] == 0 * rows + 1            # Manhattan (U first) goes up
    for table in (e, m):                          # every step reduces the Manhattan distance
        n = rows * rows
        for a in range(n):
            for b in range(n):
                if a != b:
                    d0 = abs(a // rows - b // rows) + abs(a % rows - b % rows)
                    nxt = table[a, b]
                    assert abs(nxt // rows - b // rows) + abs(nxt % rows - b % rows) == d0 - 1
    with pytest.raises(ValueError, match="far"):
        policy_cells(5, 5, far="chebyshev")
