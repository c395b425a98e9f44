"""Brute-force oracles of the tracking tests: every path summed for the smoother, every edge
relaxed for the planner. The plain filters themselves are in the library (tracking/plain.py).
"""

import numpy as np

from tracking.plain import step_probs, successors

__all__ = ["bellman_ford", "brute_force_marginals"]


def brute_force_marginals(maze, start, likelihoods, counts, motion, beta, mix) -> np.ndarray:
    """P(x_t | all evidence) by summing over every path from the start: the oracle of
    ``smooth``; ``counts[t - 1]`` (by cell index) drives the explorer model at step t."""
    succ = successors(maze)
    steps = len(likelihoods) - 1
    marg = np.zeros((steps + 1, maze.n))
    frontier = [((tuple(start),), 1.0)]
    for t in range(1, steps + 1):
        visits = dict(zip(maze.cells, counts[t - 1]))
        nxt = []
        for path, w in frontier:
            for s, p in step_probs(succ[path[-1]], visits, motion, beta, mix).items():
                weight = w * p * likelihoods[t][maze.index[s]]
                if weight > 0:
                    nxt.append((path + (s,), weight))
        frontier = nxt
    for path, w in frontier:
        for t, c in enumerate(path):
            marg[t, maze.index[c]] += w
    return marg / marg.sum(axis=1, keepdims=True)


def bellman_ford(maze, weights, source) -> np.ndarray:
    """Shortest entry-cost distances by relaxing every edge until nothing changes: the oracle of
    the agents' planner."""
    cost = {c: np.inf for c in maze.cells}
    cost[maze.cells[source]] = 0.0
    changed = True
    while changed:
        changed = False
        for c in maze.cells:
            for d in maze.legal_moves(c).values():
                new = cost[c] + weights[maze.index[d]]
                if d != c and new < cost[d] - 1e-12:
                    cost[d], changed = new, True
    return np.array([cost[c] for c in maze.cells])
