"""Ground truth: the equilibrium of two-player fixed-bid goofspiel.

The game is symmetric and zero-sum over the n! bid permutations. ``equilibrium`` picks the method
by deck size and payoff:

- ``"lp"``: the n! matrix game by linear programming (``goofspiel.equilibria.matrixgame``), both payoffs,
  up to 7 cards: the small-deck oracle;
- ``"birkhoff"``: the point margin at any deck up to 64 cards, one LP over the doubly stochastic
  marginal and its Birkhoff decomposition into permutations (``goofspiel.equilibria.birkhoff``);
- ``"double-oracle"``: win/loss up to 9 cards, restricted games grown by exact best replies
  (``goofspiel.equilibria.doubleoracle``); the last reply's gain is the certificate.

How far any strategy is from it: ``goofspiel.equilibria.bestreply`` (``best_reply``, ``exploitability``,
``best_counter``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from goofspiel.equilibria.birkhoff import MAX_N as BIRKHOFF_MAX_N
from goofspiel.equilibria.birkhoff import margin_best_response, margin_equilibrium
from goofspiel.equilibria.checks import check_number, check_payoff
from goofspiel.equilibria.doubleoracle import ITERATIONS as WINLOSS_ITERATIONS
from goofspiel.equilibria.doubleoracle import MAX_ITERATIONS, winloss_equilibrium
from goofspiel.equilibria.matrixgame import (
    MATRIX_MAX_N,
    RANKS_MAX_N,
    all_ranks,
    lexicographic_index,
    payoff_matrix,
    solve_matrix_game,
)
from goofspiel.equilibria.mixture import Mixture, deck_cards, margin_matrix
from goofspiel.equilibria.winloss import node_budget
from studykit.checks import choice, whole
from studykit.checks import seed as check_seed

METHODS = ("lp", "birkhoff", "double-oracle")
LP_MAX_N = MATRIX_MAX_N  # 5,040 strategies; 8 cards would need a 40,320-square matrix (13 GB)
MARGIN_MAX_N = BIRKHOFF_MAX_N  # the Birkhoff LP: 0.06 s at 20 cards, 2.5 s at 50, 8 s at 64 (grows ~ n^4)
WINLOSS_MAX_N = 9       # double oracle: 8 cards certified in 55 iterations; 9: 0.056 off after 40
WINLOSS_CERTIFIED_N = 8  # the largest deck whose win/loss equilibrium the double oracle certifies
                         # within its default budget (55 of WINLOSS_ITERATIONS = 100 iterations)
VECTOR_MAX_N = RANKS_MAX_N  # ``Equilibrium.probs`` over all n! strategies up to this deck size
LIMITS = {               # the largest deck of each method, and why (checked before any work)
    "lp": (LP_MAX_N, "for the n! LP (8 cards need a 40,320-square matrix, 13 GB; method "
                     "'birkhoff' or 'double-oracle' solves larger decks)"),
    "birkhoff": (MARGIN_MAX_N, "for the Birkhoff LP (8 s at 64 cards, growing like n^4)"),
    "double-oracle": (WINLOSS_MAX_N, "for the win/loss double oracle (it certifies 8 cards in "
                                     "55 iterations, about 140 s, and at 9 cards a reply still "
                                     "gains 0.056 after 40 iterations)"),
}


WINLOSS_LIMIT = (f"the exact win/loss equilibrium takes seconds up to {LP_MAX_N} cards (the n! "
                 f"LP), 55 double-oracle iterations at 8 (about 140 s on a quiet machine), and at "
                 f"9 cards a reply still gains 0.056 after 40 iterations (about 190 s)")


def deck_size(value, name: str = "cards", method: str = "lp", low: int = 2) -> int:
    """``value`` as a deck size from ``low`` to the largest ``method`` solves (``LIMITS``), or an
    error naming the constant and saying what sets that limit."""
    high, why = LIMITS[choice(method, "method", METHODS)]
    return whole(value, name, low, high, why=why)


def winloss_cards(value, name: str = "cards") -> int:
    """``value`` as a deck size whose exact win/loss equilibrium ``equilibrium`` certifies, or an
    error naming the constant and stating the run time, which grows steeply with the deck."""
    return whole(value, name, 2, WINLOSS_CERTIFIED_N, why=WINLOSS_LIMIT)


@dataclass(frozen=True)
class Equilibrium:
    """An optimal mixed strategy of the game on ``deck`` under ``payoff``, found by ``method``.

    ``mixture`` holds the strategies in support with their probabilities (``strategy`` maps bid
    tuples to probabilities). ``certificate`` is the exact best reply's gain against the mixture
    (0 at an exact equilibrium; after the double oracle's work budget, the upper bound it
    reached, np.inf if none) and ``certified`` says it is at most ``tol``; ``gap`` is the gain of
    the best reply found (a lower bound on the exploitability, equal to the certificate when
    certified). ``solver`` is
    the method's own result (``MarginEquilibrium``, ``WinlossEquilibrium``; None for the LP),
    with the double oracle's per-iteration ``history``.
    """

    deck: tuple[int, ...]
    payoff: str
    method: str
    value: float
    mixture: Mixture = field(repr=False)
    certificate: float
    certified: bool
    gap: float
    seconds: float
    solver: object = field(default=None, repr=False, compare=False)

    @property
    def strategy(self) -> dict[tuple[int, ...], float]:
        """Bid tuples (prizes in increasing order) -> probability, over the support."""
        return self.mixture.strategy

    @property
    def support(self) -> int:
        """Number of pure strategies the equilibrium mixes."""
        return len(self.mixture.probs)

    @property
    def marginal(self) -> np.ndarray:
        """X[i, k]: probability of bidding the k-th card on the i-th prize (doubly stochastic)."""
        return self.mixture.marginal()

    def bid_marginals(self) -> np.ndarray:
        """P[i, k]: probability of bidding the k-th card on the i-th prize (``marginal``)."""
        return self.marginal

    @property
    def ranks(self) -> np.ndarray:
        """Every strategy of the deck as rank rows, ``all_ranks(n)``: the index of ``probs``."""
        _check_vector_size(len(self.deck))
        return all_ranks(len(self.deck)).astype(np.int64)

    @property
    def probs(self) -> np.ndarray:
        """The probability of every one of the n! strategies (rows of ``all_ranks``), n <= 8."""
        n = len(self.deck)
        _check_vector_size(n)
        x = np.zeros(math.factorial(n))
        x[lexicographic_index(self.mixture.ranks)] = self.mixture.probs
        return x


def _check_vector_size(n: int) -> None:
    if n > VECTOR_MAX_N:
        raise ValueError(f"the vector over all n! strategies is kept to n <= {VECTOR_MAX_N} cards, "
                         f"this deck has {n}: use .mixture (the support) or .marginal")


def default_method(n: int, payoff: str) -> str:
    """The method ``equilibrium`` uses when none is given: the n! LP up to 7 cards."""
    if n <= LP_MAX_N:
        return "lp"
    return "birkhoff" if payoff == "margin" else "double-oracle"


def equilibrium(n: int | Iterable[int], payoff: str = "margin", *, method: str | None = None,
                matrix: np.ndarray | None = None, tol: float = 1e-9,
                iterations: int = WINLOSS_ITERATIONS, nodes: int | None = None,
                progress: bool = True, seed: int = 0) -> Equilibrium:
    """The exact equilibrium of two-player fixed-bid goofspiel on deck 1..n (or the given cards).

    Args:
        n: the number of cards n (deck 1..n) or the distinct integer prize cards.
        payoff: "margin" (points won minus points lost) or "winloss" (+1, 0, -1).
        method: "lp" (the n! matrix game, n <= 7), "birkhoff" (margin, n <= 64) or
            "double-oracle" (win/loss, n <= 9); by default the LP up to 7 cards, then the other.
        matrix: the n! payoff matrix when already built (``payoff_matrix``; "lp" only).
        tol: LP probabilities below this are dropped; an equilibrium is certified when no reply
            gains more than this.
        iterations: the double oracle's work budget (iterations); when spent the result is
            returned with ``certified`` False, ``gap`` and ``certificate`` its lower and upper
            bounds on the exploitability. The same budget gives the same result anywhere.
        nodes: the budget of each of its exact reply searches (None: to the end).
        progress: show the double oracle's progress bar.
        seed: seed of the double oracle's local search.
    """
    check_payoff(payoff)
    if method is not None and (not isinstance(method, str) or method not in METHODS):
        raise ValueError(f"method must be one of {METHODS} or None, got {method!r}")
    largest = method or ("lp" if matrix is not None else
                         "birkhoff" if payoff == "margin" else "double-oracle")
    cards = deck_cards(n, "n", *LIMITS[largest])          # refused before anything is built
    size = len(cards)
    if method is None:
        method = default_method(size, payoff) if matrix is None else "lp"
    tol = check_number("tol", tol, 0.0, 1e-3)
    iterations = whole(iterations, "iterations", 1, MAX_ITERATIONS)
    nodes = node_budget(nodes)
    if not isinstance(progress, (bool, np.bool_)):
        raise TypeError(f"progress must be True or False, got {progress!r}")
    seed = check_seed(seed)
    if matrix is not None and method != "lp":
        raise ValueError(f"matrix is only used by method 'lp', got method {method!r}")
    if method == "lp":
        return _lp_equilibrium(cards, payoff, matrix, tol)
    if method == "birkhoff":
        if payoff != "margin":
            raise ValueError("method 'birkhoff' solves the margin game only (the win/loss payoff "
                             "is not bilinear): use method 'double-oracle'")
        e = margin_equilibrium(cards, tol)
        gain = margin_best_response(e.mixture).gain
        return Equilibrium(cards, payoff, method, e.value, e.mixture, gain, gain <= tol, gain,
                           e.seconds, e)
    if payoff != "winloss":
        raise ValueError("method 'double-oracle' solves the win/loss game only: use 'birkhoff' "
                         "for the margin")
    e = winloss_equilibrium(cards, tol=tol, iterations=iterations, nodes=nodes,
                            progress=progress, seed=seed)
    return Equilibrium(cards, payoff, method, e.value, e.mixture, e.certificate, e.certified,
                       e.gap, e.seconds, e)


def _lp_equilibrium(cards: tuple[int, ...], payoff: str, matrix: np.ndarray | None,
                    tol: float) -> Equilibrium:
    """The n! matrix game by LP: the small-deck oracle."""
    start = time.perf_counter()
    size = len(cards)
    rows = math.factorial(size)
    if matrix is None:
        a = payoff_matrix(cards, payoff)
    else:
        a = np.asarray(matrix)
        if a.shape != (rows, rows) or not np.issubdtype(a.dtype, np.number) or not np.all(np.isfinite(a)):
            raise ValueError(f"matrix must be the finite {rows} x {rows} payoff matrix of the deck "
                             f"(payoff_matrix), got shape {a.shape}")
        probe = [0, rows // 2, rows - 1]                  # three rows, computed afresh
        ranks = all_ranks(size).astype(np.int64)
        expected = margin_matrix(ranks[probe], ranks, cards)
        if not np.array_equal(a[probe], np.sign(expected) if payoff == "winloss" else expected):
            raise ValueError(f"matrix must be payoff_matrix(n, {payoff!r}) of the deck {cards}: "
                             "its rows differ (a matrix of another deck or payoff?)")
    solution = solve_matrix_game(a)
    x, value = solution.probs.copy(), solution.value
    x[x < tol] = 0.0
    x /= x.sum()
    support = np.flatnonzero(x)
    mixture = Mixture(cards, all_ranks(size).astype(np.int64)[support], x[support])
    gain = float((a @ x).max())
    return Equilibrium(cards, payoff, "lp", value, mixture, gain, gain <= tol, gain,
                       time.perf_counter() - start)
