"""Estimates with errors from scripted games: exact small cases built by hand."""

import math

import pandas as pd
import pytest

import goofspiel.bots.scripted_summary as stats
from goofspiel.bots.arena import PoolFate
from goofspiel.bots.scripted import ScriptedGame


def game(fates=(), pub=False):
    """A row as ``run_sweep(scripted_trial, ...)`` returns it."""
    return {"human": "identity", "scoring": "game", "as_published": pub,
            "result": ScriptedGame(3, True, (), (), tuple(fates))}


def rounds(rows):
    return pd.DataFrame([{"human": "identity", "scoring": "game", "behaviour": beh, "game": g,
                          "round": r, "vs_equilibrium": v} for beh, g, r, v in rows])


def test_stage_gain_pairs_the_stages_of_each_game():
    per_round = rounds([("fixed", 0, 1, -0.9), ("fixed", 0, 2, -0.5), ("fixed", 0, 3, -0.3),
                        ("fixed", 0, 4, -0.2), ("fixed", 0, 5, -0.4),      # game 0: -0.3 - -0.4
                        ("fixed", 1, 2, -0.6), ("fixed", 1, 4, 0.0),       # game 1: +0.6
                        ("fixed", 2, 2, -0.1),                             # no round 4: left out
                        ("published", 3, 2, -0.9), ("published", 3, 4, 0.9)])
    got = stats.stage_gain(per_round, "identity", "game", "fixed")
    assert got.n == 2 and got.mean == pytest.approx((0.1 + 0.6) / 2)
    assert got.se == pytest.approx(abs(0.6 - 0.1) / 2)     # sd of two values / sqrt(2)
    first = stats.stage_gain(per_round, "identity", "game", "fixed", start="round 1",
                             end="rounds 2-3")
    assert first.n == 1 and first.mean == pytest.approx(-0.4 - -0.9) and math.isnan(first.se)


def test_stage_gain_refuses_bad_stages_and_tables():
    per_round = rounds([("fixed", 0, 2, -0.5)])
    with pytest.raises(ValueError, match="earlier stage"):
        stats.stage_gain(per_round, "identity", "game", "fixed", start="rounds 4+",
                         end="rounds 2-3")
    with pytest.raises(ValueError, match="reached both"):
        stats.stage_gain(per_round, "identity", "game", "fixed")
    assert stats.stage_differences(per_round, "identity", "game", "fixed").size == 0
    assert stats.stage_differences(per_round, "identity", "duel", "fixed").size == 0  # not run
    with pytest.raises(ValueError, match="per_round"):
        stats.stage_gain(per_round.drop(columns="game"), "identity", "game", "fixed")


def test_fate_share_clusters_by_game():
    g1 = game([[PoolFate("random", 3, False), PoolFate("random", 0, False),
                PoolFate("copy", 3, True)]])                       # random: 1 of 2
    g2 = game([[PoolFate("random", 1, False)], [PoolFate("random", 3, True)]])  # 1 of 2
    g3 = game([[PoolFate("random", 0, False), PoolFate("random", 2, False)]])   # 0 of 2
    got = stats.fate_share([g1, g2, g3], "random", 3)
    p = 2 / 6
    want_se = math.sqrt(3 / 2 * ((1 - 2 * p) ** 2 * 2 + (0 - 2 * p) ** 2)) / 6
    assert got.n == 3 and got.mean == pytest.approx(p) and got.se == pytest.approx(want_se)
    assert stats.fate_share([g1, g2, g3], "random", 3, chosen=True).mean == pytest.approx(1 / 6)
    assert stats.fate_share([g1], "copy", 3).mean == 1.0
    with pytest.raises(ValueError, match="labelled"):
        stats.fate_share([g1], "nobody", 3)
