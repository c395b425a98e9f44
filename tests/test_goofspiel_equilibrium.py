"""Ground truth: the LP equilibrium, best responses and the assignment counter, against brute force;
the scalable methods behind the same ``equilibrium`` and ``exploitability``, against the n! LP."""

import dataclasses
import itertools
import json
from dataclasses import FrozenInstanceError
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pytest
from oracles_goofspiel import independent_margin_gain, old_equilibrium

from goofspiel import (
    Mixture,
    Strategy,
    best_counter,
    best_reply,
    best_response,
    equilibrium,
    exploitability,
    identity,
    margin,
    mixed_vector,
    payoff_matrix,
    random_strategy,
)
from goofspiel.draw import draw_marginal
from goofspiel.equilibria.matrixgame import all_ranks


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
    reply = best_response(x, a)
    gain = reply.gain
    assert gain == n * (n - 3) / 2 and a[reply.index] @ x == gain
    assert best_counter(identity(range(1, n + 1))).gain == gain


def test_assignment_counter_matches_brute_force():
    rng = np.random.default_rng(2)
    a = payoff_matrix(6, "margin")
    for _ in range(200):
        s = random_strategy(range(1, 7), rng)
        found = best_counter(s)
        assert found.gain == exploitability(mixed_vector(s, 6), a) == margin(found.counter, s)


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
        equilibrium(9, method="lp")
    with pytest.raises(ValueError, match="bids"):
        mixed_vector({(1, 1, 3): 1.0}, 3)


def test_the_double_oracle_finds_the_lps_winloss_equilibrium():
    """Six cards (47 strategies, about 2 s): the n! LP and the double oracle agree; the 7-card
    equilibrium (143 strategies, minutes by the LP) is checked by brute force in
    tests/test_goofspiel_winloss.py."""
    a = payoff_matrix(6, "winloss")
    e = equilibrium(6, "winloss", matrix=a)
    assert abs(e.value) < 1e-9
    assert exploitability(e.probs, a) <= 1e-9
    assert len(e.strategy) == 47
    # the double oracle through the same entry point: the same unique equilibrium
    ours = equilibrium(6, "winloss", method="double-oracle", progress=False)
    assert ours.method == "double-oracle" and ours.certified and ours.certificate < 1e-9
    assert set(ours.strategy) == set(e.strategy)
    assert np.abs(ours.probs - e.probs).max() < 1e-7
    assert exploitability(ours.probs, a) < 1e-9            # judged by the n! matrix
    assert exploitability(e, "winloss") < 1e-9              # the LP's mix judged by branch and bound


# --- the wiring: one entry point for every deck size -------------------------------------------

@pytest.mark.parametrize("n, payoff", [(3, "margin"), (5, "winloss"), (6, "margin")])
def test_small_decks_keep_the_n_factorial_lp_bit_for_bit(n, payoff):
    x, value, strategy, marginals = old_equilibrium(n, payoff)
    e = equilibrium(n, payoff)
    assert e.method == "lp" and e.value == value and e.strategy == strategy
    assert list(e.strategy) == list(strategy)
    assert np.array_equal(e.probs, x) and np.array_equal(e.bid_marginals(), marginals)
    assert np.array_equal(e.ranks, all_ranks(n).astype(np.int64))
    assert e.certified and e.certificate == e.gap < 1e-9


@pytest.mark.parametrize("deck", [3, 4, 5, 6, (2, 3, 5, 8, 9)])
def test_scalable_methods_agree_with_the_n_factorial_lp(deck):
    for payoff, method in [("margin", "birkhoff"), ("winloss", "double-oracle")]:
        a = payoff_matrix(deck, payoff)
        oracle = equilibrium(deck, payoff, matrix=a)
        ours = equilibrium(deck, payoff, method=method, progress=False)
        assert ours.method == method and ours.certified
        assert ours.value == pytest.approx(oracle.value, abs=1e-9)
        assert exploitability(ours.probs, a) < 1e-9          # the n! judge on our mix
        assert exploitability(oracle, payoff) < 1e-9         # our judge on the LP's mix
        assert ours.certificate == pytest.approx(exploitability(ours, payoff), abs=1e-12)
        assert np.allclose(ours.marginal.sum(0), 1) and np.allclose(ours.marginal.sum(1), 1)


