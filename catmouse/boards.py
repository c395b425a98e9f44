"""Boards with walls and start cells beyond the corners: drawn as text or at random."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from catmouse.board import check_board, corner_start, neighbours


@dataclass(frozen=True)
class Board:
    """A board with walls and start cells (x, y): cats and the mouse."""

    rows: int
    cols: int
    obstacles: tuple
    cats: tuple
    mouse: tuple

    def start(self) -> tuple[int, ...]:
        """The start position as flat cells: (cat cells..., mouse cell)."""
        return tuple(x * self.rows + y for x, y in (*self.cats, self.mouse))


def parse_board(text: str) -> Board:
    """Read a board drawn as text, top row first: '.' free, '#' wall, 'C' a cat, 'M' the mouse."""
    lines = [ln.replace(" ", "") for ln in text.strip().splitlines() if ln.strip()]
    rows, cols = len(lines), len(lines[0]) if lines else 0
    if any(len(ln) != cols for ln in lines):
        raise ValueError("text board: every row must have the same length")
    check_board(rows, cols)
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
    check_board(rows, cols)
    start_cats, start_mouse = corner_start(rows, cols, cats)
    corners = {start_cats[0], start_mouse}
    if not 0 <= walls <= rows * cols - 2 * len(corners):
        raise ValueError(f"walls must be between 0 and {rows * cols - 4}, got {walls}")
    rng = np.random.default_rng(seed)
    cells = [(x, y) for x in range(cols) for y in range(rows) if (x, y) not in corners]
    for _ in range(max_tries):
        pick = rng.choice(len(cells), size=walls, replace=False)
        obstacles = tuple(sorted(cells[i] for i in pick))
        if connected(rows, cols, obstacles):
            return Board(rows, cols, obstacles, tuple(start_cats), start_mouse)
    raise ValueError(f"no connected board with {walls} walls found in {max_tries} tries")
