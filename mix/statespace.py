"""How large is an exact model of MIX? The report puts it at 3**(20+10) states; this module
gives the counts that formula is meant to bound: every slot empty, X or O (3**(rows*cols)),
the positions gravity allows (each column a stack of X and O), and, on small boards, the exact
number of positions reachable in play (counted by depth-first search, games stop at a win)."""

from __future__ import annotations

from mix.board import Board, Geometry

MAX_EXACT_SLOTS = 20  # exact counting enumerates every position: small boards only


def report_formula(rows: int, cols: int) -> int:
    """The report's count, 3**(cols + rows) (3**(20+10) on its 10x20 board)."""
    _check(rows, cols)
    return 3 ** (rows + cols)


def slot_assignments(rows: int, cols: int) -> int:
    """Every slot empty, X or O independently: 3**(rows*cols), an upper bound."""
    _check(rows, cols)
    return 3 ** (rows * cols)


def gravity_bound(rows: int, cols: int) -> int:
    """Positions with gravity: each column a stack of 0..rows stones, each X or O, so
    (2**(rows+1) - 1)**cols. Still an upper bound (stone counts and wins are not checked)."""
    _check(rows, cols)
    return (2 ** (rows + 1) - 1) ** cols


def reachable_positions(rows: int, cols: int, diagonals: bool = False) -> int:
    """The exact number of distinct positions (the empty board included) reachable in play,
    X first, a game ending at a win or a full board. Boards of at most 20 slots."""
    _check(rows, cols)
    if rows * cols > MAX_EXACT_SLOTS:
        raise ValueError(f"exact counting is for boards of at most {MAX_EXACT_SLOTS} slots, "
                         f"got {rows}x{cols}")
    b = Board(geometry=Geometry(rows, cols, 4, diagonals))
    seen = {(0, 0)}
    stack = [[]]  # move sequences still to expand (positions are deduplicated on entry)
    while stack:
        moves = stack.pop()
        for m in moves:
            b.play(m)
        if not b.is_over():
            for c in b.legal_moves():
                b.play(c)
                key = (b.stones[0], b.stones[1])
                b.undo(c)
                if key not in seen:
                    seen.add(key)
                    stack.append(moves + [c])
        for m in reversed(moves):
            b.undo(m)
    return len(seen)


def _check(rows: int, cols: int) -> None:
    for name, v in (("rows", rows), ("cols", cols)):
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise ValueError(f"{name} must be a positive integer, got {v!r}")
