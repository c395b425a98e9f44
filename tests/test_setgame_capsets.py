"""Set-free collections: the search, the check, and the exact counts."""

import math

import numpy as np
import pytest

from setgame import (
    LINES,
    count_cap_sets,
    count_sets,
    find_cap_set,
    is_set_free,
    no_set_probability,
    random_tables,
)
from setgame.exact import enumerate_cap_sets


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_20_card_set_free_collection_is_found_and_verified(seed):
    cap = find_cap_set(20, seed=seed)
    assert len(set(cap)) == 20
    on = np.zeros(81, dtype=bool)
    on[cap] = True
    assert not on[LINES].all(axis=1).any()
    assert is_set_free(cap)
    # and it is maximal: every other card completes a set with two of it
    assert all(not is_set_free(cap + [c]) for c in range(81) if c not in cap)


def test_is_set_free_detects_a_set():
    assert not is_set_free(LINES[0].tolist() + [40])
    assert is_set_free([])
    with pytest.raises(ValueError):
        find_cap_set(21)


def test_decomposition_count_matches_enumeration_in_three_dimensions():
    enumerated = np.bincount([int(m).bit_count() for m in enumerate_cap_sets(3)])
    counted = count_cap_sets(3)
    np.testing.assert_array_equal(counted[:len(enumerated)].astype(np.int64), enumerated)
    assert not counted[len(enumerated):].any()


def test_exact_counts_for_the_real_deck():
    counts = count_cap_sets(4)
    assert sum(int(c) for c in counts) > 0
    assert counts[0] == 1 and counts[1] == 81 and counts[2] == math.comb(81, 2)
    assert counts[3] == math.comb(81, 3) - 1080
    # four cards hold at most one set (two sets share at most one card)
    assert counts[4] == math.comb(81, 4) - 1080 * 78
    # Knuth (SETSET-ALL, 2001): 682,344 set-free collections of 20; none of 21 (Pellegrino)
    assert counts[20] == 682_344 and not any(counts[21:])
    # the exact P(no set among 12) agrees with a Monte Carlo estimate
    exact = no_set_probability(12, counts)
    sample = count_sets(random_tables(200_000, 12, np.random.default_rng(4))) == 0
    se = np.sqrt(exact * (1 - exact) / sample.size)
    assert abs(sample.mean() - exact) < 4 * se
