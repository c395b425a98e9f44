"""Claims: one row of the reproduction report, with where its reference comes from and a verdict.

Every row names its **source**: ``"article"`` (the value or a short quote as the article
printed it) or ``"derived: <what>"`` (our exact count, LP, solver or re-simulation, named).
Its **status** is one of:

- *reproduced exactly*: equal to what the article printed, at its precision (article rows only);
- *consistent within error* / *differs*: decided by a stated **test** (``|z| <= 2`` on our
  standard error, the reference inside our 95% interval, an ordering that holds, ...);
- *beyond: met* / *beyond: not met*: a goal of our own beyond the article;
- *setting differs*: the run's setting is not the article's, so no comparison is made.

Thresholds are never equalities: a claim like "under 10 minutes" is checked with ``check_claim``
or ``beyond_claim`` and says which test it used.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from studykit.checks import flag, real, shown
from studykit.stats import wilson

EXACT = "reproduced exactly"
CONSISTENT = "consistent within error"
DIFFERS = "differs"
BEYOND_MET = "beyond: met"
BEYOND_NOT_MET = "beyond: not met"
VARIANT = "setting differs"
STATUSES = (EXACT, CONSISTENT, DIFFERS, BEYOND_MET, BEYOND_NOT_MET, VARIANT)

ARTICLE = "article"
GOAL = "derived: a goal of ours"
UNEXPLAINED = "unexplained: no reason recorded for this difference"


@dataclass(frozen=True)
class Setting:
    """How a run's setting differs from its reference: the article's, or with ``label`` another
    (e.g. "default", when the article fixes no such constant). No differences: that setting."""

    differences: tuple[str, ...] = ()
    label: str = "article"

    @property
    def is_article(self) -> bool:
        """No difference from the reference (the article's, or the labelled defaults)."""
        return not self.differences

    def describe(self) -> str:
        if self.differences:
            return "; ".join(self.differences)
        return "the article's setting" if self.label == "article" else f"the {self.label} setting"


def compare_setting(ours: Mapping, article: Mapping, *, label: str = "article") -> Setting:
    """Compare a run's constants with the article's, e.g. ``{"ROWS": 6}`` vs ``{"ROWS": 8}``.

    Lists and tuples compare by their items, so a constant typed either way matches. When the
    reference values are not the article's (it fixes no such constant), name them with ``label``
    (e.g. ``"default"``), so a variant reads ``MAX_SIDE = 12 (default: 10)``.
    """
    missing = set(article) - set(ours)
    if missing:
        raise ValueError(f"compare_setting: no value given for {sorted(missing)}")
    if not isinstance(label, str) or not label:
        raise ValueError(f"compare_setting: label must be a non-empty string, got {label!r}")

    def norm(v):
        return tuple(norm(x) for x in v) if isinstance(v, (list, tuple)) else v

    diffs = tuple(f"{k} = {ours[k]!r} ({label}: {article[k]!r})" for k in article
                  if norm(ours[k]) != norm(article[k]))
    return Setting(diffs, label)


@dataclass(frozen=True)
class Claim:
    """One row of the report.

    Args:
        claim: what is claimed, in a few words.
        source: ``"article"`` or ``"derived: <what>"``.
        reference: the article's value or quote (as printed), or our derived reference.
        ours: what we measured.
        status: one of ``STATUSES``.
        test: how the status was decided (empty only for *reproduced exactly*).
        reason: why it differs, or why no comparison was made.
    """

    claim: str
    source: str
    reference: str
    ours: str
    status: str
    test: str = ""
    reason: str = ""

    def __post_init__(self):
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, got {self.status!r}")
        if self.source != ARTICLE and not self.source.startswith("derived: "):
            raise ValueError(f"source must be 'article' or 'derived: <what>', got {self.source!r}")
        if self.status == EXACT and self.source != ARTICLE:
            raise ValueError(f"claim {self.claim!r}: only an article value is 'reproduced exactly'"
                             " (a derived reference is 'consistent within error' by a test)")
        if self.status in (CONSISTENT, DIFFERS, BEYOND_MET, BEYOND_NOT_MET) and not self.test:
            raise ValueError(f"claim {self.claim!r}: status {self.status!r} needs the test used")


def verdict(value, name: str) -> bool:
    """A test's outcome: True or False (numpy's bool too); "no", 1 or None are refused, since
    a text or a number would count as true without being tested."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, the outcome of the stated test, got "
                        f"{shown(value)} ({type(value).__name__}); compare explicitly, e.g. "
                        f"ours < reference")
    return flag(value, name)


def text(value, fmt: str | None = None) -> str:
    """A value as shown in the report: numbers through ``fmt`` when given."""
    if fmt is not None and isinstance(value, numbers.Number):
        return fmt.format(value)
    return str(value)


def _variant(claim, source, reference, ours, setting):
    if source == ARTICLE and setting is not None and not setting.is_article:
        return Claim(claim, source, reference, ours, VARIANT,
                     reason=f"not compared: {setting.describe()}")
    return None


def exact_claim(claim: str, reference, ours, *, source: str = ARTICLE, tolerance: float = 0.0,
                fmt: str | None = None, reason: str = "", setting: Setting | None = None) -> Claim:
    """A deterministic value: *reproduced exactly* when ``ours`` equals the article's value.

    ``tolerance`` is the article's printing precision (0.0005 for a value printed as 26.546).
    Against a derived reference the status is *consistent within error* (exact equality).
    """
    tolerance = real(tolerance, "tolerance", low=0)
    ref, our = text(reference, fmt), text(ours, fmt)
    if (v := _variant(claim, source, ref, our, setting)) is not None:
        return v
    if isinstance(reference, numbers.Number) and isinstance(ours, numbers.Number):
        same = abs(float(reference) - float(ours)) <= tolerance
        test = "equal" if tolerance == 0 else f"equal at the printed precision (±{tolerance:g})"
    else:
        same, test = reference == ours, "equal"
    ok_status = EXACT if source == ARTICLE else CONSISTENT
    return Claim(claim, source, ref, our, ok_status if same else DIFFERS,
                 "" if same and source == ARTICLE else test,
                 "" if same else (reason or UNEXPLAINED))


def statistical_claim(claim: str, reference: float, mean: float, se: float, *,
                      source: str = ARTICLE, reference_se: float = 0.0, precision: float = 0.0,
                      z: float = 2.0, fmt: str = "{:.4f}", reference_text: str | None = None,
                      reason: str = "", setting: Setting | None = None) -> Claim:
    """A mean with a standard error against a reference: consistent when ``|z-score| <= z``.

    The z-score is ``(|mean - reference| - precision) / sqrt(se**2 + reference_se**2)``, where
    ``precision`` is the rounding of the printed value (0.005 for "43%") and ``reference_se``
    the reference's own standard error when it is itself an estimate.
    """
    mean, reference = real(mean, "mean"), real(reference, "reference")
    se, reference_se = real(se, "se", low=0), real(reference_se, "reference_se", low=0)
    precision, z = real(precision, "precision", low=0), real(z, "z", above=0)
    ref = reference_text if reference_text is not None else fmt.format(reference)
    our = f"{fmt.format(mean)} ± {fmt.format(se)}"
    if (v := _variant(claim, source, ref, our, setting)) is not None:
        return v
    gap = max(0.0, abs(mean - reference) - precision)
    spread = math.hypot(se, reference_se)
    score = gap / spread if spread > 0 else (0.0 if gap == 0 else math.inf)
    ok = score <= z
    what = "SE" if reference_se == 0 else "combined SE"
    test = f"|z| <= {z:g} on our {what}" + (f", after the printed rounding ±{precision:g}"
                                             if precision else "") + f" (|z| = {score:.1f})"
    return Claim(claim, source, ref, our, CONSISTENT if ok else DIFFERS, test,
                 "" if ok else (reason or UNEXPLAINED))


def interval_claim(claim: str, reference: float, estimate: float, low: float, high: float, *,
                   source: str = ARTICLE, interval: str = "95% interval", fmt: str = "{:.3f}",
                   reference_text: str | None = None, reason: str = "",
                   setting: Setting | None = None) -> Claim:
    """A reference against our estimate and interval: consistent when it lies inside."""
    reference, estimate = real(reference, "reference"), real(estimate, "estimate")
    low, high = real(low, "low"), real(high, "high")
    if not low <= high:
        raise ValueError(f"interval must have low <= high, got [{low}, {high}]")
    ref = reference_text if reference_text is not None else fmt.format(reference)
    our = f"{fmt.format(estimate)} [{fmt.format(low)}, {fmt.format(high)}]"
    if (v := _variant(claim, source, ref, our, setting)) is not None:
        return v
    ok = low <= reference <= high
    return Claim(claim, source, ref, our, CONSISTENT if ok else DIFFERS,
                 f"reference inside our {interval}", "" if ok else (reason or UNEXPLAINED))


def check_claim(claim: str, reference: str, ours: str, holds: bool, *, test: str,
                source: str = ARTICLE, reason: str = "", setting: Setting | None = None) -> Claim:
    """A qualitative claim (an ordering, a threshold, a yes/no) checked by a stated test.

    ``holds`` is True or False (numpy's bool too): the verdict of the test, never a text."""
    holds = verdict(holds, "holds")
    if (v := _variant(claim, source, reference, ours, setting)) is not None:
        return v
    return Claim(claim, source, reference, ours, CONSISTENT if holds else DIFFERS, test,
                 "" if holds else (reason or UNEXPLAINED))


def beyond_claim(claim: str, goal: str, ours: str, met: bool, *, test: str,
                 reason: str = "") -> Claim:
    """A goal of our own beyond the article: *beyond: met* or *beyond: not met* (``met``:
    True or False, numpy's bool too)."""
    met = verdict(met, "met")
    return Claim(claim, GOAL, goal, ours, BEYOND_MET if met else BEYOND_NOT_MET, test,
                 "" if met else reason)


def count_with_interval(successes: int, n: int, digits: int = 2) -> str:
    """``"k/n [low, high]"`` with the 95% Wilson interval of the share ``k/n``."""
    low, high = wilson(successes, n)
    return f"{successes}/{n} [{low:.{digits}f}, {high:.{digits}f}]"


def mean_difference(a, b, *, lower: bool = False, z: float = 2.0, fmt: str = "{:.3f}",
                    diff_fmt: str = "{:+.3f}") -> tuple[bool, str]:
    """Whether mean ``a`` is above (``lower``: below) mean ``b`` by more than ``z`` combined SEs.

    ``a`` and ``b`` are ``(mean, se)`` pairs. Returns the verdict and the comparison as text,
    ``"a vs b (difference d ± se)"``, the difference taken in the tested direction. An unknown
    standard error (NaN, e.g. from a single sample) decides nothing: the verdict is False.
    """
    (mean_a, se_a), (mean_b, se_b) = mean_and_se(a, "a"), mean_and_se(b, "b")
    z = real(z, "z", above=0)
    diff = mean_b - mean_a if lower else mean_a - mean_b
    se = float(np.hypot(se_a, se_b))
    holds = bool(diff > z * se)
    return holds, (f"{fmt.format(mean_a)} vs {fmt.format(mean_b)} "
                   f"(difference {diff_fmt.format(diff)} ± {fmt.format(se)})")


def mean_and_se(pair, name: str) -> tuple[float, float]:
    """A ``(mean, se)`` pair: a finite mean and a standard error >= 0 or NaN (unknown)."""
    if isinstance(pair, (str, bytes)) or not isinstance(pair, (tuple, list, np.ndarray)) \
            or len(pair) != 2:
        raise ValueError(f"{name} must be a (mean, standard error) pair, got {shown(pair)}")
    mean = real(pair[0], f"mean {name}")
    se = pair[1]
    if isinstance(se, (bool, np.bool_)) or not isinstance(se, numbers.Real):
        raise TypeError(f"the standard error of {name} must be a number, got {shown(se)}")
    if not (math.isnan(se) or 0 <= se < math.inf):
        raise ValueError(f"the standard error of {name} must be >= 0 or NaN, got {se}")
    return mean, float(se)


def not_compared(claim: Claim, reason: str) -> Claim:
    """The same row marked *setting differs*: its reference holds only at another setting."""
    if not isinstance(reason, str) or not reason:
        raise ValueError(f"reason must be a non-empty string, got {reason!r}")
    return Claim(claim.claim, claim.source, claim.reference, claim.ours, VARIANT, reason=reason)
