"""How often a cat that moves at random catches a random mouse: exact probabilities.

The article remarks that a randomly moving cat is unlikely to win, "although interestingly can
very often with a small enough board". Here the cat steps uniformly among its legal moves and the
mouse is one of version 2's stochastic mice (it never steps onto the cat); the game follows
version 2's rules: the round counter starts at 1 with the mouse's first move, and the mouse wins
once the counter reaches ``(rows + cols) * 2`` after its move. The probability that the cat
catches the mouse in time is computed exactly by pushing the distribution over (cat cell, mouse
cell) forward move by move (no sampling).
"""

from __future__ import annotations

import numpy as np

from catmouse.arguments import count, mouse_kind, table_size
from catmouse.exact.stochastic import transition
from catmouse.mice import mouse_targets
from catmouse.rules import check_board, check_first_move, corner_cells, neighbours

MAX_WORK = 200_000_000     # positions x rounds (20x20 with the default limit: 12.8 million, 1.3 s)


def _cat_step(dist: np.ndarray, nbr: np.ndarray) -> tuple[np.ndarray, float]:
    """The distribution after a uniformly random cat move, and the probability it captured."""
    deg = (nbr >= 0).sum(axis=1)
    new = np.zeros_like(dist)
    for k in range(nbr.shape[1]):
        src = np.flatnonzero(nbr[:, k] >= 0)
        np.add.at(new, nbr[src, k], dist[src] / deg[src, None])
    captured = float(np.trace(new))
    np.fill_diagonal(new, 0.0)
    return new, captured


def _mouse_step(dist: np.ndarray, P: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """The distribution after the mouse's move (P[c, m, k]: probability of direction k)."""
    n = dist.shape[0]
    new = np.zeros_like(dist)
    cats = np.repeat(np.arange(n), n)
    for k in range(targets.shape[1]):
        to = np.tile(targets[:, k], n)
        np.add.at(new, (cats, to), (dist * P[:, :, k]).ravel())
    return new


def random_cat_capture(rows: int, cols: int, first_move: str = "mouse", mouse: str = "random",
                       limit: int | None = None) -> float:
    """Probability that a uniformly random cat catches the mouse within the time limit.

    Args:
        rows, cols: the board (corners start: cat bottom-left, mouse top-right).
        first_move: "cat" or "mouse".
        mouse: "random", "smart" or "strict" (version 2's mice).
        limit: the round limit; default ``(rows + cols) * 2`` as in version 2.
    """
    rows, cols = check_board(rows, cols)
    check_first_move(first_move)
    mouse = mouse_kind(mouse)
    positions = table_size(rows, cols, what="the distribution over (cat cell, mouse cell)")
    limit = (rows + cols) * 2 if limit is None else count(limit, "limit", 1)
    if positions * limit > MAX_WORK:
        raise ValueError(f"limit={limit:,} rounds on {rows}x{cols} means {positions * limit:,} "
                         f"position updates, more than the limit of {MAX_WORK:,} (about 20 s on "
                         "this machine); use a smaller board or a lower limit")
    n = rows * cols
    P, targets, nbr = transition(rows, cols, mouse), mouse_targets(rows, cols), neighbours(rows, cols)
    dist = np.zeros((n, n))
    dist[corner_cells(rows, cols)] = 1.0
    caught = 0.0
    if first_move == "cat":
        dist, p = _cat_step(dist, nbr)
        caught += p
    for r in range(1, limit + 1):
        dist = _mouse_step(dist, P, targets)
        if r >= limit:
            break
        dist, p = _cat_step(dist, nbr)
        caught += p
    return caught
