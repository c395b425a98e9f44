"""Issue 43: the win/loss searches stop on work budgets, never on a clock. The same budget
gives the same result twice; an iteration budget stops at exactly that many iterations; the
bounds reported on stopping hold (lower <= the true value <= upper)."""

import dataclasses

import numpy as np
import pytest

from goofspiel import equilibrium
from goofspiel.equilibria.branch import branch_and_bound
from goofspiel.equilibria.doubleoracle import winloss_equilibrium
from goofspiel.equilibria.mixture import Mixture
from goofspiel.equilibria.winloss import branch_best_response

ROUNDING = 1e-12


def steps(e):
    """The history without its clock readings."""
    return [dataclasses.replace(h, lp_seconds=0.0, reply_seconds=0.0) for h in e.history]


def same_runs(a, b):
    assert np.array_equal(a.mixture.ranks, b.mixture.ranks)
    assert np.array_equal(a.mixture.probs, b.mixture.probs)
    assert (a.certificate, a.certified, a.gap, a.iterations, a.population) == \
        (b.certificate, b.certified, b.gap, b.iterations, b.population)
    assert steps(a) == steps(b)


@pytest.mark.parametrize("iterations, nodes", [(6, None), (9, 300), (40, None)])
def test_the_same_budget_gives_the_same_result_twice(iterations, nodes):
    runs = [winloss_equilibrium(7, iterations=iterations, nodes=nodes, progress=False)
            for _ in range(2)]
    same_runs(*runs)


@pytest.mark.parametrize("budget", [1, 2, 5, 14])
def test_an_iteration_budget_stops_at_exactly_that_many_iterations(budget):
    e = winloss_equilibrium(6, iterations=budget, progress=False)     # 6 cards need 15
    assert e.iterations == budget == len(e.history) and not e.certified
    assert [h.iteration for h in e.history] == list(range(1, budget + 1))


def test_the_budget_that_certifies_stops_when_certified():
    e = winloss_equilibrium(6, iterations=15, progress=False)
    assert e.certified and e.iterations == 15 and e.certificate < 1e-9
    longer = winloss_equilibrium(6, iterations=1000, progress=False)
    same_runs(e, longer)                        # a larger budget changes nothing once certified
    via = equilibrium(6, "winloss", method="double-oracle", iterations=15, progress=False)
    assert via.certified and np.array_equal(via.mixture.probs, e.mixture.probs)


def exploitability_of(mix: Mixture) -> float:
    reply = branch_best_response(mix)                   # no budget: exact
    assert reply.optimal
    return reply.gain


@pytest.mark.parametrize("iterations, nodes", [(2, None), (5, None), (8, None), (8, 50),
                                               (12, 400), (15, 2_000), (15, None)])
def test_the_reported_bounds_hold(iterations, nodes):
    e = winloss_equilibrium(6, iterations=iterations, nodes=nodes, progress=False)
    true = exploitability_of(e.mixture)
    assert e.gap <= true + ROUNDING and true <= e.certificate + ROUNDING, (e.gap, true,
                                                                          e.certificate)


def test_a_node_budget_bounds_the_reply_from_both_sides():
    mix = winloss_equilibrium(7, iterations=6, progress=False).mixture
    best = exploitability_of(mix)
    seen = []
    for budget in (7, 100, 1_000, 10_000, 100_000):
        found = branch_and_bound(mix, nodes=budget)
        again = branch_and_bound(mix, nodes=budget)
        assert found.nodes <= budget and (found.nodes, found.gain, found.bound) == \
            (again.nodes, again.gain, again.bound)
        assert found.gain <= best + ROUNDING <= found.bound + ROUNDING
        assert found.proven == (found.bound == found.gain + 1e-9)
        seen.append(found)
    assert not seen[0].proven and seen[-1].proven and seen[-1].gain == pytest.approx(best)
    reply = branch_best_response(mix, nodes=100)        # with the local search's incumbent
    assert not reply.optimal and -1 < reply.gain <= best + ROUNDING <= reply.bound + ROUNDING
    assert reply.nodes <= 100


def test_the_milp_node_limit_gives_bounds_and_the_same_reply_twice():
    from goofspiel.equilibria.winloss import winloss_best_response
    mix = winloss_equilibrium(6, iterations=5, progress=False).mixture
    best = exploitability_of(mix)
    for budget in (1, 5):
        a, b = (winloss_best_response(mix, nodes=budget) for _ in range(2))
        assert (a.counter, a.gain, a.bound, a.optimal) == (b.counter, b.gain, b.bound, b.optimal)
        assert a.gain <= best + ROUNDING <= a.bound + 1e-9
    e = winloss_equilibrium(5, oracle="milp", iterations=20, nodes=3, progress=False)
    assert e.gap <= exploitability_of(e.mixture) + ROUNDING <= e.certificate + 1e-9
