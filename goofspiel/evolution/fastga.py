"""The GA's generations compiled with numba: breeding, immigrants and mutation drawing exactly
what the plain GA (``goofspiel.plain``) draws from the same ``random.Random``, in order.

Members are rows of an int64 array; the random stream is ``studykit.twister``'s copy of the
Random's state. ``usable(n)`` says whether this path applies (numba installed, its draws
checked against ``random.Random`` once per process, at most 62 cards for the 64-bit sets);
``goofspiel.evolution.ga.evolve(fast=True)`` runs the plain loop with ``goofspiel.evolution.breed``'s fast
breeding-pairs otherwise (same results, slower).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from studykit.twister import (
    agrees,
    njit,
    numba,
    randbelow,
    sample_all,
    sample_two,
    sample_uses_pool,
    shuffle,
    uniform,
)

KINDS = {"pairs": 0, "preferences": 1, "random": 2}
MUTATIONS = {"none": 0, "reverse": 1, "swap": 2}
MAX_FAST_CARDS = 62                     # breeding-pairs keeps its bit sets in int64
DE_BRUIJN = 0x03F79D71B4CB0A89          # (2**c * DE_BRUIJN) >> 58 (mod 2**64) differs for each c
LOWEST = np.argsort([((1 << c) * DE_BRUIJN % 2**64) >> 58 for c in range(64)])   # ... back to c


@lru_cache(maxsize=1)
def _kernels_agree() -> bool:
    return agrees()


def usable(n: int) -> bool:
    """Whether the compiled generations serve an n-card GA (else the pure-Python loop does)."""
    return numba is not None and 2 <= n <= MAX_FAST_CARDS and sample_uses_pool(n, n) \
        and _kernels_agree()


@lru_cache(maxsize=64)
def all_pairs(n: int) -> np.ndarray:
    """The (a, b) pairs with a < b, in the breeders' order, as an (n(n-1)/2, 2) array."""
    return np.array([(a, b) for a in range(n) for b in range(a + 1, n)], dtype=np.int64).reshape(-1, 2)


@njit
def pairs_child(st, mom, dad, p_mom, pairs, out):
    """``plain.breed.pairs_child(mom, dad, rnd)`` with mom's share ``p_mom``, into ``out``."""
    n = len(mom)
    _pairs_into(st, mom, dad, p_mom, pairs, np.empty(len(pairs), np.int64),
                np.empty(n, np.int64), np.empty(n, np.int64), out)


@njit
def _pairs_into(st, mom, dad, p_mom, pairs, order, above, below, out):
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
    """``plain.breed.preferences_child(mom, dad, rnd, as_published=published)``, into ``out``."""
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
def _mutate(st, row, kind, p_mom, rate, pairs, work):
    n = len(row)
    if kind == 1:                                   # breed with the reverse
        order, above, below, mom, rev = work
        for c in range(n):
            mom[c] = row[c]
            rev[c] = n - 1 - row[c]
        _pairs_into(st, mom, rev, p_mom, pairs, order, above, below, row)
    elif kind == 2 and n >= 2 and rate > 0 and uniform(st) < rate:   # swap two bids
        a, b = sample_two(st, n, n <= 21)
        row[a], row[b] = row[b], row[a]


@njit
def first_members(st, initial, n):
    """``[rnd.sample(range(n), n) for _ in range(initial)]`` as rows."""
    rows = np.empty((initial, n), np.int64)
    for k in range(initial):
        sample_all(st, rows[k])
    return rows


@njit
def generation(st, parents, size, population, kind, published, pairs, mutation, p_mom, rate,
               mutate_all):
    """One generation of ``evolve``: parents (mutated if ``mutate_all``) then children and
    immigrants (mutated if ``mutation``), as rows."""
    n_parents, n = parents.shape
    rows = np.empty((max(population, n_parents), n), np.int64)
    rows[:n_parents] = parents
    m = n_parents
    work = (np.empty(len(pairs), np.int64), np.empty(n, np.int64), np.empty(n, np.int64),
            np.empty(n, np.int64), np.empty(n, np.int64))
    while m < size:                                 # breed_children
        j0, j1 = sample_two(st, m, m <= 21)
        if kind == 0:
            _pairs_into(st, rows[j0], rows[j1], 0.5, pairs, work[0], work[1], work[2], rows[m])
        elif kind == 1:
            preferences_child(st, rows[j0], rows[j1], published, rows[m])
        else:
            for c in range(n):
                rows[m, c] = c
            shuffle(st, rows[m])
        m += 1
    while m < population:                           # immigrants
        sample_all(st, rows[m])
        m += 1
    if mutation != 0:
        for k in range(n_parents, m):
            _mutate(st, rows[k], mutation, p_mom, rate, pairs, work)
        if mutate_all:
            for k in range(n_parents):
                _mutate(st, rows[k], mutation, p_mom, rate, pairs, work)
    return rows[:m]


@njit
def generations(st, members, count, deck, survivors, size, population, kind, published, pairs,
                mutation, p_mom, rate, mutate_all, best, mean, diversity, offset):
    """``count`` scored generations of ``evolve`` from ``members``, their best, mean and
    diversity written from ``offset`` on: (survivors, their scores, generations done; fewer
    than ``count`` when fewer than two members were left to breed)."""
    scores = np.zeros(0, np.int64)
    for g in range(count):
        if len(members) < 2 and len(members) < size:
            return members, scores, g
        rows = generation(st, members, size, population, kind, published, pairs, mutation,
                          p_mom, rate, mutate_all)
        m, n = rows.shape
        found = np.empty(m, np.int64)                  # the identity-target score
        for k in range(m):
            total = 0
            for i in range(n):
                bid = deck[rows[k, i]]
                total += min(deck[i], bid) - bid
            found[k] = total
        order = np.arange(m)                           # stable sort, best score first
        for k in range(1, m):
            item, j = order[k], k
            while j > 0 and found[order[j - 1]] < found[item]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = item
        keep = order[:survivors]
        members, scores = rows[keep], found[keep]
        distinct = 0
        for k in range(len(members)):
            seen = False
            for j in range(k):
                if (members[j] == members[k]).all():
                    seen = True
                    break
            distinct += not seen
        best[offset + g] = scores[0]
        mean[offset + g] = scores.sum() / len(scores)
        diversity[offset + g] = distinct
    return members, scores, count
