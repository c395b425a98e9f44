"""The best reply to a mixed strategy found plainly: try every one of the n! replies.

The twin of the fast best replies (``goofspiel.equilibria.winloss``'s branch and bound and MILP, and
``goofspiel.equilibria.birkhoff``'s assignment for the point margin), for the decks where n! is small.
"""

from __future__ import annotations

import numpy as np

from goofspiel.equilibria.checks import check_payoff
from goofspiel.equilibria.matrixgame import all_ranks
from goofspiel.equilibria.mixture import Mixture, margin_matrix

MAX_CARDS = 10          # 10! = 3,628,800 replies: seconds per support strategy


def enumerated_gain(mix: Mixture, payoff: str = "winloss", chunk: int = 20_000) -> float:
    """The best expected payoff (``payoff``: "winloss" or "margin") any pure reply earns against
    ``mix``, every reply tried, ``chunk`` replies at a time."""
    if not isinstance(mix, Mixture):
        raise TypeError(f"mix must be a Mixture, got {type(mix).__name__}")
    check_payoff(payoff)
    if len(mix.deck) > MAX_CARDS:
        raise ValueError(f"the deck holds {len(mix.deck)} cards; trying all n! replies is limited "
                         f"to {MAX_CARDS} cards")
    every = all_ranks(len(mix.deck)).astype(np.int64)
    best = -np.inf
    for start in range(0, len(every), chunk):
        margins = margin_matrix(every[start:start + chunk], mix.ranks, mix.deck)
        payoffs = np.sign(margins) if payoff == "winloss" else margins
        best = max(best, float((payoffs @ mix.probs).max()))
    return best
