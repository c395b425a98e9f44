"""Four solvers returning every set on a table, as sorted index triples ``(i, j, k)``.

- ``brute``: test all triples (the oracle).
- ``pairs``: for each pair, compute the one completing card and look it up (the blog's idea).
- ``recursive``: group by an attribute; sets lie inside a group or take one card per group.
- ``fast``: integer codes, the 81 x 81 completion table and a code -> index lookup, in numpy.
"""

from __future__ import annotations

import functools
from itertools import combinations

import numpy as np

from setgame.cards import (
    COMPLETION,
    DECK_SIZE,
    N_ATTRIBUTES,
    encode_unchecked,
    third_card_unchecked,
    validate_table,
)
from studykit.checks import choice

Triple = tuple[int, int, int]


def sets_brute(cards: np.ndarray) -> list[Triple]:
    """Every triple whose attribute sums are all 0 mod 3."""
    return [(i, j, k) for i, j, k in combinations(range(len(cards)), 3)
            if not np.any((cards[i] + cards[j] + cards[k]) % 3)]


def sets_pairs(cards: np.ndarray) -> list[Triple]:
    """For each pair i < j, find the completing card among the cards after j."""
    found = []
    for i, j in combinations(range(len(cards)), 2):
        third = third_card_unchecked(cards[i], cards[j])
        match = np.flatnonzero(np.all(cards[j + 1:] == third, axis=1))
        found.extend((i, j, j + 1 + int(k)) for k in match)
    return found


def sets_recursive(cards: np.ndarray) -> list[Triple]:
    """Split by one attribute at a time: sets within a group, or one card from each group."""
    lookup = {tuple(card): index for index, card in enumerate(cards.tolist())}

    def within(indices: list[int], attribute: int) -> list[Triple]:
        if len(indices) < 3 or attribute == N_ATTRIBUTES:
            return []
        groups = [[i for i in indices if cards[i, attribute] == v] for v in range(3)]
        found = [t for group in groups for t in within(group, attribute + 1)]
        # Across groups: one card per value of this attribute; the third is determined.
        members = set(groups[2])
        for i in groups[0]:
            for j in groups[1]:
                k = lookup.get(tuple(third_card_unchecked(cards[i], cards[j]).tolist()))
                if k in members:
                    found.append(tuple(sorted((i, j, k))))
        return found

    return sorted(within(list(range(len(cards))), 0))


def sets_fast(cards: np.ndarray) -> list[Triple]:
    """Vectorized pairs solver on integer codes."""
    codes = encode_unchecked(cards)
    position = np.full(DECK_SIZE, -1, dtype=np.int64)
    position[codes] = np.arange(len(codes))
    i, j = np.triu_indices(len(codes), 1)
    k = position[COMPLETION[codes[i], codes[j]]]
    keep = k > j
    return list(zip(i[keep].tolist(), j[keep].tolist(), k[keep].tolist()))


UNCHECKED_SOLVERS = {"brute": sets_brute, "pairs": sets_pairs, "recursive": sets_recursive,
                     "fast": sets_fast}
"""The solvers on tables already checked (``validate_table``): what ``solver_rates`` times."""


def checked(solve):
    """``solve`` taking any table: checked by ``validate_table`` (the error names cards) first."""
    @functools.wraps(solve)
    def run(cards):
        return solve(validate_table(cards))
    return run


SOLVERS = {name: checked(solve) for name, solve in UNCHECKED_SOLVERS.items()}
"""The four solvers by name, each checking its table (``SOLVERS["pairs"](cards)``)."""


def find_sets(cards, method: str = "fast") -> list[Triple]:
    """Every set on a table of cards (n, 4), as sorted index triples in sorted order.

    ``method`` is one of "brute", "pairs", "recursive", "fast"; all give the same answer.
    """
    method = choice(method, "method", SOLVERS)
    return sorted(UNCHECKED_SOLVERS[method](validate_table(cards)))
