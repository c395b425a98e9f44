"""Learning the motion model from simulated opponents: the explorer's beta by maximum likelihood.

The blog proposes to "simulate several common strategies" and estimate the transition
probabilities from them. The explorer model has one parameter, so the estimate is a
one-dimensional maximum of the log-likelihood of the observed moves,

    log L(beta) = sum_t [ -beta v_t(x_{t+1}) - log sum_{x' legal from x_t} exp(-beta v_t(x')) ],

where v_t counts the visits of the path up to step t (its start included), as in
``tracking.opponents.walk``. Its standard error comes from the curvature at the maximum.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import brentq, minimize_scalar
from scipy.special import logsumexp

from studykit.checks import array, holds_bool, shown
from tracking.maze import Maze
from tracking.reals import real

LR_95 = 1.920729410347062      # half the 95% quantile of chi-square with one degree of freedom


@dataclass(frozen=True, eq=False)
class MoveStatistics:
    """Observed moves: ``counts`` (moves, 5), the visits of each move's legal successors (NaN
    where padded); ``chosen`` (moves,), the successor slot taken; ``skipped``, the steps that
    were not legal moves."""

    counts: np.ndarray
    chosen: np.ndarray
    skipped: int


@dataclass(frozen=True)
class BetaFit:
    """The explorer's beta fitted by maximum likelihood (see ``fit_beta``)."""

    beta: float
    se: float
    low: float
    high: float
    moves: int
    skipped: int
    log_likelihood: float


def move_statistics(maze: Maze, paths: Sequence) -> MoveStatistics:
    """Visit counts of each move's legal successors and which one was taken.

    ``paths``: cell-index sequences, one per opponent (e.g. the rows of ``walk``). A step that
    is not a legal move (a captured agent sent home) restarts the counts there.
    """
    if not isinstance(maze, Maze):
        raise TypeError(f"maze must be a Maze, got {type(maze).__name__}")
    if isinstance(paths, (str, bytes)) or not hasattr(paths, "__iter__"):
        raise TypeError(f"paths must be a list or array of cell-index paths, got {type(paths).__name__}")
    nbrs = maze.neighbor_table()
    rows, taken, skipped = [], [], 0
    for path in paths:
        path = array(path, "paths", kind="integer", ndim=(1, 2))
        if path.ndim != 1 or len(path) < 2:
            raise ValueError(f"paths: each path must be a 1-D sequence of at least two cell indices, "
                             f"got shape {path.shape}")
        if path.min() < 0 or path.max() >= maze.n:
            raise ValueError(f"paths: cell indices must lie in 0..{maze.n - 1}, got {path.min()}..{path.max()}")
        visits = np.zeros(maze.n)
        visits[path[0]] = 1
        for here, there in itertools.pairwise(path):
            slot = np.flatnonzero(nbrs[here] == there)
            if not len(slot):
                skipped += 1
                visits = np.zeros(maze.n)
            else:
                valid = nbrs[here] >= 0
                rows.append(np.where(valid, visits[np.where(valid, nbrs[here], 0)], np.nan))
                taken.append(slot[0])
            visits[there] += 1
    if not rows:
        raise ValueError("the paths hold no legal move")
    return MoveStatistics(np.array(rows), np.array(taken), skipped)


def checked_moves(counts, chosen) -> tuple[np.ndarray, np.ndarray]:
    """``MoveStatistics.counts`` and ``chosen``, checked: counts (moves, 5) of visit counts >= 0,
    NaN where a move is padded; chosen (moves,) slots 0..4, each a legal move of its row."""
    if holds_bool(counts) or (isinstance(counts, np.ndarray) and counts.dtype == bool):
        raise TypeError("counts must hold numbers, not True/False")
    try:
        counts = np.asarray(counts, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"counts must be a (moves, 5) array of visit counts (NaN where padded), "
                        f"got {shown(counts)}") from None
    if counts.ndim != 2 or counts.shape[1] != 5 or not len(counts):
        raise ValueError(f"counts must have shape (moves, 5), moves >= 1, got {counts.shape}")
    legal = ~np.isnan(counts)
    if not np.isfinite(counts[legal]).all() or (counts[legal] < 0).any():
        raise ValueError("counts must hold finite visit counts >= 0 (NaN only where padded)")
    chosen = array(chosen, "chosen", kind="integer", ndim=1, low=0, high=4)
    if chosen.shape != (len(counts),):
        raise ValueError(f"chosen must hold one slot per move, {len(counts)}, got {chosen.shape}")
    chosen = chosen.astype(np.intp)
    if not legal[np.arange(len(chosen)), chosen].all():
        raise ValueError("chosen must name a legal move of each row (a slot whose count is not NaN)")
    return counts, chosen


def log_likelihood(beta: float, counts: np.ndarray, chosen: np.ndarray) -> float:
    """Log-likelihood of the moves under the explorer model with ``beta`` (see the module)."""
    beta = real(beta, "beta", low=0)
    counts, chosen = checked_moves(counts, chosen)
    return explorer_log_likelihood(beta, counts, chosen)


def explorer_log_likelihood(beta: float, counts: np.ndarray, chosen: np.ndarray) -> float:
    """``log_likelihood`` on checked arguments (the optimiser's inner loop)."""
    logits = np.where(np.isnan(counts), -np.inf, -beta * np.nan_to_num(counts))
    return float((logits[np.arange(len(chosen)), chosen] - logsumexp(logits, axis=1)).sum())


def fit_beta(maze: Maze, paths: Sequence, *, upper: float = 100.0) -> BetaFit:
    """Maximum-likelihood beta of the explorer model from observed opponent paths.

    Returns ``beta``, its standard error ``se`` (from the curvature of the log-likelihood; NaN
    when the maximum sits on a bound), the 95% likelihood-ratio interval ``low``, ``high``
    (``high`` is ``inf`` when the likelihood stays within 1.92 of its maximum up to ``upper``:
    a nearly deterministic explorer only bounds beta from below), the number of ``moves`` used
    and ``skipped``, and the maximum ``log_likelihood``.
    """
    upper = real(upper, "upper", above=0)
    stats = move_statistics(maze, paths)
    counts, chosen = stats.counts, stats.chosen
    res = minimize_scalar(lambda b: -explorer_log_likelihood(b, counts, chosen), bounds=(0.0, upper),
                          method="bounded", options={"xatol": 1e-6})
    beta = float(res.x)
    h = 1e-3 * max(1.0, beta)
    se = float("nan")
    if h < beta < upper - h:
        curv = (explorer_log_likelihood(beta + h, counts, chosen) - 2 * explorer_log_likelihood(beta, counts, chosen)
                + explorer_log_likelihood(beta - h, counts, chosen)) / h**2
        se = float(1 / np.sqrt(-curv)) if curv < 0 else float("nan")
    best = explorer_log_likelihood(beta, counts, chosen)

    def drop(b):
        return explorer_log_likelihood(b, counts, chosen) - (best - LR_95)

    low = 0.0 if drop(0.0) >= 0 else brentq(drop, 0.0, beta)
    high = float("inf") if drop(upper) >= 0 else brentq(drop, beta, upper)
    return BetaFit(beta, se, float(low), float(high), len(chosen), stats.skipped, best)
