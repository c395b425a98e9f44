"""Ground truth: the equilibrium of two-player fixed-bid goofspiel, and how far any strategy is from it.

The game is symmetric and zero-sum over the n! bid permutations. ``equilibrium`` picks the method
by deck size and payoff:

- ``"lp"``: the n! matrix game by linear programming (scipy ``linprog``, HiGHS), both payoffs,
  up to 7 cards: the small-deck oracle (``payoff_matrix``, ``best_response``);
- ``"birkhoff"``: the point margin at any deck up to 64 cards, one LP over the doubly stochastic
  marginal and its Birkhoff decomposition into permutations (``goofspiel.birkhoff``);
- ``"double-oracle"``: win/loss up to 9 cards, restricted games grown by exact best replies
  (``goofspiel.doubleoracle``); the last reply's gain is the certificate.

``best_reply`` and ``exploitability`` measure any pure or mixed strategy at any deck size:
an assignment problem for the margin, a branch and bound (or MILP) for win/loss.
``best_counter`` is the exact best margin counter to one pure strategy.
"""

from __future__ import annotations

import itertools
import math
import numbers
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linear_sum_assignment, linprog

from goofspiel.birkhoff import margin_best_response, margin_equilibrium
from goofspiel.doubleoracle import winloss_equilibrium
from goofspiel.game import Strategy
from goofspiel.mixture import Mixture, as_mixture, deck_cards
from goofspiel.winloss import METHODS as REPLY_METHODS
from goofspiel.winloss import Reply, branch_best_response, winloss_best_response

PAYOFFS = ("margin", "winloss")
METHODS = ("lp", "birkhoff", "double-oracle")
LP_MAX_N = 7            # 5,040 strategies; 8 cards would need a 40,320-square matrix (13 GB)
MARGIN_MAX_N = 64       # the Birkhoff LP: 0.06 s at 20 cards, 2.5 s at 50, 8 s at 64 (grows ~ n^4)
WINLOSS_MAX_N = 9       # double oracle: 8 cards certified in 203 s; 9 cards still 0.061 off after 10 min
WINLOSS_SECONDS = 600.0  # default time limit of the double oracle
VECTOR_MAX_N = 8        # ``Equilibrium.probs`` over all n! strategies up to this deck size


def _cards(deck: int | Iterable[int], name: str = "n") -> tuple[int, ...]:
    return deck_cards(deck, name)


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
    _check_payoff(payoff)
    cards = _cards(deck, "deck")
    ranks = all_ranks(len(cards))
    a = np.zeros((len(ranks), len(ranks)), dtype=np.int16)
    for i, prize in enumerate(cards):
        col = ranks[:, i]
        a += prize * np.sign(col[:, None] - col[None, :]).astype(np.int16)
    return np.sign(a).astype(np.float64) if payoff == "winloss" else a.astype(np.float64)


@dataclass(frozen=True)
class Equilibrium:
    """An optimal mixed strategy of the game on ``deck`` under ``payoff``, found by ``method``.

    ``mixture`` holds the strategies in support with their probabilities (``strategy`` maps bid
    tuples to probabilities). ``certificate`` is the exact best reply's gain against the mixture
    (0 at an exact equilibrium, np.inf when a time limit stopped the double oracle) and
    ``certified`` says it is at most ``tol``; ``gap`` is the gain of the best reply found (a
    lower bound on the exploitability, equal to the certificate when certified). ``solver`` is
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


def _check_payoff(payoff) -> None:
    if not isinstance(payoff, str) or payoff not in PAYOFFS:
        raise ValueError(f"payoff must be one of {PAYOFFS}, got {payoff!r}")


def _check_number(name: str, value, low: float, high: float = math.inf) -> float:
    """``value`` as a real number in (low, high), else a TypeError / ValueError naming it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__} {value!r}")
    if not low < value < high:
        span = f"({low:g}, {high:g})" if math.isfinite(high) else f"> {low:g} and finite"
        raise ValueError(f"{name} must be {span}, got {value!r}")
    return float(value)


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


def default_method(n: int, payoff: str) -> str:
    """The method ``equilibrium`` uses when none is given: the n! LP up to 7 cards."""
    if n <= LP_MAX_N:
        return "lp"
    return "birkhoff" if payoff == "margin" else "double-oracle"


