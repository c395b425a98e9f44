"""The tracking filters written plainly: the readable twins of the fast code.

Dictionaries keyed by cell, loops over cells, one float factor at a time. ``plain_filter`` is
``ExactFilter`` (tracking/filters.py: sparse matrices, batched over episodes) for one episode;
``plain_team_observe`` is ``TeamTracker.observe`` (tracking/teamtrack.py: one boolean mask) as
products of float likelihoods. The tests check the fast code against them (identical beliefs,
up to rounding for the filter) and bench/bench_tracking.py times them side by side.
"""

from __future__ import annotations

import math

import numpy as np

from tracking.sensing import NOISE, SIGHT


def step_probs(succ: list, counts: dict, motion: str, beta: float, mix: float) -> dict:
    """P(x' | x) over the successor cells ``succ`` (Stop included); ``counts`` maps a cell to its
    visits. Uniform: 1 / len(succ). Explorer: weights exp(-beta * (visits - fewest)), normalised,
    mixed with the uniform step by ``mix``."""
    if motion == "uniform":
        return {s: 1 / len(succ) for s in succ}
    low = min(counts[s] for s in succ)
    w = {s: math.exp(-beta * (counts[s] - low)) for s in succ}
    z = sum(w.values())
    return {s: (1 - mix) * w[s] / z + mix / len(succ) for s in succ}


def successors(maze) -> dict:
    """Each cell's successor cells, Stop included."""
    return {c: list(maze.legal_moves(c).values()) for c in maze.cells}


def plain_filter(maze, start, likelihoods, motion: str, beta: float, mix: float,
                 oracle_counts=None) -> np.ndarray:
    """The forward filter for one episode: beliefs of shape (steps + 1, n), by maze cell index.

    Each step predicts (every cell's probability spread over its successors by the motion
    model), weighs the prediction by the evidence ``likelihoods[t]`` and normalises. The
    explorer model uses the belief-weighted visit counts so far, or ``oracle_counts[t - 1]``
    (a (steps, n) array) when given. When the evidence rules out every predicted cell, the
    belief restarts from the evidence alone.
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


def plain_team_observe(tracker, acting, teammates, seen: dict, readings: dict, pacman: dict,
                       far: dict | None = None) -> None:
    """A team's sensing step, ``TeamTracker.observe(acting, teammates, seen, readings, pacman)``,
    as products of float likelihoods: an enemy in sight sits on its cell; otherwise its cell is
    within the noise of the reading from ``acting``, beyond sight of every teammate, and on our
    half when it is a Pacman (on its own half when a ghost).

    ``far``: a dict caching each cell's Manhattan distances across calls.
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
