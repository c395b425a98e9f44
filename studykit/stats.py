"""Confidence intervals shared by the studies."""

from __future__ import annotations

import numpy as np
from scipy.stats import norm

from studykit.checks import array, real

MAX_COUNT = 2**53


def counts(value, name: str) -> np.ndarray:
    """Whole counts as a float array: integers, or floats within rounding of a whole number."""
    arr = array(value, name, kind="real").astype(float)
    if arr.size and np.abs(arr).max() > MAX_COUNT:
        raise ValueError(f"{name} must be at most 2**53 = {MAX_COUNT:,} (beyond it a count "
                         f"has no exact float), got {value}")
    whole = np.round(arr)
    if not np.allclose(arr, whole, rtol=1e-9, atol=1e-9):
        raise ValueError(f"{name} must be whole numbers (counts), got {value}")
    return whole


def wilson(successes, n, confidence: float = 0.95):
    """Wilson score interval of a binomial proportion, elementwise, clipped to [0, 1].

    Scalars in, floats out; arrays in, arrays out. ``successes`` and ``n`` are whole numbers
    (numpy's too; floats only when whole, as ``share * n`` gives them), ``n >= 1`` and
    ``0 <= successes <= n``; anything else is refused.
    """
    k, m = counts(successes, "successes"), counts(n, "n")
    confidence = real(confidence, "confidence", above=0.0, below=1.0)
    if np.any(m < 1) or np.any(k < 0) or np.any(k > m):
        raise ValueError(f"need 0 <= successes <= n and n >= 1, got successes={successes}, n={n}")
    z = norm.ppf(0.5 + confidence / 2)
    p = k / m
    centre = (p + z * z / (2 * m)) / (1 + z * z / m)
    half = z * np.sqrt(p * (1 - p) / m + z * z / (4 * m * m)) / (1 + z * z / m)
    # the interval always holds p: taking min/max with it only removes rounding (k = 0 or n)
    lo, hi = np.clip(np.minimum(centre - half, p), 0, 1), np.clip(np.maximum(centre + half, p), 0, 1)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi
