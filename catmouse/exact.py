"""Ground truth: retrograde analysis of the pursuit game, optionally with obstacles and several cats.

Values count cat moves until capture (the capturing move included) under optimal play by both
sides; ``inf`` means the mouse evades forever. A cat move moves every cat one step; a mouse that
steps onto a cat is caught at once. Iterating the Bellman operator from ``inf`` gives after t
sweeps exactly the captures that take at most t cat moves, so the fixed point is exact.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from catmouse.game import DELTAS, DIRECTIONS, check_board, check_first_move


def neighbours(rows: int, cols: int, obstacles=()) -> np.ndarray:
    """nbr[cell, k] = cell one step in DIRECTIONS[k] (cells are x * rows + y), or -1."""
    blocked = {x * rows + y for x, y in obstacles}
    nbr = np.full((rows * cols, 4), -1, dtype=np.int64)
    for x in range(cols):
        for y in range(rows):
            if x * rows + y in blocked:
                continue
            for k, d in enumerate(DIRECTIONS):
                nx, ny = x + DELTAS[d][0], y + DELTAS[d][1]
                if 0 <= nx < cols and 0 <= ny < rows and nx * rows + ny not in blocked:
                    nbr[x * rows + y, k] = nx * rows + ny
    return nbr


def _check_obstacles(rows: int, cols: int, obstacles, cats: int) -> None:
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


def _step_axis(values: np.ndarray, nbr: np.ndarray, axis: int, reduce, fill: float) -> np.ndarray:
    """reduce over the moves of the piece on ``axis`` (invalid moves read ``fill``)."""
    padded = np.concatenate([values, np.full_like(values.take([0], axis=axis), fill)], axis=axis)
    moved = padded.take(np.where(nbr < 0, values.shape[axis], nbr), axis=axis)
    return reduce(moved, axis=axis + 1)


@dataclass
class Solution:
    """Optimal capture times: ``cat_to_move[c1, ..., ck, m]`` and ``mouse_to_move[...]``."""

    rows: int
    cols: int
    cats: int
    obstacles: tuple
    cat_to_move: np.ndarray
    mouse_to_move: np.ndarray
    nbr: np.ndarray

    def value(self, cats, mouse, to_move: str) -> float:
        """Optimal cat moves from cats [(x, y), ...] and mouse (x, y) with ``to_move`` next."""
        idx = tuple(x * self.rows + y for x, y in cats) + (mouse[0] * self.rows + mouse[1],)
        return float((self.cat_to_move if to_move == "cat" else self.mouse_to_move)[idx])


def _terminal(n: int, cats: int) -> np.ndarray:
    grids = np.meshgrid(*[np.arange(n)] * (cats + 1), indexing="ij")
    return np.logical_or.reduce([grids[i] == grids[-1] for i in range(cats)])


def solve(rows: int, cols: int, obstacles=(), cats: int = 1) -> Solution:
    """Retrograde solution of every position (cats and mouse anywhere, either side to move)."""
    check_board(rows, cols)
    obstacles = tuple(tuple(o) for o in obstacles)
    _check_obstacles(rows, cols, obstacles, cats)
    n = rows * cols
    nbr = neighbours(rows, cols, obstacles)
    caught = _terminal(n, cats)
    C = np.where(caught, 0.0, np.inf)
    M = C.copy()
    while True:
        M_new = np.where(caught, 0.0, _step_axis(C, nbr, cats, np.max, -np.inf))
        best = M_new
        for axis in range(cats):
            best = _step_axis(best, nbr, axis, np.min, np.inf)
        C_new = np.where(caught, 0.0, 1.0 + best)
        if np.array_equal(C_new, C) and np.array_equal(M_new, M):
            return Solution(rows, cols, cats, obstacles, C, M, nbr)
        C, M = C_new, M_new


def corner_start(rows: int, cols: int, cats: int = 1):
    """Cats in the bottom-left corner, the mouse in the top-right one."""
    return [(0, 0)] * cats, (cols - 1, rows - 1)


def optimal_capture(rows: int, cols: int, first_move: str = "cat", obstacles=(),
                    cats: int = 1) -> int | None:
    """Cat moves to capture under optimal play from the corner start, or None if the mouse evades."""
    check_first_move(first_move)
    sol = solve(rows, cols, obstacles, cats)
    v = sol.value(*corner_start(rows, cols, cats), first_move)
    return None if np.isinf(v) else int(v)


def article_rule_cat_wins(rows: int, cols: int, first_move: str) -> bool:
    """The article's claim: the cat cannot win only when both sides are even and the cat is first."""
    return not (rows % 2 == 0 and cols % 2 == 0 and first_move == "cat")


def parity_rule_cat_wins(rows: int, cols: int, first_move: str) -> bool:
    """The true rule from the corners: cat first -> R + C odd; mouse first -> R + C even."""
    return (rows + cols) % 2 == (1 if first_move == "cat" else 0)


def _cells_of(sol: Solution, cats, mouse):
    return tuple(x * sol.rows + y for x, y in cats), mouse[0] * sol.rows + mouse[1]


def optimal_cat_moves(sol: Solution, cats, mouse) -> list[str]:
    """A joint move (one direction per cat) that attains the optimal capture time."""
    cs, m = _cells_of(sol, cats, mouse)
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
    cs, m = _cells_of(sol, cats, mouse)
    best, best_val = None, -np.inf
    for k, m2 in enumerate(sol.nbr[m]):
        if m2 < 0:
            continue
        val = 0.0 if m2 in cs else sol.cat_to_move[cs + (int(m2),)]
        if best is None or val > best_val:
            best, best_val = k, val
    return DIRECTIONS[best]
