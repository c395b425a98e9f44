"""The general engine (walls, several cats): optimal play lasts the solver's value; random play
keeps every rule; bad moves are refused."""

import itertools

import numpy as np
import pytest

from catmouse import play_pursuit, solve
from catmouse.board import DIRECTIONS, corner_start, step
from catmouse.boards import random_board
from catmouse.exact.solve import optimal_cat_moves, optimal_mouse_move


@pytest.mark.parametrize("rows,cols,obstacles,cats", [
    (5, 4, ((2, 0), (2, 1), (2, 2)), 1), (6, 5, (), 1), (5, 5, ((2, 2),), 2), (4, 6, (), 2),
    (6, 6, ((1, 3), (2, 3)), 2)])
def test_optimal_play_lasts_exactly_the_solver_value(rows, cols, obstacles, cats):
    sol = solve(rows, cols, obstacles, cats)
    for first in ("cat", "mouse"):
        start_cats, start_mouse = corner_start(rows, cols, cats)
        value = sol.value(start_cats, start_mouse, first)
        game = play_pursuit(
            rows, cols, lambda c, m: optimal_cat_moves(sol, c, m),
            lambda c, m: optimal_mouse_move(sol, c, m), start_cats, start_mouse, obstacles, first,
            max_cat_moves=60)
        if np.isfinite(value):
            assert game.caught and game.cat_moves == value
        else:
            assert not game.caught and game.cat_moves == 60
        for (cs, m) in game.path:
            assert m not in obstacles and not set(cs) & set(obstacles)


def test_invariants_over_random_play():
    """Thousands of seeded random games on random boards with walls and one to three cats."""
    rng = np.random.default_rng(11)
    caught = 0
    for game in range(2000):
        rows, cols = int(rng.integers(2, 7)), int(rng.integers(2, 7))
        board = random_board(rows, cols, int(rng.integers(0, rows * cols // 5 + 1)), seed=game)
        walls = set(board.obstacles)
        free = [(x, y) for x in range(cols) for y in range(rows) if (x, y) not in walls]
        picks = rng.choice(len(free), size=int(rng.integers(2, 5)), replace=False)
        *cats, mouse = [free[i] for i in picks]
        first = ("cat", "mouse")[game % 2]
        limit = int(rng.integers(1, 40))

        def legal(p, rows=rows, cols=cols, walls=walls):
            return [d for d in DIRECTIONS if (q := step(*p, d, rows, cols)) and q not in walls]

        def random_cats(cs, m):
            return [legal(c)[int(rng.integers(len(legal(c))))] for c in cs]

        def random_mouse(cs, m):
            return legal(m)[int(rng.integers(len(legal(m))))]

        result = play_pursuit(rows, cols, random_cats, random_mouse, cats, mouse, board.obstacles,
                              first, max_cat_moves=limit)
        path = result.path
        assert path[0] == (tuple(cats), mouse)
        for (cs, m) in path:                                 # on the board, off the walls
            for x, y in (*cs, m):
                assert 0 <= x < cols and 0 <= y < rows and (x, y) not in walls
        movers = []
        for (cs0, m0), (cs1, m1) in itertools.pairwise(path):
            steps = [abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in zip(cs0, cs1)]
            if m0 == m1:                                     # a cat turn: every cat steps once
                assert steps == [1] * len(cats)
                movers.append("cat")
            else:                                            # a mouse turn: one step, cats still
                assert abs(m0[0] - m1[0]) + abs(m0[1] - m1[1]) == 1 and cs0 == cs1
                movers.append("mouse")
        assert movers[0] == first and all(a != b for a, b in itertools.pairwise(movers))
        assert result.cat_moves == movers.count("cat")
        assert not any(m in cs for cs, m in path[:-1])       # the game ends at the first capture
        assert result.caught == (path[-1][1] in path[-1][0])
        if not result.caught:
            assert result.cat_moves == limit and movers[-1] == "cat"
        caught += result.caught
    assert 0 < caught < 2000


def test_engine_rejects_moves_into_walls_and_off_the_board():
    with pytest.raises(ValueError, match="obstacle"):
        play_pursuit(4, 4, lambda c, m: ["R"], lambda c, m: "D", obstacles=((1, 0),))
    with pytest.raises(ValueError, match="leaves the board"):
        play_pursuit(4, 4, lambda c, m: ["L"], lambda c, m: "D")
    with pytest.raises(ValueError, match="first_move"):
        play_pursuit(4, 4, lambda c, m: ["U"], lambda c, m: "D", first_move="owl")
    with pytest.raises(ValueError, match="start"):
        play_pursuit(4, 4, lambda c, m: ["U"], lambda c, m: "D", obstacles=((3, 3),))
    with pytest.raises(ValueError, match="rows"):
        play_pursuit(1, 4, lambda c, m: ["U"], lambda c, m: "D")
