"""Exact forward filter over the free cells, batched over episodes, with sparse prediction steps."""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix

from studykit.checks import array, flag
from tracking import checks
from tracking.maze import Maze

MOTIONS = checks.MOTIONS


def checked_filter_args(maze, start, motion, beta, mix, episodes, cells_per_episode: int = 8):
    """The constructor arguments shared by the exact and the particle filter, checked."""
    if not isinstance(maze, Maze):
        raise TypeError(f"maze must be a Maze (tracking.load_layout), got {type(maze).__name__}")
    motion, beta, mix = checks.motion(motion), checks.beta(beta), checks.mix(mix)
    start = checks.free_cell(maze, start, "start")
    _, episodes = checks.run_size(0, episodes, maze.n * cells_per_episode, what="the filter")
    return start, motion, beta, mix, episodes


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
        start, motion, beta, mix, episodes = checked_filter_args(maze, start, motion, beta, mix, episodes)
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
        # stored cells-major, (n, episodes), so sparse products and elementwise steps run on contiguous rows
        self._b = np.zeros((n, episodes))
        self._b[maze.index[tuple(start)]] = 1.0
        self._c = self._b.copy()                          # expected visit counts
        self.recoveries = 0

    def reset(self, cell: tuple) -> np.ndarray:
        """Put all mass on ``cell`` in every episode (a captured enemy is back at its start); counts are kept."""
        cell = checks.free_cell(self.maze, cell, "cell")
        self._b = np.zeros_like(self._b)
        self._b[self.maze.index[cell]] = 1.0
        return self.belief

    @property
    def belief(self) -> np.ndarray:
        """The current belief, (episodes, n)."""
        return self._b.T

    @property
    def counts(self) -> np.ndarray:
        """The expected visit counts (running sum of the beliefs), (episodes, n)."""
        return self._c.T

    def edge_probs(self, counts: np.ndarray) -> np.ndarray:
        """Explorer move probabilities (episodes, n, 5) over each cell's successors, from visit counts."""
        rows = np.shape(counts)[0] if np.ndim(counts) == 2 else 1
        counts = checks.per_cell(counts, "counts", rows, self.maze.n)
        v = np.where(self.valid, counts[:, self.nbrs], np.inf)
        w = np.exp(-self.beta * (v - v.min(axis=2, keepdims=True)))
        return w / w.sum(axis=2, keepdims=True)

    def _weights(self, counts_t: np.ndarray):
        """exp(-beta v) per cell (shifted per episode) and Z summed over each cell's successors, both (n, episodes).

        The third value flags episodes where Z underflows (counts spread over more than ~70/beta):
        the caller then uses the per-cell shifted ``edge_probs`` for them.
        """
        ex = counts_t - counts_t.min(axis=0)
        ex *= -self.beta
        np.exp(ex, out=ex)
        z = self.adjacency @ ex
        return ex, z, (z < 1e-280).any(axis=0)

    def predict(self, counts: np.ndarray | None = None) -> np.ndarray:
        """Prediction step: belief <- sum over x of belief(x) P(x' | x); ``counts`` (episodes, n) overrides the expected ones."""
        b = self._b
        e = b.shape[1]
        if counts is not None:
            counts = checks.per_cell(counts, "counts", e, self.maze.n)
        # one episode runs on 1-D vectors: scipy's sparse product is about twice as fast on them
        flat = (lambda a: a[:, 0]) if e == 1 else (lambda a: a)
        if self.motion == "uniform":
            self._b = (self.uniform_t @ flat(b)).reshape(b.shape)
            return self.belief
        c = self._c if counts is None else np.ascontiguousarray(counts.T)
        ex, z, bad = self._weights(flat(c))
        bad = np.atleast_1d(bad)
        # sums over predecessors of b / Z (explorer) and of b / degree (the uniform mix)
        if e == 1:
            explore = self.adjacency_t @ (b[:, 0] / (1.0 if bad[0] else z))
            mixed = self.uniform_t @ b[:, 0]
            out = (ex * explore)[:, None]
            mixed = mixed[:, None]
        else:                                             # one sparse product carries both models
            buf = np.empty((b.shape[0], 2 * e))
            np.divide(b, np.where(bad, 1.0, z), out=buf[:, :e])
            np.multiply(b, self.inv_deg[:, None], out=buf[:, e:])
            both = self.adjacency_t @ buf
            out = ex * both[:, :e]
            mixed = both[:, e:]
        if bad.any():
            flow = (b.T[bad][:, :, None] * self.edge_probs(c.T[bad])).reshape(bad.sum(), -1)
            out[:, bad] = self.gather @ flow.T
        out *= 1.0 - self.mix
        out += self.mix * mixed
        self._b = out
        return self.belief

    def backward(self, x: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """The transposed step for smoothing: y(x) = sum over x' of P(x' | x) x(x'); x, counts (episodes, n)."""
        e = self._b.shape[1]
        x = checks.per_cell(x, "x", e, self.maze.n)
        counts = checks.per_cell(counts, "counts", e, self.maze.n)
        out = (self.uniform @ x.T).T
        if self.motion == "explorer":
            ex, z, bad = self._weights(np.ascontiguousarray(counts.T))
            explore = (self.adjacency @ (ex * x.T) / np.where(bad, 1.0, z)).T
            if bad.any():
                explore[bad] = (self.edge_probs(counts[bad]) * x[bad][:, self.nbrs]).sum(axis=2)
            out = (1.0 - self.mix) * explore + self.mix * out
        return out

    def observe(self, likelihood: np.ndarray) -> np.ndarray:
        """Observation step: multiply by the likelihood ((episodes, n), or (n,) for every
        episode; finite numbers >= 0) and normalise.

        Where all mass vanishes (the likelihood is zero on the belief's support), the belief is
        re-seeded from the evidence alone; a likelihood that is zero on every cell carries no
        usable evidence, and the belief becomes uniform over the free cells. Both count in
        ``recoveries``.
        """
        like = checks.per_cell(likelihood, "likelihood", self._b.shape[1], self.maze.n)
        return self._observe_t(like.T)

    def _observe_t(self, like_t: np.ndarray) -> np.ndarray:
        """The observation step on a cells-major likelihood (n, episodes)."""
        post = self._b * like_t
        total = post.sum(axis=0)
        lost = total <= 0
        if lost.any():
            self.recoveries += int(lost.sum())
            like = like_t[:, lost]
            lsum = like.sum(axis=0)
            post[:, lost] = np.where(lsum > 0, like, 1.0) / np.where(lsum > 0, lsum, like.shape[0])
            total[lost] = 1.0
        post /= total
        self._b = post
        self._c += post
        return self.belief


def run_filter(filt, likelihoods: np.ndarray, oracle_counts: np.ndarray | None = None,
               progress: bool = False) -> np.ndarray:
    """Filter a whole batch: likelihoods (steps + 1, episodes, n) -> beliefs of the same shape.

    Step 0 is the prior (the known start). ``oracle_counts`` (episodes, steps + 1, n) feeds the
    opponent's true visit counts to the explorer model instead of the expected ones.
    """
    from tqdm.auto import tqdm

    if not all(hasattr(filt, a) for a in ("predict", "observe", "belief")):
        raise TypeError(f"filt must be an ExactFilter or a ParticleFilter, got {type(filt).__name__}")
    shape = np.shape(filt.belief)
    likelihoods = checks.likelihoods(likelihoods, "likelihoods", shape)
    if oracle_counts is not None:
        oracle_counts = array(oracle_counts, "oracle_counts", kind="real", ndim=3, low=0)
        if oracle_counts.shape != (shape[0], len(likelihoods), shape[1]):
            raise ValueError(f"oracle_counts must have shape {(shape[0], len(likelihoods), shape[1])}"
                             f" (episodes, steps + 1, cells), got {oracle_counts.shape}")
    progress = flag(progress, "progress")
    steps = likelihoods.shape[0] - 1
    beliefs = np.empty(likelihoods.shape)
    beliefs[0] = filt.belief
    for t in tqdm(range(1, steps + 1), disable=not progress, desc="filter"):
        filt.predict(None if oracle_counts is None else oracle_counts[:, t - 1])
        beliefs[t] = filt.observe(likelihoods[t])
    return beliefs
