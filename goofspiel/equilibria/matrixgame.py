"""The n! matrix game: every bid permutation of an n-card deck as a rank row, the payoff
matrix between them, its maximin strategy by linear programming (scipy ``linprog``, HiGHS) and
the best pure response to a mixed strategy. The small-deck oracle of the other methods.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linprog

from goofspiel.equilibria.checks import check_payoff
from goofspiel.equilibria.mixture import PROB_TOL, deck_cards, probability
from goofspiel.game import Strategy
from studykit.checks import array, shown, whole

MATRIX_MAX_N = 7       # the n! x n! payoff matrix: 5,040 square at 7 cards; 8 cards need 13 GB
RANKS_MAX_N = 8        # every strategy as a rank row (40,320 rows at 8 cards)
MATRIX_MAX_CELLS = 5_040**2   # the largest matrix game solved by LP (the 7-card game)
SUM_TOL = 1e-6         # a probability vector must sum to 1 within this (as a Mixture's probs)


MAX_PAYOFF = 1e12        # |payoff| at most this: HiGHS refuses a model with 1e300 entries


def all_ranks(n: int) -> np.ndarray:
    """Every strategy of an n-card deck as rank rows, in lexicographic order: (n!, n)."""
    n = whole(n, "n", 1, RANKS_MAX_N)
    return np.array(list(itertools.permutations(range(n))), dtype=np.int8).reshape(-1, n)


def lexicographic_index(ranks: np.ndarray) -> np.ndarray:
    """Row index in ``all_ranks(n)`` of each permutation row of ``ranks`` (its Lehmer code)."""
    ranks = np.atleast_2d(ranks)
    n = ranks.shape[1]
    index = np.zeros(len(ranks), dtype=np.int64)
    for i in range(n):
        smaller_later = (ranks[:, i + 1:] < ranks[:, i, None]).sum(axis=1)
        index += smaller_later * math.factorial(n - 1 - i)
    return index


def payoff_matrix(deck: int | Iterable[int], payoff: str = "margin") -> np.ndarray:
    """A[s, t]: payoff of strategy s against t (rows of ``all_ranks``); antisymmetric."""
    check_payoff(payoff)
    cards = deck_cards(deck, "deck", MATRIX_MAX_N, "for the n! x n! payoff matrix (8 cards "
                       "need 13 GB)")
    ranks = all_ranks(len(cards))
    a = np.zeros((len(ranks), len(ranks)), dtype=np.int16)
    for i, prize in enumerate(cards):
        col = ranks[:, i]
        a += prize * np.sign(col[:, None] - col[None, :]).astype(np.int16)
    return np.sign(a).astype(np.float64) if payoff == "winloss" else a.astype(np.float64)


@dataclass(frozen=True)
class MatrixGameSolution:
    """The row player's maximin mixed strategy ``probs`` (one per row) and the game ``value``."""

    probs: np.ndarray = field(repr=False)
    value: float


@dataclass(frozen=True)
class BestResponse:
    """The pure strategy (row ``index``) gaining most against a mixed strategy, and its ``gain``."""

    index: int
    gain: float


def solve_matrix_game(a: np.ndarray) -> MatrixGameSolution:
    """Maximin mixed strategy of the row player and the game value, by LP (HiGHS)."""
    a = payoffs(a, "a")
    m = a.shape[0]
    c = np.zeros(m + 1)
    c[-1] = -1.0                                           # maximise v
    a_ub = np.hstack([-a.T, np.ones((a.shape[1], 1))])     # v - x.A[:, t] <= 0 for every t
    a_eq = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(a.shape[1]), A_eq=a_eq, b_eq=[1.0],
                  bounds=[(0, None)] * m + [(None, None)], method="highs")
    if res.status != 0:
        raise RuntimeError(f"linprog failed: {res.message}")
    x = np.clip(res.x[:m], 0, None)
    return MatrixGameSolution(x / x.sum(), float(res.x[-1]))


