"""The pursuit game played out: any number of cats, walls, and callables choosing the moves.

All cats move in each cat turn (one direction each); the mouse moves one step in its turn; a
move off the board or into a wall is refused. The game ends with a capture (a cat on the mouse's
cell, whoever moved; at once if the mouse starts on a cat) or after ``max_cat_moves`` cat turns.
"""

from __future__ import annotations

from dataclasses import dataclass

from catmouse.arguments import board_cell, board_cells
from catmouse.arguments import obstacles as walls_arg
from catmouse.rules import DELTAS, check_board, check_first_move, corner_start, step
from studykit.checks import whole

MAX_CAT_MOVES = 1_000_000


@dataclass(frozen=True)
class Pursuit:
    """A finished game: captured?, cat turns played, positions ((cat cells...), mouse cell)."""

    caught: bool
    cat_moves: int
    path: tuple


def play_pursuit(rows: int, cols: int, cat_fn, mouse_fn, cats=((0, 0),), mouse=None, obstacles=(),
                 first_move: str = "cat", max_cat_moves: int = 1000) -> Pursuit:
    """Play from ``cats`` (default: one cat bottom-left) and ``mouse`` (default: top-right).

    ``cat_fn(cats, mouse)`` returns one direction per cat, ``mouse_fn(cats, mouse)`` one
    direction; positions are (x, y) tuples.
    """
    rows, cols = check_board(rows, cols)
    check_first_move(first_move)
    for name, fn in (("cat_fn", cat_fn), ("mouse_fn", mouse_fn)):
        if not callable(fn):
            raise TypeError(f"{name} must be a function of (cats, mouse), got {type(fn).__name__}")
    max_cat_moves = whole(max_cat_moves, "max_cat_moves", 1, MAX_CAT_MOVES)
    blocked = set(walls_arg(obstacles, rows, cols))
    cats = list(board_cells(cats, "cats start", rows, cols, blocked, min_len=1, max_len=16))
    mouse = board_cell(mouse if mouse is not None else corner_start(rows, cols)[1], "mouse start",
                       rows, cols, blocked)

    def moved(p, d, who):
        if not isinstance(d, str) or d not in DELTAS:
            raise ValueError(f"{who}_fn must return directions 'R', 'L', 'U' or 'D', got {d!r}")
        q = step(p[0], p[1], d, rows, cols)
        if q is None or q in blocked:
            raise ValueError(f"{who} move {d!r} from {p} leaves the board or enters an obstacle")
        return q

    path = [(tuple(cats), mouse)]
    cat_moves = 0
    turn = first_move
    while mouse not in cats and cat_moves < max_cat_moves:
        if turn == "cat":
            joint = cat_fn(tuple(cats), mouse)
            if isinstance(joint, str) or not hasattr(joint, "__len__") or len(joint) != len(cats):
                raise ValueError(f"cat_fn must return one direction per cat ({len(cats)}), got "
                                 f"{joint!r}")
            cats = [moved(c, d, "cat") for c, d in zip(cats, joint, strict=True)]
            cat_moves += 1
        else:
            mouse = moved(mouse, mouse_fn(tuple(cats), mouse), "mouse")
        path.append((tuple(cats), mouse))
        turn = "mouse" if turn == "cat" else "cat"
    return Pursuit(mouse in cats, cat_moves, tuple(path))
