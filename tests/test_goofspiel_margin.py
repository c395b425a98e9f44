"""The margin equilibrium at any deck size (Birkhoff LP, decomposition, assignment best reply),
checked against the n! LP oracle on small decks and by an independent best reply at 20 cards."""

import numpy as np
import pytest
from oracles_goofspiel import independent_margin_gain

from goofspiel import best_counter, identity
from goofspiel.equilibria.birkhoff import (
    birkhoff,
    margin_best_response,
    margin_equilibrium,
    margin_exploitability,
    margin_lp,
)
from goofspiel.equilibria.equilibrium import equilibrium
from goofspiel.equilibria.matrixgame import all_ranks, best_response, mixed_vector, payoff_matrix
from goofspiel.equilibria.mixture import Mixture, as_mixture, deck_cards, margin_matrix
from goofspiel.game import margin
from goofspiel.plain.bestreply import enumerated_gain


@pytest.mark.parametrize("deck", [3, 4, 5, 6, (2, 3, 5, 8), (1, 4, 6, 7, 10)])
def test_agrees_with_the_factorial_lp(deck):
    a = payoff_matrix(deck, "margin")
    oracle = equilibrium(deck, "margin", matrix=a)
    ours = margin_equilibrium(deck)
    assert ours.value == pytest.approx(oracle.value, abs=1e-9)
    assert best_response(mixed_vector(ours.strategy, deck), a).gain < 1e-9    # oracle's judge
    oracle_mix = as_mixture(oracle.strategy, deck)
    assert margin_exploitability(oracle_mix) < 1e-9                             # our judge
    assert np.allclose(ours.marginal.sum(0), 1) and np.allclose(ours.marginal.sum(1), 1)


@pytest.mark.parametrize("n", [4, 5, 6])
def test_assignment_best_reply_agrees_with_the_factorial_matrix(n):
    rng = np.random.default_rng(n)
    a = payoff_matrix(n, "margin")
    for _ in range(20):
        x = rng.dirichlet(np.full(len(a), 0.05))
        rows = all_ranks(n).astype(np.int64)
        mix = Mixture(tuple(range(1, n + 1)), rows[x > 0], x[x > 0] / x[x > 0].sum())
        reply = margin_best_response(mix)
        gain = reply.gain
        assert reply.optimal and reply.bound == gain
        assert gain == pytest.approx(best_response(x, a).gain, abs=1e-9)
        assert margin_matrix(np.array([reply.counter.ranks]), mix.ranks, mix.deck)[0] @ mix.probs \
            == pytest.approx(gain)


def test_seven_cards_no_permutation_gains():
    e = margin_equilibrium(7)
    every = all_ranks(7).astype(np.int64)                 # the n! LP's best-reply judge
    assert (margin_matrix(every, e.mixture.ranks, e.deck) @ e.mixture.probs).max() < 1e-9
    assert abs(e.value) < 1e-9


def test_cycle_deck_equilibria_agree():
    ours = margin_equilibrium((2, 3, 4))
    oracle = equilibrium((2, 3, 4), "margin")           # three strategies, 1/3 each
    assert len(oracle.strategy) == 3
    assert margin_exploitability(as_mixture(oracle.strategy, (2, 3, 4))) < 1e-12
    assert margin_exploitability(ours.mixture) < 1e-12 and len(ours.strategy) <= 5


def test_twenty_cards_within_the_support_bound_and_unexploitable():
    e = margin_equilibrium(20)        # one Birkhoff LP; its work bound: the support size below
    assert abs(e.value) < 1e-9
    assert len(e.mixture.probs) <= 19 ** 2 + 1
    assert independent_margin_gain(e.mixture) < 1e-9
    assert margin_exploitability(e.mixture) < 1e-9
    optimum = margin_lp(20)
    assert np.abs(e.mixture.marginal() - optimum.marginal).max() < 1e-9
    assert optimum.value == pytest.approx(e.value, abs=1e-12)


