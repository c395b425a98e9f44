"""Win/loss best replies (MILP and branch and bound) and the double-oracle equilibrium, checked
against the plain best reply (every one of the n! replies, ``goofspiel.plain.bestreply``) and
against the n! LP oracle."""
import numpy as np
import pytest

from goofspiel import Strategy, identity
from goofspiel.equilibria.branch import branch_and_bound, improve
from goofspiel.equilibria.doubleoracle import winloss_equilibrium
from goofspiel.equilibria.equilibrium import equilibrium
from goofspiel.equilibria.matrixgame import all_ranks, payoff_matrix
from goofspiel.equilibria.mixture import Mixture, as_mixture, margin_matrix
from goofspiel.equilibria.winloss import (
    branch_best_response,
    winloss_best_response,
    winloss_exploitability,
    winloss_value,
)
from goofspiel.game import margin
from goofspiel.plain.bestreply import enumerated_gain


def random_mixture(n: int, k: int, rng: np.random.Generator, deck=None) -> Mixture:
    ranks = np.unique(np.array([rng.permutation(n) for _ in range(k)]), axis=0)
    return Mixture(tuple(deck or range(1, n + 1)), ranks, rng.dirichlet(np.ones(len(ranks))))


@pytest.mark.parametrize("n, k", [(4, 3), (5, 6), (5, 12)])
def test_milp_best_reply_is_exact(n, k):
    rng = np.random.default_rng(10 * n + k)
    for _ in range(3):
        mix = random_mixture(n, k, rng)
        reply = winloss_best_response(mix)
        assert reply.optimal
        assert reply.gain == pytest.approx(enumerated_gain(mix), abs=1e-9)
        assert winloss_value(np.array([reply.counter.ranks]), mix)[0] == pytest.approx(reply.gain)


@pytest.mark.parametrize("n, k, deck", [(5, 8, None), (6, 30, None), (7, 60, None),
                                        (6, 20, (1, 2, 4, 8, 9, 13))])
def test_branch_and_bound_is_exact(n, k, deck):
    rng = np.random.default_rng(n * k)
    for _ in range(4):
        mix = random_mixture(n, k, rng, deck)
        reply = branch_best_response(mix)
        assert reply.optimal
        assert reply.gain == pytest.approx(enumerated_gain(mix), abs=1e-12)
        search = branch_and_bound(mix)                     # no incumbent at all
        assert search.proven and search.gain == pytest.approx(reply.gain, abs=1e-12)


def test_local_search_never_beats_the_exact_reply():
    rng = np.random.default_rng(5)
    mix = random_mixture(7, 40, rng)
    best = enumerated_gain(mix)
    for _ in range(10):
        ranks, gain = improve(mix, rng.permutation(7))
        assert gain <= best + 1e-12
        assert gain == pytest.approx(winloss_value(ranks[None, :], mix)[0])


def test_pure_strategy_is_always_beaten():
    assert winloss_exploitability(identity(range(1, 21))) == 1.0
    assert winloss_exploitability(identity(range(1, 6)), method="milp") == 1.0


@pytest.mark.parametrize("n", [4, 5, 6])
def test_factorial_lp_equilibrium_is_unexploitable(n):
    e = equilibrium(n, "winloss")
    mix = as_mixture(e.strategy, n)
    assert winloss_exploitability(mix) < 1e-9
    if n <= 4:
        assert winloss_exploitability(mix, method="milp") < 1e-9


@pytest.mark.parametrize("n", [4, 5, 6])
def test_double_oracle_agrees_with_the_factorial_lp(n):
    a = payoff_matrix(n, "winloss")
    oracle = equilibrium(n, "winloss", matrix=a)
    ours = winloss_equilibrium(n, progress=False, seed=n)
    assert ours.certified and ours.certificate < 1e-9
    assert abs(ours.value) < 1e-9 and abs(oracle.value) < 1e-9
    assert enumerated_gain(ours.mixture) < 1e-9
    if n == 6:                                   # unique equilibrium: the same mix
        assert set(ours.strategy) == set(oracle.strategy)
        for bids, p in oracle.strategy.items():
            assert ours.strategy[bids] == pytest.approx(p, abs=1e-7)


def test_approximate_restricted_games_reach_the_same_certified_equilibrium():
    exact = winloss_equilibrium(6, progress=False)
    approx = winloss_equilibrium(6, progress=False, approximate=300)
    assert approx.certified and approx.history[-1].exact_game
    assert not all(h.exact_game for h in approx.history)
    assert set(approx.strategy) == set(exact.strategy)


def test_double_oracle_seven_cards_is_the_unique_143_strategy_equilibrium():
    e = winloss_equilibrium(7, progress=False, seed=0)
    assert e.certified and e.certificate < 1e-9 and abs(e.value) < 1e-9
    assert e.support == 143 and e.mixture.probs.sum() == pytest.approx(1.0)
    assert enumerated_gain(e.mixture) < 1e-9
    assert len(e.history) == e.iterations and e.history[-1].source == "branch"


def test_cycle_deck_winloss_mixes_the_cycle_equally():
    e = winloss_equilibrium((2, 3, 4), progress=False)
    oracle = equilibrium((2, 3, 4), "winloss")
    assert e.certified and set(e.strategy) == set(oracle.strategy) and len(e.strategy) == 3
    a, b, c = [Strategy.from_bids(bids, (2, 3, 4)) for bids in e.strategy]
    assert sorted([margin(a, b), margin(b, c), margin(c, a)]) in ([-1, -1, -1], [1, 1, 1])  # a cycle
    assert all(p == pytest.approx(1 / 3) for p in e.strategy.values())


def test_an_iteration_budget_returns_an_uncertified_result_with_its_bounds():
    e = winloss_equilibrium(9, progress=False, iterations=2)
    assert not e.certified and e.iterations == 2 == len(e.history)
    assert e.mixture.probs.sum() == pytest.approx(1.0) and e.gap > 0


def test_margins_agree_with_the_payoff_matrix():
    a = payoff_matrix((1, 3, 4, 7), "margin")
    ranks = all_ranks(4).astype(np.int64)
    assert np.array_equal(margin_matrix(ranks, ranks, (1, 3, 4, 7)), a)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="oracle"):
        winloss_equilibrium(5, oracle="lp", progress=False)
    with pytest.raises(ValueError, match="tol"):
        winloss_equilibrium(5, tol=0.0, progress=False)
    with pytest.raises(ValueError, match="iterations"):
        winloss_equilibrium(5, iterations=0, progress=False)
    with pytest.raises(ValueError, match="nodes"):
        winloss_equilibrium(5, nodes=-1, progress=False)
    with pytest.raises(ValueError, match="approximate"):
        winloss_equilibrium(5, approximate=-1, progress=False)
    with pytest.raises(ValueError, match="starts"):
        winloss_equilibrium(5, starts=-1, progress=False)
    with pytest.raises(ValueError, match="deck"):
        winloss_equilibrium(0, progress=False)
    with pytest.raises(ValueError, match="method"):
        winloss_exploitability(identity(range(1, 4)), method="lp")
    with pytest.raises(ValueError, match="nodes"):
        winloss_best_response(identity(range(1, 4)), nodes=0)
    with pytest.raises(TypeError, match="nodes"):
        branch_best_response(identity(range(1, 4)), nodes=2.5)
    with pytest.raises(ValueError, match="sum to 1"):
        winloss_exploitability({(1, 2, 3): 0.3})
