"""Version 2's small policy: a 729-entry table over a 3x3 window with two edge flags.

Index ``[cat_lx, cat_ly, mouse_lx, mouse_ly, lr_flag, bt_flag]`` with local coordinates inside
the window starting at ``max(0, max(coord) - 2)`` per axis; a flag is 1 when either player is on
the left (bottom) edge, else 2 on the right (top) edge, else 0. Entries are direction codes
(``rules.DIRECTIONS``). Used only when both players fit in the window (|dx| <= 2 and
|dy| <= 2); otherwise the cat takes the greedy step.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from catmouse.arguments import MAX_CHAIN, board_cell, table_size
from catmouse.rules import (
    CODE,
    DIRECTIONS,
    DX,
    DY,
    GREEDY_RULES,
    check_board,
    greedy_delta,
    greedy_step,
)
from studykit.checks import choice, shown

TABLE_SHAPE = (3, 3, 3, 3, 3, 3)


def _axis(c: int, m: int, size: int) -> tuple[int, int, int]:
    start = max(0, max(c, m) - 2)
    flag = 1 if 0 in (c, m) else (2 if size - 1 in (c, m) else 0)
    return c - start, m - start, flag


def window_index(cx: int, cy: int, mx: int, my: int, rows: int, cols: int):
    """The table index of a position, or None when the players do not fit in a 3x3 window."""
    if abs(cx - mx) > 2 or abs(cy - my) > 2:
        return None
    clx, mlx, lr = _axis(cx, mx, cols)
    cly, mly, bt = _axis(cy, my, rows)
    return (clx, cly, mlx, mly, lr, bt)


def window_index_arrays(cx, cy, mx, my, rows: int, cols: int):
    """Vectorised window_index: (flat index into the 729 table, inside-window mask)."""
    inside = (np.abs(cx - mx) <= 2) & (np.abs(cy - my) <= 2)
    sx = np.maximum(0, np.maximum(cx, mx) - 2)
    sy = np.maximum(0, np.maximum(cy, my) - 2)
    lr = np.where((cx == 0) | (mx == 0), 1, np.where((cx == cols - 1) | (mx == cols - 1), 2, 0))
    bt = np.where((cy == 0) | (my == 0), 1, np.where((cy == rows - 1) | (my == rows - 1), 2, 0))
    flat = (((((cx - sx) * 3 + (cy - sy)) * 3 + (mx - sx)) * 3 + (my - sy)) * 3 + lr) * 3 + bt
    return np.where(inside, flat, 0), inside


def check_window_board(rows: int, cols: int) -> None:
    """Raise ValueError unless both sides are at least 4: on a board 3 wide the window touches
    both edges but its flag marks only one, so a table could step off the board."""
    if min(rows, cols) < 4:
        raise ValueError(f"rows, cols: a window policy needs a board of at least 4 x 4, got "
                         f"{rows} x {cols}")


def leaves_flagged_edge(direction: str, lx: int, ly: int, lr: int, bt: int) -> bool:
    """Would this direction take a player at local (lx, ly) out through an edge the flags mark?"""
    return ((direction == "L" and lr == 1 and lx == 0) or (direction == "R" and lr == 2 and lx == 2)
            or (direction == "D" and bt == 1 and ly == 0)
            or (direction == "U" and bt == 2 and ly == 2))


def staying_table(who: str = "cat") -> np.ndarray:
    """Codes of the first of U, D, L, R that does not leave a flagged edge (the article's start)."""
    table = np.empty(TABLE_SHAPE, dtype=np.int8)
    for idx in np.ndindex(TABLE_SHAPE):
        lx, ly = (idx[0], idx[1]) if who == "cat" else (idx[2], idx[3])
        table[idx] = CODE[next(d for d in "UDLR" if not leaves_flagged_edge(d, lx, ly, *idx[4:]))]
    return table


def initial_window_table() -> np.ndarray:
    """The article's initial cat table: the first of U, D, L, R that stays on the board."""
    return staying_table("cat")


def window_step(table: np.ndarray, cx: int, cy: int, mx: int, my: int, rows: int,
                cols: int) -> str:
    """``window_direction`` without checking its arguments (for the games' loops)."""
    idx = window_index(cx, cy, mx, my, rows, cols)
    if idx is None:
        return greedy_step(cx, cy, mx, my)
    return DIRECTIONS[int(table[idx])]


def window_direction(table: np.ndarray, cx: int, cy: int, mx: int, my: int, rows: int,
                     cols: int) -> str:
    """The cat's move: the table inside the window, the greedy step outside it."""
    rows, cols = check_board(rows, cols)
    check_window_board(rows, cols)
    table = validate_window_table(table)
    cx, cy = board_cell((cx, cy), "the cat (cx, cy)", rows, cols)   # Python ints: a np.uint8
    mx, my = board_cell((mx, my), "the mouse (mx, my)", rows, cols)  # would wrap in max(c, m) - 2
    return window_step(table, cx, cy, mx, my, rows, cols)


@lru_cache(maxsize=1)
def edge_leaving() -> np.ndarray:
    """leaves[idx + (code,)]: the cat's move ``code`` at window index idx leaves a flagged edge."""
    out = np.zeros(TABLE_SHAPE + (4,), dtype=bool)
    for idx in np.ndindex(TABLE_SHAPE):
        for k, d in enumerate(DIRECTIONS):
            out[idx + (k,)] = leaves_flagged_edge(d, idx[0], idx[1], idx[4], idx[5])
    return out


def validate_window_table(table: np.ndarray, name: str = "table") -> np.ndarray:
    """The table as an int8 array (a copy); TypeError or ValueError for a wrong shape or kind,
    codes outside 0..3, or a move out through a flagged edge."""
    if isinstance(table, (str, bytes, bool)) or not hasattr(table, "__len__"):
        raise TypeError(f"{name} must be a window table of shape {TABLE_SHAPE}, got "
                        f"{shown(table)} ({type(table).__name__})")
    table = np.asarray(table)
    if table.shape != TABLE_SHAPE:
        raise ValueError(f"{name} must have shape {TABLE_SHAPE}, got {table.shape}")
    if not np.issubdtype(table.dtype, np.integer):
        raise TypeError(f"{name} must hold whole-number direction codes 0..3, got dtype "
                        f"{table.dtype}")
    if table.min() < 0 or table.max() > 3:
        raise ValueError(f"{name} holds codes outside 0..3 (from {table.min()} to {table.max()})")
    leaves = np.take_along_axis(edge_leaving(), table[..., None].astype(np.intp), axis=-1)[..., 0]
    if leaves.any():
        idx = tuple(int(i) for i in np.argwhere(leaves)[0])
        raise ValueError(f"{name} moves the cat off the board at {idx}")
    return table.astype(np.int8)                  # the codes 0..3 in one dtype, a copy


def random_window_table(rng: np.random.Generator) -> np.ndarray:
    """A uniformly random table among those that never leave the board."""
    table = np.empty(TABLE_SHAPE, dtype=np.int8)
    for idx in np.ndindex(TABLE_SHAPE):
        clx, cly, _, _, lr, bt = idx
        ok = [k for k, d in enumerate(DIRECTIONS) if not leaves_flagged_edge(d, clx, cly, lr, bt)]
        table[idx] = rng.choice(ok)
    return table


def greedy_window_table() -> np.ndarray:
    """The greedy rule written into the window table (a better start than the article's table)."""
    table = np.empty(TABLE_SHAPE, dtype=np.int8)
    for idx in np.ndindex(TABLE_SHAPE):
        clx, cly, mlx, mly, lr, bt = idx
        d = greedy_step(clx, cly, mlx, mly) if (clx, cly) != (mlx, mly) else "U"
        if leaves_flagged_edge(d, clx, cly, lr, bt):
            d = next(x for x in "UDLR" if not leaves_flagged_edge(x, clx, cly, lr, bt))
        table[idx] = CODE[d]
    return table


def policy_cells(rows: int, cols: int, table: np.ndarray | None = None,
                 far: str = "euclidean") -> np.ndarray:
    """next[c, m]: the cat's next cell under a window table (None: the far rule everywhere).

    ``far`` is the step taken outside the window: ``"euclidean"`` (the article's: the step that
    most reduces the Euclidean distance, i.e. along the larger gap, ties vertical) or
    a Manhattan tie-break (``"manhattan"``: vertical gap first, ``"manhattan_horizontal"``,
    ``"manhattan_smaller_gap"``: every step toward the mouse reduces the Manhattan distance by
    one, so the rule is which of them it takes). See ``rules.greedy_delta``.
    """
    far = choice(far, "far", GREEDY_RULES)
    rows, cols = check_board(rows, cols)
    table_size(rows, cols, MAX_CHAIN, "a next-cell table")
    if table is not None:
        check_window_board(rows, cols)
        table = validate_window_table(table)
    n = rows * cols
    c, m = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    cx, cy, mx, my = c // rows, c % rows, m // rows, m % rows
    gx, gy = greedy_delta(mx - cx, my - cy, far)
    if table is not None:
        flat, inside = window_index_arrays(cx, cy, mx, my, rows, cols)
        code = np.asarray(table).ravel()[flat]
        gx, gy = np.where(inside, DX[code], gx), np.where(inside, DY[code], gy)
    out = (cx + gx) * rows + cy + gy
    return np.where(c == m, c, out)
