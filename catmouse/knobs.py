"""Checks for the constants at the top of the improved-trainer and version-2 notebooks.

Each check raises ``ValueError`` naming the constant and what it accepts, so a mistyped value
stops a notebook in its first cells instead of deep inside a sweep. Lists and tuples are
accepted alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from catmouse.game import check_board


def check_count(name: str, value, minimum: int = 1) -> int:
    """An integer constant of at least ``minimum`` (a number of seeds, iterations, jobs...)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r}")
    return value


def check_flag(name: str, value) -> bool:
    """A True/False constant."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, got {value!r}")
    return value


def check_side_range(min_name: str, low, max_name: str, high) -> tuple[int, int]:
    """Board sides ``low..high``: integers, at least 2 (the smallest playable board), low <= high."""
    check_count(min_name, low, 2)
    check_count(max_name, high, 2)
    if low > high:
        raise ValueError(f"{min_name} must be <= {max_name}, got {low} > {high}")
    return low, high


def check_boards(name: str, boards, max_side: int | None = None) -> list[tuple[int, int]]:
    """A non-empty list of (rows, cols) boards, each at least 2x2 (and at most ``max_side``)."""
    if isinstance(boards, (str, bytes)) or not isinstance(boards, Sequence) or not boards:
        raise ValueError(f"{name} must be a non-empty list of (rows, cols) pairs, got {boards!r}")
    out = []
    for board in boards:
        if isinstance(board, (str, bytes)) or not isinstance(board, Sequence) or len(board) != 2:
            raise ValueError(f"{name}: each board must be a (rows, cols) pair, got {board!r}")
        rows, cols = board
        try:
            check_count("rows", rows, 2)
            check_count("cols", cols, 2)
            check_board(rows, cols)
        except ValueError as err:
            raise ValueError(f"{name}: board {board!r} is not playable ({err})") from None
        if max_side is not None and max(rows, cols) > max_side:
            raise ValueError(f"{name}: board {board!r} has a side above {max_side}")
        out.append((rows, cols))
    if len(set(out)) != len(out):
        raise ValueError(f"{name} lists a board twice: {boards!r}")
    return out


def check_choices(name: str, values, allowed: Sequence[str]) -> list[str]:
    """A non-empty list of distinct names, each one of ``allowed``."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
        raise ValueError(f"{name} must be a non-empty list of names from {tuple(allowed)}, got {values!r}")
    for value in values:
        if value not in allowed:
            raise ValueError(f"{name}: {value!r} is not one of {tuple(allowed)}")
    if len(set(values)) != len(values):
        raise ValueError(f"{name} lists a name twice: {values!r}")
    return list(values)
