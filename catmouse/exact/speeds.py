"""The game at different speeds, solved exactly: a player of speed s makes s single steps per turn.

One of the article's proposed extensions ("one player able to travel at a different speed"). A
cat of speed 2 steps twice in its turn and catches the mouse if either step lands on it; a mouse
of speed 2 steps twice and never steps onto the cat (neither step may touch the cat's cell; if
every two-step walk does, it is caught). Nobody may stay put: a two-step walk may come back to its
start. Values count cat turns to capture under optimal play, the fixed point of
``exact.fixpoint`` with walks in place of single steps; speeds (1, 1) are the ordinary game
(``exact.solve``), which the tests check.
"""

from __future__ import annotations

import numpy as np

from catmouse.exact.fixpoint import CaptureTimes, caught_mask, fixed_point
from catmouse.rules import check_board, check_first_move, corner_cells, neighbours
from studykit.checks import whole

MAX_WORK = 10_000_000_000   # positions x walk steps x sweeps (15x15, speeds 3 and 3: 0.6e9, 1.2 s)


def check_speed(name: str, speed: int) -> int:
    """``speed`` as a whole number from 1 to 3 (TypeError or ValueError otherwise)."""
    return whole(speed, name, 1, 3)


def speed_work(rows: int, cols: int, cat_speed: int, mouse_speed: int) -> int:
    """The steps of solving a board at these speeds: positions x walk steps x sweeps."""
    n = rows * cols
    return n * n * (4 ** cat_speed * cat_speed + 4 ** mouse_speed * mouse_speed) * (rows + cols)


def check_work(rows: int, cols: int, cat_speed: int, mouse_speed: int) -> None:
    """Refuse a board and speeds whose solution would take more than about 20 s here."""
    work = speed_work(rows, cols, cat_speed, mouse_speed)
    if work > MAX_WORK:
        raise ValueError(f"solving {rows}x{cols} at speeds ({cat_speed}, {mouse_speed}) means "
                         f"about {work:.1e} steps, more than the limit of {MAX_WORK:.0e} (about "
                         "20 s on this machine); use a smaller board or lower speeds")


def walks(rows: int, cols: int, speed: int) -> np.ndarray:
    """walk[cell, k, j]: the cell after step j + 1 of the k-th walk of ``speed`` steps (-1: none)."""
    rows, cols = check_board(rows, cols)
    speed = check_speed("speed", speed)
    check_work(rows, cols, speed, 1)
    nbr = neighbours(rows, cols)
    paths = [[(c,)] for c in range(rows * cols)]
    for _ in range(speed):
        paths = [[p + (int(q),) for p in ps for q in nbr[p[-1]] if q >= 0] for ps in paths]
    width = max(len(ps) for ps in paths)
    out = np.full((rows * cols, width, speed), -1, dtype=np.int64)
    for c, ps in enumerate(paths):
        out[c, :len(ps)] = [p[1:] for p in ps]
    return out


def solve_speeds(rows: int, cols: int, cat_speed: int = 1, mouse_speed: int = 1) -> CaptureTimes:
    """Optimal cat turns to capture with the cat or the mouse to move, over (cat cell, mouse cell)."""
    rows, cols = check_board(rows, cols)
    cat_speed = check_speed("cat_speed", cat_speed)
    mouse_speed = check_speed("mouse_speed", mouse_speed)
    check_work(rows, cols, cat_speed, mouse_speed)
    n = rows * cols
    cw, mw = walks(rows, cols, cat_speed), walks(rows, cols, mouse_speed)
    cells = np.arange(n)

    def cat_step(M):                            # min over the cat's walks; a touch captures
        best = np.full((n, n), np.inf)
        for k in range(cw.shape[1]):
            path = cw[:, k]                     # (n cat cells, steps)
            ok = path[:, 0] >= 0
            hit = (path[:, :, None] == cells[None, None, :]).any(axis=1)   # (cat, mouse)
            after = np.where(hit, 0.0, M[path[:, -1]])
            best = np.where(ok[:, None], np.minimum(best, after), best)
        return best

    def mouse_step(C):                          # max over walks avoiding the cat; none: caught
        worst = np.full((n, n), -np.inf)
        for k in range(mw.shape[1]):
            path = mw[:, k]                     # (n mouse cells, steps)
            ok = path[:, 0] >= 0
            touches = (path[None, :, :] == cells[:, None, None]).any(axis=2)  # (cat, mouse)
            value = np.where(touches | ~ok[None, :], -np.inf, C[cells[:, None], path[None, :, -1]])
            worst = np.maximum(worst, value)
        return np.where(np.isneginf(worst), 0.0, worst)

    return fixed_point(cat_step, mouse_step, caught_mask(n, 1))


def capture_with_speeds(rows: int, cols: int, first_move: str = "cat", cat_speed: int = 1,
                        mouse_speed: int = 1) -> int | None:
    """Cat turns to capture from the corner start under optimal play, or None if the mouse evades."""
    check_first_move(first_move)
    v = solve_speeds(rows, cols, cat_speed, mouse_speed).to_move(first_move)[corner_cells(rows, cols)]
    return None if np.isinf(v) else int(v)
