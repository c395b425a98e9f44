"""The shared Wilson interval against scipy's, scalars and arrays, edges and bad input; the
``Estimate`` type (a mean, its standard error, n) and the intervals derived from it."""

import math

import numpy as np
import pytest
from scipy.stats import binomtest

from studykit import Estimate, wilson


@pytest.mark.parametrize("k,n", [(0, 10), (3, 10), (10, 10), (45, 50), (1, 1), (517, 1000)])
def test_wilson_matches_scipy_and_holds_the_proportion(k, n):
    lo, hi = wilson(k, n)
    exact = binomtest(k, n).proportion_ci(method="wilson")
    assert isinstance(lo, float) and lo == pytest.approx(exact.low, abs=1e-12)
    assert hi == pytest.approx(exact.high, abs=1e-12)
    assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_wilson_is_elementwise_and_narrows_with_confidence():
    k, n = np.array([0, 5, 20]), np.array([20, 20, 20])
    lo, hi = wilson(k, n)
    for i in range(3):
        assert (lo[i], hi[i]) == pytest.approx(wilson(int(k[i]), int(n[i])))
    lo90, hi90 = wilson(k, n, confidence=0.90)
    assert np.all(hi90 - lo90 < hi - lo)


@pytest.mark.parametrize("k,n", [(11, 10), (-1, 10), (0, 0)])
def test_wilson_rejects_impossible_counts(k, n):
    with pytest.raises(ValueError, match="successes <= n"):
        wilson(k, n)


def test_count_with_interval_shows_the_wilson_interval():
    from studykit import count_with_interval
    low, high = wilson(6, 6)
    assert count_with_interval(6, 6) == f"6/6 [{low:.2f}, {high:.2f}]"
    assert count_with_interval(0, 10, digits=3).startswith("0/10 [0.000, ")


# --- Estimate: the one type for a mean and its standard error ---------------------------------

def test_estimate_of_values_is_the_mean_and_its_standard_error():
    e = Estimate.of([1, 3])
    assert e == Estimate(2.0, 1.0, 2)
    values = np.random.default_rng(0).normal(5, 2, 400)
    e = Estimate.of(values)
    assert e.n == 400 and e.mean == pytest.approx(values.mean())
    assert e.se == pytest.approx(values.std(ddof=1) / 20)
    assert Estimate.of(np.arange(4, dtype=np.int32)).mean == 1.5


def test_estimate_intervals_are_derived_and_named():
    e = Estimate(10.0, 2.0, 30)
    assert e.half_width() == pytest.approx(3.92) and e.half_width(1.0) == 2.0
    assert e.interval() == pytest.approx((6.08, 13.92)) and e.interval(z=1.0) == (8.0, 12.0)
    assert e.text() == "10.00 ± 2.00" and e.text("{:.1f}", z=1.96) == "10.0 ± 3.9"
    assert e.z(4.0) == 3.0 and e.z() == 5.0
    assert Estimate(1.0, 0.0, 3).z(1.0) == 0.0 and Estimate(2.0, 0.0, 3).z(1.0) == math.inf


def test_estimate_of_one_value_has_an_unknown_standard_error():
    e = Estimate.of([7.5])
    assert (e.mean, e.n) == (7.5, 1) and math.isnan(e.se)
    assert all(math.isnan(x) for x in e.interval())
    with pytest.raises(ValueError, match="at least 2"):
        Estimate.of([7.5], min_n=2)


@pytest.mark.parametrize("values", [[], [1.0, float("nan")], [1.0, float("inf")], [[1, 2], [3, 4]]])
def test_estimate_of_refuses_empty_and_non_finite_samples(values):
    with pytest.raises(ValueError):
        Estimate.of(values)


@pytest.mark.parametrize("values", [["a", "b"], [True, False], "12"])
def test_estimate_of_refuses_what_is_not_numbers(values):
    with pytest.raises((TypeError, ValueError)):
        Estimate.of(values)


def test_estimate_checks_its_fields():
    with pytest.raises(ValueError, match="se"):
        Estimate(1.0, -0.1, 3)
    with pytest.raises(ValueError, match="n"):
        Estimate(1.0, 0.1, 0)
    with pytest.raises(TypeError, match="n"):
        Estimate(1.0, 0.1, 2.0)
    with pytest.raises(ValueError, match="mean"):
        Estimate(float("nan"), 0.1, 3)
    with pytest.raises(ValueError, match="z"):
        Estimate(1.0, 0.1, 3).interval(z=0)


def test_estimate_of_a_share_and_its_wilson_interval():
    e = Estimate.share(30, 100)
    assert (e.mean, e.n) == (0.3, 100) and e.se == pytest.approx(math.sqrt(0.3 * 0.7 / 100))
    assert Estimate.share(0, 10).se == 0.0
    lo, hi = wilson(30, 100)
    assert lo < e.mean < hi
    with pytest.raises(ValueError, match="successes <= n"):
        Estimate.share(11, 10)


# ---- issue 41: numbers beyond float range, format texts, dtypes -------------------------------
from fuzzing import INT_DTYPES, in_dtypes, refused  # noqa: E402

from studykit.formats import number_format  # noqa: E402
from studykit.comparisons import count_with_interval, mean_difference, share_se  # noqa: E402


@pytest.mark.parametrize("call,name", [
    (lambda: wilson(3, 10**400), "n"), (lambda: wilson(10**400, 10**401), "successes"),
    (lambda: share_se(0.5, 10**400), "n"),
    (lambda: mean_difference((1, 10**400), (0, 1)), "standard error of a"),
    (lambda: mean_difference((0, 1), (10**400, 1)), "mean b"),
    (lambda: mean_difference(np.array(3), (0, 1)), "a"),
    (lambda: mean_difference((1, 1), (0, 1), fmt=3), "fmt"),
    (lambda: mean_difference((1, 1), (0, 1), fmt="{:d}"), "fmt"),
    (lambda: mean_difference((1, 1), (0, 1), diff_fmt="{1}"), "diff_fmt"),
    (lambda: mean_difference((1, 1), (0, 1), lower="no"), "lower"),
    (lambda: count_with_interval(3, 10, -1), "digits"),
    (lambda: count_with_interval(3, 10, "2"), "digits"),
    (lambda: count_with_interval(3, 10, 10**6), "digits"),
    (lambda: count_with_interval([3, 4], [10, 10]), "successes"),
])
def test_comparisons_refuse_with_our_error_naming_the_argument(call, name):
    refused(call, name)


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_comparisons_give_numpy_integers_the_python_answer(dtype):
    assert count_with_interval(dtype(3), dtype(10)) == count_with_interval(3, 10) \
        == "3/10 [0.11, 0.60]"
    assert share_se(0.5, dtype(100)) == share_se(0.5, 100) == 0.05
    assert mean_difference((dtype(3), dtype(1)), (0, 1)) == mean_difference((3, 1), (0, 1))
    assert wilson(dtype(3), dtype(10)) == wilson(3, 10)


@pytest.mark.parametrize("fmt", ["{:.3f}", "{:+.2e}", "{:g}", "{:.1%}", "{:>8.2f}", "{} cats"])
def test_number_format_passes_formats_of_one_number(fmt):
    assert number_format(fmt, "fmt") == fmt


@pytest.mark.parametrize("fmt", ["{:d}", "{1}", "{x}", "{:.100000000f}", "{", 3, None, b"{}"])
def test_number_format_refuses_what_cannot_format_one_number(fmt):
    refused(lambda: number_format(fmt, "fmt"), "fmt")


def test_in_dtypes_of_a_count():
    assert len(in_dtypes(200)) == 8          # every dtype but int8
