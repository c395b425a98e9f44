"""The general engine: any number of cats, walls, and callables choosing the moves.

All cats move in each cat turn (one direction each); the mouse moves one step in its turn; a
move off the board or into a wall is refused. The game ends with a capture (a cat on the mouse's
cell, whoever moved) or after ``max_cat_moves`` cat turns.
"""

from __future__ import annotations

from dataclasses import dataclass

from catmouse.board import check_board, check_first_move, corner_start, step


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
    check_board(rows, cols)
    check_first_move(first_move)
    blocked = {tuple(o) for o in obstacles}
    cats = [tuple(c) for c in cats]
    mouse = tuple(mouse) if mouse is not None else corner_start(rows, cols)[1]
    for who, cell in [*(("cat", c) for c in cats), ("mouse", mouse)]:
        if not (0 <= cell[0] < cols and 0 <= cell[1] < rows) or cell in blocked:
            raise ValueError(f"{who} start {cell} is off the board or on a wall")

    def moved(p, d, who):
        q = step(p[0], p[1], d, rows, cols)
        if q is None or q in blocked:
            raise ValueError(f"{who} move {d!r} from {p} leaves the board or enters an obstacle")
        return q

    path = [(tuple(cats), mouse)]
    cat_moves = 0
    turn = first_move
    while cat_moves < max_cat_moves:
        if turn == "cat":
            cats = [moved(c, d, "cat")
                    for c, d in zip(cats, cat_fn(tuple(cats), mouse), strict=True)]
            cat_moves += 1
        else:
            mouse = moved(mouse, mouse_fn(tuple(cats), mouse), "mouse")
        path.append((tuple(cats), mouse))
        if mouse in cats:
            return Pursuit(True, cat_moves, tuple(path))
        turn = "mouse" if turn == "cat" else "cat"
    return Pursuit(False, cat_moves, tuple(path))
