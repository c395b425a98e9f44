"""Hypothesis over Set's public API: random arguments of the right and the wrong kinds give a
correct result (checked against a plain oracle) or our own clear error naming the argument,
never anything else (issue 41)."""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
from fuzzing import FUZZ, INT_DTYPES, refused
from hypothesis import given
from hypothesis import strategies as st

from setgame import (
    Proportion,
    count_cap_sets,
    count_sets,
    decode,
    encode,
    find_sets,
    full_deck,
    is_set,
    is_set_free,
    no_set_probability,
    proportion,
    third_card,
)
from setgame.settings import notebook_settings

DECK = full_deck()
COUNTS = [int(c) for c in count_cap_sets(4)]
SETTINGS = {"SEED": 2010, "TABLE_SIZE": 12, "N_RANDOM_TABLES": 1000, "N_GAMES": 1000,
            "N_TABLES_PER_SIZE": 1000, "SPEED_TABLES": 30, "ANIMATION_GAME": 0}

# anything at all: numbers of every kind, text, None, containers, arrays
anything = st.one_of(
    st.integers(), st.integers(min_value=10**30, max_value=10**400), st.floats(), st.booleans(),
    st.text(max_size=5), st.none(), st.just(1j), st.lists(st.integers(-3, 90), max_size=5),
    st.lists(st.floats(), max_size=4),
    st.builds(lambda d, v: np.array(v).astype(d), st.sampled_from(INT_DTYPES),
              st.lists(st.integers(0, 100), max_size=5)),
    st.builds(np.array, st.integers(-5, 100)))
dtyped = st.builds(lambda d, v: d(v), st.sampled_from(INT_DTYPES), st.integers(0, 127))


def brute_sets(cards) -> list[tuple[int, int, int]]:
    return [t for t in combinations(range(len(cards)), 3)
            if not ((cards[t[0]] + cards[t[1]] + cards[t[2]]) % 3).any()]


@FUZZ
@given(st.lists(st.integers(0, 80), max_size=12, unique=True), st.sampled_from(INT_DTYPES),
       st.sampled_from(["fast", "brute", "pairs", "recursive"]))
def test_solvers_agree_with_the_oracle_in_any_dtype(codes, dtype, method):
    cards = DECK[codes].astype(dtype)
    assert find_sets(cards, method) == brute_sets(DECK[codes])
    assert count_sets(np.array([codes], dtype=dtype).reshape(1, -1)).tolist() == \
        [len(brute_sets(DECK[codes]))]
    assert encode(cards).tolist() == codes
    assert is_set_free(np.array(codes, dtype=dtype)) == (not brute_sets(DECK[codes]))


@FUZZ
@given(st.integers(0, 80), st.integers(0, 80), st.sampled_from(INT_DTYPES))
def test_third_card_and_is_set_are_right_or_refuse_a_repeat(a, b, dtype):
    x, y = DECK[a].astype(dtype), DECK[b].astype(dtype)
    if a == b:
        refused(lambda: third_card(x, y), "distinct")
        refused(lambda: is_set(x, y, DECK[0]), "distinct")
        return
    c = third_card(x, y)
    assert ((DECK[a] + DECK[b] + c) % 3 == 0).all() and is_set(x, y, c)
    assert all(not is_set(x, y, DECK[k]) for k in range(81)
               if k not in (a, b) and not (DECK[k] == c).all())


@FUZZ
@given(anything)
def test_any_card_argument_is_a_card_or_our_error(value):
    for call, name in ((lambda: encode(value), "cards"), (lambda: decode(value), "codes"),
                       (lambda: find_sets(value), "cards"),
                       (lambda: is_set(value, DECK[1], DECK[2]), "a")):
        try:
            result = call()
        except (TypeError, ValueError):
            refused(call, name)
            continue
        assert result is not None
        if call is not None and name == "codes":
            arr = np.asarray(value)
            assert np.asarray(result).tolist() == DECK[arr.astype(np.int64)].tolist()


@FUZZ
@given(st.integers(0, 27), st.integers(0, 27), st.integers(-3, 3))
def test_no_set_probability_takes_only_the_exact_counts(n, k, delta):
    counts = list(COUNTS)
    counts[k] += delta
    if delta == 0:
        p = no_set_probability(n, counts)
        assert p == COUNTS[n] / math.comb(81, n) and 0 <= p <= 1
    else:
        refused(lambda: no_set_probability(n, counts), "counts")


@FUZZ
@given(anything)
def test_any_count_argument_is_a_probability_or_our_error(value):
    try:
        p = no_set_probability(value, COUNTS)
    except (TypeError, ValueError):
        refused(lambda: no_set_probability(value, COUNTS), "n_cards")
        return
    assert p == COUNTS[int(value)] / math.comb(81, int(value)) if int(value) < 28 else p == 0


@FUZZ
@given(st.lists(st.one_of(st.booleans(), st.integers(-1, 2), st.floats()), max_size=6))
def test_a_share_is_right_or_our_error(events):
    try:
        share = proportion(events)
    except (TypeError, ValueError):
        refused(lambda: proportion(events), "event")
        return
    assert share.p == sum(bool(e) for e in events) / len(events)
    assert isinstance(share, Proportion) and 0 <= share.se <= 0.5


@FUZZ
@given(st.sampled_from(sorted(SETTINGS)), st.one_of(anything, dtyped))
def test_a_notebook_constant_is_checked_or_refused_naming_it(name, value):
    try:
        got = notebook_settings(**{**SETTINGS, name: value})
    except (TypeError, ValueError):
        refused(lambda: notebook_settings(**{**SETTINGS, name: value}), name)
        return
    assert type(got[name]) is int and got[name] == value
