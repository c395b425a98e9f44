"""The pursuit game played out (walls, several cats): optimal play lasts the solver's value; random
play keeps every rule; bad moves are refused."""

from collections import Counter

import numpy as np
import pytest

from catmouse import Pursuit, play_pursuit, solve
from catmouse.exact.solve import optimal_cat_moves, optimal_mouse_move
from catmouse.rules import DIRECTIONS, corner_start, step
from catmouse.walls import random_board


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


def watched_random_players(rng, rows, cols, walls, start, first, limit):
    """Random cat and mouse functions that check the game they are shown before each move, and
    the list of (mover, cats, mouse) they were shown."""
    seen = []

    def legal(p):
        return [d for d in DIRECTIONS if (q := step(*p, d, rows, cols)) and q not in walls]

    def check(mover, cs, m):
        assert isinstance(cs, tuple) and len(cs) == len(start[0])
        for x, y in (*cs, m):                                # on the board, off the walls
            assert 0 <= x < cols and 0 <= y < rows and (x, y) not in walls
        assert m not in cs                                   # a capture would have ended it
        if not seen:
            assert mover == first and (cs, m) == start
        else:
            before, cs0, m0 = seen[-1]
            assert mover != before                           # the sides alternate
            if before == "cat":                              # every cat stepped once, the mouse not
                assert m == m0 and all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
                                       for a, b in zip(cs0, cs, strict=True))
            else:                                            # the mouse stepped once, the cats not
                assert cs == cs0 and abs(m[0] - m0[0]) + abs(m[1] - m0[1]) == 1
        assert sum(s[0] == "cat" for s in seen) < limit     # the limit is not reached yet
        seen.append((mover, cs, m))

    def cats(cs, m):
        check("cat", cs, m)
        return [legal(c)[int(rng.integers(len(legal(c))))] for c in cs]

    def mouse(cs, m):
        check("mouse", cs, m)
        return legal(m)[int(rng.integers(len(legal(m))))]

    return cats, mouse, seen


def test_invariants_after_every_move_of_random_play():
    """Thousands of seeded random games on random boards with walls and one to three cats (which
    may share a cell, or start on the mouse). Each side checks the game it is shown before every
    move (``watched_random_players``); at the end the path is the positions shown plus the last
    one, the game stops at its first capture or after exactly the limit, and the counts add up."""
    rng = np.random.default_rng(11)
    ends = Counter()
    for game in range(2000):
        rows, cols = int(rng.integers(2, 7)), int(rng.integers(2, 7))
        board = random_board(rows, cols, int(rng.integers(0, rows * cols // 5 + 1)), seed=game)
        walls = set(board.obstacles)
        free = [(x, y) for x in range(cols) for y in range(rows) if (x, y) not in walls]
        cats = tuple(free[i] for i in rng.integers(len(free), size=int(rng.integers(1, 4))))
        open_cells = [c for c in free if c not in cats] if rng.random() < 0.9 else []
        mouse = (open_cells or free)[int(rng.integers(len(open_cells or free)))]   # rarely on a cat
        first = ("cat", "mouse")[game % 2]
        limit = int(rng.integers(1, 40))
        cat_fn, mouse_fn, seen = watched_random_players(rng, rows, cols, walls, (cats, mouse),
                                                        first, limit)
        result = play_pursuit(rows, cols, cat_fn, mouse_fn, cats, mouse, board.obstacles, first,
                              max_cat_moves=limit)
        path = result.path
        assert path[0] == (cats, mouse) and len(path) == len(seen) + 1
        assert list(path[:-1]) == [(cs, m) for _, cs, m in seen]   # one position per move
        assert result.cat_moves == sum(s[0] == "cat" for s in seen) <= limit
        cs, m = path[-1]
        assert result.caught == (m in cs)
        if not result.caught:                                # only the limit ends a game uncaught
            assert result.cat_moves == limit and seen[-1][0] == "cat"
        ends["start" if not seen else seen[-1][0] if result.caught else "limit"] += 1
    assert set(ends) == {"start", "cat", "mouse", "limit"}   # every way a game ends, many times
    assert min(ends.values()) >= 20, ends


def test_a_mouse_starting_on_a_cat_is_caught_before_anyone_moves():
    game = play_pursuit(4, 4, lambda c, m: ["R", "R"], lambda c, m: "D", cats=((0, 0), (1, 1)),
                        mouse=(1, 1), first_move="mouse")
    assert game == Pursuit(True, 0, ((((0, 0), (1, 1)), (1, 1)),))
    assert solve(4, 4, cats=2).value([(0, 0), (1, 1)], (1, 1), "mouse") == game.cat_moves


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
