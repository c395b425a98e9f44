"""The breeders and mutations on rank lists (``ranks[i]`` = bid rank on prize i), written plainly.

Each draws from one ``random.Random`` exactly what the library's fast versions draw, in order:
breeding-pairs keeps its partial order as sets (``goofspiel.evolution.breed`` keeps it as chunked bit
sets, ``goofspiel.evolution.fastga`` compiles it); the others are as fast as they need to be already, so
the library uses them as they are. No argument checks: ``goofspiel.evolution.breed``'s public breeders
check, then call these.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

Ranks = Sequence[int]
Breeder = Callable[[Ranks, Ranks, random.Random], list]


def pairs_child(mom: Ranks, dad: Ranks, rnd: random.Random, *, mom_share: float = 0.5,
                dad_share: float = 0.5) -> list[int]:
    """breeding-pairs: take the unordered pairs of prizes in random order; order each pair not
    yet ordered as mom does (with probability ``mom_share``) or as dad does, and add every
    ordering that follows by transitivity. The child's rank on a prize is how many prizes are
    below it."""
    n = len(mom)
    p_mom = mom_share / (mom_share + dad_share)
    below = [set() for _ in range(n)]            # below[c]: prizes known to get a lower bid
    above = [set() for _ in range(n)]            # above[c]: prizes known to get a higher bid
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    rnd.shuffle(pairs)
    for a, b in pairs:
        if b in above[a] or a in above[b]:       # already ordered, by transitivity
            continue
        parent = mom if rnd.random() < p_mom else dad
        low, high = (a, b) if parent[a] < parent[b] else (b, a)
        lows, highs = below[low] | {low}, above[high] | {high}
        for c in lows:                           # everything at or below low is below ...
            above[c] |= highs
        for c in highs:                          # ... everything at or above high
            below[c] |= lows
    return [len(below[c]) for c in range(n)]


def preference_list(ranks: Ranks) -> list[int]:
    """Prize indices ordered by increasing bid (the inverse permutation)."""
    prefs = [0] * len(ranks)
    for prize, rank in enumerate(ranks):
        prefs[rank] = prize
    return prefs


def ranks_of(prefs: Sequence[int]) -> list[int]:
    """The rank list of a preference list (the inverse permutation again)."""
    ranks = [0] * len(prefs)
    for position, prize in enumerate(prefs):
        ranks[prize] = position
    return ranks


def crossover(mom: Sequence, dad: Sequence, start: int, end: int) -> list:
    """Order crossover: keep ``mom[start:end]`` in place, fill the other positions with the rest
    of the items in dad's order."""
    kept = mom[start:end]
    rest = [item for item in dad if item not in kept]
    return rest[:start] + list(kept) + rest[start:]


def preferences_child(mom: Ranks, dad: Ranks, rnd: random.Random, *,
                      as_published: bool = False) -> list[int]:
    """breeding-preferences: order crossover of the parents' preference lists on a random slice
    ``[i, j)``, its ends a uniform pair of the n + 1 cut points, or as published: a uniform
    start, then a uniform end after it (never covering the last position)."""
    n = len(mom)
    if n < 2:
        return list(mom)
    if as_published:
        i = rnd.randrange(n - 1)
        j = rnd.randrange(i + 1, n)
    else:
        i, j = sorted(rnd.sample(range(n + 1), 2))
    return ranks_of(crossover(preference_list(mom), preference_list(dad), i, j))


def random_child(mom: Ranks, dad: Ranks, rnd: random.Random) -> list[int]:
    """Random search: ignore both parents, return a uniformly random strategy."""
    child = list(range(len(mom)))
    rnd.shuffle(child)
    return child


def reverse_mutation(ranks: Ranks, degree: float, rnd: random.Random) -> list[int]:
    """The article's mutation: breed with the reverse strategy, taking a ``degree`` share
    (0..0.5) from it; degree 0 changes nothing and draws nothing."""
    if degree == 0.0:
        return list(ranks)
    reverse = [len(ranks) - 1 - r for r in ranks]
    return pairs_child(ranks, reverse, rnd, mom_share=1.0 - degree, dad_share=degree)


def swap_mutation(ranks: Ranks, rate: float, rnd: random.Random) -> list[int]:
    """The traditional mutation: with probability ``rate`` swap the bids of two random prizes."""
    child = list(ranks)
    if len(child) >= 2 and rate > 0 and rnd.random() < rate:
        a, b = rnd.sample(range(len(child)), 2)
        child[a], child[b] = child[b], child[a]
    return child


def check_parents(parents: int, size: int) -> None:
    """Refuse to breed children up to ``size`` members from fewer than two ``parents``."""
    if parents < 2 and parents < size:
        raise ValueError(f"breeding needs at least two parents (two distinct members), got "
                         f"{parents} parent(s) to fill {size} members")


def breed_children(parents: list, size: int, breed: Breeder, rnd: random.Random) -> list[list[int]]:
    """One generation's children: ``breed(mom, dad, rnd)`` on two distinct members drawn from
    the parents and the children bred so far, until parents and children number ``size``."""
    check_parents(len(parents), size)
    children: list = []
    while len(parents) + len(children) < size:
        mom, dad = rnd.sample(parents + children, 2)
        children.append(breed(mom, dad, rnd))
    return children


BREEDERS = {"pairs": pairs_child, "preferences": preferences_child, "random": random_child}
