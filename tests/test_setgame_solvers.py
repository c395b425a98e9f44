"""The Set solvers agree with brute force; hand-made tables; input validation."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setgame import LINES, decode, encode, find_sets, full_deck, is_set
from setgame.cards import COMPLETION, third_card

METHODS = ["brute", "pairs", "recursive", "fast", "brute_attributes", "recursive_triples"]


def test_encode_decode_round_trip_and_deck():
    deck = full_deck()
    assert deck.shape == (81, 4) and len({tuple(c) for c in deck.tolist()}) == 81
    np.testing.assert_array_equal(encode(deck), np.arange(81))
    np.testing.assert_array_equal(decode(encode(deck)), deck)


def test_completion_table_gives_the_unique_third_card():
    deck = full_deck()
    for a in range(81):
        for b in range(a + 1, 81):
            completing = np.flatnonzero(np.all((deck[a] + deck[b] + deck) % 3 == 0, axis=1))
            assert completing.tolist() == [COMPLETION[a, b]] and COMPLETION[a, b] not in (a, b)
    assert len(LINES) == 81 * 80 // 6 == 1080
    assert all(is_set(*deck[line]) for line in LINES)


def test_a_known_set_and_a_known_non_set():
    # red diamond solid one, green oval striped two, purple squiggle open three: a set
    assert is_set([0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2])
    # two ones and a two on "number": not a set
    assert not is_set([0, 0, 0, 0], [1, 1, 1, 0], [2, 2, 2, 1])
    np.testing.assert_array_equal(third_card([0, 1, 2, 0], [0, 2, 2, 1]), [0, 0, 2, 2])


@pytest.mark.parametrize("method", METHODS)
def test_hand_made_tables(method):
    deck = full_deck()
    # no set: a 20-card cap would do, but the simplest is 4 cards of a plane with no line
    no_set = deck[[0, 1, 3, 4]]  # (0000, 0001, 0010, 0011): no three sum to 0 mod 3
    assert find_sets(no_set, method) == []
    # all sets: every triple of a line of the deck is a set; the whole 81-card deck has 1080
    line = deck[list(LINES[17])]
    assert find_sets(line, method) == [(0, 1, 2)]
    # a 9-card plane (first two attributes fixed) holds 12 sets: every pair completes inside
    plane = deck[:9]
    assert len(find_sets(plane, method)) == 12
    # fewer than three cards, or none
    assert find_sets(deck[:2], method) == []
    assert find_sets(np.zeros((0, 4), dtype=int), method) == []


def test_the_whole_deck_holds_every_set():
    found = find_sets(full_deck(), "fast")
    assert len(found) == 1080
    assert found == sorted(map(tuple, LINES.tolist()))


def test_2000_random_tables_all_solvers_agree_with_brute_force():
    rng = np.random.default_rng(2010)
    for _ in range(2_000):       # with the property test below, 300 more
        n = int(rng.integers(3, 22))
        cards = decode(rng.choice(81, n, replace=False))
        expected = find_sets(cards, "brute")
        for method in METHODS[1:]:
            assert find_sets(cards, method) == expected, (method, cards.tolist())


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 80), min_size=0, max_size=21, unique=True),
       st.permutations(range(4)))
def test_property_solvers_agree_and_results_are_sorted_sets(codes, attribute_order):
    cards = decode(np.array(codes, dtype=int))[:, list(attribute_order)] if codes else \
        np.zeros((0, 4), dtype=int)
    expected = find_sets(cards, "brute")
    assert expected == sorted(expected)
    assert all(i < j < k and is_set(cards[i], cards[j], cards[k]) for i, j, k in expected)
    for method in METHODS[1:]:
        assert find_sets(cards, method) == expected


@pytest.mark.parametrize("bad, message", [
    (np.zeros((3, 3), dtype=int), "shape"),
    (np.zeros((3,), dtype=int), "shape"),
    (np.array([[0, 0, 0, 3], [0, 0, 0, 1], [0, 0, 0, 2]]), "0, 1 or 2"),
    (np.array([[0, 0, 0, -1], [0, 0, 0, 1], [0, 0, 0, 2]]), "0, 1 or 2"),
    (np.array([[0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 2]]), "distinct"),
    (np.array([[0.5, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 2]]), "whole numbers"),
])
def test_bad_tables_are_clear_errors(bad, message):
    with pytest.raises((ValueError, TypeError), match=message):
        find_sets(bad)


def test_unknown_method_is_a_clear_error():
    with pytest.raises(ValueError, match="method"):
        find_sets(full_deck()[:12], method="quantum")


def test_the_blogs_attribute_test_rejects_exactly_the_two_value_attributes():
    from setgame.solvers import attributes_form_set
    cards = np.array([[0, 1, 2, 0], [0, 1, 0, 1], [0, 1, 1, 2], [1, 1, 1, 1]])
    assert attributes_form_set(cards, (0, 1, 2))          # same, same, all different twice
    assert not attributes_form_set(cards, (0, 1, 3))      # first attribute: 0, 0, 1
    assert all(attributes_form_set(cards, t) == is_set(*cards[list(t)])
               for t in [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)])
