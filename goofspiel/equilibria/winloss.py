"""Win/loss best replies at any deck size: an exact MILP and an exact branch and bound.

Against a mix of permutations t_j with probabilities q_j, a reply s scores
``sum_j q_j sign(m_j(s))`` where the margin m_j is linear in s's permutation matrix. The MILP
(``scipy.optimize.milp``, HiGHS) has the n^2 binary matrix entries and, per opponent j, a win
w_j and a loss indicator l_j with the single constraint ``m_j >= w_j + L_j l_j`` where L_j is
the exact smallest margin against t_j (an assignment problem): this is the tightest big-M, and
w_j (l_j) is fixed to 0 when no reply beats (loses to) t_j. HiGHS still needs seconds to
minutes at 50 opponents, so ``branch_best_response`` (``goofspiel.equilibria.branch``: a local-search
incumbent, then a dedicated branch and bound) is the default exact method.

Both searches take a work budget, ``nodes`` (branch-and-bound nodes generated, or the MILP's
HiGHS node limit), never a clock: the same budget gives the same reply and bounds on any machine.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, linear_sum_assignment, milp
from scipy.sparse import coo_matrix, csr_matrix, hstack, vstack

from goofspiel.equilibria.branch import branch_and_bound, improve
from goofspiel.equilibria.mixture import Mixture, as_mixture, gain_tensor, margin_matrix
from goofspiel.game import Strategy
from studykit.checks import choice, memory, whole

MilpInput = Strategy | Mixture | Mapping[tuple, float]
METHODS = ("branch", "milp")
PRUNE_TOL = 1e-12      # branch and bound cuts nodes that cannot gain more than this
MAX_NODES = 10**9      # a search's node budget: about an hour at the branch and bound's ~250,000/s


@dataclass(frozen=True)
class Reply:
    """A best reply: ``counter``, its exact expected ``gain``, and ``bound`` >= any reply's gain.

    ``optimal`` says the search was proven (``bound`` equals ``gain``, up to HiGHS tolerance for
    the MILP; the margin reply, an assignment problem, is always exact); after the node budget
    ``bound`` is the upper bound reached, so ``gain <= best reply's gain <= bound``. ``nodes``:
    the search nodes the search generated (0 where not counted); ``seconds``: its wall-clock
    time, reported only (it decides nothing).
    """

    counter: Strategy
    gain: float
    bound: float
    optimal: bool
    seconds: float
    nodes: int = 0


def node_budget(nodes, name: str = "nodes") -> int | None:
    """A search's work budget: None (search to the end) or a whole number of nodes >= 1."""
    return None if nodes is None else whole(nodes, name, 1, MAX_NODES)


def reply_sized(mix: Mixture) -> Mixture:
    """``mix``, unless the gain tables of a win/loss reply to it would not fit in memory."""
    n, k = len(mix.deck), len(mix.probs)
    memory(8.0 * 3 * k * n * n, f"a win/loss reply to {k:,} strategies of {n:,} cards")
    return mix


def winloss_value(ranks: np.ndarray, mix: Mixture) -> np.ndarray:
    """Expected win/loss payoff of each rank row in ``ranks`` against the mixture."""
    return np.sign(margin_matrix(ranks, mix.ranks, mix.deck)) @ mix.probs


def permutation_constraints(n: int) -> csr_matrix:
    """Rows and columns of an n x n matrix (row-major vector) each summing to one."""
    rows = np.concatenate([np.repeat(np.arange(n), n), n + np.tile(np.arange(n), n)])
    cols = np.tile(np.arange(n * n), 2)
    return coo_matrix((np.ones(2 * n * n), (rows, cols)), shape=(2 * n, n * n)).tocsr()


