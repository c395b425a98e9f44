"""catmouse.claimrows: effect rows of notebooks 20-24 (paired and group changes, effect_row)."""

import math

import pytest

from catmouse.claimrows import effect_row, group_change, has_error, paired_change
from studykit import Estimate
from studykit.claims import CONSISTENT, DIFFERS, INCONCLUSIVE, VARIANT
from studykit.claimsetting import compare_setting


def test_paired_change_is_the_mean_of_differences_with_its_error():
    e = paired_change([3.0, 5.0, 4.0], [1.0, 1.0, 3.0])
    assert e.mean == pytest.approx(7 / 3)
    assert e.n == 3
    assert e.se == pytest.approx(Estimate.of([2.0, 4.0, 1.0]).se)


def test_paired_change_refuses_unmatched_values():
    with pytest.raises(ValueError, match="with_values and without_values"):
        paired_change([1.0, 2.0], [1.0])


def test_group_change_combines_both_errors_and_takes_the_smaller_n():
    e = group_change([0.2, 0.3, 0.25], [0.1, 0.2, 0.3, 0.4, 0.5])
    a, b = Estimate.of([0.2, 0.3, 0.25]), Estimate.of([0.1, 0.2, 0.3, 0.4, 0.5])
    assert e.mean == pytest.approx(b.mean - a.mean)
    assert e.se == pytest.approx(math.hypot(a.se, b.se))
    assert e.n == 3


def test_group_change_of_one_value_has_no_error():
    e = group_change([0.2], [0.1, 0.3])
    assert math.isnan(e.se) and not has_error(e)


def test_effect_row_reads_an_interval_holding_zero_as_inconclusive():
    row = effect_row("annealing helps", "'break out of local optima'", 1231.0, -925.0, 3175.0,
                     direction="below", fmt="{:+,.0f}", detail="40/40 vs 39/40",
                     inconclusive="at a ceiling", differs="slower")
    assert row.status == INCONCLUSIVE and row.reason == "at a ceiling"
    assert row.ours.startswith("40/40 vs 39/40; +1,231 [-925, +3,175]")


def test_effect_row_reads_a_wholly_wrong_side_as_differs_with_its_reason():
    row = effect_row("annealing helps", "q", 3675.0, 431.0, 7000.0, direction="below",
                     differs="slower", inconclusive="at a ceiling")
    assert row.status == DIFFERS and row.reason == "slower"
    row = effect_row("annealing helps", "q", -3675.0, -7000.0, -431.0, direction="below",
                     differs="slower")
    assert row.status == CONSISTENT and row.reason == ""


def test_effect_row_uses_students_t_for_few_seeds():
    # mean 2, se 0.9 from 5 values: the normal 2-SE band excludes 0, t(4) at 95% (2.78) does not
    row = effect_row("helps", "q", Estimate(2.0, 0.9, 5))
    assert row.status == INCONCLUSIVE
    assert effect_row("helps", "q", Estimate(2.0, 0.9, 500)).status == CONSISTENT


def test_effect_row_without_an_error():
    e = Estimate(0.5, math.nan, 1)
    assert effect_row("helps", "q", e).status == INCONCLUSIVE
    quick = compare_setting({"SEEDS": 2}, {"SEEDS": 10})
    assert effect_row("helps", "q", e, setting=quick).status == VARIANT


def test_share_verdict_orders_two_shares_by_their_wilson_intervals():
    from catmouse.claimrows import share_verdict
    assert share_verdict(20, 20, 0, 20) == CONSISTENT
    assert share_verdict(0, 20, 20, 20) == DIFFERS
    assert share_verdict(0, 20, 0, 20) == INCONCLUSIVE
    assert share_verdict(12, 20, 8, 20) == INCONCLUSIVE


def test_alternative_is_set_beside_a_compared_row_only():
    from catmouse.claimrows import alternative
    from studykit.claims import Claim
    row = Claim("c", "article", "r", "o", DIFFERS, "t", "why")
    alt = alternative(row, choice="rule", reading="other", ours="o2", status=CONSISTENT, test="t2")
    assert alt.alternative is not None and alt.alternative.status == CONSISTENT
    quick = Claim("c", "article", "r", "o", VARIANT, reason="quick")
    assert alternative(quick, choice="rule", reading="other", ours="o2", status=CONSISTENT,
                       test="t2") is quick
    with pytest.raises(TypeError, match="claim"):
        alternative("row", choice="rule", reading="other", ours="o2", status=CONSISTENT, test="t")


