"""A particle filter behind the exact filter's interface (predict, observe, belief)."""

from __future__ import annotations

import numpy as np

from studykit.checks import at_most, memory, whole
from tracking import checks
from tracking.filters import checked_filter_args
from tracking.maze import Maze
from tracking.opponents import move_probs


class ParticleFilter:
    """``particles`` samples per episode; the belief is their histogram over the free cells.

    Same motion models as ``ExactFilter`` (uniform; explorer on expected visit counts with a
    uniform mix); resampling in proportion to the likelihood, re-seeding from the evidence when
    every particle is ruled out.
    """

    def __init__(self, maze: Maze, start: tuple, *, motion: str = "uniform", beta: float = 10.0,
                 mix: float = 0.01, episodes: int = 1, particles: int = 1000,
                 rng: np.random.Generator | None = None):
        start, motion, beta, mix, episodes = checked_filter_args(maze, start, motion, beta, mix, episodes)
        particles = at_most(whole(particles, "particles", 1), "particles", checks.MAX_PARTICLES,
                            "a million samples per episode is already far finer than the maze")
        memory(8.0 * 5 * 4 * episodes * (particles + maze.n),
               f"a particle filter of {episodes:,} episodes x {particles:,} particles")
        if rng is not None and not isinstance(rng, np.random.Generator):
            raise TypeError(f"rng must be a numpy Generator or None, got {type(rng).__name__}")
        self.maze, self.motion, self.beta, self.mix = maze, motion, beta, mix
        self.rng = np.random.default_rng(0) if rng is None else rng
        self.nbrs = maze.neighbor_table()
        self.x = np.full((episodes, particles), maze.index[tuple(start)])
        self.counts = self.belief.copy()
        self.recoveries = 0

    @property
    def belief(self) -> np.ndarray:
        """(episodes, n) histogram of the particles."""
        e, k = self.x.shape
        flat = (self.x + self.maze.n * np.arange(e)[:, None]).ravel()
        return np.bincount(flat, minlength=e * self.maze.n).reshape(e, self.maze.n) / k

    def predict(self, counts: np.ndarray | None = None) -> np.ndarray:
        """Move every particle by one sampled step of the motion model."""
        if counts is not None:
            counts = checks.per_cell(counts, "counts", len(self.x), self.maze.n)
        valid = self.nbrs >= 0
        uniform = valid / valid.sum(axis=1, keepdims=True)             # (n, 5) per-cell move table
        if self.motion == "explorer":
            c = self.counts if counts is None else counts
            v = c[:, np.where(valid, self.nbrs, 0)]                      # (e, n, 5)
            table = (1 - self.mix) * move_probs(self.nbrs[None], v, self.beta) + self.mix * uniform
        else:
            table = np.broadcast_to(uniform, (len(self.x),) + uniform.shape)
        cum = np.cumsum(table, axis=2)
        here = self.nbrs[self.x]                                       # (e, k, 5)
        p_cum = cum[np.arange(len(self.x))[:, None], self.x]           # (e, k, 5)
        u = self.rng.random(self.x.shape + (1,))
        k = (u > p_cum).sum(axis=2)
        k = np.minimum(k, (here >= 0).sum(axis=2) - 1)
        self.x = np.take_along_axis(here, k[:, :, None], axis=2)[:, :, 0]
        return self.belief

    def observe(self, likelihood: np.ndarray) -> np.ndarray:
        """Resample the particles in proportion to the likelihood ((episodes, n), or (n,) for
        every episode; finite numbers >= 0) of their cells.

        An episode whose particles all sit on cells of likelihood zero is re-seeded from the
        evidence alone (a likelihood zero on every cell: uniformly over the free cells); both
        count in ``recoveries``.
        """
        e, k = self.x.shape
        n = self.maze.n
        like = checks.per_cell(likelihood, "likelihood", e, n)
        w = np.take_along_axis(like, self.x, axis=1)                   # (e, k)
        lost = w.sum(axis=1) <= 0
        if lost.any():                                                 # re-seed from the evidence alone
            self.recoveries += int(lost.sum())
            fresh = np.where(like[lost].sum(axis=1, keepdims=True) > 0, like[lost], 1.0)
            pool = np.zeros((e, max(k, n)))
            pool[:, :k] = w
            pool[lost] = 0.0
            pool[lost, :n] = fresh
            cells = np.zeros((e, max(k, n)), dtype=int)
            cells[:, :k] = self.x
            cells[lost, :n] = np.arange(n)
            w = pool
        else:
            cells = self.x
        # multinomial resampling of all episodes at once: episode i's cumulative weights live in [i, i + 1)
        cdf = np.cumsum(w / w.sum(axis=1, keepdims=True), axis=1)
        cdf = np.minimum(cdf, 1.0) + np.arange(e)[:, None]
        cdf[:, -1] = np.arange(1, e + 1)
        u = self.rng.random((e, k)) + np.arange(e)[:, None]
        idx = np.searchsorted(cdf.ravel(), u.ravel(), side="right").reshape(e, k)
        idx = np.minimum(idx - cells.shape[1] * np.arange(e)[:, None], cells.shape[1] - 1)
        self.x = np.take_along_axis(cells, idx, axis=1)
        b = self.belief
        self.counts = self.counts + b
        return b