def equilibrium(n: int | Iterable[int], payoff: str = "margin", *, method: str | None = None,
                matrix: np.ndarray | None = None, tol: float = 1e-9,
                time_limit: float = WINLOSS_SECONDS, progress: bool = True, seed: int = 0
                ) -> Equilibrium:
    """The exact equilibrium of two-player fixed-bid goofspiel on deck 1..n (or the given cards).

    Args:
        n: the number of cards n (deck 1..n) or the distinct integer prize cards.
        payoff: "margin" (points won minus points lost) or "winloss" (+1, 0, -1).
        method: "lp" (the n! matrix game, n <= 7), "birkhoff" (margin, n <= 64) or
            "double-oracle" (win/loss, n <= 9); by default the LP up to 7 cards, then the other.
        matrix: the n! payoff matrix when already built (``payoff_matrix``; "lp" only).
        tol: LP probabilities below this are dropped; an equilibrium is certified when no reply
            gains more than this.
        time_limit: seconds for the double oracle; when reached the result is returned with
            ``certified`` False and ``gap`` the last best reply's gain.
        progress: show the double oracle's progress bar.
        seed: seed of the double oracle's local search.
    """
    _check_payoff(payoff)
    cards = _cards(n)
    size = len(cards)
    if method is None:
        method = default_method(size, payoff) if matrix is None else "lp"
    if not isinstance(method, str) or method not in METHODS:
        raise ValueError(f"method must be one of {METHODS} or None, got {method!r}")
    tol = _check_number("tol", tol, 0.0, 1e-3)
    time_limit = _check_number("time_limit", time_limit, 0.0)
    if not isinstance(progress, (bool, np.bool_)):
        raise TypeError(f"progress must be True or False, got {progress!r}")
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    if matrix is not None and method != "lp":
        raise ValueError(f"matrix is only used by method 'lp', got method {method!r}")
    if method == "lp":
        return _lp_equilibrium(cards, payoff, matrix, tol)
    if method == "birkhoff":
        if payoff != "margin":
            raise ValueError("method 'birkhoff' solves the margin game only (the win/loss payoff "
                             "is not bilinear): use method 'double-oracle'")
        if size > MARGIN_MAX_N:
            raise ValueError(f"n must be <= {MARGIN_MAX_N} for the Birkhoff LP (8 s at 64 cards, "
                             f"growing like n^4), got {size}")
        e = margin_equilibrium(cards, tol)
        gain = margin_best_response(e.mixture)[1]
        return Equilibrium(cards, payoff, method, e.value, e.mixture, gain, gain <= tol, gain,
                           e.seconds, e)
    if payoff != "winloss":
        raise ValueError("method 'double-oracle' solves the win/loss game only: use 'birkhoff' "
                         "for the margin")
    if size > WINLOSS_MAX_N:
        raise ValueError(f"n must be <= {WINLOSS_MAX_N} for the win/loss double oracle, got {size}: "
                         "it certifies 8 cards in about 200 s, and at 9 cards the best reply still "
                         "gained 0.061 after 10 minutes (goofspiel.doubleoracle.winloss_equilibrium "
                         "runs any deck for an uncertified approximation)")
    e = winloss_equilibrium(cards, tol=tol, time_limit=time_limit, progress=progress, seed=seed)
    return Equilibrium(cards, payoff, method, e.value, e.mixture, e.certificate, e.certified,
                       e.gap, e.seconds, e)


def _lp_equilibrium(cards: tuple[int, ...], payoff: str, matrix: np.ndarray | None,
                    tol: float) -> Equilibrium:
    """The n! matrix game by LP: the small-deck oracle."""
    start = time.perf_counter()
    size = len(cards)
    if size > LP_MAX_N:
        raise ValueError(f"n must be <= {LP_MAX_N} for the n! LP (8 cards need a 40,320-square "
                         f"matrix, 13 GB), got {size}: method 'birkhoff' or 'double-oracle' "
                         "solves larger decks")
    rows = math.factorial(size)
    if matrix is None:
        a = payoff_matrix(cards, payoff)
    else:
        a = np.asarray(matrix)
        if a.shape != (rows, rows) or not np.issubdtype(a.dtype, np.number) or not np.all(np.isfinite(a)):
            raise ValueError(f"matrix must be the finite {rows} x {rows} payoff matrix of the deck "
                             f"(payoff_matrix), got shape {a.shape}")
    x, value = solve_matrix_game(a)
    x[x < tol] = 0.0
    x /= x.sum()
    support = np.flatnonzero(x)
    mixture = Mixture(cards, all_ranks(size).astype(np.int64)[support], x[support])
    gain = float((a @ x).max())
    return Equilibrium(cards, payoff, "lp", value, mixture, gain, gain <= tol, gain,
                       time.perf_counter() - start)


