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
        nbrs = maze.neighbor_table()                      # (n, 5), Stop first, -1 padded
        self.valid = nbrs >= 0
        self.nbrs = np.where(self.valid, nbrs, 0)
        deg = self.valid.sum(axis=1)
        slot = np.flatnonzero(self.valid.ravel())         # (cell, move) slots that are legal moves
        dst = nbrs.ravel()[slot]
        src = slot // 5
        self.uniform = csr_matrix((1.0 / deg[src], (src, dst)), shape=(n, n))
        self.uniform_t = self.uniform.T.tocsr()
        self.inv_deg = 1.0 / deg
        self.adjacency = csr_matrix((np.ones(len(src)), (src, dst)), shape=(n, n))
        self.adjacency_t = self.adjacency.T.tocsr()
        self.gather = csr_matrix((np.ones(len(slot)), (dst, slot)), shape=(n, 5 * n))   # slot -> its destination
        self.belief = np.zeros((episodes, n))
        self.belief[:, maze.index[tuple(start)]] = 1.0
        self.counts = self.belief.copy()                  # expected visit counts
        self.recoveries = 0

    def edge_probs(self, counts: np.ndarray) -> np.ndarray:
        """Explorer move probabilities (episodes, n, 5) over each cell's successors, from visit counts."""
        v = np.where(self.valid, counts[:, self.nbrs], np.inf)
        w = np.exp(-self.beta * (v - v.min(axis=2, keepdims=True)))
        return w / w.sum(axis=2, keepdims=True)

    def _weights(self, counts: np.ndarray):
        """exp(-beta v) per cell (shifted per episode) and its sum Z over each cell's successors.

        Returns None where Z underflows (counts spread over more than ~70/beta): the caller then
        uses the per-cell shifted ``edge_probs`` instead.
        """
        ex = np.exp(-self.beta * (counts - counts.min(axis=1, keepdims=True)))
        z = (self.adjacency @ ex.T).T
        return ex, z, (z < 1e-280).any(axis=1)

    def predict(self, counts: np.ndarray | None = None) -> np.ndarray:
        """Prediction step: belief <- sum over x of belief(x) P(x' | x); ``counts`` overrides the expected ones."""
        b = self.belief
        if self.motion == "uniform":
            self.belief = (self.uniform_t @ b.T).T
            return self.belief
        counts = self.counts if counts is None else counts
        ex, z, bad = self._weights(counts)
        # one sparse product carries both models: sum over predecessors of b / Z and of b / degree
        both = (self.adjacency_t @ np.vstack([b / np.where(bad[:, None], 1.0, z), b * self.inv_deg]).T).T
        explore, out = ex * both[: len(b)], both[len(b):]
        if bad.any():
            flow = (b[bad][:, :, None] * self.edge_probs(counts[bad])).reshape(bad.sum(), -1)
            explore[bad] = (self.gather @ flow.T).T
        out = (1.0 - self.mix) * explore + self.mix * out
        self.belief = out
        return out

    def backward(self, x: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """The transposed step for smoothing: y(x) = sum over x' of P(x' | x) x(x')."""
        out = (self.uniform @ x.T).T
        if self.motion == "explorer":
            ex, z, bad = self._weights(counts)
            explore = (self.adjacency @ (ex * x).T).T / np.where(bad[:, None], 1.0, z)
            if bad.any():
                explore[bad] = (self.edge_probs(counts[bad]) * x[bad][:, self.nbrs]).sum(axis=2)
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
