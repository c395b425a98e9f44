"""Board primitives every part of the study uses: cells, directions, neighbours, the corner start
and the greedy step (the parity rule of who can win is ``parity``).

A board has ``rows`` x ``cols`` cells; ``x`` is the column (0 at the left), ``y`` the row (0 at
the bottom). Flat code numbers the cell ``(x, y)`` as ``x * rows + y``. Directions are coded
0..3 in the order of ``DIRECTIONS``.
"""

from __future__ import annotations

import numpy as np

from catmouse.limits import MAX_SIDE, board
from catmouse.limits import first_move as first_move_arg
from studykit.checks import whole

DIRECTIONS = ("R", "L", "U", "D")
DELTAS = {"R": (1, 0), "L": (-1, 0), "U": (0, 1), "D": (0, -1)}
CODE = {d: k for k, d in enumerate(DIRECTIONS)}          # letter -> code
DX = np.array([DELTAS[d][0] for d in DIRECTIONS])         # code -> step in x
DY = np.array([DELTAS[d][1] for d in DIRECTIONS])         # code -> step in y


def check_board(rows: int, cols: int) -> tuple[int, int]:
    """The board's sides as whole numbers >= 2 (TypeError or ValueError otherwise)."""
    return board(rows, cols)


def check_first_move(first_move: str) -> str:
    """'cat' or 'mouse' (ValueError otherwise)."""
    return first_move_arg(first_move)


def step(x: int, y: int, direction: str, rows: int, cols: int) -> tuple[int, int] | None:
    """The cell one step from (x, y), or None when it leaves the board."""
    dx, dy = DELTAS[direction]
    nx, ny = x + dx, y + dy
    return (nx, ny) if 0 <= nx < cols and 0 <= ny < rows else None


def legal_directions(x: int, y: int, rows: int, cols: int) -> list[str]:
    """Directions that keep a player at (x, y) on the board."""
    return [d for d in DIRECTIONS if step(x, y, d, rows, cols) is not None]


def neighbours(rows: int, cols: int, obstacles=(), directions=DIRECTIONS) -> np.ndarray:
    """nbr[cell, k]: the cell one step in ``directions[k]``, or -1 off the board or into a wall.

    Wall cells have no neighbours at all (nobody stands on them).
    """
    blocked = {x * rows + y for x, y in obstacles}
    nbr = np.full((rows * cols, len(directions)), -1, dtype=np.int64)
    for x in range(cols):
        for y in range(rows):
            if x * rows + y in blocked:
                continue
            for k, d in enumerate(directions):
                nx, ny = x + DELTAS[d][0], y + DELTAS[d][1]
                if 0 <= nx < cols and 0 <= ny < rows and nx * rows + ny not in blocked:
                    nbr[x * rows + y, k] = nx * rows + ny
    return nbr


def stay_put(nbr: np.ndarray) -> np.ndarray:
    """The neighbour table with every impossible move replaced by the cell itself."""
    return np.where(nbr >= 0, nbr, np.arange(len(nbr))[:, None])


def corner_start(rows: int, cols: int, cats: int = 1) -> tuple[list, tuple[int, int]]:
    """Cats in the bottom-left corner, the mouse in the top-right one: ([(x, y), ...], (x, y))."""
    return [(0, 0)] * cats, (cols - 1, rows - 1)


def corner_cells(rows: int, cols: int) -> tuple[int, int]:
    """The corner start as flat cells: (cat cell, mouse cell)."""
    return 0, rows * cols - 1


def manhattan(c, m, rows: int):
    """Manhattan distance between flat cells (scalars or arrays)."""
    return abs(c // rows - m // rows) + abs(c % rows - m % rows)


def greedy_delta(dx, dy, rule: str = "euclidean"):
    """The greedy step (gx, gy) toward a mouse at offset (dx, dy); scalars or arrays.

    ``"euclidean"`` (the article's): along the axis with the larger gap, ties vertical, i.e. the
    step that most reduces the Euclidean distance. Every step toward the mouse reduces the
    Manhattan distance by one, so a Manhattan rule is a tie-break among those steps:
    ``"manhattan"`` vertical while a vertical gap is left, ``"manhattan_horizontal"`` horizontal
    while a horizontal gap is left, ``"manhattan_smaller_gap"`` along the smaller non-zero gap
    (ties vertical). The Euclidean rule is the larger-gap tie-break. No gap: up.
    """
    if rule not in GREEDY_RULES:
        raise ValueError(f"rule must be one of {GREEDY_RULES}, got {rule!r}")
    dx, dy = np.asarray(dx), np.asarray(dy)
    vertical = dy != 0
    if rule == "euclidean":
        vertical = vertical & (np.abs(dy) >= np.abs(dx))
    elif rule == "manhattan_horizontal":
        vertical = vertical & (dx == 0)
    elif rule == "manhattan_smaller_gap":
        vertical = vertical & ((dx == 0) | (np.abs(dy) <= np.abs(dx)))
    gx = np.where(vertical, 0, np.sign(dx))
    gy = np.where(vertical, np.sign(dy), np.where(dx == 0, 1, 0))
    return gx, gy


GREEDY_RULES = ("euclidean", "manhattan", "manhattan_horizontal", "manhattan_smaller_gap")
MANHATTAN_TIE_BREAKS = GREEDY_RULES[1:]   # the other ways to take a Manhattan-shortest step
_LETTER = {delta: d for d, delta in DELTAS.items()}


def greedy_step(cx: int, cy: int, mx: int, my: int) -> str:
    """``greedy_direction`` without checking its arguments (for loops over whole tables)."""
    gx, gy = greedy_delta(mx - cx, my - cy)
    return _LETTER[int(gx), int(gy)]


def greedy_direction(cx: int, cy: int, mx: int, my: int) -> str:
    """Step along the axis with the larger gap toward the mouse; ties go vertical (cells from 0 to
    MAX_SIDE - 1)."""
    cx, cy, mx, my = (whole(value, name, 0, MAX_SIDE - 1) for name, value in   # Python ints:
                      (("cx", cx), ("cy", cy), ("mx", mx), ("my", my)))   # a uint8 gap would wrap
    return greedy_step(cx, cy, mx, my)
