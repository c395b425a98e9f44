"""Ground truth: retrograde analysis of the pursuit game, with walls and any number of cats.

Values count cat moves until capture (the capturing move included) under optimal play by both
sides; ``inf`` means the mouse evades forever. A cat move moves every cat one step; a mouse that
steps onto a cat is caught at once. The values are the fixed point of ``exact.fixpoint`` with
the cats minimising and the mouse maximising.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from catmouse.arguments import board_cell, board_cells, cats_number, positions
from catmouse.arguments import obstacles as walls_arg
from catmouse.exact.fixpoint import CaptureTimes, caught_mask, fixed_point, over_moves
from catmouse.rules import (
    DIRECTIONS,
    check_board,
    check_first_move,
    corner_start,
    neighbours,
)
from studykit.checks import choice, flag


def check_walls(rows: int, cols: int, obstacles, cats: int, starts=()) -> tuple:
    """The walls as a tuple of cells; refuse fewer than one cat, a wall off the board or on a cell
    of ``starts``, fewer than two free cells, or a free cell with no free neighbour."""
    cats_number(cats)
    obstacles = walls_arg(obstacles, rows, cols, starts)
    blocked = {x * rows + y for x, y in obstacles}
    if len(blocked) > rows * cols - 2:
        raise ValueError(f"obstacles: {len(blocked)} walls leave fewer than two free cells on the "
                         f"{rows}x{cols} board")
    nbr = neighbours(rows, cols, obstacles)
    for cell in range(rows * cols):
        if cell not in blocked and (nbr[cell] < 0).all():
            raise ValueError(f"obstacles: cell {divmod(cell, rows)} has no free neighbour")
    return obstacles


@dataclass(frozen=True, eq=False)
class Solution(CaptureTimes):
    """Optimal capture times: ``cat_to_move[c1, ..., ck, m]`` and ``mouse_to_move[...]``, on a
    board of ``rows`` x ``cols`` with ``cats`` cats, its ``obstacles`` and neighbour table."""

    rows: int
    cols: int
    cats: int
    obstacles: tuple
    nbr: np.ndarray

    def cells(self, cats, mouse) -> tuple[int, ...]:
        """The array index of cats [(x, y), ...] and mouse (x, y): (cat cells..., mouse cell).

        Every cell must be on the board and not a wall, with one cell per cat of the solution.
        """
        cats = board_cells(cats, "cats", self.rows, self.cols, self.obstacles, min_len=self.cats,
                           max_len=self.cats)
        mouse = board_cell(mouse, "mouse", self.rows, self.cols, self.obstacles)
        return tuple(x * self.rows + y for x, y in cats) + (mouse[0] * self.rows + mouse[1],)

    def value(self, cats, mouse, to_move: str) -> float:
        """Optimal cat moves from cats [(x, y), ...] and mouse (x, y) with ``to_move`` next."""
        to_move = choice(to_move, "to_move", ("cat", "mouse"))
        return float(self.to_move(to_move)[self.cells(cats, mouse)])


def solve(rows: int, cols: int, obstacles=(), cats: int = 1, plain: bool = False) -> Solution:
    """Retrograde solution of every position (cats and mouse anywhere, either side to move).

    Refused beyond ``arguments.MAX_POSITIONS`` positions (cells ** (cats + 1)). ``plain``: every
    step by ``fixpoint.over_moves_plain`` (the same values, slower).
    """
    plain = flag(plain, "plain")
    rows, cols = check_board(rows, cols)
    cats = cats_number(cats)
    positions(rows * cols, cats, rows + cols)
    obstacles = check_walls(rows, cols, obstacles, cats)
    positions(rows * cols, cats, rows + cols + len(obstacles))
    nbr = neighbours(rows, cols, obstacles)

    def cats_step(M):
        for axis in range(cats):                  # the joint move: each cat's best in turn
            M = over_moves(M, nbr, axis, np.min, np.inf, plain)
        return M

    times = fixed_point(cats_step, lambda C: over_moves(C, nbr, cats, np.max, -np.inf, plain),
                        caught_mask(rows * cols, cats))
    return Solution(times.cat_to_move, times.mouse_to_move, rows=rows, cols=cols, cats=cats,
                    obstacles=obstacles, nbr=nbr)


def optimal_capture(rows: int, cols: int, first_move: str = "cat", obstacles=(),
                    cats: int = 1) -> int | None:
    """Cat moves to capture under optimal play from the corner start, or None if the mouse evades.

    Walls may not stand on the start cells (the cats' corner (0, 0), the mouse's opposite one).
    """
    check_first_move(first_move)
    rows, cols = check_board(rows, cols)
    cats = cats_number(cats)
    positions(rows * cols, cats, rows + cols)
    check_walls(rows, cols, obstacles, cats, starts=((0, 0), (cols - 1, rows - 1)))
    sol = solve(rows, cols, obstacles, cats)
    v = sol.value(*corner_start(rows, cols, cats), first_move)
    return None if np.isinf(v) else int(v)


def solution(sol) -> Solution:
    """``sol`` if it is a ``Solution`` (TypeError otherwise)."""
    if not isinstance(sol, Solution):
        raise TypeError(f"sol must be a Solution from catmouse.solve, got {type(sol).__name__}")
    return sol


def optimal_cat_moves(sol: Solution, cats, mouse) -> list[str]:
    """A joint move (one direction per cat) that attains the optimal capture time."""
    *cs, m = solution(sol).cells(cats, mouse)
    if m in cs:
        raise ValueError(f"mouse {tuple(mouse)} is already caught (a cat stands on it)")
    options = [[(k, int(c2)) for k, c2 in enumerate(sol.nbr[c]) if c2 >= 0] for c in cs]
    best, best_val = None, np.inf
    for combo in itertools.product(*options):
        new = tuple(c2 for _, c2 in combo)
        val = 0.0 if m in new else sol.mouse_to_move[new + (m,)]
        if best is None or val < best_val:
            best, best_val = combo, val
    return [DIRECTIONS[k] for k, _ in best]


def optimal_mouse_move(sol: Solution, cats, mouse) -> str:
    """A mouse move that maximises the capture time (ties: first in R, L, U, D)."""
    *cs, m = solution(sol).cells(cats, mouse)
    if m in cs:
        raise ValueError(f"mouse {tuple(mouse)} is already caught (a cat stands on it)")
    best, best_val = None, -np.inf
    for k, m2 in enumerate(sol.nbr[m]):
        if m2 < 0:
            continue
        val = 0.0 if m2 in cs else sol.cat_to_move[tuple(cs) + (int(m2),)]
        if best is None or val > best_val:
            best, best_val = k, val
    return DIRECTIONS[best]
