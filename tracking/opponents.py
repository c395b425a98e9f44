"""Opponent simulators: a random walker and an explorer that prefers less-visited cells."""

from __future__ import annotations

import numpy as np

from studykit.checks import generator
from tracking import checks
from tracking.maze import Maze


def move_probs(nbrs: np.ndarray, v: np.ndarray, beta: float) -> np.ndarray:
    """Move probabilities exp(-beta v(x')) / Z over the legal successors in each row.

    Args:
        nbrs: (..., 5) successor indices padded with -1.
        v: (..., 5) visit counts of those successors (ignored where padded).
        beta: preference for unvisited cells (0 gives the uniform walk).
    """
    valid = nbrs >= 0
    v = np.where(valid, v, np.inf)
    shift = v.min(axis=-1, keepdims=True)
    w = np.where(valid, np.exp(-beta * np.where(valid, v - shift, 0.0)), 0.0)
    return w / w.sum(axis=-1, keepdims=True)


def explorer_probs(nbrs: np.ndarray, counts: np.ndarray, beta: float) -> np.ndarray:
    """Move probabilities for rows of successors ``nbrs`` (k, 5) given visit counts (k, n)."""
    v = np.take_along_axis(counts, np.where(nbrs >= 0, nbrs, 0), axis=1)
    return move_probs(nbrs, v, beta)


def walk(maze: Maze, start: tuple, steps: int, *, beta: float = 0.0, episodes: int = 1,
         rng: np.random.Generator) -> np.ndarray:
    """Simulate ``episodes`` opponents for ``steps`` moves; returns (episodes, steps + 1) cell indices.

    ``beta = 0`` is the random walker (any legal move, Stop included, equally likely); ``beta > 0``
    the explorer, which moves to x' with probability proportional to exp(-beta * visits(x')).
    """
    if not isinstance(maze, Maze):
        raise TypeError(f"maze must be a Maze (tracking.load_layout), got {type(maze).__name__}")
    start = checks.free_cell(maze, start, "start")
    steps, episodes = checks.run_size(steps, episodes, maze.n, what="walk")
    beta, rng = checks.beta(beta), generator(rng, "rng")
    nbrs = maze.neighbor_table()
    path = np.empty((episodes, steps + 1), dtype=int)
    path[:, 0] = maze.index[tuple(start)]
    counts = np.zeros((episodes, maze.n))
    rows = np.arange(episodes)
    counts[rows, path[:, 0]] += 1
    for t in range(steps):
        here = nbrs[path[:, t]]
        p = explorer_probs(here, counts, beta)
        k = (rng.random((episodes, 1)) > np.cumsum(p, axis=1)).sum(axis=1)
        k = np.minimum(k, (here >= 0).sum(axis=1) - 1)
        path[:, t + 1] = here[rows, k]
        counts[rows, path[:, t + 1]] += 1
    return path


def visit_counts(path: np.ndarray, n: int) -> np.ndarray:
    """(episodes, steps + 1, n) visit counts after each step (the oracle counts)."""
    e, t = path.shape
    onehot = np.zeros((e, t, n))
    onehot[np.arange(e)[:, None], np.arange(t)[None, :], path] = 1
    return np.cumsum(onehot, axis=1)
