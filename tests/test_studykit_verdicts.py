"""Issue 44's verdicts: inconclusive effects, small-sample t tests (against scipy directly) and
a row's verdict under another reading of a choice of ours."""

import math

import numpy as np
import pytest
from scipy import stats

from studykit import claims as C
from studykit.comparisons import mean_difference
from studykit.smallsample import SMALL_SAMPLE, t_critical, welch_df
from studykit.stats import Estimate
from studykit.verdicts import effect_claim, estimate_claim, with_alternative

LEVEL = stats.norm.cdf(2)                     # the one-sided level of |z| <= 2


# ---- inconclusive: an effect shown, its opposite shown, or neither ---------------------------
@pytest.mark.parametrize(("low", "high", "status"), [
    (0.001, 3.0, C.CONSISTENT), (0.0, 3.0, C.INCONCLUSIVE), (-925.0, 3175.0, C.INCONCLUSIVE),
    (-3.0, 0.0, C.INCONCLUSIVE), (-3.0, -0.001, C.DIFFERS)])
def test_an_effect_is_shown_by_an_interval_wholly_on_its_side(low, high, status):
    row = effect_claim("annealing helps", "helps out of local optima", (low + high) / 2, low, high,
                       interval="paired 95% interval")
    assert row.status == status and row.test.startswith("paired 95% interval against 0")
    assert row.ours == f"{(low + high) / 2:.3f} [{low:.3f}, {high:.3f}]"
    assert (row.reason == C.UNEXPLAINED) == (status == C.DIFFERS)
    below = effect_claim("it hurts", "hurts", (low + high) / 2, low, high, direction="below")
    flipped = {C.CONSISTENT: C.DIFFERS, C.DIFFERS: C.CONSISTENT}
    assert below.status == flipped.get(status, status) and "wholly below shows" in below.test


def test_a_threshold_is_the_null_of_an_effect_and_an_estimate_uses_its_t_interval():
    values = [0.05, 0.07, 0.06, 0.09, 0.08]
    sd = Estimate.of(values)
    low, high = stats.t.interval(0.95, len(values) - 1, loc=np.mean(values),
                                 scale=stats.sem(values))
    assert sd.t_interval() == pytest.approx((low, high), rel=1e-12)
    row = effect_claim("spread under 0.1", "stable", sd, direction="below", null=0.1)
    assert row.status == C.CONSISTENT and "95% Student's t interval (n = 5) against 0.1" in row.test
    assert effect_claim("spread under 0.08", "stable", sd, direction="below",
                        null=0.08).status == C.INCONCLUSIVE      # 0.08 lies inside [0.050, 0.090]
    assert effect_claim("spread under 0.04", "stable", sd, direction="below",
                        null=0.04).status == C.DIFFERS
    reason = effect_claim("x", "y", sd, null=0.08, reason="at a ceiling of 39/40")
    assert reason.status == C.INCONCLUSIVE and reason.reason == "at a ceiling of 39/40"


def test_effect_claim_refuses_what_decides_nothing():
    with pytest.raises(ValueError, match="known standard error"):
        effect_claim("x", "y", Estimate(1.0, math.nan, 1))        # one value: no error at all
    with pytest.raises(ValueError, match="known standard error"):
        effect_claim("x", "y", Estimate.of([2.0, 2.0, 2.0]))    # three equal values: no error
    with pytest.raises(ValueError, match="known standard error"):
        estimate_claim("m", 1.0, Estimate.of([2.0, 2.0, 2.0]))
    assert effect_claim("x", "y", Estimate(2.0, 0.0, 30)).status == C.CONSISTENT   # 30: exact
    with pytest.raises(ValueError, match="not both"):
        effect_claim("x", "y", Estimate.of([1.0, 2.0]), -1.0, 3.0)
    with pytest.raises(ValueError, match="low and high"):
        effect_claim("x", "y", 1.0, low=0.0)
    with pytest.raises(ValueError, match="outside its own interval"):
        effect_claim("x", "y", 5.0, 0.0, 1.0)
    with pytest.raises(ValueError, match="direction"):
        effect_claim("x", "y", 0.5, 0.0, 1.0, direction="up")
    with pytest.raises(ValueError, match="needs the test"):
        C.Claim("x", "article", "y", "z", C.INCONCLUSIVE)
    variant = effect_claim("x", "y", 0.5, 0.1, 1.0, setting=C.compare_setting({"N": 1}, {"N": 2}))
    assert variant.status == C.VARIANT and "N = 1" in variant.reason


