"""Expected capture time against the stochastic mice: value iteration over (cat cell, mouse cell).

``E_cat[c, m]`` (cat to move) = 1 + min over cat moves of ``E_mouse``; ``E_mouse[c, m]`` = the
mouse's move-probability-weighted ``E_cat``. Mice never step onto the cat, so positions whose
distance at the cat's turn is even are never captured (value inf); the rest converge.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from catmouse.exact import neighbours
from catmouse.game import check_board, check_first_move
from catmouse.mice import MOUSE_DELTAS, check_mouse, transition_arrays


def mouse_targets(rows: int, cols: int) -> np.ndarray:
    """target[m, k]: mouse cell after MOUSE_DELTAS[k] (clipped; probability 0 where illegal)."""
    out = np.zeros((rows * cols, 4), dtype=np.int64)
    for x in range(cols):
        for y in range(rows):
            for k, (dx, dy) in enumerate(MOUSE_DELTAS):
                nx, ny = min(max(x + dx, 0), cols - 1), min(max(y + dy, 0), rows - 1)
                out[x * rows + y, k] = nx * rows + ny
    return out


_mouse_targets = mouse_targets  # older name, still imported by chain and generaltrain


@lru_cache(maxsize=16)
def transition(rows: int, cols: int, mouse: str) -> np.ndarray:
    """P[c, m, k]: probability that the mouse at m moves in direction k with the cat at c."""
    check_mouse(mouse)
    return transition_arrays(mouse, rows, cols)


def _certain_capture(cat_table: np.ndarray, P: np.ndarray, targets: np.ndarray, n: int) -> np.ndarray:
    """Cat-to-move states from which a fixed cat policy captures with probability one."""
    cs, ms = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    nc = cat_table[cs, ms]
    done = nc == ms                                   # captured by this move
    succ = targets[ms]                                # mouse's next cells, shape (n, n, 4)
    live = P[nc, ms] > 0                              # which of them it may choose
    can = done.copy()                                 # capture reachable with positive probability
    while True:
        new = done | (live & can[nc[..., None], succ]).any(axis=2)
        if (new == can).all():
            break
        can = new
    doomed = ~can                                     # may wander into a state that never captures
    while True:
        new = doomed | (~done & (live & doomed[nc[..., None], succ]).any(axis=2))
        if (new == doomed).all():
            return ~doomed
        doomed = new


def expected_capture(rows: int, cols: int, mouse: str = "smart", cat_table: np.ndarray | None = None,
                     tol: float = 1e-12, max_sweeps: int = 100_000):
    """(E_cat, E_mouse) arrays over (cat cell, mouse cell); optimal cat unless ``cat_table`` is given.

    ``cat_table[c, m]`` (optional) is the cat's next cell under a fixed policy. Raises
    RuntimeError when the sweeps have not converged after ``max_sweeps``.
    """
    E_cat, E_mouse, converged = value_sweeps(rows, cols, mouse, cat_table, tol, max_sweeps)
    if not converged:
        raise RuntimeError("value iteration did not converge")
    return E_cat, E_mouse


def value_sweeps(rows: int, cols: int, mouse: str = "smart", cat_table: np.ndarray | None = None,
                 tol: float = 1e-12, max_sweeps: int = 100_000):
    """(E_cat, E_mouse, converged): the value iteration behind ``expected_capture``.

    The sweeps start from 0 and never decrease, so when they stop at ``max_sweeps`` without
    converging the arrays are lower bounds of the expected capture times.
    """
    check_board(rows, cols)
    if max_sweeps < 1:
        raise ValueError(f"max_sweeps must be >= 1, got {max_sweeps}")
    n = rows * cols
    P = transition(rows, cols, mouse)
    targets = mouse_targets(rows, cols)
    nbr = neighbours(rows, cols)
    x, y = np.divmod(np.arange(n), rows)
    odd = (np.abs(x[:, None] - x[None, :]) + np.abs(y[:, None] - y[None, :])) % 2 == 1
    caught = np.eye(n, dtype=bool)
    if cat_table is not None:
        odd = odd & _certain_capture(cat_table, P, targets, n)
    E_cat = np.where(odd, 0.0, np.inf)
    ms = np.arange(n)[None, :]
    for _ in range(max_sweeps):
        E_mouse = np.where(caught, 0.0, np.einsum("cmk,cmk->cm", P, np.nan_to_num(
            E_cat[np.arange(n)[:, None, None], targets[None, :, :]], posinf=1e300)))
        E_mouse = np.where(odd, np.inf, E_mouse)   # odd at the mouse's turn: never caught
        if cat_table is None:
            padded = np.concatenate([E_mouse, np.full((1, n), np.inf)], axis=0)
            nxt = padded[np.where(nbr < 0, n, nbr)].min(axis=1)
        else:
            nxt = E_mouse[cat_table, ms]
        new = np.where(odd, 1.0 + nxt, np.inf)
        if np.abs(new[odd] - E_cat[odd]).max() < tol:
            return new, E_mouse, True
        E_cat = new
    return E_cat, E_mouse, False


def expected_capture_from_corner(rows: int, cols: int, mouse: str = "smart", first_move: str = "mouse",
                                 cat_table: np.ndarray | None = None, max_sweeps: int = 100_000) -> float:
    """Expected cat moves to capture from the corner start (optimal cat unless a table is given)."""
    check_first_move(first_move)
    E_cat, E_mouse = expected_capture(rows, cols, mouse, cat_table, max_sweeps=max_sweeps)
    c0, m0 = 0, rows * cols - 1
    return float((E_cat if first_move == "cat" else E_mouse)[c0, m0])


FAR_RULES = ("euclidean", "manhattan")


def policy_cells(rows: int, cols: int, table: np.ndarray | None = None, far: str = "euclidean") -> np.ndarray:
    """next[c, m]: the cat's next cell under a window table (None: the far rule everywhere).

    ``far`` is the step taken outside the window: ``"euclidean"`` (the article's: the step that
    most reduces the Euclidean distance, i.e. along the larger gap, ties vertical) or
    ``"manhattan"`` (the first of U, D, L, R that reduces the Manhattan distance: every step
    toward the mouse does, so the cat closes the vertical gap first).
    """
    from catmouse.game import DELTAS
    from catmouse.window import TABLE_DIRECTIONS, window_index_arrays
    if far not in FAR_RULES:
        raise ValueError(f"far must be one of {FAR_RULES}, got {far!r}")
    check_board(rows, cols)
    n = rows * cols
    c, m = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    cx, cy, mx, my = c // rows, c % rows, m // rows, m % rows
    dx, dy = mx - cx, my - cy
    if far == "euclidean":
        vertical = (np.abs(dy) >= np.abs(dx)) & (dy != 0)
    else:
        vertical = dy != 0
    gx, gy = np.where(vertical, 0, np.sign(dx)), np.where(vertical, np.sign(dy), 0)
    if table is not None:
        flat, inside = window_index_arrays(cx, cy, mx, my, rows, cols)
        code = np.asarray(table).ravel()[flat]
        tx = np.array([DELTAS[d][0] for d in TABLE_DIRECTIONS])[code]
        ty = np.array([DELTAS[d][1] for d in TABLE_DIRECTIONS])[code]
        gx, gy = np.where(inside, tx, gx), np.where(inside, ty, gy)
    nx, ny = cx + gx, cy + gy
    out = nx * rows + ny
    return np.where(c == m, c, out)
