"""Claim rows of notebooks 20-24 that test an effect: the estimate of a change (paired over seeds,
or between two groups of games) and ``effect_row``, ``studykit.effect_claim`` with our own text
beside its interval, a reason per status, two shares ordered by their Wilson intervals
(``share_verdict``), and a row for an estimate with no error yet (a smoke
run of two seeds, say): *setting differs* off the article's setting, else *inconclusive*.
"""

from __future__ import annotations

import math
from dataclasses import replace

from studykit import Estimate, effect_claim, wilson, with_alternative
from studykit.checks import array, shown
from studykit.claims import ARTICLE, CONSISTENT, DIFFERS, INCONCLUSIVE, VARIANT, Claim, Setting
from studykit.smallsample import is_small


def paired_change(with_values, without_values) -> Estimate:
    """The mean of ``with_values - without_values`` (matched, seed by seed) and its error."""
    a = array(with_values, "with_values", ndim=1, kind="real").astype(float)
    b = array(without_values, "without_values", ndim=1, kind="real").astype(float)
    if len(a) != len(b) or not len(a):
        raise ValueError(f"with_values and without_values must be matched (the same length, at "
                         f"least one), got {len(a)} and {len(b)}")
    return Estimate.of(a - b)


def group_change(earlier, later) -> Estimate:
    """``mean(later) - mean(earlier)`` of two independent groups, its error the two SEs combined;
    its ``n`` is the smaller group's, so its t interval uses ``min(n1, n2) - 1`` degrees of
    freedom (the conservative reading of Welch's)."""
    a = array(earlier, "earlier", ndim=1, kind="real").astype(float)
    b = array(later, "later", ndim=1, kind="real").astype(float)
    if not len(a) or not len(b):
        raise ValueError(f"earlier and later must each hold a value, got {len(a)} and {len(b)}")
    if min(len(a), len(b)) < 2:
        return Estimate(float(b.mean() - a.mean()), math.nan, min(len(a), len(b)))
    se = math.hypot(a.std(ddof=1) / math.sqrt(len(a)), b.std(ddof=1) / math.sqrt(len(b)))
    return Estimate(float(b.mean() - a.mean()), float(se), min(len(a), len(b)))


def has_error(estimate: Estimate) -> bool:
    """Whether ``estimate`` carries an error a verdict can use (``studykit.with_error``'s rule)."""
    if not isinstance(estimate, Estimate):
        raise TypeError(f"estimate must be an Estimate, got {shown(estimate)} "
                        f"({type(estimate).__name__})")
    return not (math.isnan(estimate.se) or estimate.n < 2
                or (estimate.se == 0 and is_small(estimate.n)))


def effect_row(claim: str, reference: str, estimate, low: float | None = None,
               high: float | None = None, *, detail: str = "", differs: str = "",
               inconclusive: str = "", setting: Setting | None = None, **options) -> Claim:
    """``effect_claim`` with ``detail`` (our counts, in words) before its interval, ``differs``
    or ``inconclusive`` as the reason of that status; ``options`` are effect_claim's
    (``direction``, ``null``, ``interval``, ``fmt``, ``source``, ...). An Estimate with no error
    gives *setting differs* when ``setting`` is not the article's, else *inconclusive*."""
    detail = detail if isinstance(detail, str) else shown(detail)
    if isinstance(estimate, Estimate) and not has_error(estimate):
        ours = f"{detail}; " if detail else ""
        ours += f"{estimate.mean:g} from {estimate.n} value(s), no error"
        if setting is not None and not setting.is_article and \
                options.get("source", ARTICLE) == ARTICLE:
            return Claim(claim, ARTICLE, reference, ours, VARIANT,
                         reason=f"not compared: {setting.describe()}")
        return Claim(claim, options.get("source", ARTICLE), reference, ours, INCONCLUSIVE,
                     test="an effect needs an error: too few values for one",
                     reason=inconclusive or "too few values to estimate an error")
    row = effect_claim(claim, reference, estimate, low, high, setting=setting, **options)
    reason = {DIFFERS: differs or row.reason, INCONCLUSIVE: inconclusive}.get(row.status,
                                                                              row.reason)
    ours = f"{detail}; {row.ours}" if detail else row.ours
    return replace(row, ours=ours, reason=reason)



def share_verdict(k: int, n: int, k_other: int, n_other: int) -> str:
    """Two shares ``k / n`` (claimed higher) and ``k_other / n_other`` by their Wilson 95%
    intervals: *consistent within error* when the first lies wholly above, *differs* when wholly
    below, *inconclusive* when they overlap (neither ordering shown)."""
    low, high = wilson(k, n)
    low_other, high_other = wilson(k_other, n_other)
    return CONSISTENT if low > high_other else DIFFERS if high < low_other else INCONCLUSIVE


SHARE_TEST = ("Wilson 95% intervals of the two shares: wholly above shows the claim, wholly "
              "below its opposite, overlapping: inconclusive")


def alternative(claim: Claim, **reading) -> Claim:
    """``studykit.with_alternative(claim, **reading)``, or ``claim`` itself when it is not
    compared (*setting differs*: a quick run), since such a row has no reading to set beside it."""
    if not isinstance(claim, Claim):
        raise TypeError(f"claim must be a Claim row, got {shown(claim)} ({type(claim).__name__})")
    if claim.status == VARIANT or reading.get("status") == VARIANT or (
            reading.get("other") is not None and reading["other"].status == VARIANT):
        return claim
    return with_alternative(claim, **reading)
