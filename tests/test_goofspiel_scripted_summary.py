"""Summaries of scripted games: exact small cases built by hand."""

import numpy as np
import pytest
from scipy.stats import mannwhitneyu

import goofspiel.bots.scripted_summary as summary
from goofspiel.bots.arena import PoolFate
from goofspiel.bots.scripted import ScriptedGame, bot_measures, survival_summary


def game(human, scoring, pub, survived, out, bots=(), margins=(), fates=()):
    """A row as ``run_sweep(scripted_trial, ...)`` returns it."""
    return {"human": human, "scoring": scoring, "as_published": pub,
            "result": ScriptedGame(survived, out, tuple(bots), tuple(margins), tuple(fates))}


def test_round_stages():
    assert list(summary.round_stage([1, 2, 3, 4, 10])) == [
        "round 1", "rounds 2-3", "rounds 2-3", "rounds 4+", "rounds 4+"]
    with pytest.raises(ValueError, match="start at 1"):
        summary.round_stage([0, 1])


def test_survival_table_follows_the_rows_and_the_rng_order():
    rows = [game("identity", "game", pub, s, o)
            for pub, runs in ((True, [(1, True), (3, True), (2, True)]),
                              (False, [(5, False), (4, True), (5, False)]))
            for s, o in runs]
    survival = summary.survival_table(rows, ["identity"], ["game"], 5, np.random.default_rng(3))
    stats, table = survival.summaries, survival.table
    rng = np.random.default_rng(3)
    published = survival_summary([1, 3, 2], [True] * 3, 5, rng)
    fixed = survival_summary([5, 4, 5], [False, True, False], 5, rng)
    assert stats["identity", "game", True].beat_lo == published.beat_lo
    assert stats["identity", "game", False].beat_hi == fixed.beat_hi
    assert stats["identity", "game", True].beat_rate == 3 / 9      # 3 outs in 6 + 3 rounds
    assert survival.p_values["identity", "game"] == mannwhitneyu([5, 4, 5], [1, 3, 2]).pvalue
    assert list(table.index) == [("identity", "game", "published"), ("identity", "game", "fixed")]
    assert table.loc[("identity", "game", "fixed"), "survived all 5"] == round(2 / 3, 3)
    assert table.loc[("identity", "game", "fixed"), "95% CI"] == \
        f"{fixed.beat_lo:.3f}-{fixed.beat_hi:.3f}"
    assert survival.rate_text("identity", "game", True) == \
        f"{published.beat_rate:.3f} [{published.beat_lo:.3f}, {published.beat_hi:.3f}]"


def test_fixed_minus_published_interval_pairs_the_bootstrap_resamples():
    rows = [game("identity", "duel", pub, s, o)
            for pub, runs in ((True, [(6, False), (2, True), (4, True), (6, False)]),
                              (False, [(1, True), (0, True), (3, True), (2, True)]))
            for s, o in runs]
    survival = summary.survival_table(rows, ["identity"], ["duel"], 6, np.random.default_rng(5))
    low, high = survival.fixed_minus_published("identity", "duel")
    fixed = survival.summaries["identity", "duel", False].boot_rates
    published = survival.summaries["identity", "duel", True].boot_rates
    # the oracle: the 2.5% and 97.5% order statistics of the paired differences, interpolated
    diff = np.sort(fixed - published)
    for q, got in ((0.025, low), (0.975, high)):
        k = q * (len(diff) - 1)
        want = diff[int(np.floor(k))] + (k - np.floor(k)) * (diff[int(np.ceil(k))] - diff[int(np.floor(k))])
        assert got == pytest.approx(want, abs=1e-12)
    assert 0 < low <= high                       # the fixed bots beat this human more often


def test_per_round_measures_measure_each_bot_once(monkeypatch):
    deck, a, b = (1, 2, 3), (0, 1, 2), (2, 1, 0)
    calls = []

    def counted(ranks, deck, eq=None):
        calls.append(ranks)
        return bot_measures(ranks, deck, eq)

    monkeypatch.setattr(summary, "bot_measures", counted)
    rows = [game("identity", "duels", False, 2, True, bots=[[a], [b], [a]], margins=[3, 1, -2]),
            game("adaptive", "game", True, 1, True, bots=[[b]], margins=[0])]
    got = summary.per_round_measures(rows, deck)
    assert sorted(calls) == sorted([a, b])
    assert list(got["round"]) == [1, 2, 3, 1] and list(got["human margin"]) == [3, 1, -2, 0]
    assert list(got["behaviour"]) == ["fixed"] * 3 + ["published"]
    assert got["exploitability"].iloc[2] == bot_measures(a, deck).exploitability
    assert "vs_equilibrium" not in got                  # no equilibrium given: no such column
    with_eq = summary.per_round_measures(rows, deck, {(1, 2, 3): 0.5, (3, 2, 1): 0.5})
    assert list(with_eq.columns[-2:]) == ["exploitability", "vs_equilibrium"]


def test_stage_trend_and_its_changes():
    per_round = summary.pd.DataFrame([
        {"human": h, "scoring": "game", "behaviour": beh, "round": r, "vs_equilibrium": v,
         "exploitability": 0.0, "human margin": 0.0}
        for h, beh, r, v in [("identity", "fixed", 1, -0.9), ("identity", "fixed", 2, -0.5),
                             ("identity", "fixed", 3, -0.3), ("identity", "fixed", 5, -0.2),
                             ("identity", "published", 1, -0.8), ("identity", "published", 2, -0.6),
                             ("adaptive", "fixed", 9, 1.0)]])
    trend = summary.stage_trend(per_round, "identity")
    assert trend.loc[("game", "fixed", "rounds 2-3"), ("vs_equilibrium", "mean")] == \
        pytest.approx(-0.4)
    assert trend.loc[("game", "fixed", "rounds 2-3"), ("vs_equilibrium", "count")] == 2
    changes = summary.stage_changes(trend)
    assert changes.first_jump == pytest.approx(0.2)   # published: -0.6 - (-0.8); fixed: 0.5
    assert changes.later == pytest.approx(0.2)        # fixed: -0.2 - (-0.4); published has no 4+


def test_fate_shares():
    first = [PoolFate("random", g, c) for g, c in ((0, False), (2, True), (3, False))]
    second = [PoolFate("random", 1, False), PoolFate("copy", 3, False)]
    table = summary.fate_shares([game("identity", "game", True, 2, True, fates=[first, second])],
                                3)
    assert table.loc["random", "after 1"] == 0.75 and table.loc["random", "after 3"] == 0.25
    assert table.loc["random", "chosen"] == 0.25 and table.loc["copy", "after 3"] == 1.0
    assert table.loc["random", "members"] == 4


def test_summaries_refuse_what_is_not_a_sweep_of_scripted_games():
    for bad in ("rows", [{"human": "identity"}], [1, 2]):
        with pytest.raises((TypeError, ValueError), match="rows"):
            summary.per_round_measures(bad, (1, 2, 3))
        with pytest.raises((TypeError, ValueError), match="rows"):
            summary.fate_shares(bad, 3)
    with pytest.raises(ValueError, match="per_round"):
        summary.stage_trend(summary.pd.DataFrame({"human": ["identity"]}), "identity")
