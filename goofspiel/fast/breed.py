"""Compiled twin of ``goofspiel.evolution.breed``: breeding-pairs, breeding-preferences and the
two mutations in numba, on int64 rows and ``studykit.twister``'s copy of a ``random.Random``'s
state, drawing exactly what the plain breeders draw, in order, and returning the same children.

breeding-pairs keeps its partial order as 64-bit sets (``above[c]``: the cards known to get a
higher bid than ``c``), so it holds at most ``MAX_CARDS`` cards; the lowest set bit is found with
a de Bruijn multiplication.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from studykit.twister import njit, randbelow, sample_two, shuffle, uniform

KINDS = {"pairs": 0, "preferences": 1, "random": 2}
MUTATIONS = {"none": 0, "reverse": 1, "swap": 2}
MAX_CARDS = 62                          # breeding-pairs keeps its bit sets in int64
DE_BRUIJN = 0x03F79D71B4CB0A89          # (2**c * DE_BRUIJN) >> 58 (mod 2**64) differs for each c
LOWEST = np.argsort([((1 << c) * DE_BRUIJN % 2**64) >> 58 for c in range(64)])   # ... back to c


@lru_cache(maxsize=64)
def all_pairs(n: int) -> np.ndarray:
    """The (a, b) pairs with a < b, in the breeders' order, as an (n(n-1)/2, 2) array."""
    return np.array([(a, b) for a in range(n) for b in range(a + 1, n)], dtype=np.int64).reshape(-1, 2)


@njit
def pairs_child(st, mom, dad, p_mom, pairs, out):
    """``pairs_child(mom, dad, rnd)`` with mom's share ``p_mom``, into ``out``."""
    n = len(mom)
    pairs_into(st, mom, dad, p_mom, pairs, np.empty(len(pairs), np.int64),
                np.empty(n, np.int64), np.empty(n, np.int64), out)


@njit
def pairs_into(st, mom, dad, p_mom, pairs, order, above, below, out):
    n = len(mom)
    above[:] = 0                                  # above[c]: cards known to get higher bids
    below[:] = 0
    for t in range(len(order)):
        order[t] = t
    shuffle(st, order)                            # the pairs' order, as Random.shuffle(pairs)
    for t in range(len(order)):
        a, b = pairs[order[t], 0], pairs[order[t], 1]
        if (above[a] >> b) & 1 or (above[b] >> a) & 1:
            continue
        src = mom if uniform(st) < p_mom else dad
        if src[a] > src[b]:
            a, b = b, a
        low = below[a] | (np.int64(1) << a)
        high = above[b] | (np.int64(1) << b)
        x = low
        while x:                                  # every card of low gets high above it ...
            bit = x & -x
            above[LOWEST[(bit * DE_BRUIJN >> 58) & 63]] |= high
            x ^= bit
        x = high
        while x:                                  # ... and every card of high gets low below it
            bit = x & -x
            below[LOWEST[(bit * DE_BRUIJN >> 58) & 63]] |= low
            x ^= bit
    for c in range(n):
        x, count = below[c], 0
        while x:
            x &= x - 1
            count += 1
        out[c] = count


@njit
def preferences_child(st, mom, dad, published, out):
    """``preferences_child(mom, dad, rnd, as_published=published)``, into ``out``."""
    n = len(mom)
    pm = np.empty(n, np.int64)
    pd = np.empty(n, np.int64)
    for prize in range(n):
        pm[mom[prize]] = prize
        pd[dad[prize]] = prize
    if published:
        i = randbelow(st, n - 1)
        j = i + 1 + randbelow(st, n - i - 1)
    else:
        x, y = sample_two(st, n + 1, n + 1 <= 21)
        i, j = min(x, y), max(x, y)
    kept = np.zeros(n, np.bool_)
    for k in range(i, j):
        kept[pm[k]] = True
    f = 0
    for k in range(n):
        if i <= k < j:
            prize = pm[k]
        else:
            while kept[pd[f]]:
                f += 1
            prize = pd[f]
            f += 1
        out[prize] = k


@njit
def mutate_row(st, row, kind, p_mom, rate, pairs, work):
    """``reverse_mutation`` (kind 1) or ``swap_mutation`` (kind 2) of ``row``, in place."""
    n = len(row)
    if kind == 1:                                   # breed with the reverse
        order, above, below, mom, rev = work
        for c in range(n):
            mom[c] = row[c]
            rev[c] = n - 1 - row[c]
        pairs_into(st, mom, rev, p_mom, pairs, order, above, below, row)
    elif kind == 2 and n >= 2 and rate > 0 and uniform(st) < rate:   # swap two bids
        a, b = sample_two(st, n, n <= 21)
        row[a], row[b] = row[b], row[a]
