"""Walls drawn as text or at random, teams of cats: parsing, the team evaluator and the team climb."""

import itertools

import numpy as np
import pytest

from catmouse import solve
from catmouse.cat_climb import greedy_fallback_table, greedy_team, hill_climb_team
from catmouse.exact.policy import cat_policy_values, team_values
from catmouse.exact.solve import optimal_cat_moves
from catmouse.rules import DIRECTIONS
from catmouse.walls import Board, connected, parse_board, random_board


def test_parse_board_reads_rows_top_first():
    board = parse_board("""
        . . M
        # . .
        C . #
    """)
    assert (board.rows, board.cols) == (3, 3)
    assert set(board.obstacles) == {(0, 1), (2, 0)}
    assert board.cats == ((0, 0),) and board.mouse == (2, 2)
    for bad, match in [("C . M\n. .", "same length"), ("C x M\n. . .", "unknown"), ("C . .\n. . .", "one M")]:
        with pytest.raises(ValueError, match=match):
            parse_board(bad)


def test_random_boards_are_seeded_connected_and_keep_the_corners():
    a, b = random_board(7, 6, 9, seed=4), random_board(7, 6, 9, seed=4)
    assert a == b and len(a.obstacles) == 9
    for seed in range(20):
        board = random_board(6, 6, 10, seed=seed)
        assert (0, 0) not in board.obstacles and (5, 5) not in board.obstacles
        assert connected(6, 6, board.obstacles)
    with pytest.raises(ValueError, match="walls"):
        random_board(4, 4, 20, seed=0)


def test_team_of_one_matches_the_single_cat_evaluator():
    board = random_board(6, 5, 5, seed=1)
    sol = solve(6, 5, board.obstacles)
    team = team_values(greedy_team(6, 5, board.obstacles, 1), sol.nbr)
    one = cat_policy_values(greedy_fallback_table(6, 5, board.obstacles), board.obstacles)
    free = (sol.nbr >= 0).any(axis=1)
    mask = free[:, None] & free[None, :]
    for side in ("cat", "mouse"):
        assert np.array_equal(team.to_move(side)[mask], one.to_move(side)[mask])


@pytest.mark.parametrize("rows,cols,obstacles", [(4, 4, ()), (4, 5, ((2, 2),)), (5, 4, ((1, 1), (2, 3)))])
def test_the_solvers_own_moves_as_a_team_table_are_optimal(rows, cols, obstacles):
    sol = solve(rows, cols, obstacles, cats=2)
    n = rows * cols
    table = np.zeros((n, n, n), dtype=np.int64)
    blocked = {x * rows + y for x, y in obstacles}
    for c1, c2, m in itertools.product(range(n), repeat=3):
        if {c1, c2, m} & blocked or m in (c1, c2):
            continue
        moves = optimal_cat_moves(sol, [divmod(c1, rows), divmod(c2, rows)], divmod(m, rows))
        table[c1, c2, m] = DIRECTIONS.index(moves[0]) + 4 * DIRECTIONS.index(moves[1])
    values = team_values(table, sol.nbr)
    C, M = values.cat_to_move, values.mouse_to_move
    free = np.ones(n, bool)
    free[list(blocked)] = False
    mask = free[:, None, None] & free[None, :, None] & free[None, None, :]
    assert np.array_equal(C[mask], sol.cat_to_move[mask]) and np.array_equal(M[mask], sol.mouse_to_move[mask])


def test_team_climb_never_gets_worse_and_never_beats_the_optimum():
    board = Board(4, 4, (), ((0, 0), (0, 0)), (3, 3))
    climb = hill_climb_team(board, "cat", iterations=40, seed=0)
    history = climb.history
    assert all(b <= a for a, b in itertools.pairwise(history))
    sol = solve(4, 4, (), cats=2)
    assert (team_values(climb.best, sol.nbr).cat_to_move >= sol.cat_to_move).all()
    assert np.isinf(history[0].start)         # greedy twins move as one cat: the mouse evades
    assert history[-1].start < np.inf         # a few climbing steps split them and win
    assert climb.score == history[-1] and history[-1].total <= history[0].total
