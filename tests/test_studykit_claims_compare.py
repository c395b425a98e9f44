"""mean_difference and not_compared: exact small cases of the ordering test and its text."""

import math

import pytest

from studykit import claims as C
from studykit import comparisons as K


def test_a_difference_above_two_combined_standard_errors_holds():
    holds, text = K.mean_difference((0.5, 0.03), (0.3, 0.04))       # combined SE 0.05, diff 0.2
    assert holds
    assert text == "0.500 vs 0.300 (difference +0.200 ± 0.050)"


def test_a_difference_of_exactly_two_standard_errors_does_not_hold():
    assert not K.mean_difference((3.0, 0.6), (2.0, 0.8))[0]             # diff 1.0 < 2 SE = 2.0
    assert not K.mean_difference((3.0, 0.3), (2.0, 0.4))[0]             # diff 1.0 = 2 SE exactly
    assert K.mean_difference((3.0, 0.3), (2.0, 0.4), z=1.99)[0]
    assert K.mean_difference((3.25, 0.3), (2.0, 0.4))[0]


def test_the_lower_direction_reports_b_minus_a():
    holds, text = K.mean_difference((0.1, 0.02), (0.4, 0.0), lower=True, fmt="{:.2f}",
                                    diff_fmt="{:.2f}")
    assert holds
    assert text == "0.10 vs 0.40 (difference 0.30 ± 0.02)"
    assert not K.mean_difference((0.1, 0.02), (0.4, 0.0))[0]           # not higher


def test_an_unknown_standard_error_decides_nothing_and_bad_means_are_refused():
    holds, text = K.mean_difference((5.0, math.nan), (0.0, 0.1))
    assert not holds and "nan" in text
    with pytest.raises(ValueError, match="mean a"):
        K.mean_difference((math.inf, 0.1), (0.0, 0.1))
    with pytest.raises(ValueError, match="standard error of b"):
        K.mean_difference((0.0, 0.1), (0.0, -0.1))


def test_not_compared_keeps_the_row_and_marks_it_as_another_setting():
    row = C.statistical_claim("x", 0.24, 0.25, 0.01, source="derived: runs", fmt="{:.2f}")
    moved = C.not_compared(row, "not compared: other runs")
    assert (moved.claim, moved.source, moved.reference, moved.ours) == (
        row.claim, row.source, row.reference, row.ours)
    assert moved.status == C.VARIANT and moved.reason == "not compared: other runs"
    assert moved.test == ""
    with pytest.raises(ValueError, match="reason"):
        C.not_compared(row, "")