def mixed_vector(strategy: Mapping[tuple, float] | Strategy, deck: int | Iterable[int]) -> np.ndarray:
    """A mixed strategy (mapping bid tuple -> probability, or one Strategy) as a vector over n!."""
    cards = _cards(deck, "deck")
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


StrategyLike = Strategy | Mixture | Equilibrium | Mapping[tuple, float]


def _mixture_of(strategy, deck) -> Mixture:
    if isinstance(strategy, Equilibrium):
        return strategy.mixture
    if isinstance(strategy, np.ndarray):
        raise TypeError("strategy as a probability vector over the n! strategies needs the payoff "
                        "matrix: exploitability(x, payoff_matrix(deck, payoff)); otherwise give a "
                        "Strategy, a Mixture, an Equilibrium or a mapping bid tuple -> probability")
    if not isinstance(strategy, (Strategy, Mixture, Mapping)):
        raise TypeError("strategy must be a Strategy, a Mixture, an Equilibrium or a mapping bid "
                        f"tuple -> probability, got {type(strategy).__name__}")
    return as_mixture(strategy, None if deck is None else _cards(deck, "deck"))


def best_reply(strategy: StrategyLike, payoff: str = "margin", *,
               deck: int | Iterable[int] | None = None, time_limit: float | None = None,
               method: str = "branch") -> Reply:
    """The exact best reply to a pure or mixed strategy at any deck size, and its expected gain.

    The margin reply is an assignment problem (exact, fast at any size). The win/loss reply is
    a branch and bound (``method="branch"``) or a HiGHS MILP (``"milp"``); with ``time_limit``
    (seconds) it may stop unproven: ``optimal`` is then False and ``gain`` a lower bound.
    ``deck`` is needed for a mapping whose bids are not permutations of 1..n.
    """
    _check_payoff(payoff)
    if time_limit is not None:
        time_limit = _check_number("time_limit", time_limit, 0.0)
    if not isinstance(method, str) or method not in REPLY_METHODS:
        raise ValueError(f"method must be one of {REPLY_METHODS}, got {method!r}")
    mix = _mixture_of(strategy, deck)
    if payoff == "margin":
        start = time.perf_counter()
        counter, gain = margin_best_response(mix)
        return Reply(counter, gain, gain, True, time.perf_counter() - start)
    search = branch_best_response if method == "branch" else winloss_best_response
    return search(mix, time_limit=time_limit)


def exploitability(strategy: StrategyLike | np.ndarray, payoff: str | np.ndarray = "margin", *,
                   deck: int | Iterable[int] | None = None, time_limit: float | None = None) -> float:
    """How much the exact best reply gains against ``strategy`` (0 for an equilibrium).

    ``exploitability(strategy, "margin")`` or ``(strategy, "winloss")`` takes a Strategy, a
    Mixture, an Equilibrium or a mapping bid tuple -> probability at any deck size (see
    ``best_reply``; raises RuntimeError when ``time_limit`` stops the win/loss search unproven).
    ``exploitability(x, a)`` with a probability vector x over the n! strategies and their
    payoff matrix a (``payoff_matrix``) is the matrix game's form.
    """
    if isinstance(payoff, np.ndarray):
        x = np.asarray(strategy, dtype=np.float64) if isinstance(strategy, np.ndarray) else None
        if x is None or x.ndim != 1 or payoff.ndim != 2 or payoff.shape[1] != len(x):
            raise ValueError("with a payoff matrix a, strategy must be a probability vector x with "
                             f"len(x) == a.shape[1], got {type(strategy).__name__} and a of shape "
                             f"{payoff.shape}")
        return best_response(x, payoff)[1]
    reply = best_reply(strategy, payoff, deck=deck, time_limit=time_limit)
    if not reply.optimal:
        raise RuntimeError(f"time_limit={time_limit} s reached before the best win/loss reply was "
                           f"proven (best found gains {reply.gain:.3g}): use best_reply for the "
                           "lower bound")
    return reply.gain


def best_counter(strategy: Strategy) -> tuple[Strategy, int]:
    """The exact best margin counter to a pure strategy (assignment problem) and its margin."""
    if not isinstance(strategy, Strategy):
        raise TypeError(f"strategy must be a Strategy, got {type(strategy).__name__}")
    prizes = np.array(strategy.deck)
    theirs = np.array(strategy.ranks)
    n = len(prizes)
    gain = prizes[:, None] * np.sign(np.arange(n)[None, :] - theirs[:, None])   # [prize, our rank]
    rows, cols = linear_sum_assignment(gain, maximize=True)
    counter = Strategy(strategy.deck, tuple(int(c) for c in cols[np.argsort(rows)]))
    return counter, int(gain[rows, cols].sum())
