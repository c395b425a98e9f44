"""Independent oracles the goofspiel equilibrium tests check the library against.

Written for reading, not speed, and sharing no code with what they check: a best margin reply
replayed exactly with ``Fraction``, and the n! LP as ``equilibrium`` first computed it. (The
plain twins of the GA, the breeders and the best replies live in the library, ``goofspiel.plain``.)
"""

from fractions import Fraction

import numpy as np
from scipy.optimize import linear_sum_assignment

from goofspiel.equilibria.matrixgame import all_ranks, payoff_matrix, solve_matrix_game
from goofspiel.equilibria.mixture import Mixture
from goofspiel.game import Strategy, margin

__all__ = ["independent_margin_gain", "old_equilibrium"]


def independent_margin_gain(mix: Mixture) -> float:
    """Best margin reply to ``mix`` by an assignment built from its support one prize at a time,
    its gain replayed exactly with ``Fraction`` and ``margin``: the oracle of
    ``margin_exploitability`` (shares no code with ``goofspiel.equilibria.birkhoff``)."""
    n = len(mix.deck)
    gain = np.zeros((n, n))
    for row, q in zip(mix.ranks, mix.probs):   # gain[i, k]: our rank k against theirs on prize i
        gain += q * np.array(mix.deck)[:, None] * np.sign(np.arange(n)[None, :] - row[:, None])
    rows, cols = linear_sum_assignment(-gain)
    counter = Strategy(mix.deck, tuple(int(c) for c in cols[np.argsort(rows)]))
    return float(sum(Fraction(q) * margin(counter, s) for q, s in zip(mix.probs, mix.strategies())))


def old_equilibrium(n: int, payoff: str, tol: float = 1e-9):
    """The n! LP exactly as ``equilibrium`` computed it before the other methods existed:
    (probabilities, value, strategy mapping, bid marginals)."""
    a = payoff_matrix(n, payoff)
    solution = solve_matrix_game(a)
    x, value = solution.probs, solution.value
    x[x < tol] = 0.0
    x /= x.sum()
    ranks = all_ranks(n).astype(np.int64)
    strategy = {tuple(int(r) + 1 for r in ranks[s]): float(x[s]) for s in np.flatnonzero(x)}
    marginals = np.zeros((n, n))
    for i in range(n):
        np.add.at(marginals[i], ranks[:, i], x)
    return x, value, strategy, marginals