# the rows of notebooks 20 and 24 (issue 44, third pass)

from catmouse.claimrows import (  # noqa: E402
    applies_row,
    few_minutes_row,
    longer_games_row,
    unexpected_row,
)
from catmouse.v1.ablation import LongerGames  # noqa: E402
from catmouse.v1.unexpected import Unexpected  # noqa: E402


def test_unexpected_row_reads_overlapping_shares_as_inconclusive():
    row = unexpected_row(Unexpected(20, 50, 10, 70), Unexpected(22, 60, 8, 60), 5, 10_000)
    assert row.status == INCONCLUSIVE and "Wilson" in row.test
    assert "30/120" in row.ours


def test_unexpected_row_shows_a_clear_decrease_and_a_clear_increase():
    fewer = unexpected_row(Unexpected(300, 500, 300, 500), Unexpected(20, 500, 20, 500), 5, 1)
    more = unexpected_row(Unexpected(20, 500, 20, 500), Unexpected(300, 500, 300, 500), 5, 1)
    assert (fewer.status, more.status) == (CONSISTENT, DIFFERS)


def test_unexpected_row_off_the_article_setting_is_not_compared():
    off = compare_setting({"SEED": 1}, {"SEED": 0})
    assert unexpected_row(Unexpected(1, 2, 0, 2), Unexpected(0, 2, 0, 2), 1, 1,
                          setting=off).status == VARIANT


def test_longer_games_row_uses_a_t_interval_over_the_seeds():
    longer = LongerGames((0, 1, 2, 3, 4), (0.5, 0.6, 0.4, 0.55, 0.45), (0.0, 0.1, 0.0, 0.05, 0.0))
    row = longer_games_row(longer)
    assert row.status == CONSISTENT and "Student's t" in row.test and "n = 5" in row.test
    noisy = LongerGames((0, 1, 2), (0.5, 0.0, 0.3), (0.1, 0.4, 0.2))
    assert longer_games_row(noisy).status == INCONCLUSIVE


def test_few_minutes_row_is_inconclusive_with_this_machines_reading_beside_it():
    row = few_minutes_row(76.0, 2_000, 100_000, 1.7)
    assert row.status == INCONCLUSIVE
    assert row.alternative is not None and row.alternative.status == DIFFERS
    assert few_minutes_row(1_000.0, 2_000, 100_000, 1.7).alternative.status == CONSISTENT


def test_few_minutes_row_says_how_the_time_was_measured_and_refuses_bad_repeats():
    row = few_minutes_row(200.0, 2_000, 100_000, 1.7, repeats=3)
    assert "per CPU second" in row.ours and "fastest of 3" in row.ours
    assert "CPU time" in row.alternative.test
    for bad in (0, 2.5, True):
        with pytest.raises((TypeError, ValueError), match="repeats"):
            few_minutes_row(200.0, 2_000, 100_000, 1.7, repeats=bad)


def test_applies_row_asks_the_articles_limit_and_shows_our_one_percent_reading():
    cases = [(15, 15, "random", 22.5, 0.006, True), (15, 15, "smart", 25.5, 0.042, True)]
    row = applies_row(cases)
    assert row.status == CONSISTENT
    assert row.alternative.status == DIFFERS and "+4.20%" in row.alternative.reason
    slow = applies_row([(5, 5, "smart", 6.5, 3.0, True)])           # 26 moves > 20 rounds
    assert slow.status == DIFFERS
    unsure = applies_row([(15, 15, "smart", 25.5, 0.0, True),
                          (30, 35, "smart", 59.2, 0.019, False)])
    assert unsure.status == INCONCLUSIVE and "30x35 smart mouse" in unsure.reason
    assert unsure.alternative.status == DIFFERS                 # a lower bound already above 1%
    assert applies_row([(30, 35, "smart", 59.2, 1.5, False)]).status == DIFFERS   # bound > limit
    with pytest.raises(ValueError, match="cases"):
        applies_row([])
