"""The point-margin equilibrium at any deck size: the Birkhoff LP and its decomposition.

The margin ``sum_i p_i sign(bid_a(i) - bid_b(i))`` is bilinear in the two permutation matrices,
so a mixed strategy acts only through its doubly stochastic marginal ``X[prize, bid rank]``
(Birkhoff-von Neumann). The opponent's best reply to X is an assignment problem; its LP dual
turns the whole game into one LP with n^2 + 2n variables (``margin_lp``). ``birkhoff`` writes
the optimal marginal as an explicit mix of at most (n-1)^2 + 1 permutations, and
``margin_best_response`` is the assignment best reply to any pure or mixed strategy.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linear_sum_assignment, linprog
from scipy.sparse import coo_matrix

from goofspiel.equilibria.checks import check_number
from goofspiel.equilibria.mixture import Mixture, as_mixture, deck_cards
from goofspiel.equilibria.winloss import Reply
from goofspiel.game import Strategy
from studykit.checks import array

MAX_N = 64             # the LP has n^2 + 2n variables: 8 s at 64 cards, growing like n^4
NOISE = 1e-13          # leftovers of a peeled permutation below this are rounding noise
LP_OPTIONS = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}


@dataclass(frozen=True)
class OptimalMarginal:
    """The margin game's optimal ``marginal`` X[prize, bid rank] (doubly stochastic) and its
    ``value``."""

    marginal: np.ndarray = field(repr=False)
    value: float


def margin_lp(deck: int | Iterable[int]) -> OptimalMarginal:
    """The optimal marginal X[prize, bid rank] of the margin game and its value, by one LP.

    Variables: X (n^2, row-major), then the assignment duals u (prizes) and v (opponent ranks).
    Maximise sum(u) + sum(v) subject to u_i + v_l <= p_i sum_k sign(k - l) X[i, k] for all i, l,
    and X doubly stochastic: the worst opponent reply to X then scores exactly that sum.
    """
    prizes = np.array(deck_cards(deck, "deck", MAX_N, "for the Birkhoff LP (8 s at 64 cards, "
                                 "growing like n^4)"), dtype=np.float64)
    n = len(prizes)
    rows, cols, vals = [], [], []
    for i in range(n):
        for l in range(n):
            r = i * n + l
            ks = np.array([k for k in range(n) if k != l])
            rows += [r] * (len(ks) + 2)
            cols += list(i * n + ks) + [n * n + i, n * n + n + l]
            vals += list(-prizes[i] * np.sign(ks - l)) + [1.0, 1.0]
    a_ub = coo_matrix((vals, (rows, cols)), shape=(n * n, n * n + 2 * n)).tocsr()
    eq_rows = [i for i in range(n) for _ in range(n)] + [n + k for _ in range(n) for k in range(n)]
    eq_cols = [i * n + k for i in range(n) for k in range(n)] * 2
    a_eq = coo_matrix((np.ones(2 * n * n), (eq_rows, eq_cols)), shape=(2 * n, n * n + 2 * n)).tocsr()
    c = np.concatenate([np.zeros(n * n), -np.ones(2 * n)])
    bounds = [(0.0, 1.0)] * (n * n) + [(None, None)] * (2 * n)
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(n * n), A_eq=a_eq, b_eq=np.ones(2 * n),
                  bounds=bounds, method="highs-ds", options=LP_OPTIONS)
    if res.status != 0:
        raise RuntimeError(f"linprog failed on the Birkhoff LP: {res.message}")
    return OptimalMarginal(np.clip(res.x[: n * n].reshape(n, n), 0.0, 1.0), float(-res.fun))


def birkhoff(marginal: np.ndarray, tol: float = 1e-9) -> tuple[np.ndarray, np.ndarray]:
    """A doubly stochastic matrix as a mix of permutations: (ranks (k, n), weights (k,)).

    Greedy: a permutation inside the support (assignment on the positive entries), weighted by
    its smallest entry, is peeled off until nothing is left; a final vertex LP keeps at most
    (n-1)^2 + 1 permutations (Caratheodory). Entries of ``marginal`` below ``tol`` count as
    zero; while peeling, only floating-point noise (below ``NOISE``) is dropped.
    """
    x = array(marginal, "marginal", ndim=2).astype(np.float64)
    if x.ndim != 2 or x.shape[0] != x.shape[1] or x.size == 0 or not np.all(np.isfinite(x)):
        raise ValueError(f"marginal must be a finite non-empty square matrix, got shape {x.shape}")
    if len(x) > MAX_N:
        raise ValueError(f"marginal must be at most {MAX_N} x {MAX_N} (each peeled permutation "
                         f"is an assignment problem, up to n^2 of them), got shape {x.shape}")
    if x.min() < -1e-6 or not (np.allclose(x.sum(0), 1, atol=1e-6) and np.allclose(x.sum(1), 1, atol=1e-6)):
        raise ValueError("marginal must be doubly stochastic (entries >= 0, rows and columns summing to 1)")
    tol = check_number("tol", tol, 0.0, 1e-3)
    n = len(x)
    residual = np.where(x > tol, x, 0.0)
    perms, weights = [], []
    while residual.sum() > n * NOISE:
        support = residual > NOISE
        cost = np.where(support, -residual, n + 1.0)   # heaviest permutation inside the support
        rows, cols = linear_sum_assignment(cost)
        if not support[rows, cols].all():
            break                                      # only rounding noise is left
        w = residual[rows, cols].min()
        perms.append(cols.copy())
        weights.append(w)
        residual[rows, cols] -= w
        residual[residual <= NOISE] = 0.0
    ranks, probs = np.array(perms, dtype=np.int64).reshape(-1, n), np.array(weights)
    if len(ranks) > (n - 1) ** 2 + 1:
        ranks, probs = caratheodory(ranks, probs)
    return ranks, probs / probs.sum()


def caratheodory(ranks: np.ndarray, probs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The same marginal from at most (n-1)^2 + 1 of the given permutations (a vertex LP)."""
    k, n = ranks.shape
    cols = ranks + n * np.arange(n)[None, :]
    a = np.zeros((n * n + 1, k))
    a[cols.T, np.arange(k)[None, :]] = 1.0
    a[-1] = 1.0
    target = a @ probs
    res = linprog(np.zeros(k), A_eq=a, b_eq=target, bounds=(0, None), method="highs-ds")
    if res.status != 0:
        raise RuntimeError(f"linprog failed to sparsify the decomposition: {res.message}")
    keep = res.x > 1e-12
    return ranks[keep], res.x[keep]