def mixed_vector(strategy: Mapping[tuple, float] | Strategy, deck: int | Iterable[int]) -> np.ndarray:
    """A mixed strategy (mapping bid tuple -> probability, or one Strategy) as a vector over n!."""
    if not isinstance(strategy, (Strategy, Mapping)):
        raise TypeError(f"strategy must be a Strategy or a mapping bid tuple -> probability, got "
                        f"{type(strategy).__name__}")
    cards = deck_cards(deck, "deck", RANKS_MAX_N, "for a vector over all n! strategies")
    if isinstance(strategy, Strategy) and strategy.deck != cards:
        raise ValueError(f"strategy plays on the deck {strategy.deck}, not on deck {cards}")
    index = {tuple(cards[r] for r in row): k for k, row in enumerate(all_ranks(len(cards)))}
    x = np.zeros(len(index))
    items = {strategy.bids: 1.0}.items() if isinstance(strategy, Strategy) else strategy.items()
    for bids, p in items:
        key = tuple(bids) if isinstance(bids, (tuple, list)) else None
        if key not in index:
            raise ValueError(f"strategy holds bids {shown(bids)} that are not a permutation of "
                             f"{cards}")
        x[index[key]] += probability(p, f"the probability of {key}")
    if abs(x.sum() - 1.0) > PROB_TOL:
        raise ValueError(f"strategy probabilities must sum to 1, got {x.sum()!r}")
    return x


def payoffs(a, name: str = "a") -> np.ndarray:
    """``a`` as a finite, non-empty 2-D float64 payoff matrix of at most ``MATRIX_MAX_CELLS``
    entries (any integer or float dtype, or nested lists; converted once, so uint8 cannot wrap)."""
    if isinstance(a, np.ndarray) and a.size > MATRIX_MAX_CELLS:
        raise ValueError(f"{name} must have at most {MATRIX_MAX_CELLS:,} entries (the 7-card "
                         f"game's matrix), got {a.shape}")
    a = array(a, name, kind="real", ndim=2)
    if not a.size or a.dtype == object:
        raise ValueError(f"{name} must be a non-empty 2-D array of finite numbers, got shape "
                         f"{a.shape}")
    if a.size > MATRIX_MAX_CELLS:
        raise ValueError(f"{name} must have at most {MATRIX_MAX_CELLS:,} entries (the 7-card "
                         f"game's matrix), got {a.shape}")
    a = a.astype(np.float64)
    if not (np.isfinite(a).all() and np.abs(a).max() <= MAX_PAYOFF):
        raise ValueError(f"{name} must hold finite numbers within +-{MAX_PAYOFF:g} (no NaN or "
                         f"infinity; the LP solver fails on larger ones)")
    return a


def mixed(x, a: np.ndarray, name: str = "x") -> np.ndarray:
    """``x`` as a probability vector over the columns of payoff matrix ``a`` (list or array)."""
    x = array(x, name, kind="real", ndim=1)
    if len(x) != a.shape[1] or x.dtype == object:
        raise ValueError(f"{name} must be a probability vector with len({name}) == a.shape[1] "
                         f"= {a.shape[1]}, got shape {x.shape}")
    x = x.astype(np.float64)
    if not (np.isfinite(x).all() and (x >= 0).all() and abs(x.sum() - 1.0) <= SUM_TOL):
        raise ValueError(f"{name} must hold finite probabilities >= 0 summing to 1, got sum "
                         f"{x.sum()!r} and minimum {x.min()!r}")
    return x


def best_response(x: np.ndarray, a: np.ndarray) -> BestResponse:
    """The pure strategy (row index) gaining most against mixed ``x``, and its expected payoff."""
    a = payoffs(a, "a")
    gains = a @ mixed(x, a)
    k = int(np.argmax(gains))
    return BestResponse(k, float(gains[k]))
