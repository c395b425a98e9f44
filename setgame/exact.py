"""Exact counts of set-free collections (cap sets) in the game with ``dimension`` attributes.

The space AG(d, 3) splits along its last attribute into three parallel hyperplanes H0, H1,
H2, each a copy of AG(d - 1, 3). A line (a set) lies inside one hyperplane or meets each in
one point, and ``a + b + c = 0`` for ``a`` in H0, ``b`` in H1, ``c`` in H2. So a set-free
collection is a triple of set-free collections (C0, C1, C2) of the smaller space such that C2
avoids ``F(C0, C1) = {-(a + b)}``. We count, for every C0 and C1, the set-free C2 of each size
inside the complement of F with a subset-sum (zeta) table over all 2^(3^(d-1)) subsets, and
sum over C0 only once per orbit of the affine group of the smaller space, weighted by the
orbit size. For the real game (d = 4) this takes about a minute and 0.6 GB of memory, so its
counts are also shipped with the package (``setgame.shipped``) and used while the code that
computed them is unchanged.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np
from tqdm.auto import tqdm

from setgame.arguments import count, integers
from setgame.cards import DECK_SIZE
from setgame.shipped import (
    COUNTS_DIGEST,
    MAX_CAP,
    N_COUNTS,
    counts_digest,
    shipped_counts,
    write_counts,
)
from studykit.checks import flag
from studykit.codehash import code_fingerprint


def _points(dimension: int) -> np.ndarray:
    return np.array(list(itertools.product(range(3), repeat=dimension)), dtype=np.int64)


def _codes(vectors: np.ndarray, dimension: int) -> np.ndarray:
    return (vectors % 3) @ (3 ** np.arange(dimension - 1, -1, -1))


def enumerate_cap_sets(dimension: int) -> np.ndarray:
    """Every set-free subset of AG(dimension, 3) as a bitmask, by depth-first search."""
    dimension = count(dimension, "dimension", 1, 3)
    points = _points(dimension)
    n = len(points)
    third = _codes(-(points[:, None] + points[None, :]), dimension).tolist()
    masks: list[int] = []

    def extend(chosen: list[int], banned: int, start: int, mask: int) -> None:
        masks.append(mask)
        for card in range(start, n):
            if banned >> card & 1:
                continue
            new_banned = banned | 1 << card
            for other in chosen:
                new_banned |= 1 << third[card][other]
            extend(chosen + [card], new_banned, card + 1, mask | 1 << card)

    extend([], 0, 0, 0)
    return np.array(sorted(masks), dtype=np.int64)


def affine_group(dimension: int) -> np.ndarray:
    """All maps x -> A x + b of AG(dimension, 3), as point permutations (maps, 3^dimension)."""
    dimension = count(dimension, "dimension", 1, 3)   # 4 would try 3^16 matrices
    points = _points(dimension)
    images = []
    for entries in itertools.product(range(3), repeat=dimension * dimension):
        matrix = np.array(entries).reshape(dimension, dimension)
        linear = _codes(points @ matrix.T, dimension)
        if len(np.unique(linear)) == len(points):  # invertible
            images.append(_codes((points @ matrix.T)[None] + points[:, None], dimension))
    return np.concatenate(images)


def _apply(perms: np.ndarray, mask: int) -> np.ndarray:
    image = np.zeros(len(perms), dtype=np.int64)
    for point in range(perms.shape[1]):
        if mask >> point & 1:
            image |= np.int64(1) << perms[:, point]
    return image


def _orbit_representatives(caps: np.ndarray, group: np.ndarray) -> list[tuple[int, int]]:
    """(representative mask, orbit size) for every orbit of the group on the caps."""
    seen = np.zeros(len(caps), dtype=bool)
    reps = []
    for index in range(len(caps)):
        if seen[index]:
            continue
        orbit = np.unique(_apply(group, int(caps[index])))
        seen[np.searchsorted(caps, orbit)] = True
        reps.append((int(caps[index]), len(orbit)))
    return reps


def _subset_counts(caps: np.ndarray, sizes: np.ndarray, size: int, n_points: int) -> np.ndarray:
    """table[M] = number of caps of the given size contained in the subset M (zeta transform),
    in 16 bits when their number fits (no entry exceeds it): half the memory to sweep."""
    chosen = caps[sizes == size]
    narrow = len(chosen) <= np.iinfo(np.uint16).max
    table = np.zeros(1 << n_points, dtype=np.uint16 if narrow else np.int32)
    table[chosen] = 1
    for bit in range(n_points):
        view = table.reshape(-1, 2, 1 << bit)
        view[:, 1, :] += view[:, 0, :]
    return table


def count_cap_sets(dimension: int = 4, progress: bool = False, shipped: bool = True
                   ) -> np.ndarray:
    """``counts[k]``: the number of set-free collections of k cards with ``dimension`` attributes.

    ``dimension=4`` is the real 81-card game (about a minute to count); with ``shipped`` its
    counts come from the package's file when they were computed by the current code (same
    ``code_fingerprint``), else they are counted. 2 and 3 take well under a second.
    """
    dimension = count(dimension, "dimension", 2, 4)
    progress, shipped = flag(progress, "progress"), flag(shipped, "shipped")
    if shipped and dimension == 4:
        counts = shipped_counts(counting_fingerprint())
        if counts is not None:
            return counts
    sub = dimension - 1
    caps = enumerate_cap_sets(sub)
    n_points = 3**sub
    sizes = np.array([int(m).bit_count() for m in caps])
    points = _points(sub)
    # completes[a][b]: the point of H2 completing a line through a in H0 and b in H1
    completes = _codes(-(points[:, None] + points[None, :]), sub)
    reps = _orbit_representatives(caps, affine_group(sub))
    caps_bits = (caps[:, None] >> np.arange(n_points)) & 1
    full = (1 << n_points) - 1
    counts = np.zeros(3 * sizes.max() + 1, dtype=object)
    forbidden = []
    for rep, _ in reps:
        mask = np.zeros(len(caps), dtype=np.int64)
        for a in range(n_points):
            if rep >> a & 1:
                for b in range(n_points):
                    mask |= caps_bits[:, b] << completes[a, b]
        forbidden.append(full & ~mask)
    for size2 in tqdm(range(sizes.max() + 1), disable=not progress, desc="cap-set sizes"):
        table = _subset_counts(caps, sizes, size2, n_points)
        for (rep, orbit), allowed in zip(reps, forbidden):
            found = table[allowed].astype(np.int64)
            per_size1 = np.bincount(sizes, weights=found, minlength=sizes.max() + 1)
            size0 = (rep).bit_count()
            for size1, total in enumerate(per_size1):
                counts[size0 + size1 + size2] += orbit * int(total)
        del table
    return counts


def counting_fingerprint() -> str:
    """The fingerprint of the code behind ``count_cap_sets`` as it is now."""
    return code_fingerprint(count_cap_sets)


def write_shipped_counts(path: str | Path | None = None, progress: bool = False) -> Path:
    """Count the 81-card game afresh (about a minute) and store the counts with the current
    code's fingerprint (in ``path``, default the shipped ``setgame/capsets4.json``)."""
    counts = count_cap_sets(4, progress=progress, shipped=False)
    return write_counts(counts, counting_fingerprint(), path)


