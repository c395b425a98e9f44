"""Set-free collections (cap sets): checking them and finding a largest one by search.

No 21 cards are free of sets (Pellegrino 1971); 20 is reached. The search is a depth-first
search over card codes with bitmasks of "forbidden" cards (those completing a set with two
chosen cards). Any set-free collection of 20 cards spans the whole 4-dimensional space, and
affine maps act transitively on affine bases, so the search may start from the basis
0, e1, e2, e3, e4 without losing generality.
"""

from __future__ import annotations

import numpy as np

from setgame.arguments import count, scalar
from setgame.cards import COMPLETION, DECK_SIZE, N_ATTRIBUTES, N_VALUES, card_codes
from studykit.checks import seed as check_seed

MAX_CAP_SIZE = 20


def is_set_free(codes) -> bool:
    """True when no three of the given distinct card codes form a set."""
    codes = card_codes(codes, "codes", ndim=1).tolist()
    chosen = set(codes)
    if len(chosen) != len(codes):
        raise ValueError("codes must be distinct")
    return not any(int(COMPLETION[a, b]) in chosen
                   for x, a in enumerate(codes) for b in codes[x + 1:])


def _basis() -> list[int]:
    return [0] + [N_VALUES ** (N_ATTRIBUTES - 1 - a) for a in range(N_ATTRIBUTES)]


def find_cap_set(size: int = MAX_CAP_SIZE, seed: int = 0, max_nodes: int = 5_000_000) -> list[int]:
    """A set-free collection of ``size`` card codes, found by seeded depth-first search.

    Candidates are tried in a seeded random order; raises ``RuntimeError`` if ``max_nodes``
    search nodes pass without success (never for size <= 20 with the defaults we test).
    """
    size = count(size, "size", 1, MAX_CAP_SIZE, why="no 21 cards are set-free")
    seed, max_nodes = check_seed(scalar(seed)), count(max_nodes, "max_nodes", 1)
    start = _basis()[:size]
    rng = np.random.default_rng(seed)
    order = [int(c) for c in rng.permutation(DECK_SIZE) if int(c) not in start]
    completes = [[int(COMPLETION[a, b]) for b in range(DECK_SIZE)] for a in range(DECK_SIZE)]
    forbidden = 0
    for x, a in enumerate(start):
        forbidden |= 1 << a
        for b in start[:x]:
            forbidden |= 1 << completes[a][b]
    nodes = 0

    def extend(chosen: list[int], banned: int, from_index: int) -> list[int] | None:
        nonlocal nodes
        if len(chosen) == size:
            return chosen
        candidates = [c for c in order[from_index:] if not banned >> c & 1]
        if len(chosen) + len(candidates) < size:
            return None
        for position, card in enumerate(candidates):
            nodes += 1
            if nodes > max_nodes:
                raise RuntimeError(f"no set-free collection of {size} found in {max_nodes} nodes")
            if len(chosen) + len(candidates) - position < size:
                return None
            new_banned = banned | 1 << card
            for other in chosen:
                new_banned |= 1 << completes[card][other]
            found = extend(chosen + [card], new_banned, order.index(card) + 1)
            if found:
                return found
        return None

    found = extend(list(start), forbidden, 0)
    if found is None:
        raise RuntimeError(f"no set-free collection of {size} cards exists")
    return sorted(found)
