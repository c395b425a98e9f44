"""Fuzz of Set's public entry points: random tables of any numbers either count exactly what the
brute-force oracle counts or are refused (never a truncated float card), bad sizes, seeds and
names are refused quickly by our own checks, and the issue's float-card table is a regression."""

from itertools import combinations

import matplotlib
import numpy as np
import pytest
from fuzzing import FUZZ, bad_name, bad_whole, not_a_flag, not_whole, refused
from hypothesis import given
from hypothesis import strategies as st

import setgame
from setgame import (
    count_cap_sets,
    count_sets,
    decode,
    draw_table,
    encode,
    find_cap_set,
    find_sets,
    full_deck,
    is_set,
    is_set_free,
    no_set_probability,
    proportion,
    random_tables,
    simulate_games,
    solver_rates,
)
from setgame.stats import clustered_proportion

matplotlib.use("Agg")
RNG = np.random.default_rng(0)


def brute_count(vectors) -> int:
    return sum(not np.any((a + b + c) % 3) for a, b, c in combinations(vectors, 3))


card_values = st.one_of(st.integers(-1, 3), st.sampled_from([0.5, 1.2, 2.9, 1.0, np.nan]))


@FUZZ
@given(st.lists(st.lists(card_values, min_size=4, max_size=4), min_size=0, max_size=9))
def test_count_sets_is_exact_or_refused(rows):
    table = np.array(rows, dtype=object).reshape(1, len(rows), 4) if rows else np.zeros((1, 0, 4), int)
    values = [v for r in rows for v in r]
    valid = (all(isinstance(v, int) and 0 <= v <= 2 for v in values)
             and len({tuple(r) for r in rows}) == len(rows))
    if valid:
        vectors = np.array(rows, dtype=int).reshape(-1, 4)
        assert count_sets(table.astype(int)).tolist() == [brute_count(vectors)]
        assert len(find_sets(vectors)) == brute_count(vectors)
    else:
        refused(lambda: count_sets(np.array(rows)), "tables", "cards")
        refused(lambda: find_sets(np.array(rows) if rows else []), "cards")


@FUZZ
@given(st.lists(st.one_of(st.integers(-3, 90), st.floats(allow_nan=True)), min_size=1,
                max_size=12))
def test_codes_are_whole_numbers_0_to_80(codes):
    valid = all(isinstance(c, int) and 0 <= c <= 80 for c in codes)
    if valid:
        assert encode(decode(codes)).tolist() == codes
        if len(set(codes)) == len(codes):
            assert count_sets([codes]).tolist() == [brute_count(decode(codes))]
            assert is_set_free(codes) == (brute_count(decode(codes)) == 0)
    else:
        refused(lambda: decode(codes), "codes")
        refused(lambda: count_sets([codes]), "tables")
        refused(lambda: is_set_free(codes), "codes")


@FUZZ
@given(st.lists(card_values, min_size=0, max_size=6))
def test_is_set_and_encode_take_card_vectors_of_0_1_2(card):
    valid = len(card) == 4 and all(isinstance(v, int) and 0 <= v <= 2 for v in card)
    if valid:
        assert is_set(card, card, card)
        assert decode(encode(card)).tolist() == card
    else:
        refused(lambda: is_set(card, [0, 0, 0, 0], [0, 0, 0, 0]), "a")
        refused(lambda: encode(card), "cards")


@FUZZ
@given(bad_whole(0, None), st.integers(0, 81))
def test_random_tables_refuses_bad_or_absurd_counts(m, n):
    refused(lambda: random_tables(m, n, RNG), "m", "random_tables")


@FUZZ
@given(st.integers(0, 5), bad_whole(0, 81))
def test_random_tables_refuses_bad_table_sizes(m, n):
    refused(lambda: random_tables(m, n, RNG), "n")


def test_random_tables_needs_a_generator_and_refuses_a_billion_tables():
    refused(lambda: random_tables(3, 12, 0), "rng")
    refused(lambda: random_tables(3, 12, None), "rng")
    refused(lambda: random_tables(10**9, 12, RNG), "GB")


@FUZZ
@given(st.sampled_from(["n_games", "seed", "batch_size", "table_size", "keep_tables",
                        "progress"]), st.data())
