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

from goofspiel.checks import check_payoff
from goofspiel.game import Strategy
from goofspiel.mixture import deck_cards


def all_ranks(n: int) -> np.ndarray:
    """Every strategy of an n-card deck as rank rows, in lexicographic order: (n!, n)."""
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
    cards = deck_cards(deck, "deck")
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
    cards = deck_cards(deck, "deck")
    index = {tuple(cards[r] for r in row): k for k, row in enumerate(all_ranks(len(cards)))}
    x = np.zeros(len(index))
    items = {strategy.bids: 1.0}.items() if isinstance(strategy, Strategy) else strategy.items()
    for bids, p in items:
        if tuple(bids) not in index:
            raise ValueError(f"strategy holds bids {bids} that are not a permutation of {cards}")
        x[index[tuple(bids)]] += p
    return x


def best_response(x: np.ndarray, a: np.ndarray) -> BestResponse:
    """The pure strategy (row index) gaining most against mixed ``x``, and its expected payoff."""
    gains = a @ x
    k = int(np.argmax(gains))
    return BestResponse(k, float(gains[k]))