def no_set_probability(n_cards: int, counts) -> float:
    """Exact P(no set among n random distinct cards of the 81) from ``count_cap_sets(4)``.

    Every count is checked: ``counts`` must be the 81-card game's (one per size from 0 to at
    least 20, zero beyond 20; compared with the known counts through ``COUNTS_DIGEST``), so a
    damaged or edited list is refused rather than read.
    """
    n_cards = count(n_cards, "n_cards", 0, DECK_SIZE)
    counts = integers(counts, "counts", ndim=1, low=0)
    small = [math.comb(DECK_SIZE, k) for k in range(3)]       # 1, 81, 3240: nothing to avoid
    if not MAX_CAP < len(counts) <= DECK_SIZE + 1 or counts[:3].tolist() != small:
        raise ValueError(f"counts must be count_cap_sets(4), the counts of the 81-card game by "
                         f"size (from {MAX_CAP + 1} to {DECK_SIZE + 1} numbers starting {small}), "
                         f"got {len(counts)} numbers starting {counts[:3].tolist()}")
    beyond = np.flatnonzero(counts[MAX_CAP + 1:]) + MAX_CAP + 1
    if len(beyond):
        raise ValueError(f"counts must be count_cap_sets(4): no {beyond[0]} cards are set-free, "
                         f"but counts[{beyond[0]}] = {counts[beyond[0]]}")
    full = np.zeros(N_COUNTS, dtype=np.int64)
    full[:min(len(counts), N_COUNTS)] = counts[:N_COUNTS]
    if counts_digest(full) != COUNTS_DIGEST:
        over = [k for k, c in enumerate(full) if int(c) > math.comb(DECK_SIZE, k)]
        detail = (f"counts[{over[0]}] exceeds the C(81, {over[0]}) collections of {over[0]} cards"
                  if over else "they differ from the exact counts of the 81-card game")
        raise ValueError(f"counts must be count_cap_sets(4): {detail}")
    return int(full[n_cards] if n_cards < N_COUNTS else 0) / math.comb(DECK_SIZE, n_cards)
