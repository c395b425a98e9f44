"""Expected capture time against the stochastic mice: value iteration over (cat cell, mouse cell).

``E_cat[c, m]`` (cat to move) = 1 + min over cat moves of ``E_mouse``; ``E_mouse[c, m]`` = the
mouse's move-probability-weighted ``E_cat``. Mice never step onto the cat, so positions whose
distance at the cat's turn is even are never captured (value inf); the rest converge. With a
fixed cat (``cat_table``) the minimum is replaced by the table's move.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from catmouse.arguments import (
    MAX_CHAIN,
    MAX_SWEEPS,
    MAX_VALUE_WORK,
    count,
    mouse_kind,
    next_cells,
    number,
    table_size,
)
from catmouse.exact.fixpoint import CaptureTimes, over_moves
from catmouse.mice import check_mouse, mouse_targets, transition_arrays
from catmouse.rules import check_board, check_first_move, corner_cells, neighbours


@dataclass(frozen=True, eq=False)
class Expectation(CaptureTimes):
    """Expected cat moves to capture over (cat cell, mouse cell), with the cat or the mouse to
    move (inf: not certain); when not ``converged`` the values are lower bounds."""

    converged: bool


@dataclass(frozen=True)
class CornerExpectation:
    """Expected cat moves from the corner start; a lower bound when not ``converged``."""

    value: float
    converged: bool


@lru_cache(maxsize=16)
def transition(rows: int, cols: int, mouse: str) -> np.ndarray:
    """P[c, m, k]: probability that the mouse at m moves in direction k with the cat at c."""
    check_mouse(mouse)
    return transition_arrays(mouse, rows, cols)


def _certain_capture(cat_table: np.ndarray, P: np.ndarray, targets: np.ndarray,
                     n: int) -> np.ndarray:
    """Cat-to-move states from which a fixed cat policy captures with probability one."""
    cs, ms = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    nc = cat_table[cs, ms]
    done = nc == ms                                   # captured by this move
    succ = targets[ms]                                # mouse's next cells, shape (n, n, 4)
    live = P[nc, ms] > 0                              # which of them it may choose
    can = done.copy()                                 # capture reachable with positive probability
    while True:
        new = done | (live & can[nc[..., None], succ]).any(axis=2)
        if (new == can).all():
            break
        can = new
    doomed = ~can                                     # may wander into a state that never captures
    while True:
        new = doomed | (~done & (live & doomed[nc[..., None], succ]).any(axis=2))
        if (new == doomed).all():
            return ~doomed
        doomed = new


def value_sweeps(rows: int, cols: int, mouse: str = "smart", cat_table: np.ndarray | None = None,
                 tol: float = 1e-12, max_sweeps: int = 100_000) -> Expectation:
    """The value iteration behind ``expected_capture``.

    ``cat_table[c, m]`` (optional) is the cat's next cell under a fixed policy. The sweeps start
    from 0 and never decrease, so when they stop at ``max_sweeps`` without converging the arrays
    are lower bounds of the expected capture times.
    """
    rows, cols = check_board(rows, cols)
    mouse = mouse_kind(mouse)
    positions = table_size(rows, cols, MAX_CHAIN, "the (cat cell, mouse cell) positions")
    if positions * (rows + cols) > MAX_VALUE_WORK:
        raise ValueError(f"value iteration on {rows}x{cols} (rows x cols) means {positions:,} "
                         f"positions x about {rows + cols} sweeps, more than the limit of "
                         f"{MAX_VALUE_WORK:,} (about 20 s on this machine); use a smaller board")
    nbr = neighbours(rows, cols)
    if cat_table is not None:
        cat_table = next_cells(cat_table, rows, cols, nbr)
    tol = number(tol, "tol", above=0, below=1)
    max_sweeps = count(max_sweeps, "max_sweeps", 1, MAX_SWEEPS)
    n = rows * cols
    P = transition(rows, cols, mouse)
    targets = mouse_targets(rows, cols)
    x, y = np.divmod(np.arange(n), rows)
    odd = (np.abs(x[:, None] - x[None, :]) + np.abs(y[:, None] - y[None, :])) % 2 == 1
    caught = np.eye(n, dtype=bool)
    if cat_table is not None:
        odd = odd & _certain_capture(cat_table, P, targets, n)
    E_cat = np.where(odd, 0.0, np.inf)
    ms = np.arange(n)[None, :]
    for _ in range(max_sweeps):
        E_mouse = np.where(caught, 0.0, np.einsum("cmk,cmk->cm", P, np.nan_to_num(
            E_cat[np.arange(n)[:, None, None], targets[None, :, :]], posinf=1e300)))
        E_mouse = np.where(odd, np.inf, E_mouse)   # odd at the mouse's turn: never caught
        if cat_table is None:
            nxt = over_moves(E_mouse, nbr, 0, np.min, np.inf)
        else:
            nxt = E_mouse[cat_table, ms]
        new = np.where(odd, 1.0 + nxt, np.inf)
        if np.abs(new[odd] - E_cat[odd]).max() < tol:
            return Expectation(new, E_mouse, True)
        E_cat = new
    return Expectation(E_cat, E_mouse, False)


def expected_capture(rows: int, cols: int, mouse: str = "smart", cat_table: np.ndarray | None = None,
                     tol: float = 1e-12, max_sweeps: int = 100_000) -> Expectation:
    """Expected capture times over (cat cell, mouse cell) with the cat or the mouse to move;
    optimal cat unless ``cat_table`` is given.

    Raises RuntimeError when the sweeps have not converged after ``max_sweeps``.
    """
    out = value_sweeps(rows, cols, mouse, cat_table, tol, max_sweeps)
    if not out.converged:
        raise RuntimeError("value iteration did not converge")
    return out


def expected_capture_from_corner(rows: int, cols: int, mouse: str = "smart",
                                 first_move: str = "mouse", cat_table: np.ndarray | None = None,
                                 max_sweeps: int = 100_000) -> float:
    """Expected cat moves to capture from the corner start (optimal cat unless a table is given)."""
    check_first_move(first_move)
    out = expected_capture(rows, cols, mouse, cat_table, max_sweeps=max_sweeps)
    return float(out.to_move(first_move)[corner_cells(rows, cols)])


@lru_cache(maxsize=64)
def optimal_expected(rows: int, cols: int, mouse: str, first_move: str) -> float:
    """The optimal cat's expected capture time from the corner start (cached)."""
    return expected_capture_from_corner(rows, cols, mouse, first_move)
