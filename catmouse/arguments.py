"""Checks of catmouse's public arguments: boards, cells, walls, names, tables and the size of a run.

Built on ``studykit.checks``: each error names the argument, shows the value and says what is
allowed (``TypeError`` for a value of the wrong kind, ``ValueError`` for one out of range, an
unknown name or a run beyond this machine). Called once per public call, never inside the
solvers' or trainers' loops. The limits below keep every allowed call within about a minute
on the two-core machine the notebooks run on (a 40x40 board with one cat: about 20 s).
"""

from __future__ import annotations

import numpy as np

# the checks a training run needs live in ``limits`` and ``tables`` (the trainer's short reader's
# path); they are part of this API too
from catmouse.limits import (  # noqa: F401 - part of this API
    FIRST_MOVERS,
    MAX_ITERATIONS,
    MAX_SEED,
    MAX_SIDE,
    MAX_TABLE,
    at_most_iterations,
    board,
    count,
    first_move,
    seed,
    table_size,
)
from catmouse.tables import LETTERS, letter_table  # noqa: F401 - part of this API
from studykit.checks import cell, choice, items, memory, real, shown, whole

MOUSE_KINDS = ("random", "smart", "strict")
MAX_POSITIONS = 3_000_000                # solver positions cells ** (cats + 1): 41x41, one cat
MAX_SOLVER_WORK = 250_000_000            # positions x cats x sweeps: 40x40, one cat, about 20 s
MAX_CHAIN = 3_000_000                    # (cat, mouse) positions of a Markov chain: 41x41
MAX_VALUE_WORK = 400_000_000             # positions x sweeps (rows + cols), value iteration: 20 s
MAX_GAMES = 100_000                      # games per evaluation (the article: 1,000)
MAX_SWEEPS = 10_000_000                  # value-iteration sweeps
BYTES_PER_POSITION = 120                 # the solver's arrays and temporaries per position
MAX_BOARD_CELLS = 1_732                  # cells of a board with walls: cells ** 2 <= MAX_POSITIONS


def board_cells_limit(rows: int, cols: int, what: str = "a board with walls") -> int:
    """Refuse a board with walls and start cells of more than MAX_BOARD_CELLS cells: even with
    one cat its cells ** 2 positions would be beyond the solver, its only use."""
    if rows * cols > MAX_BOARD_CELLS:
        raise ValueError(f"{what} of {rows}x{cols} = {rows * cols:,} cells is more than the "
                         f"limit of {MAX_BOARD_CELLS:,} cells (a 41x42 board): even with one cat "
                         "the exact solver could not take it; use a smaller board")
    return rows * cols


def number(value, name: str, **bounds) -> float:
    """``studykit.checks.real`` (a finite number within ``bounds``), with an integer beyond float
    range refused as out of range, naming the argument, not as an OverflowError."""
    try:
        return real(value, name, **bounds)
    except OverflowError:
        raise ValueError(f"{name} must be a finite number, got an integer beyond float range "
                         f"({value.bit_length():,} bits)") from None


def mouse_kind(value, name: str = "mouse") -> str:
    """One of version 2's stochastic mice."""
    return choice(value, name, MOUSE_KINDS)


def positions(cells: int, cats: int, sweeps: int = 0, what: str = "solving") -> int:
    """Refuse more than MAX_POSITIONS positions ``cells ** (cats + 1)``, or more work than
    MAX_SOLVER_WORK (positions x cats x ``sweeps``, about rows + cols + walls: one sweep per cat
    move of the longest capture), or memory beyond this machine's."""
    n = cells ** (cats + 1)
    who = "one cat" if cats == 1 else f"{cats} cats"
    if n > MAX_POSITIONS or n * cats * sweeps > MAX_SOLVER_WORK:
        raise ValueError(f"{what} a board of {cells:,} cells with {who} means {n:,} positions x "
                         f"about {sweeps:,} sweeps, more than the limits of {MAX_POSITIONS:,} "
                         f"positions and {MAX_SOLVER_WORK:,} position updates (a 40x40 board "
                         "with one cat takes about 20 s on this machine); use a smaller board or "
                         "fewer cats")
    memory(BYTES_PER_POSITION * n, f"{what} {n:,} positions")
    return n


def board_cell(value, name: str, rows: int, cols: int, walls=()) -> tuple[int, int]:
    """A cell (x, y) on the board (0 <= x < cols, 0 <= y < rows) and not a wall."""
    x, y = cell(value, name)
    if not (0 <= x < cols and 0 <= y < rows):
        raise ValueError(f"{name} {(x, y)} is off the {rows}x{cols} board (x from 0 to "
                         f"{cols - 1}, y from 0 to {rows - 1})")
    if (x, y) in walls:
        raise ValueError(f"{name} {(x, y)} is a wall")
    return x, y


def board_cells(value, name: str, rows: int, cols: int, walls=(), *, min_len: int = 0,
                max_len: int | None = None) -> tuple:
    """A list of cells on the board (none a wall), as a tuple of (x, y) tuples; an (k, 2) array
    is read as k cells."""
    if isinstance(value, np.ndarray) and value.ndim == 2:
        value = [tuple(row) for row in value.tolist()]
    return tuple(board_cell(v, f"{name}[{k}]", rows, cols, walls)
                 for k, v in enumerate(items(value, name, min_len=min_len, max_len=max_len)))


def obstacles(value, rows: int, cols: int, starts=(), name: str = "obstacles") -> tuple:
    """Wall cells: whole-number cells on the board, none of them a start cell in ``starts``."""
    walls = board_cells(value, name, rows, cols, max_len=rows * cols)
    if len(set(walls)) != len(walls):
        twice = next(w for k, w in enumerate(walls) if w in walls[:k])
        raise ValueError(f"{name} lists the wall {twice} twice")
    for start in starts:
        if start in walls:
            raise ValueError(f"{name}: {start} is a start cell (cats start at (0, 0), the mouse "
                             f"at ({cols - 1}, {rows - 1})), so it cannot be a wall")
    return walls


def cats_number(value, name: str = "cats") -> int:
    """How many cats: 1 to 3 (the solver's positions grow as cells ** (cats + 1))."""
    return whole(value, name, 1, 3)


def next_cells(value, rows: int, cols: int, nbr: np.ndarray, name: str = "cat_table") -> np.ndarray:
    """A cat given as next cells [cat cell, mouse cell]: an (n, n) array of whole numbers, each a
    neighbour of the cat's cell (any cell where the cat stands on the mouse: never consulted)."""
    n = rows * cols
    if isinstance(value, (bool, np.bool_)) or not hasattr(value, "__len__"):
        raise TypeError(f"{name} must be an ({n}, {n}) array of cells, got {shown(value)} "
                        f"({type(value).__name__})")
    arr = np.asarray(value)
    if arr.shape != (n, n):
        raise ValueError(f"{name} must have shape ({n}, {n}) on a {rows}x{cols} board, "
                         f"got {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"{name} must hold whole-number cells, got dtype {arr.dtype}")
    c = np.arange(n)[:, None]
    legal = ((arr[:, :, None] == nbr[c]) & (nbr[c] >= 0)).any(axis=2) | (c == c.T)
    if not legal.all():
        bad_c, bad_m = (int(v) for v in np.argwhere(~legal)[0])
        raise ValueError(f"{name}[{bad_c}, {bad_m}] = {int(arr[bad_c, bad_m])} is not a cell "
                         f"next to the cat's cell {bad_c} on the {rows}x{cols} board")
    return arr.astype(np.intp)                    # one dtype, whatever integers came in
