"""Ground truth: the LP equilibrium, best responses and the assignment counter, against brute force."""
import itertools

import numpy as np
import pytest

from goofspiel import (
    Strategy,
    best_counter,
    best_response,
    equilibrium,
    exploitability,
    identity,
    margin,
    mixed_vector,
    payoff_matrix,
    random_strategy,
)
from goofspiel.equilibrium import all_ranks


def test_payoff_matrix_agrees_with_play_and_is_antisymmetric():
    deck = (2, 3, 5, 7)
    a = payoff_matrix(deck, "margin")
    strategies = [Strategy(deck, tuple(int(r) for r in row)) for row in all_ranks(4)]
    for i, j in itertools.product(range(24), repeat=2):
        assert a[i, j] == margin(strategies[i], strategies[j])
    assert np.array_equal(a, -a.T)
    assert np.array_equal(payoff_matrix(deck, "winloss"), np.sign(a))


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_identity_facts(n):
    a = payoff_matrix(n, "margin")
    vs_random = a.mean(axis=1)
    best = np.flatnonzero(np.isclose(vs_random, vs_random.max()))
    assert len(best) == 1 and tuple(all_ranks(n)[best[0]]) == tuple(range(n))
    assert vs_random[best[0]] == pytest.approx((n * n - 1) / 6)
    x = mixed_vector(identity(range(1, n + 1)), n)
    _, gain = best_response(x, a)
    assert gain == n * (n - 3) / 2
    assert best_counter(identity(range(1, n + 1)))[1] == gain


def test_assignment_counter_matches_brute_force():
    rng = np.random.default_rng(2)
    a = payoff_matrix(6, "margin")
    for _ in range(200):
        s = random_strategy(range(1, 7), rng)
        counter, gain = best_counter(s)
        assert gain == exploitability(mixed_vector(s, 6), a) == margin(counter, s)


@pytest.mark.parametrize("n, payoff", [(3, "margin"), (4, "winloss"), (5, "margin"), (5, "winloss")])
def test_small_equilibria_have_value_zero_and_no_profitable_deviation(n, payoff):
    a = payoff_matrix(n, payoff)
    e = equilibrium(n, payoff, matrix=a)
    assert abs(e.value) < 1e-9
    assert exploitability(e.probs, a) < 1e-9
    assert sum(e.strategy.values()) == pytest.approx(1.0)
    assert np.allclose(e.bid_marginals().sum(axis=0), 1) and np.allclose(e.bid_marginals().sum(axis=1), 1)


def test_cycle_deck_equilibrium_mixes_three_strategies_equally():
    e = equilibrium((2, 3, 4), "margin")
    assert len(e.strategy) == 3 and all(p == pytest.approx(1 / 3) for p in e.strategy.values())


def test_bad_arguments():
    with pytest.raises(ValueError, match="payoff"):
        payoff_matrix(3, "points")
    with pytest.raises(ValueError, match="n must be"):
        equilibrium(9)
    with pytest.raises(ValueError, match="bids"):
        mixed_vector({(1, 1, 3): 1.0}, 3)


def test_seven_card_winloss_equilibrium_has_143_strategies():
    a = payoff_matrix(7, "winloss")
    e = equilibrium(7, "winloss", matrix=a)
    assert abs(e.value) < 1e-9
    assert exploitability(e.probs, a) <= 1e-9
    assert len(e.strategy) == 143
