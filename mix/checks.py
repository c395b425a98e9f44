"""Checks of a notebook's constants: each raises a ``ValueError`` naming the constant and what
it accepts, so a mistyped first cell stops at once instead of deep inside an experiment."""

from __future__ import annotations

from collections.abc import Sequence

from mix.agents import make_agent
from mix.board import Geometry


def check_int(value, name: str, low: int = 1, high: int | None = None) -> int:
    """An integer in ``low..high`` (no upper limit when ``high`` is None)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (
            high is not None and value > high):
        span = f">= {low}" if high is None else f"in {low}..{high}"
        raise ValueError(f"{name} must be an integer {span}, got {value!r}")
    return value


def check_agents(names, name: str, allow_empty: bool = False) -> tuple[str, ...]:
    """A list or tuple of agent names that ``mix.make_agent`` knows."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ValueError(  # noqa: TRY004 (a notebook constant: ValueError, like the others)
            f"{name} must be a list or tuple of agent names, got {names!r}")
    if not names and not allow_empty:
        raise ValueError(f"{name} must not be empty")
    for agent in names:
        try:
            make_agent(agent)
        except (ValueError, TypeError) as err:
            raise ValueError(f"{name}: {err}") from None
    return tuple(names)


def check_boards(boards, name: str, max_slots: int) -> tuple[tuple[int, int], ...]:
    """A non-empty list or tuple of (rows, cols) boards on which four in a row fits, each of
    at most ``max_slots`` slots (the exact methods that use them are exponential)."""
    if isinstance(boards, str) or not isinstance(boards, Sequence) or not boards:
        raise ValueError(f"{name} must be a non-empty list of (rows, cols) pairs, got {boards!r}")
    out = []
    for bd in boards:
        if isinstance(bd, str) or not isinstance(bd, Sequence) or len(bd) != 2:
            raise ValueError(f"{name}: each board must be a (rows, cols) pair, got {bd!r}")
        rows, cols = (check_int(v, f"{name} {bd!r}") for v in bd)
        try:
            Geometry(rows, cols)
        except ValueError as err:
            raise ValueError(f"{name}: {err}") from None
        if rows * cols > max_slots:
            raise ValueError(f"{name}: {rows}x{cols} has {rows * cols} slots, at most {max_slots}"
                             " here (the exact methods grow exponentially)")
        out.append((rows, cols))
    return tuple(out)
