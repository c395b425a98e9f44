"""The public breeders on rank lists (``ranks[i]`` = bid rank on prize i), with their argument
checks, and breeding-pairs made fast in pure Python.

The algorithms are ``goofspiel.plain.breed``'s: these functions check their arguments once and
call them. breeding-pairs alone has a faster pure-Python twin here, drawing the same numbers:
it keeps the transitive closure as bit sets (``above[c]`` holds every card known to get a
higher bid than ``c``), read ten bits at a time through a table, with ``Random.shuffle``'s
draws inlined. ``BREEDERS`` and ``mutate_unchecked`` are what the arena's hidden GA and
``evolve``'s Python fallback breed with; the compiled GA (``goofspiel.evolution.fastga``) draws exactly
what they draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from goofspiel.plain.breed import (
    crossover,
    preferences_child,
    random_child,
    swap_mutation,
)
from studykit.checks import flag, is_whole, real, shown, whole

Ranks = Sequence[int]
MAX_CARDS = 1_000


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
    size = len(ranks) if n is None else n
    if sorted(ranks) != list(range(size)):
        raise ValueError(f"{name} must be a permutation of 0..{size - 1}, got {shown(value)}")
    return ranks


def _parents(mom, dad, rnd) -> tuple[list[int], list[int]]:
    mom = _ranks(mom, "mom")
    dad = _ranks(dad, "dad", len(mom))
    if not isinstance(rnd, random.Random):
        raise TypeError(f"rnd must be a random.Random, got {type(rnd).__name__}")
    return mom, dad


@lru_cache(maxsize=64)
def _all_pairs(n: int) -> tuple[tuple[int, int], ...]:
    return tuple((a, b) for a in range(n) for b in range(a + 1, n))


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
    return _pairs(mom, dad, rnd, mom_share=mom_share, dad_share=dad_share)


CHUNK = 10                                          # bits per lookup in BIT_LISTS
BIT_LISTS = tuple(tuple(i for i in range(CHUNK) if m >> i & 1) for m in range(1 << CHUNK))
BIT_LISTS_HIGH = tuple(tuple(i + CHUNK for i in bits) for bits in BIT_LISTS)   # bits 10..19
BIT_LENGTHS = tuple(i.bit_length() for i in range(4097))   # shuffles of up to 4,096 items (91 cards)


def shuffled(items: list, rnd: random.Random) -> None:
    """``rnd.shuffle(items)`` drawing the same numbers, with the draws inlined (a plain Random)."""
    if type(rnd) is not random.Random:          # a subclass may draw differently: use its own
        rnd.shuffle(items)
        return
    getrandbits = rnd.getrandbits
    bits = BIT_LENGTHS if len(items) < len(BIT_LENGTHS) else [i.bit_length() for i in range(len(items) + 1)]
    for i in range(len(items) - 1, 0, -1):      # as Random.shuffle and Random._randbelow do
        k = bits[i + 1]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _pairs(mom: Ranks, dad: Ranks, rnd: random.Random, *, mom_share: float = 0.5,
           dad_share: float = 0.5) -> list[int]:
    """``goofspiel.plain.breed.pairs_child`` on bit sets: the same draws, the same child."""
    n = len(mom)
    p_mom = mom_share / (mom_share + dad_share)
    above = [0] * n                              # above[c]: cards known to be bid higher than c
    below = [0] * n
    pairs = list(_all_pairs(n))
    shuffled(pairs, rnd)
    rand = rnd.random
    if n > 2 * CHUNK:
        return _pairs_wide(n, mom, dad, pairs, above, below, rand, p_mom)
    bits, bits_high = BIT_LISTS, BIT_LISTS_HIGH
    mask = (1 << CHUNK) - 1
    for a, b in pairs:
        if (above[a] >> b) & 1 or (above[b] >> a) & 1:
            continue
        src = mom if rand() < p_mom else dad
        if src[a] > src[b]:
            a, b = b, a
        low = below[a] | (1 << a)        # a and everything under it
        high = above[b] | (1 << b)       # b and everything over it
        for c in bits[low & mask]:       # every card of low gets high above it ...
            above[c] |= high
        for c in bits_high[low >> CHUNK]:
            above[c] |= high
        for c in bits[high & mask]:      # ... and every card of high gets low below it
            below[c] |= low
        for c in bits_high[high >> CHUNK]:
            below[c] |= low
    return [below[c].bit_count() for c in range(n)]


def _pairs_wide(n, mom, dad, pairs, above, below, rand, p_mom) -> list[int]:
    """``_pairs``'s loop for more than 20 cards: the bit sets read CHUNK bits at a time."""
    bits, mask = BIT_LISTS, (1 << CHUNK) - 1
    for a, b in pairs:
        if (above[a] >> b) & 1 or (above[b] >> a) & 1:
            continue
        src = mom if rand() < p_mom else dad
        if src[a] > src[b]:
            a, b = b, a
        low = below[a] | (1 << a)
        high = above[b] | (1 << b)
        for sets, members, other in ((above, low, high), (below, high, low)):
            x, base = members, 0
            while x:
                for c in bits[x & mask]:
                    sets[base + c] |= other
                x >>= CHUNK
                base += CHUNK
    return [below[c].bit_count() for c in range(n)]


def breed_random(mom: Ranks, dad: Ranks, rnd: random.Random) -> list[int]:
    """Random search: ignore both parents, return a uniformly random strategy."""
    mom, dad = _parents(mom, dad, rnd)
    return random_child(mom, dad, rnd)


def mutate(ranks: Ranks, degree: float, rnd: random.Random) -> list[int]:
    """Breed with the reverse, taking a ``degree`` share (0..0.5) from it: 0 changes nothing."""
    ranks = _ranks(ranks, "ranks")
    _parents(ranks, ranks, rnd)
    return mutate_unchecked(ranks, real(degree, "degree", 0.0, 0.5), rnd)


def mutate_unchecked(ranks: Ranks, degree: float, rnd: random.Random) -> list[int]:
    """``mutate`` without its argument checks, on the fast pairs loop: the inner loop's twin of
    ``goofspiel.plain.breed.reverse_mutation``."""
    if degree == 0.0:
        return list(ranks)
    n = len(ranks)
    rev = [n - 1 - r for r in ranks]
    return _pairs(ranks, rev, rnd, mom_share=1.0 - degree, dad_share=degree)


def swap_mutate(ranks: Ranks, rate: float, rnd: random.Random) -> list[int]:
    """The traditional mutation: with probability ``rate`` (0..1) swap the bids of two random prizes."""
    ranks = _ranks(ranks, "ranks")
    _parents(ranks, ranks, rnd)
    return swap_mutation(ranks, real(rate, "rate", 0.0, 1.0), rnd)


OPERATORS = ("reverse", "swap")
BREEDERS = {"pairs": _pairs, "preferences": preferences_child, "random": random_child}   # unchecked