@dataclass(frozen=True)
class MarginEquilibrium:
    """The margin game's optimal marginal, value and an explicit optimal mix of permutations."""

    deck: tuple[int, ...]
    value: float
    marginal: np.ndarray = field(repr=False)
    mixture: Mixture = field(repr=False)
    seconds: float

    @property
    def strategy(self) -> dict[tuple[int, ...], float]:
        """Bid tuples (prizes in increasing order) -> probability."""
        return self.mixture.strategy


def margin_equilibrium(deck: int | Iterable[int], tol: float = 1e-9) -> MarginEquilibrium:
    """The exact point-margin equilibrium of fixed-bid goofspiel on deck 1..n (or given cards)."""
    start = time.perf_counter()
    cards = deck_cards(deck, "deck", MAX_N, "for the Birkhoff LP (8 s at 64 cards, growing like "
                       "n^4)")
    tol = check_number("tol", tol, 0.0, 1e-3)
    optimum = margin_lp(cards)
    ranks, probs = birkhoff(optimum.marginal, tol)
    mixture = Mixture(cards, ranks, probs)
    return MarginEquilibrium(cards, optimum.value, mixture.marginal(), mixture,
                             time.perf_counter() - start)


def margin_best_response(strategy: Strategy | Mixture | Mapping[tuple, float],
                         deck: int | Iterable[int] | None = None) -> Reply:
    """The best margin reply to a pure or mixed strategy (an assignment problem) and its gain:
    exact, so ``bound`` is the gain and ``optimal`` is True."""
    start = time.perf_counter()
    mix = as_mixture(strategy, deck)
    prizes = np.array(mix.deck, dtype=np.float64)
    x = mix.marginal()
    n = len(prizes)
    sign = np.sign(np.arange(n)[:, None] - np.arange(n)[None, :])      # [our rank k, their rank l]
    gain = prizes[:, None] * (x @ sign.T)                              # [prize i, our rank k]
    rows, cols = linear_sum_assignment(gain, maximize=True)
    counter = Strategy(mix.deck, tuple(int(c) for c in cols[np.argsort(rows)]))
    best = float(gain[rows, cols].sum())
    return Reply(counter, best, best, True, time.perf_counter() - start)


def margin_exploitability(strategy: Strategy | Mixture | Mapping[tuple, float],
                          deck: int | Iterable[int] | None = None) -> float:
    """Expected margin of the best reply to ``strategy`` (0 for an equilibrium)."""
    return margin_best_response(strategy, deck).gain