def test_simulate_games_refuses_each_bad_argument(name, data):
    bad = {"n_games": bad_whole(1, 10_000_000), "seed": st.one_of(not_whole(),
                                                                  st.integers(max_value=-1)),
           "batch_size": bad_whole(1, None), "table_size": bad_whole(3, 21) | st.just(4),
           "keep_tables": not_a_flag, "progress": not_a_flag}[name]
    value = data.draw(bad)
    kwargs = {"n_games": 2, name: value}
    refused(lambda: simulate_games(**kwargs), name)


@FUZZ
@given(st.lists(st.one_of(st.booleans(), st.integers(-1, 2), st.floats(allow_nan=True)),
                min_size=1, max_size=8))
def test_proportions_take_true_false_draws_only(event):
    values = np.asarray(event)
    bools = [isinstance(v, bool) for v in event]
    valid = all(bools) or (not any(bools) and np.issubdtype(values.dtype, np.integer)
                           and set(values.tolist()) <= {0, 1})     # a bool is never a number
    if valid:
        p = proportion(event).p
        assert p == np.mean(np.asarray(event, dtype=bool))
        q = clustered_proportion(event, list(range(len(event)))).p
        assert q == pytest.approx(p)
    else:
        refused(lambda: proportion(event), "event")
        refused(lambda: clustered_proportion(event, list(range(len(event)))), "event")


def test_exact_counts_and_cap_sets_refuse_bad_arguments():
    for bad in (1, 5, 3.0, "4", None, True):
        refused(lambda b=bad: count_cap_sets(b), "dimension")
    counts = count_cap_sets(2)
    for bad in (-1, 82, 2.5, "3", None):
        refused(lambda b=bad: no_set_probability(b, counts), "n_cards")
    for bad in ([], [1.5, 2], [[1, 2]], "abc", [-1, 3]):
        refused(lambda b=bad: no_set_probability(3, b), "counts")
    for name, kwargs in [("size", {"size": 21}), ("size", {"size": 0}), ("size", {"size": 2.5}),
                         ("seed", {"seed": None}), ("max_nodes", {"max_nodes": 0})]:
        refused(lambda k=kwargs: find_cap_set(**k), name)
    refused(lambda: is_set_free([1, 1, 2]), "distinct")


@FUZZ
@given(bad_name(setgame.SOLVERS))
def test_unknown_solver_names_are_refused(method):
    refused(lambda: find_sets(full_deck()[:6], method=method), "method")
    refused(lambda: solver_rates(n_tables=2, methods=(method,), batched_tables=2), "methods")


def test_solver_rates_refuses_absurd_sizes():
    refused(lambda: solver_rates(n_tables=10**8), "n_tables")
    refused(lambda: solver_rates(batched_tables=10**10), "batched_tables")
    refused(lambda: solver_rates(n_cards=82), "n_cards")
    refused(lambda: solver_rates(seed=None), "seed")


def test_drawing_refuses_bad_sets_and_columns():
    cards = full_deck()[:6]
    refused(lambda: draw_table(cards, [(0, 1, 9)]), "sets")
    refused(lambda: draw_table(cards, [(0, 1)]), "sets")
    refused(lambda: draw_table(cards, [(0.5, 1, 2)]), "sets")
    refused(lambda: draw_table(cards, ncols=0), "ncols")
    refused(lambda: draw_table(cards, ax="axes"), "ax")
    refused(lambda: setgame.draw_card([0, 0, 0, 3], 0, 0), "card")
    refused(lambda: setgame.draw_card([0, 0, 0, 2], ax="axes"), "ax")
    with pytest.raises(TypeError, match="positional"):                     # ax is keyword-only
        draw_table(cards, None, 3, "axes")
    refused(lambda: setgame.game_frames("games"), "games")
    refused(lambda: setgame.game_frames(simulate_games(1, keep_tables=True), game=-1), "game")
    refused(lambda: setgame.animate_game([]), "frames")


