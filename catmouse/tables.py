"""Full tables: one direction for every (cat cell, mouse cell).

As letters, an array indexed ``[cat_x, cat_y, mouse_x, mouse_y]`` (version 1's policies); as
codes, a flat sequence indexed ``cat cell * n + mouse cell`` (what the trainers and the exact
evaluation work on). The article's initial tables and the greedy table are written here.
"""

from __future__ import annotations

import random

import numpy as np

from catmouse.limits import table_size
from catmouse.rules import CODE, DIRECTIONS, check_board, greedy_step, neighbours
from studykit.checks import choice, shown

LETTERS = DIRECTIONS                     # a letter table's letters


def rule_table(rows: int, cols: int, rule) -> np.ndarray:
    """The letter table of ``rule(cat_x, cat_y, mouse_x, mouse_y)``."""
    pol = np.empty((cols, rows, cols, rows), dtype="<U1")
    for idx in np.ndindex(pol.shape):
        pol[idx] = rule(*idx)
    return pol


def initial_mouse_policy(rows: int, cols: int) -> np.ndarray:
    """The article's mouse: up unless on the top row, then down."""
    rows, cols = check_board(rows, cols)
    table_size(rows, cols, what="the mouse's table")
    return rule_table(rows, cols, lambda cx, cy, mx, my: "D" if my == rows - 1 else "U")


def initial_cat_policy(rows: int, cols: int, kind: str = "WEAK") -> np.ndarray:
    """WEAK: the mouse's up/down rule on the cat's row; STRONG: the greedy rule."""
    rows, cols = check_board(rows, cols)
    table_size(rows, cols, what="the cat's table")
    kind = choice(kind, "kind", ("WEAK", "STRONG"))
    if kind == "WEAK":
        return rule_table(rows, cols, lambda cx, cy, mx, my: "D" if cy == rows - 1 else "U")
    if kind == "STRONG":
        return rule_table(rows, cols, lambda cx, cy, mx, my: greedy_step(cx, cy, mx, my)
                          if (cx, cy) != (mx, my) else ("D" if cy == rows - 1 else "U"))
    raise AssertionError(kind)   # unreachable: choice() allows only the two


def greedy_table(rows: int, cols: int) -> np.ndarray:
    """The greedy rule as a full cat table (the article's STRONG initial cat)."""
    return initial_cat_policy(rows, cols, "STRONG")


def letter_table(policy, who: str, rows: int | None = None, cols: int | None = None,
                 name: str | None = None) -> np.ndarray:
    """A version-1 letter table [x, y, x, y] of 'R', 'L', 'U', 'D' whose moves for ``who`` stay
    on the board; its board is read from its shape unless ``rows`` and ``cols`` are given."""
    name = name or f"{who}_policy"
    if not isinstance(policy, np.ndarray):
        raise TypeError(f"{name} must be a numpy array of direction letters, got "
                        f"{shown(policy)} ({type(policy).__name__})")
    shape = policy.shape
    if rows is None:
        if len(shape) != 4 or shape[:2] != shape[2:] or min(shape, default=0) < 2:
            raise ValueError(f"{name} must have shape (cols, rows, cols, rows), got {shape}")
        cols, rows = shape[:2]
    if shape != (cols, rows, cols, rows):
        raise ValueError(f"{name} must have shape {(cols, rows, cols, rows)}, got {shape}")
    table_size(rows, cols, what=name)
    if policy.dtype.kind != "U":
        raise TypeError(f"{name} must hold the letters R, L, U, D, got dtype {policy.dtype}")
    known = np.isin(policy, LETTERS)
    if not known.all():
        idx = tuple(int(i) for i in np.argwhere(~known)[0])
        raise ValueError(f"{name} holds unknown direction {str(policy[idx])!r} at {idx} "
                         "(allowed: R, L, U, D)")
    x, y = np.meshgrid(np.arange(cols), np.arange(rows), indexing="ij")
    x, y = (x[:, :, None, None], y[:, :, None, None]) if who == "cat" else (x, y)
    off = (((policy == "R") & (x == cols - 1)) | ((policy == "L") & (x == 0))
           | ((policy == "U") & (y == rows - 1)) | ((policy == "D") & (y == 0)))
    if off.any():
        idx = tuple(int(i) for i in np.argwhere(off)[0])
        raise ValueError(f"{name} moves the {who} off the board at {idx} ({str(policy[idx])!r})")
    return policy


def validate_policy(policy: np.ndarray, rows: int, cols: int, who: str) -> None:
    """Raise TypeError or ValueError if a table is not an array of shape (cols, rows, cols, rows)
    of the letters R, L, U, D that keeps ``who`` ("cat" or "mouse") on the board."""
    who = choice(who, "who", ("cat", "mouse"))
    rows, cols = check_board(rows, cols)
    letter_table(policy, who, rows, cols, name=f"{who} policy")


def to_codes(policy: np.ndarray) -> np.ndarray:
    """A letter table as an (n, n) array of direction codes, [cat cell, mouse cell]."""
    cols, rows = policy.shape[:2]
    n = rows * cols
    return np.vectorize(CODE.__getitem__)(policy).reshape(n, n)


def to_letters(codes, rows: int, cols: int) -> np.ndarray:
    """Direction codes (flat or (n, n)) as a letter table [cat_x, cat_y, mouse_x, mouse_y]."""
    return np.array(DIRECTIONS)[np.asarray(codes)].reshape(cols, rows, cols, rows)


def random_mouse_codes(rows: int, cols: int, rng: random.Random) -> list[int]:
    """A uniformly random legal mouse table as flat codes (one draw per entry, in order)."""
    n = rows * cols
    nbr = neighbours(rows, cols).tolist()
    out = []
    for s in range(n * n):
        legal = [k for k in range(4) if nbr[s % n][k] >= 0]
        out.append(legal[rng.randrange(len(legal))])
    return out
