"""Ground truth: two-player fixed-bid goofspiel as a symmetric zero-sum matrix game over n! bids.

``equilibrium`` solves it by linear programming (scipy ``linprog``, HiGHS) for the point
margin or the win/loss payoff; ``best_response`` and ``exploitability`` measure any mixed
strategy; ``best_counter`` finds the exact best margin counter to one pure strategy for any
deck size (an assignment problem, so it scales to the GA's 20 cards).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linear_sum_assignment, linprog

from goofspiel.game import Strategy, _deck

PAYOFFS = ("margin", "winloss")


def _cards(deck: int | Iterable[int]) -> tuple[int, ...]:
    if isinstance(deck, (int, np.integer)):
        if deck < 1:
            raise ValueError(f"n must be >= 1, got {deck}")
        return tuple(range(1, int(deck) + 1))
    return _deck(deck)


def all_ranks(n: int) -> np.ndarray:
    """Every strategy of an n-card deck as rank rows, in lexicographic order: (n!, n)."""
    return np.array(list(itertools.permutations(range(n))), dtype=np.int8).reshape(-1, n)


def payoff_matrix(deck: int | Iterable[int], payoff: str = "margin") -> np.ndarray:
    """A[s, t]: payoff of strategy s against t (rows of ``all_ranks``); antisymmetric."""
    if payoff not in PAYOFFS:
        raise ValueError(f"payoff must be one of {PAYOFFS}, got {payoff!r}")
    cards = _cards(deck)
    ranks = all_ranks(len(cards))
    a = np.zeros((len(ranks), len(ranks)), dtype=np.int16)
    for i, prize in enumerate(cards):
        col = ranks[:, i]
        a += prize * np.sign(col[:, None] - col[None, :]).astype(np.int16)
    return np.sign(a).astype(np.float64) if payoff == "winloss" else a.astype(np.float64)


@dataclass
class Equilibrium:
    """An optimal mixed strategy: ``strategy`` maps bid tuples (prizes in order) to probabilities."""

    deck: tuple[int, ...]
    payoff: str
    value: float
    probs: np.ndarray = field(repr=False)
    ranks: np.ndarray = field(repr=False)
    strategy: dict = field(repr=False)

    def bid_marginals(self) -> np.ndarray:
        """P[i, k]: probability of bidding the k-th card on the i-th prize."""
        n = len(self.deck)
        out = np.zeros((n, n))
        for i in range(n):
            np.add.at(out[i], self.ranks[:, i], self.probs)
        return out


def solve_matrix_game(a: np.ndarray) -> tuple[np.ndarray, float]:
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
    return x / x.sum(), float(res.x[-1])


def equilibrium(n: int | Iterable[int], payoff: str = "margin", *,
                matrix: np.ndarray | None = None, tol: float = 1e-9) -> Equilibrium:
    """The exact equilibrium of two-player fixed-bid goofspiel on deck 1..n (or a given deck)."""
    cards = _cards(n)
    if len(cards) > 8:
        raise ValueError(f"n must be <= 8 (the LP has n! variables), got {len(cards)}")
    a = payoff_matrix(cards, payoff) if matrix is None else matrix
    x, value = solve_matrix_game(a)
    x[x < tol] = 0.0
    x /= x.sum()
    ranks = all_ranks(len(cards)).astype(np.int64)
    support = np.flatnonzero(x)
    strategy = {tuple(cards[r] for r in ranks[s]): float(x[s]) for s in support}
    return Equilibrium(cards, payoff, value, x, ranks, strategy)


def mixed_vector(strategy: Mapping[tuple, float] | Strategy, deck: int | Iterable[int]) -> np.ndarray:
    """A mixed strategy (mapping bid tuple -> probability, or one Strategy) as a vector over n!."""
    cards = _cards(deck)
    index = {tuple(cards[r] for r in row): k for k, row in enumerate(all_ranks(len(cards)))}
    x = np.zeros(len(index))
    items = {strategy.bids: 1.0}.items() if isinstance(strategy, Strategy) else strategy.items()
    for bids, p in items:
        if tuple(bids) not in index:
            raise ValueError(f"strategy holds bids {bids} that are not a permutation of {cards}")
        x[index[tuple(bids)]] += p
    return x


def best_response(x: np.ndarray, a: np.ndarray) -> tuple[int, float]:
    """The pure strategy (row index) gaining most against mixed ``x``, and its expected payoff."""
    gains = a @ x
    k = int(np.argmax(gains))
    return k, float(gains[k])


def exploitability(x: np.ndarray, a: np.ndarray) -> float:
    """How much the best counter gains against ``x`` (0 for an equilibrium of a value-0 game)."""
    return best_response(x, a)[1]


def best_counter(strategy: Strategy) -> tuple[Strategy, int]:
    """The exact best margin counter to a pure strategy (assignment problem) and its margin."""
    prizes = np.array(strategy.deck)
    theirs = np.array(strategy.ranks)
    n = len(prizes)
    gain = prizes[:, None] * np.sign(np.arange(n)[None, :] - theirs[:, None])   # [prize, our rank]
    rows, cols = linear_sum_assignment(gain, maximize=True)
    counter = Strategy(strategy.deck, tuple(int(c) for c in cols[np.argsort(rows)]))
    return counter, int(gain[rows, cols].sum())
