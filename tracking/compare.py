"""Experiments: score a tracker over many seeded episodes (model vs opponent, filter vs smoother vs particles)."""

from __future__ import annotations

import time

import numpy as np

from studykit.checks import at_most, choice, flag, whole
from studykit.checks import seed as check_seed
from studykit.stats import Estimate
from tracking import checks
from tracking.checks import MAX_PARTICLES
from tracking.episodes import default_cells, score, simulate, summarize
from tracking.filters import ExactFilter, run_filter
from tracking.maze import Maze
from tracking.particles import ParticleFilter
from tracking.reals import real
from tracking.smoother import smooth

METHODS = ("filter", "oracle", "smoother", "particles")


def evaluate(layout="defaultCapture", *, motion: str = "uniform", beta: float = 10.0,
             opponent_beta: float = 10.0, method: str = "filter", episodes: int = 64, steps: int = 300,
             seed: int = 0, observer=None, start=None, mix: float = 0.01,
             particles: int = 1000, distance: bool = True, sight: bool = True) -> dict:
    """Summary metrics {(metric, subset): Estimate} over seeded episodes (``summarize``), plus
    ``seconds``, ``steps_per_second`` and ``visible_fraction``.

    Args:
        motion, beta: the tracker's motion model.
        opponent_beta: the simulated opponent (0: random walker, > 0: explorer).
        method: "filter" (exact, expected counts), "oracle" (exact, the opponent's true counts),
            "smoother" (forward-backward over the finished episodes) or "particles".
        observer, start: default to the maze's starts of agents 0 and 1.
        distance, sight: the evidence used (both: the complete tracker; see ``simulate``).
    """
    method = choice(method, "method", METHODS)
    maze: Maze = checks.as_maze(layout)
    observer, start = default_cells(maze, observer, start)
    motion, beta, mix = checks.motion(motion), checks.beta(beta), checks.mix(mix)   # before the long simulation
    seed = check_seed(seed)                           # Python ints: seed + 1 below cannot wrap
    steps, episodes = checks.run_size(steps, episodes, maze.n, what="evaluate")
    particles = (checks.particles(particles, episodes) if method == "particles"    # checked even
                 else at_most(whole(particles, "particles", 1), "particles", MAX_PARTICLES,   # when unused
                         "a million samples per episode is already far finer than the maze"))
    distance, sight = flag(distance, "distance"), flag(sight, "sight")
    ep = simulate(maze, observers=(observer,), start=start, steps=steps,
                  opponent_beta=opponent_beta, episodes=episodes, seed=seed,
                  distance=distance, sight=sight)
    tic = time.perf_counter()
    if method == "particles":
        filt = ParticleFilter(maze, start, motion=motion, beta=beta, mix=mix, episodes=episodes,
                              particles=particles, rng=np.random.default_rng(seed + 1))
    else:
        filt = ExactFilter(maze, start, motion=motion, beta=beta, mix=mix, episodes=episodes)
    counts = ep.oracle_counts() if method == "oracle" else None
    beliefs = run_filter(filt, ep.likelihoods, oracle_counts=counts)
    if method == "smoother":
        beliefs = smooth(filt, ep.likelihoods, beliefs)
    seconds = time.perf_counter() - tic
    out = summarize(score(maze, beliefs, ep.path), ep.visible)
    out["seconds"] = seconds
    out["steps_per_second"] = episodes * steps / seconds
    out["visible_fraction"] = float(ep.visible[:, 1:].mean())
    return out


def sweep_trial(model_beta: float, opponent_beta: float, seed: int, *, episodes: int = 16,
                steps: int = 300, layout: str = "defaultCapture"):
    """P(true cell) of the explorer model with ``model_beta`` against an opponent with
    ``opponent_beta``: its mean over episodes with its SE (an ``Estimate``)."""
    model_beta = checks.beta(model_beta, "model_beta")
    opponent_beta = checks.beta(opponent_beta, "opponent_beta")
    res = evaluate(layout, motion="explorer", beta=model_beta, opponent_beta=opponent_beta,
                   episodes=episodes, steps=steps, seed=seed)
    return res[("p_true", "all")]


def best_betas(rows: list[dict], z: float = 2.0) -> dict:
    """``run_sweep(sweep_trial, ...)`` rows as, per opponent beta (in increasing order), the best
    model beta and the model betas tied with it: whose mean is within ``z`` combined standard
    errors of the best's (a beta with no error is tied with any)."""
    if isinstance(rows, (str, dict)) or not hasattr(rows, "__iter__"):
        raise TypeError(f"rows must be run_sweep's list of rows, got {type(rows).__name__}")
    z = real(z, "z", above=0)
    points: dict = {}
    for r in rows:
        if not isinstance(r, dict) or not {"model_beta", "opponent_beta", "result"} <= set(r) or \
                not isinstance(r["result"], Estimate):
            raise ValueError("rows must be run_sweep(sweep_trial, ...) rows (model_beta, "
                             "opponent_beta and an Estimate result)")
        points.setdefault(float(r["opponent_beta"]), {})[float(r["model_beta"])] = r["result"]
    if not points:
        raise ValueError("rows must hold at least one row")
    out = {}
    for opponent in sorted(points):
        means = points[opponent]
        best = max(means, key=lambda b: means[b].mean)
        top = means[best]
        tied = [b for b, e in sorted(means.items())
                if not top.mean - e.mean > z * float(np.hypot(top.se, e.se))]
        out[opponent] = (best, tied)
    return out
