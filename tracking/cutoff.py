"""The defender's cut-off: the region an enemy Pacman reaches before our defender, and the move
that shrinks it.

A ghost that follows a Pacman step for step never catches it (both move a cell a turn), and the
Pacman eats all the food ahead of it. The Pacman's *region* is the cells it reaches strictly before
the defender (it moves next: on a tie the defender steps onto it); the defender's best move leaves
it the smallest region, each of our food in it counting more, so the defender stands between the
Pacman and its way home.
"""

from __future__ import annotations

import numpy as np


def region_score(dist: np.ndarray, pacman: int, cell: int, food: np.ndarray, *,
                 food_weight: float = 3.0) -> float:
    """The size of the region the Pacman at ``pacman`` reaches before a defender at ``cell``, each
    cell of ``food`` (a boolean mask over the free cells) in it counting ``food_weight`` more."""
    region = dist[pacman] < dist[cell]
    return float(region.sum() + food_weight * (region & food).sum())


def cutoff_move(dist: np.ndarray, moves: dict, pacman: int, food: np.ndarray, allowed: np.ndarray,
                *, food_weight: float = 3.0) -> str | None:
    """The move (of ``moves``: name -> destination cell) onto the Pacman, else the one leaving it the
    smallest region (nearer the Pacman on ties); only moves to ``allowed`` cells; None if none."""
    pool = {name: x for name, x in moves.items() if allowed[x]}
    if not pool:
        return None
    for name in sorted(pool):
        if pool[name] == pacman:
            return name
    return min(sorted(pool), key=lambda name: (
        region_score(dist, pacman, pool[name], food, food_weight=food_weight), dist[pool[name], pacman]))
