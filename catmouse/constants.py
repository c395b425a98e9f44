"""The catmouse rules a notebook's constants must also follow, checked the one way every notebook
checks its constants: ``studykit.checks`` (value first, then the constant's name, then what is
allowed), on which these build.

Plain numbers, flags, names and lists use ``studykit.checks`` directly (``whole``, ``real``,
``flag``, ``choice``, ``seed``, ``sequence``); what only this study knows lives here:

    CAT_TRAIN_BOARDS = board_list(CAT_TRAIN_BOARDS, "CAT_TRAIN_BOARDS", max_side=9)
    MIN_SIDE, MAX_SIDE = side_range(MIN_SIDE, MAX_SIDE, ("MIN_SIDE", "MAX_SIDE"))
    OPTIMAL = winnable_board(NUM_ROWS, NUM_COLS, FIRST_MOVE, ("NUM_ROWS", "NUM_COLS"))

Each error names the constant (``TypeError`` for a value of the wrong kind, ``ValueError`` for
one that is not allowed), so a mistyped value stops a notebook in its first cells.
"""

from __future__ import annotations

from catmouse.arguments import MAX_SIDE
from catmouse.exact.solve import optimal_capture
from studykit.checks import sequence, whole


def board_list(value, name: str, max_side: int | None = None) -> list[tuple[int, int]]:
    """A non-empty list of distinct (rows, cols) boards, each side from 2 (the smallest playable
    board) to ``max_side`` (default: the largest board the study plays); lists and tuples alike,
    returned as a list of tuples."""
    high = MAX_SIDE if max_side is None else min(whole(max_side, "max_side", 2), MAX_SIDE)

    def board(pair, label: str) -> tuple[int, int]:
        rows, cols = sequence(pair, label, lambda side, n: whole(side, n, 2, high),
                              min_len=2, max_len=2)
        return rows, cols

    return list(sequence(value, name, board, distinct=True))


def constant_names(value) -> tuple[str, str]:
    """Two constant names (text) for the messages of ``side_range`` and ``winnable_board``."""
    def text(v, n):
        if not isinstance(v, str):
            raise TypeError(f"{n} must be a constant's name (text), got {type(v).__name__}")
        return v

    return sequence(value, "names", text, min_len=2, max_len=2)


def side_range(low, high, names: tuple[str, str] = ("MIN_SIDE", "MAX_SIDE")) -> tuple[int, int]:
    """Board sides ``low..high``: whole numbers from 2 to MAX_SIDE, ``low <= high``."""
    names = constant_names(names)
    low, high = whole(low, names[0], 2, MAX_SIDE), whole(high, names[1], 2, MAX_SIDE)
    if low > high:
        raise ValueError(f"{names[0]} must be <= {names[1]}, got {low} > {high}")
    return low, high


def winnable_board(rows: int, cols: int, first_move: str,
                   names: tuple[str, str] = ("NUM_ROWS", "NUM_COLS")) -> int:
    """The cat's optimal number of moves from the corners when it can force a capture on this
    board with ``first_move`` moving first; otherwise a ValueError saying which sides to choose."""
    names = constant_names(names)
    moves = optimal_capture(rows, cols, first_move)
    if moves is None:
        need = "odd" if first_move == "cat" else "even"
        raise ValueError(
            f"{names[0]} x {names[1]} = {rows} x {cols} with the {first_move} moving first: the "
            f"cat cannot win (the distance is even at every cat turn, so a careful mouse is never "
            f"caught); with the {first_move} first choose {names[0]} + {names[1]} {need}")
    return moves