# ---- small samples: Student's t at the level of |z| <= 2 ------------------------------------
@pytest.mark.parametrize("n", [2, 5, 10, SMALL_SAMPLE - 1])
def test_a_small_sample_is_read_with_students_t_at_the_boundary(n):
    critical = stats.t.ppf(LEVEL, n - 1)
    assert t_critical(2.0, n - 1) == pytest.approx(critical, rel=1e-12) and critical > 2
    inside = C.statistical_claim("m", 0.0, critical * (1 - 1e-9), 1.0, n=n)
    outside = C.statistical_claim("m", 0.0, critical * (1 + 1e-9), 1.0, n=n)
    assert (inside.status, outside.status) == (C.CONSISTENT, C.DIFFERS)
    assert inside.test.startswith(f"|t| <= {critical:.2f} on our SE (Student's t, {n - 1} df: "
                                  f"n = {n}; the level of |z| <= 2)")
    # between 2 and the t bound: consistent for n values, though |z| > 2 would read differs
    between = C.statistical_claim("m", 0.0, 2.0 + (critical - 2) / 2, 1.0)
    assert between.status == C.DIFFERS
    assert C.statistical_claim("m", 0.0, 2.0 + (critical - 2) / 2, 1.0, n=n).status == \
        C.CONSISTENT


@pytest.mark.parametrize("n", [SMALL_SAMPLE, 31, 5000])
def test_a_large_sample_row_is_exactly_as_before(n):
    for args in ((0.43, 0.44, 0.004), (-31.2, -32.46, 0.34), (1.0, 1.0, 0.0)):
        for options in ({}, {"precision": 0.005}, {"reference_se": 0.2}):
            assert C.statistical_claim("m", *args, n=n, **options) == \
                C.statistical_claim("m", *args, **options)
    assert C.statistical_claim("m", 0.43, 0.44, 0.004, precision=0.005, n=n).test == \
        "|z| <= 2 on our SE, after the printed rounding ±0.005 (|z| = 1.3)"


def test_a_small_sample_verdict_agrees_with_scipys_one_sample_t_test():
    rng = np.random.default_rng(44)
    alpha = 2 * (1 - LEVEL)
    for _ in range(200):
        n = int(rng.integers(2, SMALL_SAMPLE))
        values = rng.normal(0.0, 1.0, n)
        reference = float(rng.normal(0.0, 1.5 / math.sqrt(n)))
        p = stats.ttest_1samp(values, reference).pvalue
        if abs(p - alpha) < 1e-9:
            continue                                          # on the boundary: either reading
        row = estimate_claim("m", reference, Estimate.of(values))
        assert (row.status == C.CONSISTENT) == (p > alpha), (n, p)


def test_two_small_samples_use_welchs_degrees_of_freedom_as_scipy_does():
    a, b = [1.0, 1.4, 0.9, 1.3, 1.1], [0.6, 0.4, 0.9, 0.2, 0.7, 0.5, 0.8]
    ea, eb = Estimate.of(a), Estimate.of(b)
    scipy_welch = stats.ttest_ind(a, b, equal_var=False)
    assert welch_df((ea.se, ea.n), (eb.se, eb.n)) == pytest.approx(scipy_welch.df, rel=1e-12)
    holds, text = mean_difference(ea, eb)
    critical = stats.t.ppf(LEVEL, scipy_welch.df)
    assert holds == (scipy_welch.statistic > critical)
    assert f"needs > {critical:.2f} SE: Student's t, {scipy_welch.df:.1f} df: n of a = 5, " \
           f"n of b = 7" in text
    # (mean, se) pairs, and Estimates of many values, read as before
    assert mean_difference((ea.mean, ea.se), (eb.mean, eb.se)) == \
        mean_difference(Estimate(ea.mean, ea.se, 100), Estimate(eb.mean, eb.se, 100))
    # the combined SE of statistical_claim: Welch too, with the reference's own n
    row = C.statistical_claim("m", eb.mean, ea.mean, ea.se, reference_se=eb.se, n=5,
                              reference_n=7)
    assert f"{scipy_welch.df:.1f} df: n = 5, reference n = 7" in row.test
    assert (row.status == C.CONSISTENT) == (abs(scipy_welch.statistic) <= critical)


def test_degrees_of_freedom_and_sizes_are_checked():
    assert welch_df((0.3, 5)) == 4 and welch_df((0.3, None)) == math.inf
    assert welch_df((0.0, 5), (0.0, 9)) == 4 and welch_df((0.2, 5), (0.0, 3)) == 4
    assert t_critical(2.0, math.inf) == 2.0
    for bad in (1, 0):
        with pytest.raises(ValueError, match="n must be"):
            C.statistical_claim("m", 1.0, 1.0, 0.1, n=bad)
    for bad in (True, 2.5, "5"):
        with pytest.raises(TypeError, match="reference_n"):
            C.statistical_claim("m", 1.0, 1.0, 0.1, reference_n=bad)
    with pytest.raises(ValueError, match="known standard error"):
        estimate_claim("m", 1.0, Estimate(1.0, math.nan, 1))
    with pytest.raises(TypeError, match="estimate must be an Estimate"):
        estimate_claim("m", 1.0, (1.0, 0.1))
    with pytest.raises(TypeError, match="from its estimate"):
        estimate_claim("m", 1.0, Estimate(1.0, 0.1, 5), n=50)
    with pytest.raises(ValueError, match="known standard error"):
        Estimate(1.0, math.nan, 1).t_interval()
    # a verdict from a few values with no error at all is refused, not read as exact
    for call in (lambda: C.statistical_claim("m", 1.0, 1.5, 0.0, n=5),
                 lambda: mean_difference(Estimate(1.0, 0.0, 5), Estimate(0.5, 0.0, 5))):
        with pytest.raises(ValueError, match="needs an error, but the se of every part is 0"):
            call()
    assert C.statistical_claim("m", 1.0, 1.5, 0.0, n=30).status == C.DIFFERS    # as before
    assert mean_difference(Estimate(1.0, 0.0, 5), Estimate(0.5, 0.1, 5))[0] is True


