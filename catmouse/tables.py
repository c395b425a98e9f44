"""Full tables: one direction for every (cat cell, mouse cell).

As letters, an array indexed ``[cat_x, cat_y, mouse_x, mouse_y]`` (version 1's policies); as
codes, a flat sequence indexed ``cat cell * n + mouse cell`` (what the trainers and the exact
evaluation work on). The article's initial tables and the greedy table are written here.
"""

from __future__ import annotations

import random

import numpy as np

from catmouse.arguments import letter_table, table_size
from catmouse.rules import CODE, DIRECTIONS, check_board, greedy_step, neighbours
from studykit.checks import choice


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
    kind = choice(kind, "initial_cat", ("WEAK", "STRONG"))
    if kind == "WEAK":
        return rule_table(rows, cols, lambda cx, cy, mx, my: "D" if cy == rows - 1 else "U")
    if kind == "STRONG":
        return rule_table(rows, cols, lambda cx, cy, mx, my: greedy_step(cx, cy, mx, my)
                          if (cx, cy) != (mx, my) else ("D" if cy == rows - 1 else "U"))
    raise AssertionError(kind)   # unreachable: choice() allows only the two


def greedy_table(rows: int, cols: int) -> np.ndarray:
    """The greedy rule as a full cat table (the article's STRONG initial cat)."""
    return initial_cat_policy(rows, cols, "STRONG")


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
