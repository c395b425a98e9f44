"""Forward-backward smoothing of a finished episode: P(x_t | all readings, past and future)."""

from __future__ import annotations

import numpy as np

from studykit.checks import array
from tracking import checks
from tracking.filters import ExactFilter


def smooth(filt: ExactFilter, likelihoods: np.ndarray, beliefs: np.ndarray,
           oracle_counts: np.ndarray | None = None) -> np.ndarray:
    """Smoothed beliefs (steps + 1, episodes, n) from a forward run of ``filt``'s motion model.

    Args:
        filt: a filter with the motion model used forward (only its transition operator is used).
        likelihoods: (steps + 1, episodes, n) evidence per step, as given to ``run_filter``.
        beliefs: (steps + 1, episodes, n) forward beliefs from ``run_filter``.
        oracle_counts: the true visit counts if the forward run used them.
    """
    if not isinstance(filt, ExactFilter):
        raise TypeError(f"filt must be an ExactFilter (its transition operator is used), got "
                        f"{type(filt).__name__}")
    likelihoods = checks.likelihoods(likelihoods, "likelihoods", filt.belief.shape)
    beliefs = array(beliefs, "beliefs", kind="real", ndim=3, low=0, high=1 + 1e-9)   # probabilities
    if likelihoods.shape != beliefs.shape:
        raise ValueError(f"likelihoods {likelihoods.shape} and beliefs {beliefs.shape} must match")
    if oracle_counts is not None:
        oracle_counts = array(oracle_counts, "oracle_counts", kind="real", ndim=3, low=0)
        want = (beliefs.shape[1], beliefs.shape[0], beliefs.shape[2])
        if oracle_counts.shape != want:
            raise ValueError(f"oracle_counts must have shape {want}, got {oracle_counts.shape}")
    steps = len(beliefs) - 1
    counts = np.cumsum(beliefs, axis=0)          # expected counts after each step, as the forward pass
    back = np.ones(beliefs.shape[1:])
    out = np.empty_like(beliefs)
    out[steps] = beliefs[steps]
    for t in range(steps, 0, -1):
        used = counts[t - 1] if oracle_counts is None else oracle_counts[:, t - 1]
        back = filt.backward(likelihoods[t] * back, used)
        back /= np.maximum(back.max(axis=1, keepdims=True), 1e-300)
        post = beliefs[t - 1] * back
        total = post.sum(axis=1, keepdims=True)
        out[t - 1] = np.where(total > 0, post / np.where(total > 0, total, 1.0), beliefs[t - 1])
    return out
