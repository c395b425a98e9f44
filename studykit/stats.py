"""Confidence intervals shared by the studies."""

from __future__ import annotations

import numpy as np
from scipy.stats import norm

from studykit.checks import array, real


def wilson(successes, n, confidence: float = 0.95):
    """Wilson score interval of a binomial proportion, elementwise, clipped to [0, 1].

    Scalars in, floats out; arrays in, arrays out. ``ValueError`` unless ``n >= 1`` and
    ``0 <= successes <= n``.
    """
    k = array(successes, "successes", kind="real").astype(float)
    m = array(n, "n", kind="real").astype(float)
    confidence = real(confidence, "confidence", above=0.0, below=1.0)
    if np.any(m < 1) or np.any(k < 0) or np.any(k > m):
        raise ValueError(f"need 0 <= k <= n and n >= 1, got k={successes}, n={n}")
    z = norm.ppf(0.5 + confidence / 2)
    p = k / m
    centre = (p + z * z / (2 * m)) / (1 + z * z / m)
    half = z * np.sqrt(p * (1 - p) / m + z * z / (4 * m * m)) / (1 + z * z / m)
    # the interval always holds p: taking min/max with it only removes rounding (k = 0 or n)
    lo, hi = np.clip(np.minimum(centre - half, p), 0, 1), np.clip(np.maximum(centre + half, p), 0, 1)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi
