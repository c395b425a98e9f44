"""Measures of pure strategies on one table, against small exact cases."""

import numpy as np
import pytest

from goofspiel import Strategy, equilibrium, exploitability
from goofspiel.equilibria.measures import strategy_row, strategy_table, summarise_by_label


def test_measures_of_the_identity_and_a_permutation_on_four_cards():
    deck = (1, 2, 3, 4)
    eq = equilibrium(4, "margin")
    row = strategy_row("identity", range(4), deck, eq.mixture)
    assert row["article fitness"] == 0                       # the identity is the target
    assert row["margin exploitability"] == exploitability(Strategy(deck, (0, 1, 2, 3)), "margin")
    assert row["margin vs equilibrium"] <= 1e-9              # no pure strategy beats it
    probs = dict(zip(map(tuple, eq.mixture.ranks), eq.mixture.probs))
    # the win/loss payoff against the mixture, summed by hand over its support
    mine = np.array([1, 2, 3, 4])
    by_hand = sum(p * np.sign(np.sum(np.array(deck) * np.sign(mine - np.array(r) - 1)))
                  for r, p in probs.items())
    assert row["win/loss vs equilibrium"] == pytest.approx(by_hand)
    other = strategy_row("reverse", (3, 2, 1, 0), deck, eq.mixture)
    assert other["article fitness"] < 0


def test_the_table_and_its_summary_keep_order_and_counts():
    deck = (1, 2, 3)
    eq = equilibrium(3, "margin")
    table = strategy_table([("b", (2, 1, 0)), ("a", (0, 1, 2)), ("b", (1, 0, 2))], deck,
                           eq.mixture)
    assert list(table.strategy) == ["b", "a", "b"]
    summary = summarise_by_label(table)
    assert list(summary.index) == ["b", "a"] and list(summary.strategies) == [2, 1]
    assert summary.loc["b", "article fitness (min)"] == table["article fitness"][[0, 2]].min()
    with pytest.raises(ValueError, match="at least one"):
        strategy_table([], deck, eq.mixture)
