"""Rules of fixed-bid goofspiel: strategy views, exact split ties, the {2,3,4} cycle, random games."""
from fractions import Fraction

import numpy as np
import pytest

from goofspiel import Strategy, identity, identity_score, margin, play, random_strategy, reverse
from goofspiel.evolution.ga import identity_scores as plain_identity_scores


def test_views_round_trip_on_random_strategies():
    rng = np.random.default_rng(1)
    for _ in range(500):
        deck = tuple(sorted(rng.choice(np.arange(1, 30), size=rng.integers(2, 9), replace=False)))
        s = random_strategy(deck, rng)
        assert Strategy.from_bids(s.bids, deck) == s
        assert Strategy.from_preferences(s.preferences, deck) == s
        assert Strategy.from_pairs(s.pairs, deck) == s
        assert len(s.pairs) == len(deck) * (len(deck) - 1) // 2
        assert reverse(reverse(s)) == s


def test_preference_list_reads_like_the_spec():
    s = Strategy.from_bids((3, 4, 2), deck=(2, 3, 4))      # prize 4 gets the lowest bid
    assert s.preferences == (4, 2, 3) and str(s) == "4<2<3"
    assert reverse(identity(range(1, 4))).bids == (3, 2, 1)


@pytest.mark.parametrize("bad", [(1, 2, 2), (1, 2, 4), (1, 2)])
def test_bids_must_be_a_permutation_of_the_deck(bad):
    with pytest.raises(ValueError, match="bids"):
        Strategy.from_bids(bad, deck=(1, 2, 3))


def test_errors_for_empty_deck_and_one_player():
    with pytest.raises(ValueError, match="deck"):
        identity(())
    with pytest.raises(ValueError, match="strategies"):
        play([identity(range(1, 4))])
    with pytest.raises(ValueError, match="total order"):
        Strategy.from_pairs({(1, 2)}, deck=(1, 2, 3))


def test_the_cycle_beats_itself_around():
    a, b, c = (Strategy.from_preferences(p, (2, 3, 4)) for p in [(2, 3, 4), (4, 2, 3), (3, 4, 2)])
    assert margin(b, a) > 0 and margin(c, b) > 0 and margin(a, c) > 0


def test_split_ties_are_exact_fractions_for_three_and_four_players():
    deck = (1, 2, 3)
    same = identity(deck)
    assert play([same] * 3) == [Fraction(2)] * 3            # every prize split three ways
    other = Strategy.from_bids((1, 3, 2), deck)
    # prize 1: all bid 1 -> 1/4 each; prize 2: `other` bids 3 alone; prize 3: three identities tie
    assert play([same, same, same, other]) == [Fraction(1, 4) + 1, Fraction(1, 4) + 1,
                                              Fraction(1, 4) + 1, Fraction(1, 4) + 2]
    two = play([same, other, other])
    assert two == [Fraction(1, 3) + 3, Fraction(1, 3) + 1, Fraction(1, 3) + 1]


def test_random_games_hand_out_exactly_the_deck():
    rng = np.random.default_rng(7)
    for _ in range(3000):
        n = int(rng.integers(1, 9))
        deck = tuple(range(1, n + 1))
        players = [random_strategy(deck, rng) for _ in range(int(rng.integers(2, 6)))]
        points = play(players)
        assert sum(points) == sum(deck)
        assert all(p >= 0 for p in points)
        if len(players) == 2:
            assert margin(players[0], players[1]) == -margin(players[1], players[0])


def test_identity_score_is_zero_only_for_identity_and_averages_minus_n2_minus_1_over_6():
    deck = np.arange(1, 21)
    assert identity_score(np.arange(20)[None, :], deck)[0] == 0
    rng = np.random.default_rng(3)
    ranks = np.array([rng.permutation(20) for _ in range(20000)])
    scores = identity_score(ranks, deck)
    assert (scores[(ranks != np.arange(20)).any(axis=1)] < 0).all()
    se = scores.std() / np.sqrt(len(scores))
    assert abs(scores.mean() - (-(20 ** 2 - 1) / 6)) < 4 * se
    assert scores[:500].tolist() == plain_identity_scores(ranks[:500].tolist(), deck.tolist())
    deck = np.array([2, 3, 5, 8, 13, 21])                   # not 1..n: the bids are the deck's cards
    ranks = np.array([rng.permutation(6) for _ in range(200)])
    assert identity_score(ranks, deck).tolist() == plain_identity_scores(ranks, deck)
