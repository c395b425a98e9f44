"""Solvers returning every set on a table, as sorted index triples ``(i, j, k)``.

- ``brute``: test all triples (the oracle), each by one sum modulo 3.
- ``pairs``: for each pair, compute the one completing card and look it up (the blog's idea).
- ``recursive``: group by an attribute; sets lie inside a group or take one card per group.
- ``fast``: integer codes, the 81 x 81 completion table and a code -> index lookup, in numpy.
- ``brute_attributes``, ``recursive_triples``: brute and recursive as the blog's text describes
  them (each triple tested attribute by attribute; every cross-group triple tested), for timing.
"""

from __future__ import annotations

import functools
import itertools
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


def attributes_form_set(cards: np.ndarray, triple) -> bool:
    """The blog's test: on each attribute in turn the three values are all the same or all
    different (1 or 3 distinct values), stopping at the first attribute that is neither."""
    rows = cards[list(triple)]
    return all(len(np.unique(rows[:, a])) != 2 for a in range(N_ATTRIBUTES))


def sets_brute_attributes(cards: np.ndarray) -> list[Triple]:
    """Every triple, each tested attribute by attribute (``attributes_form_set``)."""
    return [t for t in combinations(range(len(cards)), 3) if attributes_form_set(cards, t)]


def sets_recursive_triples(cards: np.ndarray) -> list[Triple]:
    """Group by one attribute at a time: recurse inside each group, and test every triple taking
    one card from each group (``attributes_form_set``)."""
    def within(indices: list[int], attribute: int) -> list[Triple]:
        if len(indices) < 3 or attribute == N_ATTRIBUTES:
            return []
        groups = [[i for i in indices if cards[i, attribute] == v] for v in range(3)]
        found = [t for group in groups for t in within(group, attribute + 1)]
        found += [tuple(sorted(t)) for t in itertools.product(*groups)
                  if attributes_form_set(cards, t)]
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
                     "fast": sets_fast, "brute_attributes": sets_brute_attributes,
                     "recursive_triples": sets_recursive_triples}
"""The solvers on tables already checked (``validate_table``): what ``solver_rates`` times."""


def checked(solve):
    """``solve`` taking any table: checked by ``validate_table`` (the error names cards) first."""
    @functools.wraps(solve)
    def run(cards):
        return solve(validate_table(cards))
    return run


SOLVERS = {name: checked(solve) for name, solve in UNCHECKED_SOLVERS.items()}
"""The solvers by name, each checking its table (``SOLVERS["pairs"](cards)``)."""


def find_sets(cards, method: str = "fast") -> list[Triple]:
    """Every set on a table of cards (n, 4), as sorted index triples in sorted order.

    ``method`` is one of ``SOLVERS`` ("brute", "pairs", "recursive", "fast",
    "brute_attributes", "recursive_triples"); all give the same answer.
    """
    method = choice(method, "method", SOLVERS)
    return sorted(UNCHECKED_SOLVERS[method](validate_table(cards)))
