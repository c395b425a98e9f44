"""Exact solver against a brute-force minimax search, and the laws it must reproduce."""

import math

import numpy as np
import pytest
from oracles_catmouse import brute_force

from catmouse import article_rule_cat_wins, optimal_capture, parity_rule_cat_wins, solve
from catmouse.rules import corner_start
from catmouse.walls import parse_board, random_board


@pytest.mark.parametrize("rows,cols", [(r, c) for r in range(2, 6) for c in range(2, 6)])
def test_optimal_capture_matches_brute_force_up_to_5x5(rows, cols):
    for first in ("cat", "mouse"):
        ours = optimal_capture(rows, cols, first)
        ref = brute_force(rows, cols, first)
        assert (ours is None and ref == math.inf) or ours == ref


def test_every_position_matches_brute_force_on_small_boards():
    rng = np.random.default_rng(1)
    for rows, cols in [(3, 3), (3, 4), (4, 4)]:
        sol = solve(rows, cols)
        for _ in range(60):
            c = (int(rng.integers(cols)), int(rng.integers(rows)))
            m = (int(rng.integers(cols)), int(rng.integers(rows)))
            for first in ("cat", "mouse"):
                assert sol.value([c], m, first) == brute_force(rows, cols, first, start=([c], m))


def test_obstacles_and_two_cats_match_brute_force():
    cases = [(4, 4, ((1, 1),), 1), (4, 5, ((2, 1), (2, 2)), 1), (3, 4, (), 2), (4, 4, ((1, 2),), 2)]
    for rows, cols, obstacles, cats in cases:
        sol = solve(rows, cols, obstacles, cats)
        for first in ("cat", "mouse"):
            ours = sol.value(*corner_start(rows, cols, cats), first)
            assert ours == brute_force(rows, cols, first, obstacles, cats)


def test_parity_rule_and_r_plus_c_minus_3_law_to_10x10():
    wrong = 0
    for rows in range(2, 11):
        for cols in range(2, 11):
            for first in ("cat", "mouse"):
                v = optimal_capture(rows, cols, first)
                assert (v is not None) == parity_rule_cat_wins(rows, cols, first)
                if v is not None:
                    assert v == rows + cols - 3
                wrong += (v is not None) != article_rule_cat_wins(rows, cols, first)
    assert wrong == 56          # the spec's count of boards where the article's rule fails


def test_values_are_consistent_with_one_step_lookahead():
    sol = solve(5, 6)
    C, M, nbr = sol.cat_to_move, sol.mouse_to_move, sol.nbr
    n = 30
    for c in range(n):
        for m in range(n):
            if c == m:
                continue
            assert C[c, m] == 1 + min(M[c2, m] for c2 in nbr[c] if c2 >= 0)
            assert M[c, m] == max(0 if m2 == c else C[c, m2] for m2 in nbr[m] if m2 >= 0)


def test_bad_arguments():
    with pytest.raises(ValueError, match="rows"):
        optimal_capture(1, 4)
    with pytest.raises(ValueError, match="first_move"):
        optimal_capture(4, 4, "both")
    with pytest.raises(ValueError, match="obstacles"):
        solve(4, 4, obstacles=[(9, 9)])
    with pytest.raises(ValueError, match="cats"):
        solve(4, 4, cats=0)


def test_random_positions_with_walls_and_two_cats_match_brute_force():
    rng = np.random.default_rng(7)
    boards = [random_board(4, 4, 3, seed=5), random_board(3, 5, 2, seed=1),
              parse_board("""
                  . . . M
                  . # . .
                  C . . .""")]
    for board in boards:
        free = [(x, y) for x in range(board.cols) for y in range(board.rows) if (x, y) not in board.obstacles]
        for cats in (1, 2):
            sol = solve(board.rows, board.cols, board.obstacles, cats)
            for _ in range(12):
                picks = [free[i] for i in rng.choice(len(free), size=cats + 1)]
                cs, m = picks[:cats], picks[cats]
                for first in ("cat", "mouse"):
                    ours = sol.value(cs, m, first)
                    ref = brute_force(board.rows, board.cols, first, board.obstacles, cats, start=(cs, m))
                    assert ours == ref, (board, cs, m, first)
