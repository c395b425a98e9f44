"""The limits of boards, tables and runs and their checks (errors name the argument)."""

from __future__ import annotations

from studykit.checks import at_most, choice, whole
from studykit.checks import seed as any_seed

FIRST_MOVERS = ("cat", "mouse")
MAX_SIDE = 1_000                         # no call gets near it: the cost limits come first
MAX_TABLE = 810_000                      # entries of a full table, cells ** 2: 30x30 (7 s)
MAX_ITERATIONS = 10_000_000              # training iterations (the article: 100,000)
MAX_SEED = 2**64 - 1                     # a seed is at most 64 bits (numpy's SeedSequence takes more)


def board(rows, cols, low: int = 2) -> tuple[int, int]:
    """``rows`` and ``cols`` as whole numbers from ``low`` (2: the smallest playable board)."""
    return whole(rows, "rows", low, MAX_SIDE), whole(cols, "cols", low, MAX_SIDE)


def first_move(value, name: str = "first_move") -> str:
    """'cat' or 'mouse'."""
    return choice(value, name, FIRST_MOVERS)


def table_size(rows: int, cols: int, limit: int = MAX_TABLE, what: str = "a full table") -> int:
    """Refuse a (cat cell, mouse cell) table of more than ``limit`` entries."""
    n = (rows * cols) ** 2
    if n > limit:
        raise ValueError(f"{what} on {rows}x{cols} has {n:,} entries, more than the limit of "
                         f"{limit:,} (a {int(limit ** 0.25)}x{int(limit ** 0.25)} board); use a "
                         "smaller board")
    return n


def seed(value, name: str = "seed") -> int:
    """A whole-number seed from 0 to MAX_SEED (None refused: every run would differ)."""
    return at_most(any_seed(value, name), name, MAX_SEED, "a seed is at most 64 bits")


def count(value, name: str, low: int = 0, high: int = MAX_ITERATIONS) -> int:
    """A whole number in ``low..high`` (iterations, games, sweeps...)."""
    return whole(value, name, low, high)


def at_most_iterations(value, name: str = "iterations", high: int = MAX_ITERATIONS) -> int:
    """Iterations: a whole number from 0 to ``high``."""
    return at_most(whole(value, name, 0), name, high,
                   "a longer run would take days here; split it into seeded runs")
