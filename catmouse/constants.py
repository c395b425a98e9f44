"""Checks for the constants at the top of the notebooks.

Each check raises ``ValueError`` naming the constant and what it accepts, so a mistyped value
stops a notebook in its first cells instead of deep inside a run. Lists and tuples are accepted
alike.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

import numpy as np

from catmouse.exact.solve import optimal_capture
from catmouse.rules import check_board
from studykit.checks import choice, is_whole


def check_int(name: str, value, minimum: int = 1, maximum: int | None = None) -> int:
    """An integer constant in ``minimum..maximum`` (a side, a number of seeds, iterations...);
    numpy integers count, bools do not; returned as a Python int."""
    if not is_whole(value) or value < minimum or (maximum is not None and value > maximum):
        allowed = f">= {minimum}" if maximum is None else f"from {minimum} to {maximum}"
        raise ValueError(f"{name} must be an integer {allowed}, got {value!r}")
    return int(value)


check_count = check_int       # the name the notebooks on the improved trainers use


def check_flag(name: str, value) -> bool:
    """A True/False constant (numpy's bool too; never 1, 0 or the text "False")."""
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False, got {value!r}")  # noqa: TRY004
    return bool(value)


def check_choice(name: str, value, choices: Sequence) -> str:
    """One of a few allowed values (text matches only text, True only a bool: never True for 1)."""
    return choice(value, name, choices)


def check_choices(name: str, values, allowed: Sequence[str]) -> list[str]:
    """A non-empty list of distinct names, each one of ``allowed``."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
        raise ValueError(f"{name} must be a non-empty list of names from {tuple(allowed)}, "
                         f"got {values!r}")
    out = []
    for value in values:
        try:
            out.append(choice(value, name, allowed))
        except ValueError:
            raise ValueError(f"{name}: {value!r} is not one of {tuple(allowed)}") from None
    if len(set(out)) != len(out):
        raise ValueError(f"{name} lists a name twice: {values!r}")
    return out


def check_seconds(name: str, value, maximum: float = 10.0) -> float:
    """A positive duration in seconds, at most ``maximum`` (NaN refused)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real) or not (
            math.isfinite(value) and 0 < value <= maximum):
        raise ValueError(f"{name} must be a number of seconds in (0, {maximum:g}], got {value!r}")
    return float(value)


def check_pairs(name: str, value, low: int, high: int) -> list[tuple[int, int]]:
    """A non-empty list of integer pairs, each entry in ``low..high`` (e.g. speeds)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or not value:
        raise ValueError(f"{name} must be a non-empty list of pairs, got {value!r}")
    out = []
    for pair in value:
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2 or any(
                not is_whole(v) or not low <= v <= high for v in pair):
            raise ValueError(f"{name}: each entry must be a pair of integers from {low} to {high}, "
                             f"got {pair!r}")
        out.append((int(pair[0]), int(pair[1])))
    return out


def check_side_range(min_name: str, low, max_name: str, high) -> tuple[int, int]:
    """Board sides ``low..high``: integers, at least 2 (the smallest playable board), low <= high."""
    low, high = check_int(min_name, low, 2), check_int(max_name, high, 2)
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
            rows, cols = check_int("rows", rows, 2), check_int("cols", cols, 2)
            check_board(rows, cols)
        except ValueError as err:
            raise ValueError(f"{name}: board {board!r} is not playable ({err})") from None
        if max_side is not None and max(rows, cols) > max_side:
            raise ValueError(f"{name}: board {board!r} has a side above {max_side}")
        out.append((rows, cols))
    if len(set(out)) != len(out):
        raise ValueError(f"{name} lists a board twice: {boards!r}")
    return out


def check_winnable(rows: int, cols: int, first_move: str,
                   names=("NUM_ROWS", "NUM_COLS", "FIRST_MOVE")) -> int:
    """The cat can force a capture from the corners (returns its optimal moves); otherwise say
    which constants to change."""
    moves = optimal_capture(rows, cols, first_move)
    if moves is None:
        need = "odd" if first_move == "cat" else "even"
        raise ValueError(
            f"{names[0]} x {names[1]} = {rows} x {cols} with {names[2]} = {first_move!r}: the cat "
            f"cannot win (the distance is even at every cat turn, so a careful mouse is never "
            f"caught); with the {first_move} first choose {names[0]} + {names[1]} {need}")
    return moves
