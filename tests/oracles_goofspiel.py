"""Plain implementations the goofspiel tests and benchmarks check the fast ones against.

Written for reading, not speed: breeders on plain lists and boolean matrices, best replies
replayed exactly with ``Fraction``, the n! replies enumerated. Each exists only here.
"""

import itertools
from fractions import Fraction

import numpy as np
from scipy.optimize import linear_sum_assignment

from goofspiel.game import Strategy, margin
from goofspiel.matrixgame import all_ranks, payoff_matrix, solve_matrix_game
from goofspiel.mixture import Mixture, margin_matrix

__all__ = [
    "bitwise_pairs",
    "brute_force_winloss_gain",
    "independent_margin_gain",
    "old_equilibrium",
    "plain_evolve",
    "plain_identity_scores",
    "plain_pairs",
    "plain_preferences",
    "plain_random",
]


# --- breeders and scoring (``goofspiel.breed``, ``goofspiel.ga``) --------------------------------

def plain_pairs(mom, dad, rnd, p_mom=0.5) -> list[int]:
    """``breed_pairs``'s oracle: a boolean 'less' matrix closed with Warshall's algorithm after
    every addition, drawing the same random numbers (``p_mom``: mom's share)."""
    n = len(mom)
    less = np.zeros((n, n), dtype=bool)
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    rnd.shuffle(pairs)
    for a, b in pairs:
        if less[a, b] or less[b, a]:
            continue
        src = mom if rnd.random() < p_mom else dad
        if src[a] > src[b]:
            a, b = b, a
        less[a, b] = True
        for k in range(n):
            less |= less[:, [k]] & less[[k], :]
    assert less.sum() == n * (n - 1) // 2
    return [int(less[:, c].sum()) for c in range(n)]


def bitwise_pairs(mom, dad, rnd, *, mom_share=0.5, dad_share=0.5) -> list[int]:
    """The breeding-pairs loop ``breed_pairs`` replaced: bit sets closed one bit at a time."""
    n = len(mom)
    p_mom = mom_share / (mom_share + dad_share)
    above, below = [0] * n, [0] * n
    pairs = list(itertools.combinations(range(n), 2))
    rnd.shuffle(pairs)
    rand = rnd.random
    for a, b in pairs:
        if (above[a] >> b) & 1 or (above[b] >> a) & 1:
            continue
        src = mom if rand() < p_mom else dad
        if src[a] > src[b]:
            a, b = b, a
        low, high = below[a] | (1 << a), above[b] | (1 << b)
        x = low
        while x:
            bit = x & -x
            above[bit.bit_length() - 1] |= high
            x ^= bit
        x = high
        while x:
            bit = x & -x
            below[bit.bit_length() - 1] |= low
            x ^= bit
    return [below[c].bit_count() for c in range(n)]


def plain_preferences(mom, dad, rnd) -> list[int]:
    """``breed_preferences``'s oracle: order crossover on preference lists built with ``index``,
    drawing the same slice."""
    n = len(mom)
    pm = [mom.index(k) for k in range(n)]
    pd = [dad.index(k) for k in range(n)]
    i, j = sorted(rnd.sample(range(n + 1), 2))
    child = [None] * n
    child[i:j] = pm[i:j]
    rest = [c for c in pd if c not in child]
    for k in range(n):
        if child[k] is None:
            child[k] = rest.pop(0)
    return [child.index(c) for c in range(n)]


def plain_random(mom, dad, rnd) -> list[int]:
    """A uniformly random child through a numpy permutation: the timing reference of
    ``breed_random`` (other draws, so other children)."""
    return [int(v) for v in np.random.default_rng(rnd.getrandbits(32)).permutation(len(mom))]


def plain_identity_scores(ranks, deck) -> list[int]:
    """``identity_score``'s oracle: per strategy, a loop over prizes summing each bid's shortfall
    below the prize (``deck[rank]`` bid on prize ``p``)."""
    deck = list(deck)
    return [sum(min(p, deck[r]) - deck[r] for p, r in zip(deck, row)) for row in ranks]


# --- equilibria and best replies (``goofspiel.equilibrium``, ``birkhoff``, ``winloss``) ----------

def independent_margin_gain(mix: Mixture) -> float:
    """Best margin reply to ``mix`` by an assignment built from its support one prize at a time,
    its gain replayed exactly with ``Fraction`` and ``margin``: the oracle of
    ``margin_exploitability`` (shares no code with ``goofspiel.birkhoff``)."""
    n = len(mix.deck)
    gain = np.zeros((n, n))
    for row, q in zip(mix.ranks, mix.probs):   # gain[i, k]: our rank k against theirs on prize i
        gain += q * np.array(mix.deck)[:, None] * np.sign(np.arange(n)[None, :] - row[:, None])
    rows, cols = linear_sum_assignment(-gain)
    counter = Strategy(mix.deck, tuple(int(c) for c in cols[np.argsort(rows)]))
    return float(sum(Fraction(q) * margin(counter, s) for q, s in zip(mix.probs, mix.strategies())))


def brute_force_winloss_gain(mix: Mixture, chunk: int = 20_000) -> float:
    """Best win/loss payoff against ``mix`` over every one of the n! replies, in chunks: the oracle
    of the win/loss best replies and certificates."""
    every = all_ranks(len(mix.deck)).astype(np.int64)
    return max(float((np.sign(margin_matrix(every[s: s + chunk], mix.ranks, mix.deck)) @ mix.probs)
                     .max()) for s in range(0, len(every), chunk))


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


def plain_evolve(breeder="pairs", mutation=0.0, mutate="none", initial=10, generations=15,
                 population=25, survivors=10, deck=range(1, 21), seed=0, as_published=False,
                 immigrants=0, operator="reverse"):
    """``evolve``'s oracle: the pure-Python generations it ran before the compiled ones (list
    members, ``goofspiel.breed``'s breeders), on checked arguments: (best, mean, diversity,
    population, scores) as lists."""
    import random

    from goofspiel.breed import (
        BREEDERS,
        breed_children,
        mutate_unchecked,
        preferences_unchecked,
        swap_unchecked,
    )
    from goofspiel.ga import identity_score

    cards = np.array(sorted(deck))
    n = len(cards)
    rnd = random.Random(seed)
    breed = BREEDERS[breeder]
    if breeder == "preferences" and as_published:
        def breed(m, d, r):
            return preferences_unchecked(m, d, r, as_published=True)
    mutator = swap_unchecked if operator == "swap" else mutate_unchecked
    members = [rnd.sample(range(n), n) for _ in range(initial)]
    scores = identity_score(np.array(members), cards)
    best, mean, diversity = [], [], []
    scored_rounds = generations - 1 if as_published else generations
    for g in range(generations):
        parents = members
        children = breed_children(parents, population - immigrants, breed, rnd)
        children += [rnd.sample(range(n), n) for _ in range(population - len(parents) - len(children))]
        if not as_published and mutation > 0 and mutate != "none":
            children = [mutator(c, mutation, rnd) for c in children]
            if mutate == "all":
                parents = [mutator(p, mutation, rnd) for p in parents]
        if g >= scored_rounds:
            break
        members = parents + children
        scores = identity_score(np.array(members), cards)
        keep = np.argsort(-scores, kind="stable")[:survivors]
        members = [members[k] for k in keep]
        scores = scores[keep]
        best.append(float(scores[0]))
        mean.append(float(scores.mean()))
        diversity.append(len({tuple(m) for m in members}))
    if not best:
        best, mean, diversity = [float(scores.max())], [float(scores.mean())], [len(members)]
    return best, mean, diversity, members, scores.tolist()
