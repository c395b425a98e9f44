"""The deterministic fixed point behind every exact value of the pursuit game.

``C`` (cat to move) and ``M`` (mouse to move) count cat moves until capture, ``inf`` where the
mouse evades forever. Starting from ``inf`` everywhere except the captured positions (0), one
sweep sets ``M`` from the mouse's options in ``C`` and then ``C = 1 +`` the cats' choice in
``M``; after ``t`` sweeps every capture of at most ``t`` cat moves is found, so the iteration
stops at the exact values. The solver, the evaluation of fixed tables and the game at other
speeds differ only in the two steps they pass in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from studykit.checks import choice


@dataclass(frozen=True, eq=False)
class CaptureTimes:
    """Cat moves until capture over positions (cat cells..., mouse cell), with the cat or the
    mouse to move (inf: the mouse evades forever)."""

    cat_to_move: np.ndarray
    mouse_to_move: np.ndarray

    def to_move(self, side: str) -> np.ndarray:
        """The array of the positions with ``side`` ("cat" or "mouse") to move."""
        side = choice(side, "side", ("cat", "mouse"))
        return self.cat_to_move if side == "cat" else self.mouse_to_move


def fixed_point(cat_step: Callable[[np.ndarray], np.ndarray],
                mouse_step: Callable[[np.ndarray], np.ndarray],
                caught: np.ndarray) -> CaptureTimes:
    """Iterate ``M = mouse_step(C)``, ``C = 1 + cat_step(M)`` from inf until nothing changes.

    ``caught`` marks the positions that are already captures (value 0 with either side to move).
    """
    C = np.where(caught, 0.0, np.inf)
    M = C.copy()
    while True:
        M_new = np.where(caught, 0.0, mouse_step(C))
        C_new = np.where(caught, 0.0, 1.0 + cat_step(M_new))
        if np.array_equal(C_new, C) and np.array_equal(M_new, M):
            return CaptureTimes(C, M)
        C, M = C_new, M_new


def over_moves_plain(values: np.ndarray, nbr: np.ndarray, axis: int, reduce,
                     fill: float) -> np.ndarray:
    """``over_moves`` as one writes it first: gather every move, then reduce over the moves."""
    padded = np.concatenate([values, np.full_like(values.take([0], axis=axis), fill)], axis=axis)
    moved = padded.take(np.where(nbr < 0, values.shape[axis], nbr), axis=axis)
    return reduce(moved, axis=axis + 1)


def over_moves(values: np.ndarray, nbr: np.ndarray, axis: int, reduce, fill: float,
               plain: bool = False) -> np.ndarray:
    """``reduce`` over the moves of the piece whose cell is ``axis`` (impossible moves read ``fill``).

    E.g. the mouse's best reply (``np.max`` with fill ``-inf``) or one cat's best move (``np.min``
    with fill ``inf``). Max and min go one move at a time; ``plain``: ``over_moves_plain``, its
    twin (same values).
    """
    if plain:
        return over_moves_plain(values, nbr, axis, reduce, fill)
    padded = np.concatenate([values, np.full_like(values.take([0], axis=axis), fill)], axis=axis)
    moves = np.where(nbr < 0, values.shape[axis], nbr)
    pairwise = PAIRWISE.get(reduce)
    if pairwise is None:
        return reduce(padded.take(moves, axis=axis), axis=axis + 1)
    out = padded.take(moves[:, 0], axis=axis)     # one move at a time: a reduction over a short
    for k in range(1, moves.shape[1]):            # last axis is several times slower in numpy
        pairwise(out, padded.take(moves[:, k], axis=axis), out=out)
    return out


PAIRWISE = {np.max: np.maximum, np.min: np.minimum, np.amax: np.maximum, np.amin: np.minimum}


def caught_mask(n: int, cats: int) -> np.ndarray:
    """Positions (cat cells..., mouse cell) over ``n`` cells where some cat stands on the mouse."""
    grids = np.meshgrid(*[np.arange(n)] * (cats + 1), indexing="ij")
    return np.logical_or.reduce([grids[i] == grids[-1] for i in range(cats)])
