"""How far any strategy is from the equilibrium: the exact best reply to a pure or mixed
strategy at any deck size and its gain (the exploitability), and the best counter to one pure
strategy.

The margin reply is an assignment problem (``goofspiel.equilibria.birkhoff``); the win/loss reply a branch
and bound or a MILP (``goofspiel.equilibria.winloss``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linear_sum_assignment

from goofspiel.equilibria.birkhoff import margin_best_response
from goofspiel.equilibria.checks import check_payoff
from goofspiel.equilibria.equilibrium import Equilibrium
from goofspiel.equilibria.matrixgame import best_response, mixed, payoffs
from goofspiel.equilibria.mixture import Mixture, as_mixture, deck_cards
from goofspiel.equilibria.winloss import METHODS as REPLY_METHODS
from goofspiel.equilibria.winloss import (
    Reply,
    branch_best_response,
    node_budget,
    reply_sized,
    winloss_best_response,
)
from goofspiel.game import Strategy

StrategyLike = Strategy | Mixture | Equilibrium | Mapping[tuple, float]


def _mixture_of(strategy, deck) -> Mixture:
    if isinstance(strategy, np.ndarray):
        raise TypeError("strategy as a probability vector over the n! strategies needs the payoff "
                        "matrix: exploitability(x, payoff_matrix(deck, payoff)); otherwise give a "
                        "Strategy, a Mixture, an Equilibrium or a mapping bid tuple -> probability")
    if not isinstance(strategy, (Strategy, Mixture, Equilibrium, Mapping)):
        raise TypeError("strategy must be a Strategy, a Mixture, an Equilibrium or a mapping bid "
                        f"tuple -> probability, got {type(strategy).__name__}")
    cards = None if deck is None else deck_cards(deck, "deck")
    if isinstance(strategy, Equilibrium):
        strategy = strategy.mixture
    if cards is not None and isinstance(strategy, (Strategy, Mixture)) and strategy.deck != cards:
        raise ValueError(f"strategy plays on the deck {strategy.deck}, not on deck {cards}: "
                         "a strategy's deck is its own (leave deck out)")
    return as_mixture(strategy, cards)


def best_reply(strategy: StrategyLike, payoff: str = "margin", *,
               deck: int | Iterable[int] | None = None, nodes: int | None = None,
               method: str = "branch") -> Reply:
    """The exact best reply to a pure or mixed strategy at any deck size, and its expected gain.

    The margin reply is an assignment problem (exact, fast at any size). The win/loss reply is
    a branch and bound (``method="branch"``) or a HiGHS MILP (``"milp"``); with a work budget
    ``nodes`` (search nodes) it may stop unproven: ``optimal`` is then False, ``gain`` a lower
    and ``bound`` an upper bound, the same for the same budget on any machine.
    ``deck`` is needed for a mapping whose bids are not permutations of 1..n.
    """
    check_payoff(payoff)
    nodes = node_budget(nodes)
    if not isinstance(method, str) or method not in REPLY_METHODS:
        raise ValueError(f"method must be one of {REPLY_METHODS}, got {method!r}")
    mix = _mixture_of(strategy, deck)
    if payoff == "margin":
        return margin_best_response(mix)
    reply_sized(mix)
    search = branch_best_response if method == "branch" else winloss_best_response
    return search(mix, nodes=nodes)


def exploitability(strategy: StrategyLike | np.ndarray, payoff: str | np.ndarray = "margin", *,
                   deck: int | Iterable[int] | None = None, nodes: int | None = None) -> float:
    """How much the exact best reply gains against ``strategy`` (0 for an equilibrium).

    ``exploitability(strategy, "margin")`` or ``(strategy, "winloss")`` takes a Strategy, a
    Mixture, an Equilibrium or a mapping bid tuple -> probability at any deck size (see
    ``best_reply``; raises RuntimeError when the ``nodes`` budget stops the win/loss search
    unproven).
    ``exploitability(x, a)`` with a probability vector x over the n! strategies and their
    payoff matrix a (``payoff_matrix``) is the matrix game's form.
    """
    if isinstance(payoff, np.ndarray):
        if not isinstance(strategy, (np.ndarray, list, tuple)):
            raise ValueError("with a payoff matrix a, strategy must be a probability vector x with "
                             f"len(x) == a.shape[1], got {type(strategy).__name__}")
        if deck is not None or nodes is not None:
            raise ValueError("deck and nodes are not used with a payoff matrix: leave them out")
        a = payoffs(payoff, "payoff")
        return best_response(mixed(strategy, a, "strategy"), a).gain
    reply = best_reply(strategy, payoff, deck=deck, nodes=nodes)
    if not reply.optimal:
        raise RuntimeError(f"nodes={nodes} spent before the best win/loss reply was proven (it "
                           f"gains from {reply.gain:.3g} to {reply.bound:.3g}): use best_reply "
                           "for the bounds")
    return reply.gain


@dataclass(frozen=True)
class BestCounter:
    """The best margin counter to one pure strategy, and the exact margin ``gain`` it wins by."""

    counter: Strategy
    gain: int


def best_counter(strategy: Strategy) -> BestCounter:
    """The exact best margin counter to a pure strategy (assignment problem) and its margin."""
    if not isinstance(strategy, Strategy):
        raise TypeError(f"strategy must be a Strategy, got {type(strategy).__name__}")
    prizes = np.array(strategy.deck)
    theirs = np.array(strategy.ranks)
    n = len(prizes)
    gain = prizes[:, None] * np.sign(np.arange(n)[None, :] - theirs[:, None])   # [prize, our rank]
    rows, cols = linear_sum_assignment(gain, maximize=True)
    counter = Strategy(strategy.deck, tuple(int(c) for c in cols[np.argsort(rows)]))
    return BestCounter(counter, int(gain[rows, cols].sum()))