def test_issue_float_cards_are_refused_not_truncated():
    table = np.array([[[0.5, 1.2, 2.9, 0], [0, 1, 2, 0], [0, 1, 2, 1]]])
    refused(lambda: count_sets(table), "whole numbers")
    refused(lambda: find_sets(table[0]), "whole numbers")
    assert count_sets(np.array([[[0, 1, 2, 0], [1, 2, 0, 0], [2, 0, 1, 0]]])).tolist() == [1]


# ---- issue 30: inputs that do not fit together, numpy integers, sizes -------------------------

@pytest.mark.parametrize("a", [[0, 0, 0, 3], [0, 0, 0, -1], [0, 0, 0], [0.5, 0, 0, 0], "0000",
                               [True, False, True, False], [0, 0, 0, np.nan], None])
def test_third_card_refuses_what_is_not_a_card(a):
    """third_card([0, 0, 0, 3], ...) returned a card: feature values are 0, 1 or 2."""
    refused(lambda: setgame.third_card(a, [0, 0, 0, 0]), "a")
    refused(lambda: setgame.third_card([0, 0, 0, 0], a), "b")


def test_third_card_broadcasts_cards_and_refuses_mismatched_or_huge_shapes():
    deck = full_deck()
    assert setgame.third_card(deck[:40, None], deck[None, 40:]).shape == (40, 41, 4)
    refused(lambda: setgame.third_card(deck[:, None], deck[None]), "distinct")   # a with a
    assert setgame.third_card(np.array([0, 1, 2, 0], np.int8), [1, 1, 1, 0]).tolist() == [2, 1, 0, 0]
    refused(lambda: setgame.third_card(deck[:3], deck[:5]), "shapes")
    big = np.zeros((10**4, 1, 4), np.int8)
    refused(lambda: setgame.third_card(big, big.reshape(1, -1, 4)), "at most")


def test_exact_probability_refuses_counts_of_another_game():
    """count_cap_sets(2) or (3) are the counts of a smaller game: their probabilities would be
    quietly wrong for 81 cards."""
    for dimension in (2, 3):
        refused(lambda d=dimension: no_set_probability(5, count_cap_sets(d)), "counts")
    refused(lambda: no_set_probability(3, [1, 81, 3240, 10**9]), "counts")


@pytest.mark.parametrize("value", [np.int64(12), np.int32(12), np.uint8(12)])
def test_numpy_integers_are_counts(value):
    assert setgame.check_table_size(value) == 12
    assert random_tables(value, value, RNG).shape == (12, 12)
    assert len(simulate_games(value, seed=value, table_size=value, batch_size=value)) > 0
    assert find_cap_set(value, seed=value).__len__() == 12
    assert solver_rates(n_cards=value, n_tables=value, seed=value, batched_tables=value)


@pytest.mark.parametrize("value", [True, np.True_, "12", 12.0, None])
def test_bools_text_and_floats_are_not_counts(value):
    refused(lambda: setgame.check_table_size(value), "table_size")
    refused(lambda: random_tables(value, 3, RNG), "m")
    refused(lambda: simulate_games(value), "n_games")
    refused(lambda: find_cap_set(value), "size")
    refused(lambda: solver_rates(n_tables=value), "n_tables")


def test_recorded_games_and_frames_with_bad_content_are_refused():
    games = simulate_games(2, keep_tables=True)
    fields = {f: getattr(games, f) for f in ("game", "turn", "table_size", "n_sets",
                                               "deck_left", "final", "tables")}
    for name, bad in [("game", games.game[:-1]), ("final", games.final.astype(int)),
                      ("turn", games.turn.astype(float)), ("tables", games.tables[:, :80]),
                      ("n_sets", list(games.n_sets))]:
        refused(lambda n=name, b=bad: setgame.GameTurns(**{**fields, n: b}), name, "per turn")
    frames = setgame.game_frames(games)
    good = frames[0]
    cases = {"codes": np.array([0, 0, 1]), "sets": [(0, 1, 99)], "taken": (0, 1, 99)}
    for name, bad in cases.items():     # refused when built, before any drawing
        refused(lambda n=name, b=bad: setgame.TurnFrame(**{**good.__dict__, n: b}), "frame")
    refused(lambda: setgame.TurnFrame(np.array([0, 1, 3]), [(0, 1, 2)], None, 0, 78),
            "frame sets")
