"""The GA's breeders and mutations on rank lists (``ranks[i]`` = bid rank on prize i), plainly,
and the public breeders that check their arguments and call them.

breeding-pairs keeps its partial order as sets (``below[c]``: prizes known to get a lower bid);
each breeder draws from one ``random.Random``, and ``goofspiel.fast.breed`` compiles them drawing
exactly the same numbers in the same order (the tests compare the two). ``BREEDERS``,
``reverse_mutation``, ``swap_mutation`` and ``breed_children`` take no argument checks: they are
what ``goofspiel.evolve`` and the arena's hidden GA breed with, after checking once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np

from studykit.checks import flag, is_whole, real, shown, whole

Ranks = Sequence[int]
Breeder = Callable[[Ranks, Ranks, random.Random], list]
MAX_CARDS = 1_000


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
OPERATORS = ("reverse", "swap")


# ---- the public breeders: their arguments checked once, then the plain ones above ----


def _whole_list(value, name: str, what: str, items: str) -> list[int]:
    """A list, tuple or 1-d array of whole numbers as a list of Python ints (converted once)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, np.ndarray)) or (
            isinstance(value, np.ndarray) and value.ndim != 1):
        raise TypeError(f"{name} must be {what}, got {shown(value)}")
    if len(value) > MAX_CARDS:
        raise ValueError(f"{name} holds {len(value):,} {items}, more than the limit {MAX_CARDS:,}")
    if not all(is_whole(r) for r in value):
        raise TypeError(f"{name} must hold whole-number {items}, got {shown(value)}")
    return [int(r) for r in value]


def _ranks(value, name: str, n: int | None = None) -> list[int]:
    """A rank list: a permutation of 0..n-1 (whole numbers), as a list of ints."""
    ranks = _whole_list(value, name, "a rank list (a permutation of 0..n-1)", "ranks")
    if not ranks:
        raise ValueError(f"{name} must rank at least one card (the smallest deck), got an empty list")
    size = len(ranks) if n is None else n
    if sorted(ranks) != list(range(size)):
        raise ValueError(f"{name} must be a permutation of 0..{size - 1}, got {shown(value)}")
    return ranks


def _parents(mom, dad, rnd) -> tuple[list[int], list[int]]:
    mom = _ranks(mom, "mom")
    dad = _ranks(dad, "dad")
    if len(mom) != len(dad):
        raise ValueError(f"mom and dad must rank the same cards: mom ranks {len(mom)}, "
                         f"dad {len(dad)}")
    if not isinstance(rnd, random.Random):
        raise TypeError(f"rnd must be a random.Random, got {type(rnd).__name__}")
    return mom, dad


def breed_preferences(mom: Ranks, dad: Ranks, rnd: random.Random, *,
                      as_published: bool = False) -> list[int]:
    """Order crossover: keep a random slice of mom's preference list, fill the rest in dad's order.

    The slice is ``[i, j)`` with ``i < j``. By default its ends are a uniform pair of the n + 1
    cut points. ``as_published`` draws them as the published code did: a uniform start, then a
    uniform end after it, never covering the last position.
    """
    mom, dad = _parents(mom, dad, rnd)
    return preferences_child(mom, dad, rnd, as_published=flag(as_published, "as_published"))


def order_crossover(mom: Sequence[int], dad: Sequence[int], start: int, end: int) -> list[int]:
    """Keep ``mom[start:end]`` in place and fill the other positions with the rest in dad's order.

    Works on preference lists of any cards: ``order_crossover([1, 2, 3, 4, 5], [5, 1, 2, 3, 4],
    2, 4)`` is ``[5, 1, 3, 4, 2]`` (the article's example).
    """
    mom = _whole_list(mom, "mom", "a preference list of cards", "cards")
    dad = _whole_list(dad, "dad", "a preference list of cards", "cards")
    start, end = whole(start, "start"), whole(end, "end")
    if sorted(mom) != sorted(dad) or len(set(mom)) != len(mom):
        raise ValueError(f"mom and dad must order the same distinct cards, got {mom} and {dad}")
    if not 0 <= start <= end <= len(mom):
        raise ValueError(f"need 0 <= start <= end <= {len(mom)}, got start {start}, end {end}")
    return crossover(mom, dad, start, end)


def breed_pairs(mom: Ranks, dad: Ranks, rnd: random.Random, *, mom_share: float = 0.5,
                dad_share: float = 0.5) -> list[int]:
    """Order random unordered pairs as mom (share) or dad does, closing transitively, until total."""
    mom, dad = _parents(mom, dad, rnd)
    mom_share, dad_share = real(mom_share, "mom_share", 0), real(dad_share, "dad_share", 0)
    if mom_share + dad_share <= 0:
        raise ValueError(f"mom_share and dad_share must be >= 0 with a positive sum, "
                         f"got {mom_share}, {dad_share}")
    return pairs_child(mom, dad, rnd, mom_share=mom_share, dad_share=dad_share)


def breed_random(mom: Ranks, dad: Ranks, rnd: random.Random) -> list[int]:
    """Random search: ignore both parents, return a uniformly random strategy."""
    mom, dad = _parents(mom, dad, rnd)
    return random_child(mom, dad, rnd)


def mutate(ranks: Ranks, degree: float, rnd: random.Random) -> list[int]:
    """Breed with the reverse, taking a ``degree`` share (0..0.5) from it: 0 changes nothing."""
    ranks = _ranks(ranks, "ranks")
    _parents(ranks, ranks, rnd)
    return reverse_mutation(ranks, real(degree, "degree", 0.0, 0.5), rnd)


def swap_mutate(ranks: Ranks, rate: float, rnd: random.Random) -> list[int]:
    """The traditional mutation: with probability ``rate`` (0..1) swap the bids of two random prizes."""
    ranks = _ranks(ranks, "ranks")
    _parents(ranks, ranks, rnd)
    return swap_mutation(ranks, real(rate, "rate", 0.0, 1.0), rnd)
