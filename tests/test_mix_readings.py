"""mix.play.readings: the other readings of the 'upper rows' and 'proper for the diagonal game'
sentences, on small exact cases, and bad input refused."""

import pandas as pd
import pytest
from scipy.stats import mannwhitneyu

from mix import FORCED, forced_wins_higher, pooled_share, strength_kept
from studykit.claims import CONSISTENT, DIFFERS, INCONCLUSIVE

FORCED_KIND, OTHER_KIND = FORCED[0], "two chesses at once"


def losses(forced_rows, other_rows):
    return ([{"kind": FORCED_KIND, "win_row": r} for r in forced_rows]
            + [{"kind": OTHER_KIND, "win_row": r} for r in other_rows])


def test_forced_wins_clearly_higher_are_consistent():
    r = forced_wins_higher(losses([7, 8, 8, 9, 9, 9, 7, 8], [1, 2, 2, 3, 1, 2, 3, 2]))
    assert r.status == CONSISTENT
    assert "mean winning row 9.1 in 8 forced losses vs 3.0 in 8" in r.ours and "higher" in r.ours


def test_forced_wins_clearly_lower_differ():
    assert forced_wins_higher(losses([1, 2, 2, 1, 2, 1], [8, 9, 7, 8, 9, 8])).status == DIFFERS


def test_mixed_rows_are_inconclusive_and_agree_with_scipy():
    forced, other = [3, 5, 4, 6, 2], [4, 3, 5, 6, 2]
    r = forced_wins_higher(losses(forced, other))
    p = min(mannwhitneyu(forced, other, alternative=a).pvalue for a in ("greater", "less"))
    assert r.status == INCONCLUSIVE and p >= 0.05 and f"p = {p:.3g}" in r.ours


def test_no_forced_or_no_other_loss_is_inconclusive():
    assert forced_wins_higher(losses([5, 6], [])).status == INCONCLUSIVE
    assert forced_wins_higher([]).status == INCONCLUSIVE


@pytest.mark.parametrize("bad", [[{"kind": FORCED_KIND}], [{"win_row": 3}], [3], "rows",
                                 [{"kind": FORCED_KIND, "win_row": -1}],
                                 [{"kind": FORCED_KIND, "win_row": 2.5}]])
def test_bad_loss_records_refused(bad):
    with pytest.raises((TypeError, ValueError), match="details|win_row"):
        forced_wins_higher(bad)


def row(x, o, games=200):
    return pd.Series({"win_as_X": x, "win_as_O": o, "games_X": games, "games_O": games})


def test_pooled_share_weighs_the_seats_by_their_games():
    r = pd.Series({"win_as_X": 1.0, "win_as_O": 0.5, "games_X": 300, "games_O": 100})
    assert pooled_share(r) == (pytest.approx(0.875), 400)


def test_strength_kept_by_its_bounds():
    assert strength_kept(row(0.97, 0.94, 100), row(0.935, 0.85)).status == CONSISTENT
    assert strength_kept(row(0.5, 0.4), row(0.95, 0.9)).status == DIFFERS
    assert strength_kept(row(0.82, 0.82, 50), row(0.9, 0.9, 50)).status == INCONCLUSIVE


def test_strength_kept_interval_is_the_one_sided_normal_one():
    r = strength_kept(row(0.9, 0.9), row(0.9, 0.9))
    se = (2 * 0.9 * 0.1 / 400) ** 0.5
    assert f"difference +0.000 [{-1.6449 * se:+.3f}, {1.6449 * se:+.3f}]" in r.ours


@pytest.mark.parametrize("margin", [-0.1, 1.5, float("nan"), "0.1", None])
def test_bad_margin_refused(margin):
    with pytest.raises((TypeError, ValueError), match="margin"):
        strength_kept(row(0.9, 0.9), row(0.9, 0.9), margin=margin)


@pytest.mark.parametrize("bad", [pd.Series({"win_as_X": 0.5}), 3, row(1.5, 0.5), row(0.5, 0.5, 0)])
def test_bad_ladder_rows_refused(bad):
    with pytest.raises((TypeError, ValueError), match="row|win_as|games"):
        strength_kept(bad, row(0.9, 0.9))
