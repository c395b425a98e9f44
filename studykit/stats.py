"""Estimates and confidence intervals shared by the studies.

``Estimate`` is the one type for a sample mean: it carries the mean, its standard error (SE) and
the number of values, and derives intervals on demand, named as such (``half_width(z)``,
``interval(z)``, Student's ``t_interval(level)`` for few values); tables print ``text()`` (mean ± SE) or ``text(z=1.96)`` (mean ± a 95% normal
half-width). ``wilson`` gives the interval of a share when its counts are small or extreme.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from studykit.checks import array, real, shown, whole
from studykit.formats import formatted

MAX_COUNT = 2**53


def counts(value, name: str) -> np.ndarray:
    """Whole counts as a float array: integers, or floats within rounding of a whole number."""
    arr = array(value, name, kind="real")
    if arr.dtype == object or (arr.size and np.abs(arr.astype(float)).max() > MAX_COUNT):
        raise ValueError(f"{name} must be at most 2**53 = {MAX_COUNT:,} (beyond it a count "
                         f"has no exact float), got {shown(value)}")
    arr = arr.astype(float)
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
    from scipy.stats import norm           # here: importing studykit stays light (terminal games)

    z = norm.ppf(0.5 + confidence / 2)
    p = k / m
    centre = (p + z * z / (2 * m)) / (1 + z * z / m)
    half = z * np.sqrt(p * (1 - p) / m + z * z / (4 * m * m)) / (1 + z * z / m)
    # the interval always holds p: taking min/max with it only removes rounding (k = 0 or n)
    lo, hi = np.clip(np.minimum(centre - half, p), 0, 1), np.clip(np.maximum(centre + half, p), 0, 1)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


@dataclass(frozen=True)
class Estimate:
    """A sample ``mean``, its standard error ``se`` (NaN when unknown, as with one value) and
    the number of values ``n`` behind it; intervals are derived from it, never stored."""

    mean: float
    se: float
    n: int

    def __post_init__(self):
        object.__setattr__(self, "mean", real(self.mean, "mean"))
        se = self.se
        if not (isinstance(se, (float, np.floating)) and math.isnan(se)):
            se = real(se, "se", low=0)
        object.__setattr__(self, "se", float(se))
        object.__setattr__(self, "n", whole(self.n, "n", 1))

    @classmethod
    def of(cls, values, *, min_n: int = 1) -> Estimate:
        """The mean of ``values`` (finite numbers, 1-D) and its standard error ``std(ddof=1) /
        sqrt(n)``; one value gives se NaN; fewer than ``min_n`` values (or none) are refused."""
        min_n = whole(min_n, "min_n", 1)
        v = array(values, "values", ndim=1, kind="real").astype(float)
        if len(v) < min_n:
            raise ValueError(f"values must hold at least {min_n} number{'s' * (min_n > 1)}, "
                             f"got {len(v)}")
        se = float(v.std(ddof=1) / math.sqrt(len(v))) if len(v) > 1 else math.nan
        return cls(float(v.mean()), se, len(v))

    @classmethod
    def share(cls, successes, n) -> Estimate:
        """A share ``successes / n`` with its binomial standard error ``sqrt(p (1 - p) / n)``
        (for its interval at small or extreme counts, use ``wilson(successes, n)``)."""
        k, m = float(counts(successes, "successes")), float(counts(n, "n"))
        if m < 1 or not 0 <= k <= m:
            raise ValueError(f"need 0 <= successes <= n and n >= 1, got successes={successes}, n={n}")
        p = k / m
        return cls(p, math.sqrt(p * (1 - p) / m), int(m))

    def half_width(self, z: float = 1.96) -> float:
        """Half the width of the normal interval ``mean ± z * se`` (z = 1.96: 95%)."""
        return real(z, "z", above=0) * self.se

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The normal interval ``(mean - z * se, mean + z * se)`` (z = 1.96: 95%)."""
        half = self.half_width(z)
        return self.mean - half, self.mean + half

    def t_interval(self, level: float = 0.95) -> tuple[float, float]:
        """Student's t interval ``mean ± t * se`` at ``level`` (0.95: 95%), with ``n - 1``
        degrees of freedom: the interval of a mean of few values. A mean with no known error
        (one value, se NaN) has none: refused."""
        level = real(level, "level", above=0.0, below=1.0)
        if math.isnan(self.se) or self.n < 2:
            raise ValueError(f"a t interval needs a known standard error (n >= 2), got n = "
                             f"{self.n} and se = {self.se!r}")
        from scipy.stats import t                 # here: importing studykit stays light

        half = float(t.ppf(0.5 + level / 2, self.n - 1)) * self.se
        return self.mean - half, self.mean + half

    def z(self, reference: float = 0.0) -> float:
        """``(mean - reference) / se``: 0 when they are equal, ±inf when se is 0 and they differ."""
        gap = self.mean - real(reference, "reference")
        if self.se == 0:
            return 0.0 if gap == 0 else math.copysign(math.inf, gap)
        return gap / self.se

    def text(self, fmt: str = "{:.2f}", z: float | None = None) -> str:
        """``"mean ± se"``, or ``"mean ± z * se"`` (a normal half-width) when ``z`` is given."""
        spread = self.se if z is None else self.half_width(z)
        return f"{formatted(fmt, self.mean)} ± {formatted(fmt, spread)}"