def test_seven_card_margin_by_birkhoff_is_judged_by_the_n_factorial_matrix():
    a = payoff_matrix(7, "margin")
    e = equilibrium(7, "margin", method="birkhoff")
    assert abs(e.value) < 1e-9 and exploitability(e.probs, a) < 1e-9
    assert exploitability(e, "margin") == pytest.approx(exploitability(e.probs, a), abs=1e-9)
    x = mixed_vector(identity(range(1, 8)), 7)                # a pure strategy: both judges agree
    assert exploitability(identity(range(1, 8)), "margin") == exploitability(x, a) == 14
    assert exploitability(identity(range(1, 8)), "winloss") == 1.0


def test_twenty_card_margin_equilibrium_within_its_support_bound_and_unexploitable():
    e = equilibrium(20, "margin")        # one Birkhoff LP; its work bound: the support size below
    assert e.method == "birkhoff" and e.certified and abs(e.value) < 1e-9
    assert e.support <= 19 ** 2 + 1 and e.mixture.probs.sum() == pytest.approx(1.0)
    assert independent_margin_gain(e.mixture) < 1e-9
    assert exploitability(e, "margin") < 1e-9
    assert np.allclose(e.marginal.sum(0), 1) and np.allclose(e.marginal.sum(1), 1)
    ident = identity(range(1, 21))
    assert exploitability(ident, "margin") == 20 * 17 / 2 == best_counter(ident).gain
    assert exploitability(ident, "winloss") == 1.0
    reply = best_reply(ident, "margin")
    assert reply.optimal and margin(reply.counter, ident) == reply.gain


def test_exploitability_takes_every_strategy_form():
    rng = np.random.default_rng(3)
    a_m, a_w = payoff_matrix(5, "margin"), payoff_matrix(5, "winloss")
    rows = all_ranks(5).astype(np.int64)
    for _ in range(10):
        x = rng.dirichlet(np.full(len(rows), 0.05))
        keep = x > 1e-3
        x = np.where(keep, x, 0.0) / x[keep].sum()
        mix = Mixture(tuple(range(1, 6)), rows[keep], x[keep])
        mapping = mix.strategy
        for payoff, a in (("margin", a_m), ("winloss", a_w)):
            judge = exploitability(x, a)
            assert exploitability(mix, payoff) == pytest.approx(judge, abs=1e-9)
            assert exploitability(mapping, payoff) == pytest.approx(judge, abs=1e-9)
            assert best_reply(mix, payoff).gain == pytest.approx(judge, abs=1e-9)
    deck = (2, 3, 4)
    mapping = {(2, 3, 4): 0.5, (4, 2, 3): 0.5}
    assert exploitability(mapping, "margin", deck=deck) == pytest.approx(
        exploitability(mixed_vector(mapping, deck), payoff_matrix(deck, "margin")))
    assert best_reply(mapping, "winloss", deck=deck, method="milp").gain == pytest.approx(
        exploitability(mixed_vector(mapping, deck), payoff_matrix(deck, "winloss")))


def test_winloss_work_budgets_stop_and_say_so():
    e = equilibrium(9, "winloss", iterations=3, progress=False)
    assert e.method == "double-oracle" and not e.certified and e.solver.iterations == 3
    assert e.certificate == np.inf and e.gap > 0           # local search still improving: no upper
    assert len(e.solver.history) == 3 and e.solver.history[-1].iteration == 3
    twenty = equilibrium(20, "margin")
    reply = best_reply(twenty, "winloss", nodes=20_000)
    assert not reply.optimal and 0 < reply.gain < reply.bound <= 1 and reply.nodes <= 20_000
    again = best_reply(twenty, "winloss", nodes=20_000)
    assert dataclasses.replace(again, seconds=reply.seconds) == reply     # the same work, anywhere
    with pytest.raises(RuntimeError, match="nodes=20000"):
        exploitability(twenty, "winloss", nodes=20_000)