def test_identity_counter_at_twenty_cards():
    reply = margin_best_response(identity(range(1, 21)))
    assert reply.gain == 20 * 17 / 2 == best_counter(identity(range(1, 21))).gain
    assert margin(reply.counter, identity(range(1, 21))) == reply.gain


@pytest.mark.parametrize("n, k", [(3, 4), (6, 60), (9, 200)])
def test_birkhoff_rebuilds_random_doubly_stochastic_matrices(n, k):
    rng = np.random.default_rng(k)
    perms = np.array([rng.permutation(n) for _ in range(k)])
    weights = rng.dirichlet(np.ones(k))
    x = Mixture(tuple(range(1, n + 1)), perms, weights).marginal()
    ranks, probs = birkhoff(x)
    assert len(ranks) <= (n - 1) ** 2 + 1
    assert all(sorted(r) == list(range(n)) for r in ranks)
    assert probs.min() > 0 and probs.sum() == pytest.approx(1.0)
    assert np.abs(Mixture(tuple(range(1, n + 1)), ranks, probs).marginal() - x).max() < 1e-12


@pytest.mark.parametrize("bad", [0, -3, True, [], [1, 1, 2], "abc", [1.5, 2], None])
def test_bad_decks_are_refused(bad):
    with pytest.raises(ValueError, match="deck"):
        deck_cards(bad)
    with pytest.raises(ValueError, match="deck"):
        margin_equilibrium(bad)


def test_bad_marginals_and_mixtures_are_refused():
    with pytest.raises(ValueError, match="marginal"):
        birkhoff(np.ones((2, 3)) / 3)
    with pytest.raises(ValueError, match="marginal"):
        birkhoff(np.array([[0.7, 0.4], [0.3, 0.6]]))
    with pytest.raises(ValueError, match="marginal"):
        birkhoff(np.array([[np.nan, 0.5], [0.5, 0.5]]))
    with pytest.raises(ValueError, match="tol"):
        birkhoff(np.eye(3), tol=0.5)
    with pytest.raises(ValueError, match="sum to 1"):
        margin_exploitability({(1, 2, 3): 0.5, (3, 2, 1): 0.4})
    with pytest.raises(ValueError, match=">= 0"):
        margin_exploitability({(1, 2, 3): 1.5, (3, 2, 1): -0.5})
    with pytest.raises(ValueError, match="permutation"):
        margin_best_response({(1, 1, 3): 1.0})
    with pytest.raises(ValueError, match="strategy"):
        margin_best_response([(1, 2, 3)])


def test_malformed_mixtures_are_refused():
    with pytest.raises(ValueError, match="ranks"):
        Mixture((1, 2, 3), np.array([[0, 1]]), np.ones(1))
    with pytest.raises(ValueError, match="ranks"):
        Mixture((1, 2, 3), np.array([[0, 1, 1]]), np.ones(1))
    with pytest.raises(ValueError, match="probs"):
        Mixture((1, 2, 3), np.array([[0, 1, 2], [2, 1, 0]]), np.array([0.5, 0.6]))


def test_the_assignment_best_reply_gains_what_the_plain_one_finds_among_all_n_replies():
    rng = np.random.default_rng(12)
    for deck in [(1, 2, 3), (1, 2, 3, 4, 5), (2, 3, 5, 8, 13, 21)]:
        n = len(deck)
        for _ in range(6):
            ranks = np.unique(np.array([rng.permutation(n) for _ in range(4)]), axis=0)
            mix = Mixture(deck, ranks, rng.dirichlet(np.ones(len(ranks))))
            plain = enumerated_gain(mix, "margin")
            assert margin_exploitability(mix) == pytest.approx(plain, abs=1e-9)
            assert independent_margin_gain(mix) == pytest.approx(plain, abs=1e-9)
    with pytest.raises(ValueError, match="payoff"):
        enumerated_gain(mix, "points")
    with pytest.raises(ValueError, match="10 cards"):
        enumerated_gain(Mixture(tuple(range(1, 12)), np.arange(11)[None, :], np.ones(1)))
