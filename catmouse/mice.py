"""The stochastic mice of version 2, as a draw-by-draw rule and as exact move probabilities.

Each mouse move draws directions from ``['U', 'D', 'L', 'R']`` until the cell is acceptable:
on the board and not the cat's cell; the notebook's "smart" mouse also rejects cells next to the
cat during its first four draws of a move; the "strict" mouse rejects them as long as some legal
cell away from the cat exists. Rejected draws count (they consume the random stream).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

MOUSE_KINDS = ("random", "smart", "strict")
MOUSE_DIRECTIONS = ("U", "D", "L", "R")
MOUSE_DELTAS = ((0, 1), (0, -1), (-1, 0), (1, 0))


def check_mouse(kind: str) -> None:
    """Raise ValueError for an unknown mouse kind."""
    if kind not in MOUSE_KINDS:
        raise ValueError(f"mouse must be one of {MOUSE_KINDS}, got {kind!r}")


def _cells(cx, cy, mx, my, rows, cols):
    """Per direction: (legal, safe) where safe also means not next to the cat."""
    out = []
    for dx, dy in MOUSE_DELTAS:
        nx, ny = mx + dx, my + dy
        legal = 0 <= nx < cols and 0 <= ny < rows and (nx, ny) != (cx, cy)
        out.append((legal, legal and abs(nx - cx) + abs(ny - cy) != 1))
    return out


def mouse_move(kind: str, cx: int, cy: int, mx: int, my: int, rows: int, cols: int, draw) -> tuple:
    """One mouse move; ``draw()`` returns the next direction index in 0..3."""
    cells = _cells(cx, cy, mx, my, rows, cols)
    any_safe = any(s for _, s in cells)
    tries = 0
    while True:
        k = draw()
        tries += 1
        legal, safe = cells[k]
        picky = (kind == "smart" and tries <= 4) or (kind == "strict" and any_safe)
        if (safe if picky else legal):
            return mx + MOUSE_DELTAS[k][0], my + MOUSE_DELTAS[k][1]


def move_probabilities(kind: str, cx: int, cy: int, mx: int, my: int, rows: int, cols: int) -> np.ndarray:
    """Exact probability of each of the four directions for one move of this mouse."""
    check_mouse(kind)
    cells = _cells(cx, cy, mx, my, rows, cols)
    legal = np.array([c[0] for c in cells], dtype=float)
    safe = np.array([c[1] for c in cells], dtype=float)
    if not legal.any():
        raise ValueError(f"the mouse at {(mx, my)} has no legal move")
    if kind == "random" or (kind == "strict" and not safe.any()):
        return legal / legal.sum()
    if kind == "strict":
        return safe / safe.sum()
    q = 1 - safe.sum() / 4                       # smart: four picky draws, then any legal cell
    picky = safe * sum(q ** i for i in range(4)) / 4
    return picky + q ** 4 * legal / legal.sum()


@lru_cache(maxsize=8)
def board_tables(rows: int, cols: int):
    """Per (cat cell, mouse cell, direction): the mouse's target, legal/safe flags; rounded distances.

    Cells are ``x * rows + y``; directions index ``MOUSE_DELTAS`` (U, D, L, R).
    """
    n = rows * cols
    x, y = np.divmod(np.arange(n), rows)
    tx = x[:, None] + np.array([d[0] for d in MOUSE_DELTAS])[None, :]
    ty = y[:, None] + np.array([d[1] for d in MOUSE_DELTAS])[None, :]
    on = (tx >= 0) & (tx < cols) & (ty >= 0) & (ty < rows)
    target = np.where(on, tx * rows + ty, 0)
    gap = np.abs(tx[None] - x[:, None, None]) + np.abs(ty[None] - y[:, None, None])   # (c, m, k)
    legal = on[None] & (gap != 0)
    safe = legal & (gap != 1)
    rounded = np.array([[round(float(np.sqrt(dx * dx + dy * dy)), 2) for dy in range(rows)]
                        for dx in range(cols)])          # Python's rounding, as the article
    dist = rounded[np.abs(x[:, None] - x[None]), np.abs(y[:, None] - y[None])]
    return target, legal, safe, safe.any(axis=2), dist


def transition_arrays(kind: str, rows: int, cols: int) -> np.ndarray:
    """P[c, m, k]: move_probabilities of this mouse for every (cat cell, mouse cell), vectorised."""
    check_mouse(kind)
    _, legal, safe, any_safe, _ = board_tables(rows, cols)
    legal, safe = legal.astype(float), safe.astype(float)
    n_legal = np.maximum(legal.sum(axis=2, keepdims=True), 1)
    uniform = legal / n_legal
    if kind == "random":
        P = uniform
    elif kind == "strict":
        P = np.where(any_safe[..., None], safe / np.maximum(safe.sum(axis=2, keepdims=True), 1), uniform)
    else:
        q = 1 - safe.sum(axis=2, keepdims=True) / 4
        P = safe * (1 + q + q ** 2 + q ** 3) / 4 + q ** 4 * uniform
    n = rows * cols
    P[np.arange(n), np.arange(n)] = 0.0                  # the mouse on the cat: never asked
    return P
