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

from catmouse.board import (
    DIRECTIONS,
    check_board,
    check_first_move,
    corner_start,
    neighbours,
)
from catmouse.exact.fixpoint import caught_mask, fixed_point, over_moves


def check_walls(rows: int, cols: int, obstacles, cats: int) -> None:
    """Refuse fewer than one cat, a wall off the board, or a free cell with no free neighbour."""
    if cats < 1:
        raise ValueError(f"cats must be >= 1, got {cats}")
    for x, y in obstacles:
        if not (0 <= x < cols and 0 <= y < rows):
            raise ValueError(f"obstacles: {(x, y)} is off the {rows}x{cols} board")
    nbr = neighbours(rows, cols, obstacles)
    blocked = {x * rows + y for x, y in obstacles}
    for cell in range(rows * cols):
        if cell not in blocked and (nbr[cell] < 0).all():
            raise ValueError(f"obstacles: cell {divmod(cell, rows)} has no free neighbour")


@dataclass(frozen=True, eq=False)
class Solution:
    """Optimal capture times: ``cat_to_move[c1, ..., ck, m]`` and ``mouse_to_move[...]``."""

    rows: int
    cols: int
    cats: int
    obstacles: tuple
    cat_to_move: np.ndarray
    mouse_to_move: np.ndarray
    nbr: np.ndarray

    def cells(self, cats, mouse) -> tuple[int, ...]:
        """The array index of cats [(x, y), ...] and mouse (x, y): (cat cells..., mouse cell)."""
        return tuple(x * self.rows + y for x, y in cats) + (mouse[0] * self.rows + mouse[1],)

    def value(self, cats, mouse, to_move: str) -> float:
        """Optimal cat moves from cats [(x, y), ...] and mouse (x, y) with ``to_move`` next."""
        return float((self.cat_to_move if to_move == "cat" else self.mouse_to_move)[
            self.cells(cats, mouse)])


def solve(rows: int, cols: int, obstacles=(), cats: int = 1) -> Solution:
    """Retrograde solution of every position (cats and mouse anywhere, either side to move)."""
    check_board(rows, cols)
    obstacles = tuple(tuple(o) for o in obstacles)
    check_walls(rows, cols, obstacles, cats)
    nbr = neighbours(rows, cols, obstacles)

    def cats_step(M):
        for axis in range(cats):                  # the joint move: each cat's best in turn
            M = over_moves(M, nbr, axis, np.min, np.inf)
        return M

    C, M = fixed_point(cats_step, lambda C: over_moves(C, nbr, cats, np.max, -np.inf),
                       caught_mask(rows * cols, cats))
    return Solution(rows, cols, cats, obstacles, C, M, nbr)


def optimal_capture(rows: int, cols: int, first_move: str = "cat", obstacles=(),
                    cats: int = 1) -> int | None:
    """Cat moves to capture under optimal play from the corner start, or None if the mouse evades."""
    check_first_move(first_move)
    sol = solve(rows, cols, obstacles, cats)
    v = sol.value(*corner_start(rows, cols, cats), first_move)
    return None if np.isinf(v) else int(v)


def optimal_cat_moves(sol: Solution, cats, mouse) -> list[str]:
    """A joint move (one direction per cat) that attains the optimal capture time."""
    *cs, m = sol.cells(cats, mouse)
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
    *cs, m = sol.cells(cats, mouse)
    best, best_val = None, -np.inf
    for k, m2 in enumerate(sol.nbr[m]):
        if m2 < 0:
            continue
        val = 0.0 if m2 in cs else sol.cat_to_move[tuple(cs) + (int(m2),)]
        if best is None or val > best_val:
            best, best_val = k, val
    return DIRECTIONS[best]
