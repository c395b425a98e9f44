"""Verdicts beyond one test: what an experiment cannot decide (*inconclusive*), a mean tested
with its own number of values (Student's t when few), and a row's verdict under another
reasonable reading of a choice of ours (``with_alternative``)."""

from __future__ import annotations

import math
from dataclasses import replace

from studykit.checks import choice as one_of
from studykit.checks import real, shown
from studykit.claimchecks import Alternative, claim_text
from studykit.claims import (
    ARTICLE,
    CONSISTENT,
    DIFFERS,
    INCONCLUSIVE,
    UNEXPLAINED,
    Claim,
    Setting,
    not_at_setting,
    statistical_claim,
)
from studykit.formats import formatted, number_format
from studykit.smallsample import is_small
from studykit.stats import Estimate

DIRECTIONS = ("above", "below")


def row(value, name: str) -> Claim:
    """A claim row, or our TypeError naming ``name``."""
    if not isinstance(value, Claim):
        raise TypeError(f"{name} must be a Claim row, got {shown(value)} ({type(value).__name__})")
    return value


def with_error(estimate: Estimate) -> Estimate:
    """An Estimate with an error to test with: one value (se NaN) is refused, and so is a se of
    0 from fewer than ``SMALL_SAMPLE`` values (equal values: compare them exactly instead)."""
    if math.isnan(estimate.se) or (estimate.se == 0 and is_small(estimate.n)):
        raise ValueError(f"estimate has no known standard error (n = {estimate.n}, se = "
                         f"{estimate.se!r}); a verdict needs its error")
    return estimate


def with_alternative(claim: Claim, *, choice: str, reading: str, other: Claim | None = None,
                     ours: str | None = None, status: str | None = None, test: str = "",
                     reason: str = "", chosen: str = "") -> Claim:
    """``claim`` with its verdict under another reasonable reading of a choice of ours.

    ``choice`` names the choice (``"counting rule"``), ``reading`` the other reading, ``chosen``
    (optional) ours. Give the other reading's row as ``other`` (made by the same helper with the
    other reading's numbers: its ours, status, test, reason and, when it changes, reference are
    taken), or its ``ours`` and ``status`` (with their ``test``) directly. The tables show it as
    a second row beneath; the row's own verdict and counts are unchanged.
    """
    claim = row(claim, "claim")
    if claim.alternative is not None:
        raise ValueError(f"claim {claim.claim!r} already has an alternative reading")
    reference = ""
    if other is not None:
        other = row(other, "other")
        if ours is not None or status is not None or test or reason:
            raise ValueError("give the other reading's row (other) or its ours and status, "
                             "not both")
        if other.source != claim.source:
            raise ValueError(f"other must have the row's source {claim.source!r}, got "
                             f"{other.source!r}")
        ours, status, test, reason = other.ours, other.status, other.test, other.reason
        reference = "" if other.reference == claim.reference else other.reference
    elif ours is None or status is None:
        raise ValueError("with_alternative needs the other reading's row (other) or its ours "
                         "and status")
    return replace(claim, alternative=Alternative(choice, reading, ours, status, test, reason,
                                                  chosen, reference))


def effect_claim(claim: str, reference: str, estimate, low: float | None = None,
                 high: float | None = None, *, direction: str = "above", null: float = 0.0,
                 source: str = ARTICLE, interval: str | None = None, level: float = 0.95,
                 fmt: str = "{:.3f}", reason: str = "", setting: Setting | None = None) -> Claim:
    """An effect the article claims (a help, a gain, a value under a threshold) against our
    estimate of it: *consistent within error* when the interval lies wholly on the claimed
    side of ``null`` (``direction`` ``"above"`` or ``"below"``; ``null`` 0 for a difference,
    the threshold for a threshold), *differs* when wholly on the other side, *inconclusive*
    when it holds ``null`` (touching it too): neither the effect nor its opposite is shown.

    ``estimate`` is a number with its interval ``low``, ``high`` (a paired bootstrap interval,
    say, named by ``interval``), or an ``Estimate`` (of paired differences, say), whose
    Student's t interval at ``level`` is used; an Estimate with no error is refused
    (``with_error``).
    ``reference`` is the article's claim as printed (a quote).
    """
    claim, reason = claim_text(claim, "claim", empty=False), claim_text(reason, "reason")
    reference = claim_text(reference, "reference", empty=False)
    direction, null = one_of(direction, "direction", DIRECTIONS), real(null, "null")
    fmt = number_format(fmt)
    if isinstance(estimate, Estimate):
        with_error(estimate)
        if low is not None or high is not None:
            raise ValueError("give an Estimate (its t interval is used) or a number with low "
                             "and high, not both")
        low, high = estimate.t_interval(level)
        default = f"{real(level, 'level', above=0, below=1):.0%} Student's t interval " \
                  f"(n = {estimate.n})"
        estimate = estimate.mean
    elif low is None or high is None:
        raise ValueError("effect_claim needs low and high with a number, or an Estimate")
    else:
        default = "95% interval"
    estimate, low, high = real(estimate, "estimate"), real(low, "low"), real(high, "high")
    interval = claim_text(interval, "interval", empty=False) if interval is not None else default
    if not low <= high:
        raise ValueError(f"interval must have low <= high, got [{low}, {high}]")
    slack = 1e-9 * max(1.0, abs(low), abs(high))
    if not low - slack <= estimate <= high + slack:
        raise ValueError(f"estimate {estimate!r} lies outside its own interval [low, high] = "
                         f"[{low!r}, {high!r}]; an interval holds its estimate")
    our = f"{formatted(fmt, estimate)} [{formatted(fmt, low)}, {formatted(fmt, high)}]"
    if (v := not_at_setting(claim, source, reference, our, setting)) is not None:
        return v
    above, below = low > null, high < null
    claimed, opposite = (above, below) if direction == "above" else (below, above)
    status = CONSISTENT if claimed else DIFFERS if opposite else INCONCLUSIVE
    other = DIRECTIONS[1 - DIRECTIONS.index(direction)]
    test = (f"{interval} against {null:g}: wholly {direction} shows the claim, wholly {other} "
            f"its opposite, holding {null:g}: inconclusive")
    why = {CONSISTENT: "", DIFFERS: reason or UNEXPLAINED, INCONCLUSIVE: reason}[status]
    return Claim(claim, source, reference, our, status, test, why)


def estimate_claim(claim: str, reference: float, estimate: Estimate, **options) -> Claim:
    """``statistical_claim`` on an ``Estimate``: its mean, its SE and its n (so a mean of fewer
    than ``SMALL_SAMPLE`` values is read with Student's t). ``options`` are statistical_claim's
    (``source``, ``reference_se``, ``reference_n``, ``precision``, ``fmt``, ...). An Estimate
    with no error (``with_error``) is refused: no verdict without its error."""
    if not isinstance(estimate, Estimate):
        raise TypeError(f"estimate must be an Estimate, got {shown(estimate)} "
                        f"({type(estimate).__name__})")
    with_error(estimate)
    if "n" in options or "mean" in options or "se" in options:
        raise TypeError("estimate_claim takes the mean, se and n from its estimate")
    return statistical_claim(claim, reference, estimate.mean, estimate.se, n=estimate.n,
                             **options)