def test_equilibrium_results_are_frozen():
    e = equilibrium(4, "winloss")
    with pytest.raises(FrozenInstanceError):
        e.value = 1.0
    with pytest.raises(ValueError, match="n! strategies"):
        _ = equilibrium(20, "margin").probs


@pytest.mark.parametrize("call, error, name", [
    (lambda: equilibrium(0), ValueError, "n must"),
    (lambda: equilibrium(True), ValueError, "n must"),
    (lambda: equilibrium("abc"), ValueError, "n must"),
    (lambda: equilibrium([1, 1, 2]), ValueError, "n must"),
    (lambda: equilibrium(5, "points"), ValueError, "payoff"),
    (lambda: equilibrium(5, method="simplex"), ValueError, "method"),
    (lambda: equilibrium(5, "winloss", method="birkhoff"), ValueError, "birkhoff"),
    (lambda: equilibrium(5, "margin", method="double-oracle"), ValueError, "double-oracle"),
    (lambda: equilibrium(8, method="lp"), ValueError, "n must be <= 7"),
    (lambda: equilibrium(65), ValueError, "n must be <= 64"),
    (lambda: equilibrium(10, "winloss"), ValueError, "n must be <= 9"),
    (lambda: equilibrium(3, matrix=np.zeros((5, 5))), ValueError, "matrix"),
    (lambda: equilibrium(3, matrix=np.full((6, 6), np.nan)), ValueError, "matrix"),
    (lambda: equilibrium(9, matrix=np.zeros((6, 6)), method="birkhoff"), ValueError, "matrix"),
    (lambda: equilibrium(5, tol=0.0), ValueError, "tol"),
    (lambda: equilibrium(5, tol="small"), TypeError, "tol"),
    (lambda: equilibrium(5, "winloss", iterations=0), ValueError, "iterations"),
    (lambda: equilibrium(5, "winloss", iterations=2.5), TypeError, "iterations"),
    (lambda: equilibrium(5, "winloss", nodes=0), ValueError, "nodes"),
    (lambda: equilibrium(5, "winloss", nodes=float("nan")), TypeError, "nodes"),
    (lambda: equilibrium(5, "winloss", progress="yes"), TypeError, "progress"),
    (lambda: equilibrium(5, "winloss", seed=-1), ValueError, "seed"),
    (lambda: exploitability(np.ones(6) / 6, "margin"), TypeError, "payoff matrix"),
    (lambda: exploitability(np.ones(5) / 5, payoff_matrix(3)), ValueError, "len"),
    (lambda: exploitability("1<2<3", "margin"), TypeError, "strategy"),
    (lambda: exploitability(identity(range(1, 4)), "points"), ValueError, "payoff"),
    (lambda: exploitability({(1, 1, 3): 1.0}, "margin"), ValueError, "permutation"),
    (lambda: exploitability({(1, 2, 3): 0.7}, "winloss"), ValueError, "sum to 1"),
    (lambda: exploitability(identity(range(1, 4)), "winloss", nodes=0), ValueError, "nodes"),
    (lambda: best_reply(identity(range(1, 4)), "winloss", nodes=10**13), ValueError, "nodes"),
    (lambda: best_reply(identity(range(1, 4)), "winloss", method="lp"), ValueError, "method"),
    (lambda: best_counter((0, 1, 2)), TypeError, "strategy"),
])
def test_bad_input_is_refused_naming_the_argument(call, error, name):
    with pytest.raises(error, match=name):
        call()