def winloss_best_response(strategy: MilpInput, deck: int | Iterable[int] | None = None, *,
                          nodes: int | None = None) -> Reply:
    """The exact win/loss best reply to a pure or mixed strategy, by a MILP (HiGHS).

    Slow beyond a few dozen opponents (the LP relaxation lets a fractional reply beat every
    opponent at once); ``branch_best_response`` is the fast exact alternative. ``nodes``:
    HiGHS's branch-and-bound node limit (None: none).
    """
    nodes = node_budget(nodes)
    start = time.perf_counter()
    mix = reply_sized(as_mixture(strategy, deck))
    n, k = len(mix.deck), len(mix.probs)
    g = gain_tensor(mix.ranks, mix.deck).reshape(k, n * n).astype(np.float64)   # m_j = g[j] . x
    low, high = np.empty(k), np.empty(k)
    for j, gj in enumerate(g.reshape(k, n, n)):
        low[j] = gj[linear_sum_assignment(gj)].sum()                  # worst margin against t_j
        high[j] = gj[linear_sum_assignment(gj, maximize=True)].sum()  # best margin against t_j
    eye = csr_matrix(np.eye(k))
    # variables: x (n*n), w (k), l (k); m_j - w_j - L_j l_j >= 0; w_j + l_j <= 1
    a_margin = hstack([csr_matrix(g), -eye, csr_matrix(np.diag(-low))])
    a_excl = hstack([csr_matrix((k, n * n)), eye, eye])
    a_perm = hstack([permutation_constraints(n), csr_matrix((2 * n, 2 * k))])
    a = vstack([a_margin, a_excl, a_perm]).tocsr()
    lb = np.concatenate([np.zeros(k), np.full(k, -np.inf), np.ones(2 * n)])
    ub = np.concatenate([np.full(k, np.inf), np.ones(k), np.ones(2 * n)])
    w_up = (high >= 1).astype(float)                     # no reply beats t_j: w_j = 0
    l_up = (low <= -1).astype(float)                     # no reply loses to t_j: l_j = 0
    bounds = Bounds(np.zeros(n * n + 2 * k), np.concatenate([np.ones(n * n), w_up, l_up]))
    c = np.concatenate([np.zeros(n * n), -mix.probs, mix.probs])
    options: dict = {"mip_rel_gap": 0.0}
    if nodes is not None:
        options["node_limit"] = nodes
    options["mip_abs_gap"] = 1e-12
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Unrecognized options", category=RuntimeWarning)
        res = milp(c, integrality=np.ones_like(c), bounds=bounds,
                   constraints=LinearConstraint(a, lb, ub), options=options)
    bound = -res.mip_dual_bound if res.mip_dual_bound is not None else np.inf
    if res.x is None:
        raise RuntimeError(f"milp found no reply within nodes={nodes}: {res.message}")
    x = res.x[: n * n].reshape(n, n)
    counter = Strategy(mix.deck, tuple(int(c) for c in np.argmax(x, axis=1)))
    gain = float(winloss_value(np.array([counter.ranks]), mix)[0])
    return Reply(counter, gain, max(bound, gain), res.status == 0, time.perf_counter() - start)


def branch_best_response(strategy: MilpInput, deck: int | Iterable[int] | None = None, *,
                         nodes: int | None = None) -> Reply:
    """The exact win/loss best reply by the dedicated branch and bound (``goofspiel.equilibria.branch``);
    ``nodes``: its work budget (None: search to the end)."""
    nodes = node_budget(nodes)
    start = time.perf_counter()
    mix = reply_sized(as_mixture(strategy, deck))
    ranks, payoff = improve(mix, margin_reply(mix))            # a good incumbent first
    found = branch_and_bound(mix, incumbent=payoff, tol=PRUNE_TOL, nodes=nodes)
    if found.ranks.size:
        ranks, payoff = found.ranks, found.gain
    counter = Strategy(mix.deck, tuple(int(r) for r in ranks))
    return Reply(counter, payoff, found.bound, found.proven, time.perf_counter() - start,
                 found.nodes)


def margin_reply(mix: Mixture) -> np.ndarray:
    """The best point-margin reply to ``mix`` as a rank row (a start for the local search)."""
    gain = np.tensordot(mix.probs, gain_tensor(mix.ranks, mix.deck), axes=1)   # [prize, rank]
    rows, cols = linear_sum_assignment(gain, maximize=True)
    return cols[np.argsort(rows)].astype(np.int64)


def winloss_exploitability(strategy: MilpInput, deck: int | Iterable[int] | None = None, *,
                           method: str = "branch", nodes: int | None = None) -> float:
    """Expected win/loss payoff of the exact best reply to ``strategy`` (0 at an equilibrium).

    ``method`` is ``"branch"`` (dedicated branch and bound, fast) or ``"milp"`` (HiGHS MILP).
    Raises RuntimeError if the ``nodes`` budget stops the search before optimality is proven.
    """
    method = choice(method, "method", METHODS)
    search = branch_best_response if method == "branch" else winloss_best_response
    reply = search(strategy, deck, nodes=nodes)
    if not reply.optimal:
        raise RuntimeError(f"nodes={nodes} spent before the best reply was proven (between "
                           f"{reply.gain:.3g} and {reply.bound:.3g})")
    return reply.gain
