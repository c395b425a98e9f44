"""Plain implementations the tracking tests and benchmark check the fast ones against.

Written for reading, not speed: dictionaries keyed by cell, loops over cells and paths, one
float factor at a time. Each exists only here.
"""

import math

import numpy as np

from tracking.sensing import NOISE, SIGHT

__all__ = ["bellman_ford", "brute_force_marginals", "plain_filter", "plain_team_observe",
           "step_probs", "successors"]


def step_probs(succ, counts, motion, beta, mix) -> dict:
    """P(x' | x) over the successor cells ``succ`` (Stop included), ``counts`` mapping cell to
    visits: the oracle of the filters' motion models."""
    if motion == "uniform":
        return {s: 1 / len(succ) for s in succ}
    low = min(counts[s] for s in succ)
    w = {s: math.exp(-beta * (counts[s] - low)) for s in succ}
    z = sum(w.values())
    return {s: (1 - mix) * w[s] / z + mix / len(succ) for s in succ}


def successors(maze) -> dict:
    """Each cell's successor cells, Stop included."""
    return {c: list(maze.legal_moves(c).values()) for c in maze.cells}


def plain_filter(maze, start, likelihoods, motion, beta, mix, oracle_counts=None) -> np.ndarray:
    """Forward filter with dictionaries and loops over cells: the oracle of ``ExactFilter`` (and
    the benchmark's dictionary loop), one episode, beliefs of shape (steps + 1, n).

    The explorer model uses the belief-weighted visit counts, or ``oracle_counts[t - 1]`` (an
    (steps, n) array) when given. When the evidence rules out every predicted cell the belief
    is re-seeded from the evidence alone (``ExactFilter``'s recovery rule).
    """
    succ = successors(maze)
    belief = dict.fromkeys(maze.cells, 0.0)
    belief[tuple(start)] = 1.0
    counts = dict(belief)
    out = [dict(belief)]
    for t in range(1, len(likelihoods)):
        used = counts if oracle_counts is None else dict(zip(maze.cells, oracle_counts[t - 1]))
        pred = dict.fromkeys(maze.cells, 0.0)
        for c, p in belief.items():
            if p == 0.0:
                continue
            if motion == "uniform":                    # p / k: p * (1 / k) rounds differently
                for s in succ[c]:
                    pred[s] += p / len(succ[c])
                continue
            for s, q in step_probs(succ[c], used, motion, beta, mix).items():
                pred[s] += p * q
        like = dict(zip(maze.cells, likelihoods[t]))
        post = {c: pred[c] * like[c] for c in maze.cells}
        total = sum(post.values())
        if total <= 0:
            post, total = like, sum(like.values())
        belief = {c: v / total for c, v in post.items()}
        for c in maze.cells:
            counts[c] += belief[c]
        out.append(belief)
    return np.array([[b[c] for c in maze.cells] for b in out])


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


def plain_team_observe(tracker, acting, teammates, seen, readings, pacman, far=None) -> None:
    """``TeamTracker.observe`` as products of float likelihoods, one factor at a time: its oracle.

    ``far``: a dict caching each cell's Manhattan distances (as the team tracker did before).
    """
    maze = tracker.maze
    far = {} if far is None else far

    def manhattan(cell):
        if cell not in far:
            far[cell] = maze.manhattan(cell)
        return far[cell]

    for j, filt in tracker.filters.items():
        if seen.get(j) is not None:
            like = np.zeros(maze.n)
            like[maze.index[tuple(seen[j])]] = 1.0
        else:
            like = (np.abs(readings[j] - manhattan(tuple(acting))) <= NOISE) / (2 * NOISE + 1)
            for mate in teammates:
                like = like * (manhattan(tuple(mate)) > SIGHT)
            like = like * (tracker.home if pacman[j] else ~tracker.home)
        filt.observe(like[None])


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
