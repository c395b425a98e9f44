"""Exact forward filter over the free cells, batched over episodes, with sparse prediction steps."""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix

from tracking.maze import Maze

MOTIONS = ("uniform", "explorer")


class ExactFilter:
    """Belief over the free cells for ``episodes`` independent episodes at once, shape (episodes, n).

    Args:
        maze: the maze.
        start: the enemy's known start cell (the prior is a point mass there).
        motion: "uniform" (any legal move, Stop included, 1/N) or "explorer" (exp(-beta v) / Z).
        beta: the explorer model's preference for cells it has visited less.
        mix: weight of the uniform model mixed into the explorer model.
        episodes: number of episodes filtered together.
    """

    def __init__(self, maze: Maze, start: tuple, *, motion: str = "uniform", beta: float = 10.0,
                 mix: float = 0.01, episodes: int = 1):
        if motion not in MOTIONS:
            raise ValueError(f"motion must be one of {MOTIONS}, got {motion!r}")
        if not 0.0 <= mix <= 1.0:
            raise ValueError(f"mix must be in [0, 1], got {mix}")
        if beta < 0:
            raise ValueError(f"beta must be >= 0, got {beta}")
        if tuple(start) not in maze.index:
            raise ValueError(f"start {start} is not a free cell")
        self.maze, self.motion, self.beta, self.mix = maze, motion, beta, mix
        n = maze.n
        self.src, self.dst = maze.edges()                 # edges sorted by source
        self.group = np.r_[0, np.flatnonzero(np.diff(self.src)) + 1]
        deg = np.bincount(self.src, minlength=n)
        self.uniform = csr_matrix((1.0 / deg[self.src], (self.src, self.dst)), shape=(n, n))
        m = len(self.src)
        self.to_dst = csr_matrix((np.ones(m), (np.arange(m), self.dst)), shape=(m, n))
        self.belief = np.zeros((episodes, n))
        self.belief[:, maze.index[tuple(start)]] = 1.0
        self.counts = self.belief.copy()                  # expected visit counts
        self.recoveries = 0

    def edge_probs(self, counts: np.ndarray) -> np.ndarray:
        """Explorer move probabilities per edge, (episodes, edges), from visit counts (episodes, n)."""
        v = counts[:, self.dst]
        v = v - np.minimum.reduceat(v, self.group, axis=1)[:, self.src]
        w = np.exp(-self.beta * v)
        return w / np.add.reduceat(w, self.group, axis=1)[:, self.src]

    def predict(self, counts: np.ndarray | None = None) -> np.ndarray:
        """Prediction step: belief <- sum over x of belief(x) P(x' | x); ``counts`` overrides the expected ones."""
        b = self.belief
        out = (self.uniform.T @ b.T).T
        if self.motion == "explorer":
            p = self.edge_probs(self.counts if counts is None else counts)
            explore = (self.to_dst.T @ (b[:, self.src] * p).T).T
            out = (1.0 - self.mix) * explore + self.mix * out
        self.belief = out
        return out

    def backward(self, x: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """The transposed step for smoothing: y(x) = sum over x' of P(x' | x) x(x')."""
        out = (self.uniform @ x.T).T
        if self.motion == "explorer":
            p = self.edge_probs(counts)
            explore = np.add.reduceat(p * x[:, self.dst], self.group, axis=1)
            out = (1.0 - self.mix) * explore + self.mix * out
        return out

    def observe(self, likelihood: np.ndarray) -> np.ndarray:
        """Observation step: multiply by the likelihood (episodes, n) and normalise.

        Where all mass vanishes, the belief is re-seeded from the evidence alone.
        """
        post = self.belief * likelihood
        total = post.sum(axis=1, keepdims=True)
        lost = total[:, 0] <= 0
        if lost.any():
            self.recoveries += int(lost.sum())
            like = np.broadcast_to(likelihood, post.shape)[lost]
            lsum = like.sum(axis=1, keepdims=True)
            post[lost] = np.where(lsum > 0, like, 1.0) / np.where(lsum > 0, lsum, like.shape[1])
            total[lost] = 1.0
        self.belief = post / total
        self.counts = self.counts + self.belief
        return self.belief


def run_filter(filt, likelihoods: np.ndarray, oracle_counts: np.ndarray | None = None,
               progress: bool = False) -> np.ndarray:
    """Filter a whole batch: likelihoods (steps + 1, episodes, n) -> beliefs of the same shape.

    Step 0 is the prior (the known start). ``oracle_counts`` (episodes, steps + 1, n) feeds the
    opponent's true visit counts to the explorer model instead of the expected ones.
    """
    from tqdm.auto import tqdm

    steps = likelihoods.shape[0] - 1
    beliefs = np.empty(likelihoods.shape)
    beliefs[0] = filt.belief
    for t in tqdm(range(1, steps + 1), disable=not progress, desc="filter"):
        filt.predict(None if oracle_counts is None else oracle_counts[:, t - 1])
        beliefs[t] = filt.observe(likelihoods[t])
    return beliefs
