"""Boards with walls and start cells beyond the corners: drawn as text or at random."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from catmouse.arguments import board_cell, board_cells, board_cells_limit
from catmouse.arguments import obstacles as walls_arg
from catmouse.arguments import seed as seed_arg
from catmouse.rules import check_board, corner_start, neighbours
from studykit.checks import whole

MAX_RANDOM_WORK = 2_000_000       # cells x tries of ``random_board`` (about 14 us each: 30 s)


@dataclass(frozen=True)
class Board:
    """A board with walls and start cells (x, y): cats (1 to 3) and the mouse, none on a wall,
    the mouse not on a cat; the cells are kept as tuples of Python ints."""

    rows: int
    cols: int
    obstacles: tuple
    cats: tuple
    mouse: tuple

    def __post_init__(self):
        rows, cols = check_board(self.rows, self.cols)
        board_cells_limit(rows, cols)
        walls = walls_arg(self.obstacles, rows, cols)
        cats = board_cells(self.cats, "cats", rows, cols, walls, min_len=1, max_len=3)
        mouse = board_cell(self.mouse, "mouse", rows, cols, walls)
        if mouse in cats:
            raise ValueError(f"mouse {mouse} starts on a cat")
        for name, value in (("rows", rows), ("cols", cols), ("obstacles", walls), ("cats", cats),
                            ("mouse", mouse)):
            object.__setattr__(self, name, value)

    def start(self) -> tuple[int, ...]:
        """The start position as flat cells: (cat cells..., mouse cell)."""
        return tuple(x * self.rows + y for x, y in (*self.cats, self.mouse))


def parse_board(text: str) -> Board:
    """Read a board drawn as text, top row first: '.' free, '#' wall, 'C' a cat, 'M' the mouse."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a board drawn as text, got {type(text).__name__}")
    lines = [ln.replace(" ", "") for ln in text.strip().splitlines() if ln.strip()]
    rows, cols = len(lines), len(lines[0]) if lines else 0
    if any(len(ln) != cols for ln in lines):
        raise ValueError("text board: every row must have the same length")
    if not lines:
        raise ValueError("text board: no rows (draw the board with . # C M)")
    try:
        rows, cols = check_board(rows, cols)
    except ValueError as error:
        raise ValueError(f"text must draw a board of at least 2 rows and 2 columns (. # C M), "
                         f"got {rows} x {cols}: {error}") from None
    board_cells_limit(rows, cols, "text board: a board")
    walls, cats, mice = [], [], []
    for r, line in enumerate(lines):
        y = rows - 1 - r
        for x, ch in enumerate(line):
            if ch not in ".#CM":
                raise ValueError(f"text board: unknown character {ch!r} (use . # C M)")
            {"#": walls, "C": cats, "M": mice}.get(ch, []).append((x, y))
    if len(mice) != 1 or not cats:
        raise ValueError(f"text board: need exactly one M and at least one C, got {len(mice)} M, "
                         f"{len(cats)} C")
    return Board(rows, cols, tuple(walls), tuple(cats), mice[0])


def connected(rows: int, cols: int, obstacles) -> bool:
    """Whether every free cell can reach every other one."""
    nbr = neighbours(rows, cols, obstacles)
    blocked = {x * rows + y for x, y in obstacles}
    free = [c for c in range(rows * cols) if c not in blocked]
    seen, stack = {free[0]}, [free[0]]
    while stack:
        for d in nbr[stack.pop()]:
            if d >= 0 and d not in seen:
                seen.add(int(d))
                stack.append(int(d))
    return len(seen) == len(free)


def random_board(rows: int, cols: int, walls: int, seed: int, cats: int = 1,
                 max_tries: int = 1000) -> Board:
    """``walls`` random wall cells (seeded), keeping the corners free and the free cells connected."""
    rows, cols = check_board(rows, cols)
    board_cells_limit(rows, cols)
    cats = whole(cats, "cats", 1, 3)
    max_tries = whole(max_tries, "max_tries", 1)
    seed = seed_arg(seed)
    if rows * cols * max_tries > MAX_RANDOM_WORK:
        raise ValueError(f"max_tries={max_tries:,} on {rows}x{cols} means up to "
                         f"{rows * cols * max_tries:,} cell visits, more than the limit of "
                         f"{MAX_RANDOM_WORK:,}; use fewer tries or a smaller board")
    start_cats, start_mouse = corner_start(rows, cols, cats)
    corners = {start_cats[0], start_mouse}
    walls = whole(walls, "walls", 0, rows * cols - 2 * len(corners))
    rng = np.random.default_rng(seed)
    cells = [(x, y) for x in range(cols) for y in range(rows) if (x, y) not in corners]
    for _ in range(max_tries):
        pick = rng.choice(len(cells), size=walls, replace=False)
        obstacles = tuple(sorted(cells[i] for i in pick))
        if connected(rows, cols, obstacles):
            return Board(rows, cols, obstacles, tuple(start_cats), start_mouse)
    raise ValueError(f"no connected board with {walls} walls found in {max_tries} tries")
