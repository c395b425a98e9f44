"""Claims: one row of the reproduction report, with where its reference comes from and a verdict.

Every row names its **source**, one of three kinds:

- ``"article"``: the value or a short quote as the article printed it;
- ``"author's code: <where>"``: a value the author's published code printed, not the article
  (e.g. ``"author's code: notebook Cat_Mouse_v1 of the author's repository"``);
- ``"derived: <what>"``: our own reference (exact count, LP, solver, re-simulation), named;

or, for a **regression check** (our result against an earlier run of ours, not a reproduction),
``"regression: <which earlier run>"``. Its **status** is one of:

- *reproduced exactly*: equal to what the article (or the author's code) printed, at its
  precision;
- *consistent within error* / *differs*: decided by a stated **test** (``|z| <= 2`` on our
  standard error, Student's t below ``SMALL_SAMPLE`` values, the reference inside our 95%
  interval, an ordering that holds, ...);
- *inconclusive*: the experiment shows neither the claim nor its opposite (a paired interval
  covering 0: ``studykit.verdicts.effect_claim``), by a stated test; counted apart;
- *beyond: met* / *beyond: not met*: a goal of our own beyond the article;
- *setting differs*: the run's setting is not the article's, so no comparison is made;
- *regression: holds* / *regression: broken*: a regression check (``regression_claim``),
  shown and counted apart from the reproductions.

**Sampling-error rule.** When the article's number is itself an estimate from a sample of a
stated size, its standard error enters the test (``reference_se`` of ``statistical_claim``,
e.g. ``share_se(0.1, 5000)``), so that our run is not held to a precision the article lacked.

A row whose verdict rests on a choice of ours (a counting rule, a definition, a metric, a
threshold) carries the verdict under the other reasonable reading as its ``alternative``
(``studykit.verdicts.with_alternative``); the tables show it as a second row beneath.

Thresholds are never equalities: a claim like "under 10 minutes" is checked with ``check_claim``
or ``beyond_claim`` and says which test it used.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from studykit.checks import real, shown
from studykit.claimchecks import (
    Alternative,
    as_numbers,
    claim_text,
    exact_value,
    optional_format,
    optional_text,
    same_number,
    text,
    verdict,
)
from studykit.claimsetting import Setting, compare_setting  # noqa: F401 - part of this API
from studykit.formats import formatted, number_format
from studykit.smallsample import sample_size, t_reading

EXACT = "reproduced exactly"
CONSISTENT = "consistent within error"
DIFFERS = "differs"
INCONCLUSIVE = "inconclusive"
BEYOND_MET = "beyond: met"
BEYOND_NOT_MET = "beyond: not met"
VARIANT = "setting differs"
REGRESSION_HOLDS = "regression: holds"
REGRESSION_BROKEN = "regression: broken"
STATUSES = (EXACT, CONSISTENT, DIFFERS, INCONCLUSIVE, BEYOND_MET, BEYOND_NOT_MET, VARIANT, REGRESSION_HOLDS,
            REGRESSION_BROKEN)

ARTICLE = "article"
AUTHOR_CODE = "author's code: "      # + where the author's published code printed the value
DERIVED = "derived: "                # + what we derived the reference from
REGRESSION = "regression: "          # + which earlier run of ours
GOAL = "derived: a goal of ours"
SOURCE_KINDS = (AUTHOR_CODE, DERIVED, REGRESSION)
UNEXPLAINED = "unexplained: no reason recorded for this difference"


@dataclass(frozen=True)
class Claim:
    """One row of the report.

    Args:
        claim: what is claimed, in a few words.
        source: ``"article"``, ``"author's code: <where>"``, ``"derived: <what>"`` or
            ``"regression: <which earlier run>"``.
        reference: the article's (or author's code's) value or quote, as printed, or ours.
        ours: what we measured.
        status: one of ``STATUSES``.
        test: how the status was decided (empty only for *reproduced exactly*).
        reason: why it differs, or why no comparison was made.
        alternative: the verdict under another reasonable reading of a choice of ours
            (``studykit.verdicts.with_alternative``), or None.
    """

    claim: str
    source: str
    reference: str
    ours: str
    status: str
    test: str = ""
    reason: str = ""
    alternative: Alternative | None = None

    def __post_init__(self):
        for name in ("claim", "reference", "ours", "status", "test", "reason"):  # source: below
            claim_text(getattr(self, name), name, empty=name not in ("claim", "status"))
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, got {self.status!r}")
        if not isinstance(self.source, str) or not (self.source == ARTICLE or any(
                self.source.startswith(k) and self.source[len(k):].strip() for k in SOURCE_KINDS)):
            raise ValueError("source must be 'article', \"author's code: <where>\", 'derived: "
                             f"<what>' or 'regression: <which run>', got {self.source!r}")
        if self.status == EXACT and not is_printed(self.source):
            raise ValueError(f"claim {self.claim!r}: only a printed value (article, author's "
                             "code) is 'reproduced exactly' (a derived reference is 'consistent "
                             "within error' by a test)")
        if (self.status in (REGRESSION_HOLDS, REGRESSION_BROKEN)) != \
                self.source.startswith(REGRESSION):
            raise ValueError(f"claim {self.claim!r}: a 'regression: ...' source goes with a "
                             f"regression status and only with one, got {self.source!r} and "
                             f"{self.status!r}")
        if self.status in (CONSISTENT, DIFFERS, INCONCLUSIVE, BEYOND_MET, BEYOND_NOT_MET, REGRESSION_HOLDS,
                           REGRESSION_BROKEN) and not self.test:
            raise ValueError(f"claim {self.claim!r}: status {self.status!r} needs the test used")
        if self.status == VARIANT and not self.reason.strip():
            raise ValueError(f"claim {self.claim!r}: status {VARIANT!r} needs the reason (how "
                             "the setting differs)")
        if self.alternative is not None:
            self.check_alternative(self.alternative)

    def check_alternative(self, other) -> None:
        """Refuse an alternative that is no ``Alternative``, or whose verdict this row could not
        have (its status and test are checked as this row's would be); a row not compared
        (*setting differs*) has none, and neither reading is ever *setting differs*."""
        if not isinstance(other, Alternative):
            raise TypeError(f"alternative must be an Alternative (with_alternative's) or None, "
                            f"got {shown(other)} ({type(other).__name__})")
        if VARIANT in (self.status, other.status):
            raise ValueError(f"claim {self.claim!r}: a row {VARIANT!r} is not compared, under "
                             "either reading; it has no alternative")
        Claim(self.claim, self.source, other.reference or self.reference, other.ours,
              other.status, other.test, other.reason)


def is_printed(source: str) -> bool:
    """Whether a reference was printed by the author: in the article or by the author's code."""
    return isinstance(source, str) and (source == ARTICLE or source.startswith(AUTHOR_CODE))


def not_at_setting(claim: str, source: str, reference: str, ours: str,
                   setting: Setting | None) -> Claim | None:
    """The row *setting differs* when a printed reference meets a run at another setting (then
    nothing is compared), else None."""
    if setting is not None and not isinstance(setting, Setting):
        raise TypeError(f"setting must be a Setting (compare_setting's) or None, got "
                        f"{shown(setting)} ({type(setting).__name__})")
    if is_printed(source) and setting is not None and not setting.is_article:
        return Claim(claim, source, reference, ours, VARIANT,
                     reason=f"not compared: {setting.describe()}")
    return None


def exact_claim(claim: str, reference, ours, *, source: str = ARTICLE, tolerance: float = 0.0,
                fmt: str | None = None, reason: str = "", setting: Setting | None = None) -> Claim:
    """A deterministic value: *reproduced exactly* when ``ours`` equals the printed value.

    ``reference`` and ``ours`` are each a text as printed or a finite number (NaN, bools,
    None and containers are refused). Two numbers, or a number and a text printing one
    (``"26.546"``, ``"54,760"``), compare as numbers; two other texts compare as texts; a
    number against a text of something else (``"never"``) differs. ``tolerance`` is the
    article's printing precision (0.0005 for a value printed as 26.546). Against a derived
    reference the status is *consistent within error* (exact equality).
    """
    claim, reason = claim_text(claim, "claim", empty=False), claim_text(reason, "reason")
    tolerance, fmt = real(tolerance, "tolerance", low=0), optional_format(fmt)
    values = exact_value(reference, "reference"), exact_value(ours, "ours")
    ref, our = text(reference, fmt), text(ours, fmt)          # as given: float32's 0.1 too
    reference, ours = values
    if (v := not_at_setting(claim, source, ref, our, setting)) is not None:
        return v
    numbers_ = as_numbers(reference, ours)
    if numbers_ is None:
        same, test = reference == ours, "equal"
    else:
        same = same_number(*numbers_, tolerance)
        test = "equal" if tolerance == 0 else f"equal at the printed precision (±{tolerance:g})"
    ok_status = EXACT if is_printed(source) else CONSISTENT
    return Claim(claim, source, ref, our, ok_status if same else DIFFERS,
                 "" if same and is_printed(source) else test,
                 "" if same else (reason or UNEXPLAINED))


def statistical_claim(claim: str, reference: float, mean: float, se: float, *,
                      source: str = ARTICLE, reference_se: float = 0.0, precision: float = 0.0,
                      z: float = 2.0, fmt: str = "{:.4f}", reference_text: str | None = None,
                      reason: str = "", setting: Setting | None = None, n: int | None = None,
                      reference_n: int | None = None) -> Claim:
    """A mean with a standard error against a reference: consistent when ``|z-score| <= z``.

    The z-score is ``(|mean - reference| - precision) / sqrt(se**2 + reference_se**2)``, where
    ``precision`` is the rounding of the printed value (0.005 for "43%") and ``reference_se``
    the reference's own standard error when it is itself an estimate. When ``n`` (the values
    behind our mean) or ``reference_n`` (behind the reference's, with its ``reference_se``) is
    below ``SMALL_SAMPLE``, the score is read with Student's t at the level of ``|z| <= z``
    (``n - 1`` degrees of freedom, Welch's for two), and the test says so.
    """
    claim, reason = claim_text(claim, "claim", empty=False), claim_text(reason, "reason")
    mean, reference = real(mean, "mean"), real(reference, "reference")
    se, reference_se = real(se, "se", low=0), real(reference_se, "reference_se", low=0)
    precision, z = real(precision, "precision", low=0), real(z, "z", above=0)
    fmt, reference_text = number_format(fmt), optional_text(reference_text, "reference_text")
    n, reference_n = sample_size(n, "n"), sample_size(reference_n, "reference_n")
    ref = reference_text if reference_text is not None else formatted(fmt, reference)
    our = f"{formatted(fmt, mean)} ± {formatted(fmt, se)}"
    if (v := not_at_setting(claim, source, ref, our, setting)) is not None:
        return v
    gap = max(0.0, abs(mean - reference) - precision)
    spread = math.hypot(se, reference_se)
    score = gap / spread if spread > 0 else (0.0 if gap == 0 else math.inf)
    what = "SE" if reference_se == 0 else "combined SE"
    rounding = f", after the printed rounding ±{precision:g}" if precision else ""
    small = t_reading(z, (se, n), (reference_se, reference_n))
    letter, limit, how = ("z", z, "") if small is None else ("t", small[0], f" ({small[1]})")
    ok = score <= limit
    test = (f"|{letter}| <= {z:g}" if small is None else f"|t| <= {limit:.2f}") + \
        f" on our {what}{how}{rounding} (|{letter}| = {score:.1f})"
    return Claim(claim, source, ref, our, CONSISTENT if ok else DIFFERS, test,
                 "" if ok else (reason or UNEXPLAINED))


def interval_claim(claim: str, reference: float, estimate: float, low: float, high: float, *,
                   source: str = ARTICLE, interval: str = "95% interval", fmt: str = "{:.3f}",
                   reference_text: str | None = None, reason: str = "",
                   setting: Setting | None = None) -> Claim:
    """A reference against our estimate and its interval ``[low, high]`` (which holds the
    estimate, up to float rounding): consistent when the reference lies inside."""
    claim, reason = claim_text(claim, "claim", empty=False), claim_text(reason, "reason")
    reference, estimate = real(reference, "reference"), real(estimate, "estimate")
    low, high = real(low, "low"), real(high, "high")
    fmt, reference_text = number_format(fmt), optional_text(reference_text, "reference_text")
    interval = claim_text(interval, "interval", empty=False)
    if not low <= high:
        raise ValueError(f"interval must have low <= high, got [{low}, {high}]")
    slack = 1e-9 * max(1.0, abs(low), abs(high))
    if not low - slack <= estimate <= high + slack:
        raise ValueError(f"estimate {estimate!r} lies outside its own interval [low, high] = "
                         f"[{low!r}, {high!r}]; an interval holds its estimate")
    ref = reference_text if reference_text is not None else formatted(fmt, reference)
    our = f"{formatted(fmt, estimate)} [{formatted(fmt, low)}, {formatted(fmt, high)}]"
    if (v := not_at_setting(claim, source, ref, our, setting)) is not None:
        return v
    ok = low <= reference <= high
    return Claim(claim, source, ref, our, CONSISTENT if ok else DIFFERS,
                 f"reference inside our {interval}", "" if ok else (reason or UNEXPLAINED))


def check_claim(claim: str, reference: str, ours: str, holds: bool, *, test: str,
                source: str = ARTICLE, reason: str = "", setting: Setting | None = None) -> Claim:
    """A qualitative claim (an ordering, a threshold, a yes/no) checked by a stated test.

    ``holds`` is True or False (numpy's bool too): the verdict of the test, never a text."""
    holds = verdict(holds, "holds")
    claim, reason = claim_text(claim, "claim", empty=False), claim_text(reason, "reason")
    if (v := not_at_setting(claim, source, reference, ours, setting)) is not None:
        return v
    return Claim(claim, source, reference, ours, CONSISTENT if holds else DIFFERS, test,
                 "" if holds else (reason or UNEXPLAINED))


def beyond_claim(claim: str, goal: str, ours: str, met: bool, *, test: str,
                 reason: str = "") -> Claim:
    """A goal of our own beyond the article: *beyond: met* or *beyond: not met* (``met``:
    True or False, numpy's bool too)."""
    met = verdict(met, "met")
    claim, goal = claim_text(claim, "claim", empty=False), claim_text(goal, "goal")
    return Claim(claim, GOAL, goal, ours, BEYOND_MET if met else BEYOND_NOT_MET, test,
                 "" if met else reason)


def regression_claim(claim: str, reference: str, ours: str, holds: bool, *, test: str,
                     earlier: str, reason: str = "") -> Claim:
    """A regression check: our result against an earlier run of ours (``earlier`` names it),
    never a reproduction; *regression: holds* or *regression: broken*."""
    holds = verdict(holds, "holds")
    earlier = claim_text(earlier, "earlier", empty=False)
    return Claim(claim, REGRESSION + earlier, reference, ours,
                 REGRESSION_HOLDS if holds else REGRESSION_BROKEN, test,
                 "" if holds else (reason or UNEXPLAINED))


def not_compared(claim: Claim, reason: str) -> Claim:
    """The same row marked *setting differs* (with no alternative): its reference holds only
    at another setting."""
    if not isinstance(claim, Claim):
        raise TypeError(f"claim must be a Claim row, got {shown(claim)} ({type(claim).__name__})")
    reason = claim_text(reason, "reason", empty=False)
    return Claim(claim.claim, claim.source, claim.reference, claim.ours, VARIANT, reason=reason)
