"""Checks for the constants at the top of the version 1, version 2 and exact-analysis notebooks.

Each check raises ``ValueError`` naming the constant and what it accepts, so a mistyped value
stops a notebook in its first cells. Lists and tuples are accepted alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from catmouse.exact import optimal_capture


def check_int(name: str, value, minimum: int = 1, maximum: int | None = None) -> int:
    """An integer constant in ``minimum..maximum``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum or (
            maximum is not None and value > maximum):
        allowed = f">= {minimum}" if maximum is None else f"from {minimum} to {maximum}"
        raise ValueError(f"{name} must be an integer {allowed}, got {value!r}")
    return value


def check_choice(name: str, value, choices: Sequence) -> str:
    """One of a few allowed values."""
    if value not in tuple(choices):
        raise ValueError(f"{name} must be one of {tuple(choices)}, got {value!r}")
    return value


def check_seconds(name: str, value, maximum: float = 10.0) -> float:
    """A positive duration in seconds, at most ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= maximum:
        raise ValueError(f"{name} must be a number of seconds in (0, {maximum:g}], got {value!r}")
    return float(value)


def check_winnable(rows: int, cols: int, first_move: str, names=("NUM_ROWS", "NUM_COLS", "FIRST_MOVE")):
    """The cat can force a capture from the corners; otherwise say which constants to change."""
    moves = optimal_capture(rows, cols, first_move)
    if moves is None:
        need = "odd" if first_move == "cat" else "even"
        raise ValueError(
            f"{names[0]} x {names[1]} = {rows} x {cols} with {names[2]} = {first_move!r}: the cat cannot "
            f"win (the distance is even at every cat turn, so a careful mouse is never caught); with "
            f"the {first_move} first choose {names[0]} + {names[1]} {need}")
    return moves


def check_pairs(name: str, value, low: int, high: int) -> list[tuple[int, int]]:
    """A non-empty list of integer pairs, each entry in ``low..high`` (e.g. speeds)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or not value:
        raise ValueError(f"{name} must be a non-empty list of pairs, got {value!r}")
    out = []
    for pair in value:
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2 or any(
                isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high for v in pair):
            raise ValueError(f"{name}: each entry must be a pair of integers from {low} to {high}, "
                             f"got {pair!r}")
        out.append((pair[0], pair[1]))
    return out