# ---- the verdict under another reading of a choice of ours ---------------------------------
def no_set_rows():
    ours = C.statistical_claim("no set about 1 in 10", 0.1, 0.098, 0.004, precision=0.05)
    other = C.statistical_claim("no set about 1 in 10", 0.1, 0.059, 0.003, precision=0.005)
    return ours, other


def test_with_alternative_takes_the_other_readings_row_or_its_verdict():
    ours, other = no_set_rows()
    row = with_alternative(ours, choice="counting rule", reading="the blog's printed loop",
                           other=other, chosen="every table counted")
    assert row.status == ours.status and row.test == ours.test       # the row itself unchanged
    alt = row.alternative
    assert (alt.ours, alt.status, alt.test, alt.reason) == (other.ours, other.status, other.test,
                                                            other.reason)
    assert alt.reference == "" and alt.chosen == "every table counted"
    given = with_alternative(ours, choice="definition", reading="loose chess", ours="32",
                             status=C.DIFFERS, test="under 60", reason="loose")
    assert given.alternative.status == C.DIFFERS and given.alternative.reading == "loose chess"
    with pytest.raises(ValueError, match="not both"):
        with_alternative(ours, choice="c", reading="r", other=other, ours="1")
    with pytest.raises(ValueError, match="ours and status"):
        with_alternative(ours, choice="c", reading="r", ours="1")
    with pytest.raises(ValueError, match="already has"):
        with_alternative(row, choice="c", reading="r", other=other)
    with pytest.raises(ValueError, match="source"):
        with_alternative(ours, choice="c", reading="r",
                         other=C.check_claim("x", "a", "b", True, test="t", source="derived: LP"))
    with pytest.raises(TypeError, match="other must be a Claim"):
        with_alternative(ours, choice="c", reading="r", other="differs")
    with pytest.raises(ValueError, match="choice"):
        with_alternative(ours, choice=" ", reading="r", other=other)


def test_an_alternative_is_checked_as_its_row_would_be():
    derived = C.check_claim("opt", "13", "13", True, test="equal", source="derived: solver")
    with pytest.raises(ValueError, match="only a printed value"):
        with_alternative(derived, choice="c", reading="r", ours="13", status=C.EXACT)
    with pytest.raises(ValueError, match="needs the test"):
        with_alternative(derived, choice="c", reading="r", ours="12", status=C.DIFFERS)
    with pytest.raises(ValueError, match="not compared"):
        with_alternative(derived, choice="c", reading="r", ours="12", status=C.VARIANT,
                         reason="other N")
    with pytest.raises(ValueError, match="status must be"):
        with_alternative(derived, choice="c", reading="r", ours="12", status="roughly", test="t")
    with pytest.raises(TypeError, match="alternative must be an Alternative"):
        C.Claim("x", "article", "1", "1", C.EXACT, alternative={"status": C.EXACT})
    variant = C.not_compared(with_alternative(derived, choice="c", reading="r", ours="1",
                                              status=C.DIFFERS, test="t"), "other N")
    assert variant.alternative is None and variant.status == C.VARIANT


@pytest.mark.parametrize("fmt,value,shown", [
    ("{:.2f}", -0.001, "0.00"), ("{:+.2f}", -0.004, "+0.00"), ("{:.0%}", -0.001, "0%"),
    ("{:.2e}", -1e-300, "-1.00e-300"), ("{:.2f}", -0.005001, "-0.01"), ("{:.2f} s", -0.0, "0.00 s")])
def test_a_number_that_prints_as_zero_carries_no_minus_sign(fmt, value, shown):
    from studykit.formats import formatted

    assert formatted(fmt, value) == shown


def test_an_effect_rounding_to_zero_reads_as_zero_not_as_a_negative_effect():
    """Notebook 51 printed "-0.00 [-0.01, 0.00]" for a paired difference of -0.002."""
    row = effect_claim("randomness helps", "more flexibility", -0.002, -0.008, 0.004, fmt="{:.2f}")
    assert row.ours == "0.00 [-0.01, 0.00]" and row.status == C.INCONCLUSIVE
    assert Estimate(-0.001, 0.0004, 5).text("{:.2f}").startswith("0.00 ±")
