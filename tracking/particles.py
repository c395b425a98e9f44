"""A particle filter behind the exact filter's interface (predict, observe, belief)."""

from __future__ import annotations

import numpy as np

from tracking.filters import MOTIONS
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
        if motion not in MOTIONS:
            raise ValueError(f"motion must be one of {MOTIONS}, got {motion!r}")
        if particles < 1:
            raise ValueError(f"particles must be >= 1, got {particles}")
        if tuple(start) not in maze.index:
            raise ValueError(f"start {start} is not a free cell")
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
        here = self.nbrs[self.x]                                       # (e, k, 5)
        uniform = move_probs(here, np.zeros(here.shape), 0.0)
        if self.motion == "explorer":
            c = self.counts if counts is None else counts
            v = c[np.arange(len(c))[:, None, None], np.where(here >= 0, here, 0)]
            p = (1 - self.mix) * move_probs(here, v, self.beta) + self.mix * uniform
        else:
            p = uniform
        u = self.rng.random(self.x.shape + (1,))
        k = (u > np.cumsum(p, axis=2)).sum(axis=2)
        k = np.minimum(k, (here >= 0).sum(axis=2) - 1)
        self.x = np.take_along_axis(here, k[:, :, None], axis=2)[:, :, 0]
        return self.belief

    def observe(self, likelihood: np.ndarray) -> np.ndarray:
        """Resample the particles in proportion to the likelihood (episodes, n) of their cells."""
        like = np.broadcast_to(likelihood, (len(self.x), self.maze.n))
        for e in range(len(self.x)):                                   # a loop over episodes only
            w = like[e, self.x[e]]
            total = w.sum()
            if total <= 0:
                self.recoveries += 1
                w, cells = like[e], np.arange(self.maze.n)
                total = w.sum()
                if total <= 0:
                    w, total = np.ones(self.maze.n), self.maze.n
            else:
                cells = self.x[e]
            idx = np.searchsorted(np.cumsum(w / total), self.rng.random(self.x.shape[1]), side="right")
            self.x[e] = cells[np.minimum(idx, len(cells) - 1)]
        b = self.belief
        self.counts = self.counts + b
        return b
