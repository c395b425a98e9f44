"""Complete-game simulation: every recorded table is consistent with the rules."""

import itertools

import numpy as np
import pytest

from setgame import LINES, count_sets, simulate_games


@pytest.fixture(scope="module")
def games():
    return simulate_games(300, seed=5, batch_size=70, keep_tables=True)


def test_set_counts_and_sizes_match_the_recorded_tables(games):
    tables = games.tables
    np.testing.assert_array_equal(games.table_size, tables.sum(axis=1))
    codes = [np.flatnonzero(t) for t in tables]
    by_size = {}
    for index, c in enumerate(codes):
        by_size.setdefault(len(c), []).append(index)
    for rows in by_size.values():
        counted = count_sets(np.array([codes[r] for r in rows]))
        np.testing.assert_array_equal(counted, games.n_sets[rows])


def test_each_turn_follows_the_rules(games):
    for g in range(300):
        rows = np.flatnonzero(games.game == g)
        np.testing.assert_array_equal(games.turn[rows], np.arange(len(rows)))
        assert games.final[rows[-1]] and not games.final[rows[:-1]].any()
        assert games.n_sets[rows[-1]] == 0 and games.deck_left[rows[-1]] == 0
        assert games.table_size[rows[0]] == 12 and games.deck_left[rows[0]] == 69
        seen_on_table = set()
        for before, after in itertools.pairwise(rows):
            old, new = games.tables[before], games.tables[after]
            removed, added = np.flatnonzero(old & ~new), np.flatnonzero(new & ~old)
            seen_on_table |= set(np.flatnonzero(old).tolist())
            if games.n_sets[before] > 0:
                # one set removed, refilled to 12 while the deck lasts
                assert len(removed) == 3
                assert any((LINES == removed).all(axis=1))
                size_after = games.table_size[before] - 3
                expected_added = 3 if size_after < 12 and games.deck_left[before] > 0 else 0
                assert len(added) == expected_added
            else:
                # no set: three cards added, none removed
                assert len(removed) == 0 and len(added) == 3
            assert not set(added.tolist()) & seen_on_table, "a card came back"
            assert games.deck_left[after] == games.deck_left[before] - len(added)
            assert games.table_size[after] % 3 == 0


def test_every_card_is_either_taken_in_a_set_or_left_at_the_end(games):
    finals = np.flatnonzero(games.final)
    sets_taken = np.bincount(games.game[games.n_sets > 0], minlength=300)
    np.testing.assert_array_equal(3 * sets_taken + games.table_size[finals], 81)


def test_seeds_repeat_and_differ():
    a, b = simulate_games(50, seed=1), simulate_games(50, seed=1)
    np.testing.assert_array_equal(a.n_sets, b.n_sets)
    assert not np.array_equal(a.n_sets[:200], simulate_games(50, seed=2).n_sets[:200])


def test_the_set_removed_is_uniform_among_those_on_the_table():
    # On the first table of each game, record which of its sets disappeared. Across games the
    # chosen set's rank among the table's sets (in line order) must be uniform.
    games = simulate_games(3000, seed=11, keep_tables=True)
    first = np.flatnonzero((games.turn == 0) & (games.n_sets == 3))
    second = first + 1
    ranks = []
    for f, s in zip(first, second):
        present = np.flatnonzero(games.tables[f][LINES].all(axis=1))
        removed = games.tables[f] & ~games.tables[s]
        taken = [r for r, line in enumerate(present) if removed[LINES[line]].all()]
        assert len(taken) == 1
        ranks.append(taken[0])
    observed = np.bincount(ranks, minlength=3)
    expected = len(ranks) / 3
    chi2 = ((observed - expected) ** 2 / expected).sum()
    assert chi2 < 13.8  # chi-squared, 2 degrees of freedom, p = 0.001


def test_bad_arguments():
    with pytest.raises(ValueError, match="n_games"):
        simulate_games(0)
    with pytest.raises(ValueError, match="batch_size"):
        simulate_games(5, batch_size=0)
