"""count_sets against the single-table solvers; random_tables; validation."""

import numpy as np
import pytest

from setgame import count_sets, decode, find_sets, random_tables


def test_count_sets_agrees_with_brute_force_on_random_tables_of_every_size():
    rng = np.random.default_rng(7)
    for n in range(22):
        tables = random_tables(150, n, rng)
        counts = count_sets(tables)
        expected = [len(find_sets(decode(t), "brute")) for t in tables]
        np.testing.assert_array_equal(counts, expected)
        # the (m, n, 4) vector form gives the same answer
        np.testing.assert_array_equal(count_sets(decode(tables)), counts)


def test_count_sets_on_chunk_boundaries():
    tables = random_tables(50, 12, np.random.default_rng(1))
    expected = [len(find_sets(decode(t))) for t in tables]
    for chunk_pairs in (1, 66 * 7, 66 * 7 + 65, 66 * 50):   # 1, 7, 7 and 50 tables per chunk
        np.testing.assert_array_equal(count_sets(tables, chunk_pairs=chunk_pairs), expected)


@pytest.mark.parametrize("chunk_pairs, error", [(0, ValueError), (-5, ValueError), (2.5, TypeError)])
def test_count_sets_refuses_a_bad_chunk_size(chunk_pairs, error):
    tables = random_tables(3, 12, np.random.default_rng(2))
    with pytest.raises(error, match="chunk_pairs"):
        count_sets(tables, chunk_pairs=chunk_pairs)


def test_count_sets_refuses_a_chunk_beyond_the_memory_limit(monkeypatch):
    tables = random_tables(2_000, 12, np.random.default_rng(5))
    monkeypatch.setenv("GAMEAI_MAX_MEMORY_GB", "0.001")        # 1 MB: about 580 tables of 12
    with pytest.raises(ValueError, match="chunk_pairs"):
        count_sets(tables)
    expected = [len(find_sets(decode(t))) for t in tables[:50]]
    np.testing.assert_array_equal(count_sets(tables, chunk_pairs=66 * 500)[:50], expected)


def test_random_tables_are_distinct_cards_uniformly_spread():
    tables = random_tables(20_000, 12, np.random.default_rng(0))
    assert tables.shape == (20_000, 12)
    assert all(len(set(t)) == 12 for t in tables[:2000].tolist())
    frequency = np.bincount(tables.ravel(), minlength=81) / tables.size
    # each card appears with probability 1/81; 240,000 draws -> se about 0.00023 per card
    assert np.abs(frequency - 1 / 81).max() < 6 * np.sqrt((1 / 81) * (80 / 81) / tables.size)


def test_mean_number_of_sets_among_12_cards_is_220_over_79():
    # every triple is a set with probability 1/79, so E[sets] = C(12, 3) / 79 = 2.785
    counts = count_sets(random_tables(200_000, 12, np.random.default_rng(3)))
    se = counts.std() / np.sqrt(len(counts))
    assert abs(counts.mean() - 220 / 79) < 4 * se


@pytest.mark.parametrize("bad, message", [
    (np.zeros((2, 3, 3), dtype=int), "shape"),
    (np.zeros(5, dtype=int), "shape"),
    (np.array([[0, 81, 5]]), "0..80"),
    (np.array([[0, 4, 4]]), "same card twice"),
    (np.array([[0.0, 1.0, 2.0]]), "whole numbers"),
    (np.full((1, 3, 4), 3), "0, 1 or 2"),
])
def test_bad_tables_are_clear_errors(bad, message):
    with pytest.raises((ValueError, TypeError), match=message):
        count_sets(bad)


def test_random_tables_rejects_impossible_sizes():
    with pytest.raises(ValueError, match="n must"):
        random_tables(3, 82, np.random.default_rng(0))
