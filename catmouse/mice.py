"""The stochastic mice of version 2, as a draw-by-draw rule and as exact move probabilities.

Each mouse move draws directions from ``['U', 'D', 'L', 'R']`` until the cell is acceptable:
on the board and not the cat's cell; the notebook's "smart" mouse also rejects cells next to the
cat during its first four draws of a move; the "strict" mouse rejects them as long as some legal
cell away from the cat exists. Rejected draws count (they consume the random stream).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from catmouse import arguments
from catmouse.rules import neighbours, stay_put, step

MOUSE_KINDS = arguments.MOUSE_KINDS
MOUSE_DIRECTIONS = ("U", "D", "L", "R")     # the order of the article's draws


def check_mouse(kind: str) -> None:
    """Raise ValueError for an unknown mouse kind (one of MOUSE_KINDS)."""
    arguments.mouse_kind(kind)


def mouse_targets(rows: int, cols: int) -> np.ndarray:
    """target[m, k]: the mouse's cell after MOUSE_DIRECTIONS[k] (itself where that leaves the board)."""
    return stay_put(neighbours(rows, cols, directions=MOUSE_DIRECTIONS))


def mouse_move(kind: str, cx: int, cy: int, mx: int, my: int, rows: int, cols: int,
               draw) -> tuple[int, int]:
    """One mouse move, straightforwardly; ``draw()`` returns the next direction index in 0..3."""
    options = []
    for d in MOUSE_DIRECTIONS:
        q = step(mx, my, d, rows, cols)
        legal = q is not None and q != (cx, cy)
        options.append((q, legal, legal and abs(q[0] - cx) + abs(q[1] - cy) != 1))
    any_safe = any(safe for _, _, safe in options)
    tries = 0
    while True:
        q, legal, safe = options[draw()]
        tries += 1
        picky = (kind == "smart" and tries <= 4) or (kind == "strict" and any_safe)
        if safe if picky else legal:
            return q


class BoardTables(NamedTuple):
    """Per (cat cell, mouse cell, direction k of MOUSE_DIRECTIONS), cells ``x * rows + y``."""

    target: np.ndarray      # the mouse's cell after direction k (itself if it leaves the board)
    legal: np.ndarray       # on the board and not the cat's cell
    safe: np.ndarray        # legal and not next to the cat
    any_safe: np.ndarray    # per (cat cell, mouse cell): some direction is safe
    dist: np.ndarray        # per (cell, cell): Euclidean distance rounded to 2 decimals


@lru_cache(maxsize=8)
def board_tables(rows: int, cols: int) -> BoardTables:
    """The mouse's options and the rounded distances of a board, for the batched games."""
    n = rows * cols
    x, y = np.divmod(np.arange(n), rows)
    nbr = neighbours(rows, cols, directions=MOUSE_DIRECTIONS)
    target = stay_put(nbr)
    gap = (np.abs(x[target][None] - x[:, None, None])
           + np.abs(y[target][None] - y[:, None, None]))                      # (c, m, k)
    legal = (nbr >= 0)[None] & (gap != 0)
    safe = legal & (gap != 1)
    rounded = np.array([[round(float(np.sqrt(dx * dx + dy * dy)), 2) for dy in range(rows)]
                        for dx in range(cols)])          # Python's rounding, as the article
    dist = rounded[np.abs(x[:, None] - x[None]), np.abs(y[:, None] - y[None])]
    return BoardTables(target, legal, safe, safe.any(axis=2), dist)


def transition_arrays(kind: str, rows: int, cols: int) -> np.ndarray:
    """P[c, m, k]: the probability that this mouse at m moves in direction k with the cat at c."""
    check_mouse(kind)
    tables = board_tables(rows, cols)
    legal, safe = tables.legal.astype(float), tables.safe.astype(float)
    n_legal = np.maximum(legal.sum(axis=2, keepdims=True), 1)
    uniform = legal / n_legal
    if kind == "random":
        P = uniform
    elif kind == "strict":
        P = np.where(tables.any_safe[..., None],
                     safe / np.maximum(safe.sum(axis=2, keepdims=True), 1), uniform)
    else:                                        # smart: four picky draws, then any legal cell
        q = 1 - safe.sum(axis=2, keepdims=True) / 4
        P = safe * (1 + q + q ** 2 + q ** 3) / 4 + q ** 4 * uniform
    n = rows * cols
    P[np.arange(n), np.arange(n)] = 0.0                  # the mouse on the cat: never asked
    return P
