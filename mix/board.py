"""The MIX board: gravity tic-tac-toe on bitboards (one Python int per player).

Layout is column-major with one guard bit on top of every column: slot (row r, column c),
row 0 at the bottom, is bit ``c * (rows + 1) + r``. Shifting by 1 moves up a column, by
``rows + 1`` moves across a row; the guard bits stay empty so no shift ever wraps.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from studykit.checks import flag, whole

X, O = 0, 1
MAX_SIDE = 40  # rows and cols of any board (the report plays 10x20): its masks are built at once


@dataclass(frozen=True)
class Geometry:
    """Board size, win length and line directions, with the bit masks derived from them."""

    rows: int = 10
    cols: int = 20
    k: int = 4
    diagonals: bool = False
    height: int = field(init=False)
    full: int = field(init=False)
    bottom: int = field(init=False)
    dirs: tuple[int, ...] = field(init=False)

    def __post_init__(self):
        for name in ("rows", "cols", "k"):  # numpy integers as Python ints, bools refused
            object.__setattr__(self, name, whole(getattr(self, name), name))
        object.__setattr__(self, "diagonals", flag(self.diagonals, "diagonals"))
        if max(self.rows, self.cols) > MAX_SIDE:
            raise ValueError(f"rows and cols must be at most {MAX_SIDE}, got "
                             f"{self.rows:,}x{self.cols:,}")
        if self.k < 2:
            raise ValueError(f"k (win length) must be >= 2, got {self.k}")
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"rows and cols must be >= 1, got {self.rows}x{self.cols}")
        if self.k > max(self.rows, self.cols):
            raise ValueError(f"a {self.rows}x{self.cols} board (rows={self.rows}, cols={self.cols}) is too small "
                             f"for win length k={self.k}")
        h = self.rows + 1
        col = (1 << self.rows) - 1
        object.__setattr__(self, "height", h)
        object.__setattr__(self, "full", sum(col << (c * h) for c in range(self.cols)))
        object.__setattr__(self, "bottom", sum(1 << (c * h) for c in range(self.cols)))
        dirs = (1, h) + ((h - 1, h + 1) if self.diagonals else ())
        object.__setattr__(self, "dirs", dirs)

    def bit(self, row: int, col: int) -> int:
        """The bit of slot (row, col), row 0 at the bottom."""
        return 1 << (col * self.height + row)


@lru_cache(maxsize=64)
def column_masks(g: Geometry) -> tuple[int, ...]:
    """Each column's mask: its ``rows`` slots (the one place the searches and the solver get
    them from)."""
    return tuple(((1 << g.rows) - 1) << (c * g.height) for c in range(g.cols))


def has_line(s: int, g: Geometry) -> bool:
    """True when the stones ``s`` hold ``g.k`` in a row in one of the board's directions."""
    k = g.k
    if k == 4:
        for d in g.dirs:
            m = s & (s >> d)
            if m & (m >> 2 * d):
                return True
        return False
    for d in g.dirs:
        m, n = s, 1
        while n < k:  # m: starts of runs of length n; doubling then topping up
            step = min(n, k - n)
            m &= m >> (step * d)
            n += step
        if m:
            return True
    return False


def center_order(cols: int) -> list[int]:
    """Columns ordered from the centre outwards (good first moves for alpha-beta)."""
    mid = (cols - 1) / 2
    return sorted(range(cols), key=lambda c: (abs(c - mid), c))


@lru_cache(maxsize=64)
def center_columns(g: Geometry) -> tuple[tuple[int, int], ...]:
    """The (column, mask) pairs from the centre outwards: the order the searches and the solver
    try moves in, with each column's mask from ``column_masks``."""
    masks = column_masks(g)
    return tuple((c, masks[c]) for c in center_order(g.cols))


class Board:
    """A MIX position: stones of X and O, column heights, the side to move and the winner."""

    __slots__ = ("g", "heights", "moves", "stones", "turn", "winner")

    def __init__(self, rows: int = 10, cols: int = 20, k: int = 4, diagonals: bool = False,
                 geometry: Geometry | None = None):
        if geometry is not None and not isinstance(geometry, Geometry):
            raise TypeError(f"geometry must be a mix.board.Geometry or None, got "
                            f"{type(geometry).__name__}")
        self.g = geometry or Geometry(rows, cols, k, diagonals)
        self.stones = [0, 0]
        self.heights = [0] * self.g.cols
        self.turn = X
        self.moves = 0
        self.winner: int | None = None

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.g, b.stones, b.heights = self.g, self.stones[:], self.heights[:]
        b.turn, b.moves, b.winner = self.turn, self.moves, self.winner
        return b

    @property
    def occupied(self) -> int:
        return self.stones[0] | self.stones[1]

    def feasible(self) -> int:
        """Mask of the slots playable now (the lowest empty slot of each non-full column)."""
        return (self.occupied + self.g.bottom) & self.g.full

    def legal_moves(self) -> list[int]:
        if self.winner is not None:
            return []
        r = self.g.rows
        return [c for c, h in enumerate(self.heights) if h < r]

    def is_over(self) -> bool:
        return self.winner is not None or self.moves == self.g.rows * self.g.cols

    def play(self, col: int) -> bool:
        """Drop the mover's stone in ``col``; returns True when that move wins."""
        if self.winner is not None:
            raise ValueError("the game is over")
        if type(col) is not int:  # numpy integers as Python ints (uint8 arithmetic wraps)
            col = whole(col, "col")
        if not 0 <= col < self.g.cols:
            raise ValueError(f"col must be in 0..{self.g.cols - 1}, got {col}")
        h = self.heights[col]
        if h >= self.g.rows:
            raise ValueError(f"column {col} is full")
        p = self.turn
        self.stones[p] |= 1 << (col * self.g.height + h)
        self.heights[col] = h + 1
        self.moves += 1
        self.turn = 1 - p
        if has_line(self.stones[p], self.g):
            self.winner = p
            return True
        return False

    def undo(self, col: int) -> None:
        """Take back the last move, which was played in ``col`` (the top stone of ``col`` must
        be the last mover's)."""
        if type(col) is not int:
            col = whole(col, "col")
        if not 0 <= col < self.g.cols:
            raise ValueError(f"col must be in 0..{self.g.cols - 1}, got {col}")
        h = self.heights[col] - 1
        p = 1 - self.turn
        bit = 1 << (col * self.g.height + h) if h >= 0 else 0  # 0: an empty column
        if not self.stones[p] & bit:
            raise ValueError(f"col {col} has no stone of the last mover on top to take back")
        self.stones[p] &= ~bit
        self.heights[col] = h
        self.moves -= 1
        self.turn = p
        self.winner = None

    def cell(self, row: int, col: int) -> int | None:
        """X, O or None at (row, col), row 0 at the bottom."""
        row = whole(row, "row", 0, self.g.rows - 1)
        col = whole(col, "col", 0, self.g.cols - 1)
        b = self.g.bit(row, col)
        return X if self.stones[X] & b else O if self.stones[O] & b else None

    def to_text(self) -> str:
        """The board as text, top row first, with column numbers underneath."""
        sym = {X: "  X", O: "  O", None: "  ."}
        lines = ["".join(sym[self.cell(r, c)] for c in range(self.g.cols))
                 for r in range(self.g.rows - 1, -1, -1)]
        lines.append("".join(f"{c:>3}" for c in range(self.g.cols)))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Board({self.g.rows}x{self.g.cols}, moves={self.moves})\n{self.to_text()}"
