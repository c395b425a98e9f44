"""The MIX engine in plain Python: a list-of-lists board scanned cell by cell, and the report's
feature state indices computed from its features. ``mix.board`` (bitboards) and
``mix.features`` (threat masks) are its fast twins: the same wins and the same indices."""

from __future__ import annotations

from mix.board import O, X
from mix.features import bit_state


class ArrayBoard:
    """A list-of-lists board scanned cell by cell: ``legal``, ``play`` and the report's
    ``features`` per side (mate, chess, other threats, all threats)."""

    def __init__(self, rows, cols, k=4, diagonals=False):
        self.rows, self.cols, self.k = rows, cols, k
        self.grid = [[None] * cols for _ in range(rows)]  # grid[r][c], r = 0 at the bottom
        self.dirs = [(1, 0), (0, 1)] + ([(1, 1), (1, -1)] if diagonals else [])
        self.turn, self.winner, self.moves = X, None, 0

    def legal(self):
        return [] if self.winner is not None else [c for c in range(self.cols)
                                                    if self.grid[self.rows - 1][c] is None]

    def play(self, c):
        r = next(r for r in range(self.rows) if self.grid[r][c] is None)
        self.grid[r][c] = self.turn
        if self.line(self.turn):
            self.winner = self.turn
        self.turn, self.moves = 1 - self.turn, self.moves + 1

    def inside(self, r, c):
        return 0 <= r < self.rows and 0 <= c < self.cols

    def line(self, p):
        for r in range(self.rows):
            for c in range(self.cols):
                for dr, dc in self.dirs:
                    cells = [(r + i * dr, c + i * dc) for i in range(self.k)]
                    if all(self.inside(*x) and self.grid[x[0]][x[1]] == p for x in cells):
                        return True
        return False

    def feasible(self, r, c):
        return self.grid[r][c] is None and (r == 0 or self.grid[r - 1][c] is not None)

    def threat_cells(self, p):
        out = set()
        for r in range(self.rows):
            for c in range(self.cols):
                if self.grid[r][c] is not None:
                    continue
                for dr, dc in self.dirs:
                    for j in range(self.k):
                        cells = [(r + (i - j) * dr, c + (i - j) * dc)
                                 for i in range(self.k) if i != j]
                        if all(self.inside(*x) and self.grid[x[0]][x[1]] == p for x in cells):
                            out.add((r, c))
        return out

    def mate(self, p):
        for dr, dc in self.dirs:
            if (dr, dc) == (1, 0):
                continue
            for r in range(self.rows):
                for c in range(self.cols):
                    run = [(r + i * dr, c + i * dc) for i in range(self.k - 1)]
                    ends = [(r - dr, c - dc), (r + (self.k - 1) * dr, c + (self.k - 1) * dc)]
                    if (all(self.inside(*x) and self.grid[x[0]][x[1]] == p for x in run)
                            and all(self.inside(*e) and self.feasible(*e) for e in ends)):
                        return True
        return False

    def features(self):
        out = {}
        for p in (X, O):
            t = self.threat_cells(p)
            chess = {e for e in t if self.feasible(*e)}
            out[p] = (self.mate(p), len(chess), len(t - chess), len(t))
        return out


def bit_index(f, turn: int, loose: bool) -> int:
    """``BitFeatures``' state index of ``ArrayBoard.features`` ``f`` with ``turn`` to move."""
    pot = 3 if loose else 2
    return bit_state(turn, f[X][0], f[O][0], f[X][1] > 0, f[O][1] > 0, f[X][pot] > 0,
                     f[O][pot] > 0)


def count_index(f, turn: int) -> int:
    """``CountFeatures``' state index of ``ArrayBoard.features`` ``f``."""
    s = ((turn * 2 + f[X][0]) * 2 + f[O][0])
    for v in (f[X][1], f[O][1], f[X][2], f[O][2]):
        s = s * 3 + min(v, 2)
    return s
