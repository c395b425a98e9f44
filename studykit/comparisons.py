"""Comparisons behind claim rows, with their text: two means by their standard errors, a count
with its Wilson interval, and the sampling error of a share an article measured."""

from __future__ import annotations

import math

import numpy as np

from studykit.checks import flag, is_whole, real, shown, whole
from studykit.formats import formatted, number_format
from studykit.smallsample import t_reading
from studykit.stats import MAX_COUNT, Estimate, wilson


def share_se(share: float, n: int) -> float:
    """The standard error of a share measured on ``n`` independent draws, sqrt(p(1-p)/n): the
    sampling error of an article's percentage from a sample of stated size."""
    share = real(share, "share", low=0, high=1)
    if not is_whole(n) or not 1 <= n <= MAX_COUNT:
        raise ValueError(f"n must be a whole number from 1 to 2**53, got {shown(n)}")
    return math.sqrt(share * (1 - share) / int(n))


def count_with_interval(successes: int, n: int, digits: int = 2) -> str:
    """``"k/n [low, high]"`` with the 95% Wilson interval of the share ``k/n``."""
    digits = whole(digits, "digits", 0, 17)
    low, high = wilson(successes, n)
    if not isinstance(low, float):
        raise TypeError(f"successes and n must be single counts, got {shown(successes)} and "
                        f"{shown(n)}")
    return f"{int(float(successes))}/{int(float(n))} [{low:.{digits}f}, {high:.{digits}f}]"


def mean_difference(a, b, *, lower: bool = False, z: float = 2.0, fmt: str = "{:.3f}",
                    diff_fmt: str = "{:+.3f}") -> tuple[bool, str]:
    """Whether mean ``a`` is above (``lower``: below) mean ``b`` by more than ``z`` combined SEs.

    ``a`` and ``b`` are ``(mean, se)`` pairs or ``Estimate``s. Returns the verdict and the
    comparison as text, ``"a vs b (difference d ± se)"``, the difference taken in the tested
    direction. An unknown standard error (NaN, e.g. from a single sample) decides nothing: the
    verdict is False. When an Estimate holds fewer than ``SMALL_SAMPLE`` values the difference
    must exceed Student's critical t (Welch's degrees of freedom) at the level of ``z``, and the
    text says so: ``"...; needs > 2.45 SE: Student's t, 7.6 df: n of a = 5, n of b = 5; ..."``.
    """
    sizes = [x.n if isinstance(x, Estimate) else None for x in (a, b)]
    (mean_a, se_a), (mean_b, se_b) = mean_and_se(a, "a"), mean_and_se(b, "b")
    z, lower = real(z, "z", above=0), flag(lower, "lower")
    fmt, diff_fmt = number_format(fmt, "fmt"), number_format(diff_fmt, "diff_fmt")
    diff = mean_b - mean_a if lower else mean_a - mean_b
    se = float(np.hypot(se_a, se_b))
    small = None if math.isnan(se) else t_reading(z, (se_a, sizes[0]), (se_b, sizes[1]),
                                                   names=("n of a", "n of b"))
    limit, note = (z, "") if small is None else (small[0], f"; needs > {small[0]:.2f} SE: "
                                                           f"{small[1]}")
    holds = bool(diff > limit * se)
    return holds, (f"{formatted(fmt, mean_a)} vs {formatted(fmt, mean_b)} "
                   f"(difference {formatted(diff_fmt, diff)} ± {formatted(fmt, se)}{note})")


def mean_and_se(pair, name: str) -> tuple[float, float]:
    """A ``(mean, se)`` pair (an ``Estimate``'s too): a finite mean and a standard error >= 0
    or NaN (unknown)."""
    if isinstance(pair, Estimate):
        return pair.mean, pair.se
    if isinstance(pair, (str, bytes)) or not isinstance(pair, (tuple, list, np.ndarray)) \
            or np.ndim(pair) not in (1, 2) or len(pair) != 2:
        raise ValueError(f"{name} must be a (mean, standard error) pair, got {shown(pair)}")
    mean = real(pair[0], f"mean {name}")
    se = pair[1]
    if isinstance(se, (float, np.floating)) and math.isnan(se):
        return mean, math.nan                               # unknown: decides nothing
    return mean, real(se, f"the standard error of {name}", low=0)