def test_draw_marginal_labels_its_axes_and_refuses_bad_input():
    e = equilibrium(13, "margin")
    _, ax = plt.subplots()
    image = draw_marginal(e.marginal, e.deck, ax=ax)
    assert image.axes is ax and ax.get_xlabel() == "bid card" and ax.get_ylabel() == "prize card"
    assert np.array_equal(image.get_array(), e.marginal)
    alone = draw_marginal(e.marginal)                          # ax=None: a figure of its own
    assert alone.axes is not ax
    plt.close("all")
    with pytest.raises(ValueError, match="marginal"):
        draw_marginal(np.ones((2, 3)))
    with pytest.raises(ValueError, match="deck"):
        draw_marginal(np.eye(3), deck=(1, 2))


# --- notebook 31: every first-cell constant is refused when invalid ------------------------------
# (tests/notebook_tweaks.py holds one invalid constant per notebook; these are notebook 31's others)

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "31_goofspiel_equilibrium.ipynb"


@pytest.mark.notebook
@pytest.mark.parametrize("name, value", [("CYCLE_DECK", [1]), ("CARDS", 3), ("HEATMAP_NS", [65]),
                                         ("WINLOSS_ITERATIONS", 0), ("REPLY_NODES", "ten"),
                                         ("ARENA_GAMES", 0), ("N", 8), ("GA_TRIALS", 0)])
def test_notebook_refuses_each_invalid_constant_in_its_first_cells(name, value, tmp_path,
                                                                    monkeypatch):
    papermill = pytest.importorskip("papermill")
    monkeypatch.setenv("GAMEAI_QUICK", "1")
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path))
    out = tmp_path / NOTEBOOK.name
    with pytest.raises(papermill.PapermillExecutionError) as error:
        papermill.execute_notebook(str(NOTEBOOK), str(out), parameters={name: value},
                                   cwd=str(NOTEBOOK.parent), kernel_name="python3",
                                   progress_bar=False)
    wrong_kind = isinstance(value, str)            # studykit.checks: TypeError for a wrong kind
    assert error.value.ename == ("TypeError" if wrong_kind else "ValueError"), error.value.ename
    assert name in error.value.evalue, error.value.evalue
    code = [c for c in json.loads(out.read_text())["cells"] if c["cell_type"] == "code"]
    failed = next(i for i, c in enumerate(code)
                  if any(o.get("output_type") == "error" for o in c.get("outputs", [])))
    assert failed <= 4, f"stopped in code cell {failed}, not in the first cells"


def test_winloss_cards_follows_what_the_double_oracle_certifies():
    from goofspiel.equilibria.equilibrium import LIMITS, WINLOSS_CERTIFIED_N, winloss_cards
    assert WINLOSS_CERTIFIED_N == 8 <= LIMITS["double-oracle"][0]    # 8 certified in 55 iterations
    assert [winloss_cards(n, "CARDS") for n in range(2, 9)] == list(range(2, 9))
    for bad, error in ((1, ValueError), (9, ValueError), (7.0, TypeError), (True, TypeError),
                       ("7", TypeError)):
        with pytest.raises(error, match=r"CARDS must be a whole number from 2 to 8.*55 double-oracle"):
            winloss_cards(bad, "CARDS")


@pytest.mark.parametrize("method, high", [("lp", 7), ("birkhoff", 64), ("double-oracle", 9)])
def test_deck_size_follows_each_solvers_limit_and_says_why(method, high):
    from goofspiel.equilibria.equilibrium import LIMITS, deck_size
    assert LIMITS[method][0] == high
    assert deck_size(high, "N", method) == high and deck_size(2, "N", method) == 2
    with pytest.raises(ValueError, match=r"N must be a whole number from 2 to \d+, got \d+: for the"):
        deck_size(high + 1, "N", method)
    with pytest.raises(ValueError, match="N must be a whole number from 4"):
        deck_size(3, "N", method, low=4)
    with pytest.raises(ValueError, match="method must be one of"):
        deck_size(5, "N", "simplex")
