"""A version-1 game's "unexpected moves" (the article's term): a cat step that does not close in on
the mouse, a mouse step toward the cat when it had one that was not."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from catmouse.rules import check_board
from studykit.checks import is_whole, items, shown, whole


@dataclass(frozen=True)
class Unexpected:
    """Counts over one or more games: unexpected and all moves, for each player."""

    cat: int
    cat_moves: int
    mouse: int
    mouse_moves: int

    def __post_init__(self):
        for who in ("cat", "mouse"):
            moves = whole(getattr(self, f"{who}_moves"), f"{who}_moves", 0)
            odd = whole(getattr(self, who), who, 0, moves)   # unexpected: some of the moves
            object.__setattr__(self, f"{who}_moves", moves)
            object.__setattr__(self, who, odd)

    @property
    def share(self) -> float:
        """Unexpected moves of both players over all their moves (0 for no moves)."""
        moves = self.cat_moves + self.mouse_moves
        return (self.cat + self.mouse) / moves if moves else 0.0


def unexpected_moves(positions, rows: int, cols: int) -> Unexpected:
    """Count the unexpected moves of a game given as its positions ``(cat x, cat y, mouse x,
    mouse y)``, one per half move (``TableGame.positions``), on a ``rows`` x ``cols`` board."""
    rows, cols = check_board(rows, cols)
    positions = [items(p, f"positions[{k}]") for k, p in enumerate(items(positions, "positions"))]
    for k, p in enumerate(positions):
        if len(p) != 4 or not all(map(is_whole, p)) or not (
                0 <= p[0] < cols and 0 <= p[2] < cols and 0 <= p[1] < rows and 0 <= p[3] < rows):
            raise ValueError(f"positions[{k}] must be (cat x, cat y, mouse x, mouse y), whole "
                             f"numbers on the {rows} x {cols} board, got {shown(p)}")
    positions = [tuple(map(int, p)) for p in positions]      # numpy unsigned: no wrap-around
    for k, (a, b) in enumerate(itertools.pairwise(positions)):
        if sum(abs(u - v) for u, v in zip(a, b)) != 1:     # one player, one step
            raise ValueError(f"positions[{k + 1}] = {b} is not one half move from "
                             f"positions[{k}] = {a} (one player steps to a neighbouring cell)")
    counts = [0, 0, 0, 0]
    for (cx, cy, mx, my), (nx, ny, nmx, nmy) in itertools.pairwise(positions):
        before = abs(cx - mx) + abs(cy - my)
        if (cx, cy) != (nx, ny):
            counts[1] += 1
            counts[0] += abs(nx - mx) + abs(ny - my) >= before
        elif (mx, my) != (nmx, nmy):
            counts[3] += 1
            toward = abs(cx - nmx) + abs(cy - nmy) < before
            away = [(mx + dx, my + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if 0 <= mx + dx < cols and 0 <= my + dy < rows
                    and abs(cx - mx - dx) + abs(cy - my - dy) >= before]
            counts[2] += toward and bool(away)
    return Unexpected(*counts)


def total_unexpected(counts) -> Unexpected:
    """The sum of several games' counts."""
    counts = items(counts, "counts")
    for k, c in enumerate(counts):
        if not isinstance(c, Unexpected):
            raise TypeError(f"counts[{k}] must be an Unexpected (unexpected_moves' result), got "
                            f"{shown(c)} ({type(c).__name__})")
    return Unexpected(*(sum(getattr(c, f) for c in counts)
                        for f in ("cat", "cat_moves", "mouse", "mouse_moves")))
