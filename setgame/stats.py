"""Proportions with standard errors, for independent draws and for turns grouped in games."""

from __future__ import annotations

import numpy as np


def proportion(event) -> tuple[float, float]:
    """Fraction of True in independent draws, with its binomial standard error."""
    event = np.asarray(event, dtype=bool)
    if event.size == 0:
        raise ValueError("event must hold at least one draw")
    p = event.mean()
    return float(p), float(np.sqrt(p * (1 - p) / event.size))


def clustered_proportion(event, cluster) -> tuple[float, float]:
    """Fraction of True over turns that come in clusters (games), with a cluster-robust SE.

    Turns of one game are not independent, so the standard error treats each game as one
    draw of (events, turns) and uses the ratio estimator's linearised variance.
    """
    event = np.asarray(event, dtype=float)
    cluster = np.asarray(cluster)
    if event.shape != cluster.shape or event.size == 0:
        raise ValueError("event and cluster must be non-empty and of the same shape")
    _, index = np.unique(cluster, return_inverse=True)
    hits = np.bincount(index, weights=event)
    turns = np.bincount(index).astype(float)
    p = hits.sum() / turns.sum()
    k = len(turns)
    if k < 2:
        return float(p), float("nan")
    residual = hits - p * turns
    se = np.sqrt(k / (k - 1) * (residual**2).sum()) / turns.sum()
    return float(p), float(se)
