"""Full tables: one direction for every (cat cell, mouse cell).

As letters, an array indexed ``[cat_x, cat_y, mouse_x, mouse_y]`` (version 1's policies); as
codes, a flat sequence indexed ``cat cell * n + mouse cell`` (what the trainers and the exact
evaluation work on). The article's initial tables and the greedy table are written here.
"""

from __future__ import annotations

import random

import numpy as np

from catmouse.board import CODE, DELTAS, DIRECTIONS, check_board, greedy_direction, neighbours, step


def rule_table(rows: int, cols: int, rule) -> np.ndarray:
    """The letter table of ``rule(cat_x, cat_y, mouse_x, mouse_y)``."""
    pol = np.empty((cols, rows, cols, rows), dtype="<U1")
    for idx in np.ndindex(pol.shape):
        pol[idx] = rule(*idx)
    return pol


def initial_mouse_policy(rows: int, cols: int) -> np.ndarray:
    """The article's mouse: up unless on the top row, then down."""
    check_board(rows, cols)
    return rule_table(rows, cols, lambda cx, cy, mx, my: "D" if my == rows - 1 else "U")


def initial_cat_policy(rows: int, cols: int, kind: str = "WEAK") -> np.ndarray:
    """WEAK: the mouse's up/down rule on the cat's row; STRONG: the greedy rule."""
    check_board(rows, cols)
    if kind == "WEAK":
        return rule_table(rows, cols, lambda cx, cy, mx, my: "D" if cy == rows - 1 else "U")
    if kind == "STRONG":
        return rule_table(rows, cols, lambda cx, cy, mx, my: greedy_direction(cx, cy, mx, my)
                          if (cx, cy) != (mx, my) else ("D" if cy == rows - 1 else "U"))
    raise ValueError(f"initial_cat must be 'WEAK' or 'STRONG', got {kind!r}")


def greedy_table(rows: int, cols: int) -> np.ndarray:
    """The greedy rule as a full cat table (the article's STRONG initial cat)."""
    return initial_cat_policy(rows, cols, "STRONG")


def validate_policy(policy: np.ndarray, rows: int, cols: int, who: str) -> None:
    """Raise ValueError if a table has the wrong shape, an unknown or an off-board move."""
    if policy.shape != (cols, rows, cols, rows):
        raise ValueError(f"{who} policy must have shape {(cols, rows, cols, rows)}, "
                         f"got {policy.shape}")
    for idx in np.ndindex(policy.shape):
        d = str(policy[idx])
        if d not in DELTAS:
            raise ValueError(f"{who} policy holds unknown direction {d!r} at {idx}")
        x, y = (idx[0], idx[1]) if who == "cat" else (idx[2], idx[3])
        if step(x, y, d, rows, cols) is None:
            raise ValueError(f"{who} policy moves off the board at {idx} ({d!r})")


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
