"""Set's public entry points at their boundary (issue 41): every integer dtype gives the Python
int's answer, and bad values (wrong kinds, NaN, 10**400, repeated cards, tampered counts, bad
option fields, absurd sizes) are refused at once by our own TypeError/ValueError naming the
argument; the notebook's constants are checked with the library's limits."""

from __future__ import annotations

import math

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
from fuzzing import array_in_dtypes, in_dtypes, refused

import setgame
from setgame import (
    GameTurns,
    Proportion,
    TurnFrame,
    check_table_size,
    clustered_proportion,
    count_cap_sets,
    count_sets,
    decode,
    draw_card,
    draw_table,
    encode,
    find_cap_set,
    find_sets,
    full_deck,
    game_frames,
    is_set,
    is_set_free,
    no_set_probability,
    proportion,
    random_tables,
    se_at,
    simulate_games,
    solver_rates,
    third_card,
)
from setgame.settings import notebook_settings

matplotlib.use("Agg")
DECK = full_deck()
COUNTS = count_cap_sets(4)
A, B, C = DECK[0], DECK[40], DECK[80]          # 0000, 1111, 2222: a set
GAMES = simulate_games(2, seed=3, keep_tables=True)
SETTINGS = {"SEED": 2010, "TABLE_SIZE": 12, "N_RANDOM_TABLES": 1_000_000, "N_GAMES": 100_000,
            "N_TABLES_PER_SIZE": 200_000, "SPEED_TABLES": 300, "ANIMATION_GAME": 0}


def rng():
    return np.random.default_rng(0)


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


# ---- every integer dtype: the Python int's answer -------------------------------------------
@pytest.mark.parametrize("code", [0, 5, 80])
def test_decode_and_encode_in_every_dtype(code):
    want = decode(code).tolist()
    for value in in_dtypes(code):
        assert decode(value).tolist() == want
    for cards in array_in_dtypes(DECK[[code, 7]]):
        assert encode(cards).tolist() == [code, 7]
    for codes in array_in_dtypes([code, 7]):
        assert decode(codes).tolist() == DECK[[code, 7]].tolist()


def test_cards_in_every_dtype():
    pairs = DECK[[1, 2, 30]], DECK[[50, 61, 79]]
    want = third_card(*pairs).tolist()
    table = DECK[[0, 1, 2, 40, 80, 13, 26]]
    sets = find_sets(table)
    for a, b, t in zip(array_in_dtypes(pairs[0]), array_in_dtypes(pairs[1]),
                       array_in_dtypes(table)):
        assert third_card(a, b).tolist() == want
        assert is_set(a[0], a[1], a[2]) is False and is_set(*(t[[0, 3, 4]]))
        assert find_sets(t) == sets
        assert find_sets(t, method="recursive") == sets


def test_batches_in_every_dtype():
    tables = random_tables(50, 12, rng())
    want = count_sets(tables).tolist()
    for codes in array_in_dtypes(tables):
        assert count_sets(codes).tolist() == want
        assert count_sets(codes, chunk_pairs=np.uint8(100)).tolist() == want
    for vectors in array_in_dtypes(decode(tables)):
        assert count_sets(vectors).tolist() == want
    for m in in_dtypes(5):
        for n in in_dtypes(12):
            assert (random_tables(m, n, rng()) == random_tables(5, 12, rng())).all()


def test_cap_sets_and_probabilities_in_every_dtype():
    cap = find_cap_set(6, seed=1)
    for size in in_dtypes(6):
        for seed in in_dtypes(1):
            assert find_cap_set(size, seed=seed) == cap
    for nodes in in_dtypes(100):
        assert find_cap_set(5, max_nodes=nodes) == find_cap_set(5)
    for codes in array_in_dtypes(cap):
        assert is_set_free(codes)
    for dimension in in_dtypes(3):
        assert count_cap_sets(dimension).tolist() == count_cap_sets(3).tolist()
    want = no_set_probability(12, COUNTS)
    for n in in_dtypes(12):
        assert no_set_probability(n, COUNTS) == want
    for counts in array_in_dtypes([int(c) for c in COUNTS]):
        assert no_set_probability(12, counts) == want


def test_games_and_stats_in_every_dtype():
    want = simulate_games(3, seed=5, batch_size=2, table_size=9).n_sets.tolist()
    for n, seed, batch, size in zip(in_dtypes(3), in_dtypes(5), in_dtypes(2), in_dtypes(9)):
        got = simulate_games(n, seed=seed, batch_size=batch, table_size=size)
        assert got.n_sets.tolist() == want and check_table_size(size) == 9
    events, games = [1, 0, 0, 1, 1], [0, 0, 1, 1, 2]
    for e, g in zip(array_in_dtypes(events), array_in_dtypes(games)):
        assert proportion(e) == proportion(np.array(events, bool))
        assert clustered_proportion(e, g) == clustered_proportion(events, games)
    estimate = Proportion(0.5, 0.01)
    for n in in_dtypes(100):
        assert se_at(estimate, n, np.uint8(25)) == se_at(estimate, 100, 25)
    for game in in_dtypes(1):
        assert [f.turn for f in game_frames(GAMES, game)] == [f.turn for f in game_frames(GAMES, 1)]


def test_mixed_numpy_and_python_integers_are_integers():
    """numpy alone reads [np.uint64(3), -1] as floats: still whole numbers here."""
    assert decode([np.uint64(3), 4]).tolist() == DECK[[3, 4]].tolist()
    assert encode([[np.uint64(1), 2, 0, 1], [0, 0, 0, 1]]).tolist() == [46, 1]
    assert clustered_proportion([True, False], [np.uint64(2), -1]).p == 0.5
    assert decode(np.array(5)).tolist() == DECK[5].tolist()          # a 0-d code
    assert random_tables(np.array(2), np.array(3), rng()).shape == (2, 3)


def test_notebook_settings_in_every_dtype():
    want = notebook_settings(**SETTINGS)
    for name, value in SETTINGS.items():
        for typed in in_dtypes(value):
            got = notebook_settings(**{**SETTINGS, name: typed})
            assert got == want and all(type(v) is int for v in got.values())


# ---- bad values, refused at once by our own errors, naming the argument ---------------------
NOT_COUNTS = [True, np.bool_(False), 2.0, np.float64(3.0), "3", None, [3], 1j, math.nan,
              math.inf, np.array([3]), -1, np.int8(-1), -10**400]
HUGE = [10**400, 2**64]

COUNT_ARGS = {   # argument -> the call with that argument replaced, and whether 10**400 is bad
    "m": (lambda v: random_tables(v, 3, rng()), True),
    "n": (lambda v: random_tables(2, v, rng()), True),
    "chunk_pairs": (lambda v: count_sets([[0, 1, 2]], chunk_pairs=v), False),
    "size": (lambda v: find_cap_set(v), True),
    "max_nodes": (lambda v: find_cap_set(3, max_nodes=v), False),
    "dimension": (lambda v: count_cap_sets(v), True),
    "n_cards": (lambda v: no_set_probability(v, COUNTS), True),
    "n_games": (lambda v: simulate_games(v), True),
    "batch_size": (lambda v: simulate_games(2, batch_size=v), False),
    "table_size": (lambda v: simulate_games(2, table_size=v), True),
    "n_tables": (lambda v: solver_rates(n_tables=v), True),
    "batched_tables": (lambda v: solver_rates(batched_tables=v), True),
    "other_n": (lambda v: se_at(Proportion(0.5, 0.1), 10, v), True),
    "game": (lambda v: game_frames(GAMES, v), True),
    "dpi": (lambda v: setgame.animate_game(game_frames(GAMES, 0), dpi=v), True),
    "ncols": (lambda v: draw_table(DECK[:3], ncols=v), True),
}
SEEDS = {"find_cap_set": lambda v: find_cap_set(3, seed=v),
         "simulate_games": lambda v: simulate_games(2, seed=v),
         "solver_rates": lambda v: solver_rates(seed=v)}


@pytest.mark.parametrize("value", NOT_COUNTS + HUGE, ids=repr)
@pytest.mark.parametrize("name", COUNT_ARGS)
def test_a_count_that_is_no_count_is_refused(name, value):
    call, huge_is_bad = COUNT_ARGS[name]
    if any(value is h for h in HUGE) and not huge_is_bad or (name == "ncols" and value is None):
        return           # valid: no limit on a chunk or node budget; ncols=None is the default
    refused(lambda: call(value), name)


@pytest.mark.parametrize("value", [None, -1, np.int16(-1), 2.5, "1", True, [1], math.nan],
                         ids=repr)
@pytest.mark.parametrize("where", SEEDS)
def test_a_bad_seed_is_refused(where, value):
    refused(lambda: SEEDS[where](value), "seed")


BAD_CARDS = [[0, 0, 0, 3], [0, 0, 0, -1], [0.0, 1, 2, 0], [True, 0, 0, 0], "abcd", None,
             [0, 0, 0], np.array(1), [10**400, 0, 0, 0], np.array([0, 1, 2, np.nan]),
             [[0, 0], [0, 0, 0, 0]], {"a": 1}, np.array([0, 1, 2, 3], np.uint8),
             np.array([255, 0, 0, 0], np.uint8), np.array([2**63, 0, 0, 0], np.uint64)]
CARD_ARGS = {
    "a": lambda v: third_card(v, B), "b": lambda v: third_card(A, v),
    "is_set a": lambda v: is_set(v, B, C), "is_set c": lambda v: is_set(A, B, v),
    "cards": lambda v: encode(v), "card": lambda v: draw_card(v),
}


@pytest.mark.parametrize("value", BAD_CARDS, ids=repr)
@pytest.mark.parametrize("where", CARD_ARGS)
def test_a_bad_card_is_refused(where, value):
    refused(lambda: CARD_ARGS[where](value), where.split()[-1])


BAD_TABLES = [[[0, 0, 0, 3]], [[0.5, 0, 0, 0]], [[True, 0, 0, 0]], "x", None, np.zeros((2, 3)),
              np.zeros((2, 2, 4), int), [[10**400, 0, 0, 0]], np.array(1), [[0, 0, 0, 0]] * 2,
              DECK[[0, 5, 0]]]


@pytest.mark.parametrize("value", BAD_TABLES, ids=repr)
@pytest.mark.parametrize("method", ["fast", "brute"])
def test_a_bad_table_is_refused(method, value):
    refused(lambda: find_sets(value, method=method), "cards")
    refused(lambda: draw_table(value), "cards")


BAD_CODES = [[81], [-1], [1.0], [True], "x", None, [10**400], [np.uint64(2**64 - 1)],
             [[1], [1, 2]], np.array([np.nan]), np.array([200], np.uint8), [0, 5, 5]]


@pytest.mark.parametrize("value", BAD_CODES, ids=repr)
def test_bad_codes_are_refused(value):
    if not (isinstance(value, list) and value == [0, 5, 5]):
        refused(lambda: decode(value), "codes")
    refused(lambda: is_set_free(value), "codes")
    tables = [value] if isinstance(value, list) else value
    refused(lambda: count_sets(tables), "tables")


@pytest.mark.parametrize("method", sorted(setgame.SOLVERS))
def test_each_solver_by_name_checks_its_table(method):
    solve = setgame.SOLVERS[method]
    for bad in ([[0, 0, 0, 3]], [[0.5, 0, 0, 0]], "x", None, DECK[[1, 1]]):
        refused(lambda b=bad: solve(b), "cards")
    assert sorted(solve(DECK[[0, 40, 80, 1]].astype(np.uint8))) == [(0, 1, 2)]


def test_the_solver_timing_is_capped_by_its_steps():
    refused(lambda: solver_rates(n_cards=21, n_tables=200_000), "steps")
    refused(lambda: solver_rates(n_cards=21, n_tables=200_000, methods=["pairs"]), "steps")
    refused(lambda: notebook_settings(**{**SETTINGS, "SPEED_TABLES": 20_000}), "SPEED_TABLES")
    assert set(solver_rates(n_cards=3, n_tables=2, methods=["fast"], batched_tables=5)) == {
        "fast", "count_sets"}
    refused(lambda: setgame.animate.check_frame("frame"), "frame")


def test_animate_game_takes_a_tuple_of_frames():
    setgame.animate_game(tuple(game_frames(GAMES, 0))[:2])


def test_repeated_cards_are_refused():
    refused(lambda: is_set(A, A, A), "distinct")
    refused(lambda: is_set(A, B, B), "distinct")
    refused(lambda: is_set(A, B, np.array(A, np.uint8)), "distinct")
    refused(lambda: third_card(A, A), "distinct")
    refused(lambda: third_card(DECK[:3], DECK[[5, 1, 7]]), "distinct")
    refused(lambda: count_sets([[3, 4, 3]]), "tables")
    refused(lambda: draw_table(DECK[:3], [(0, 0, 1)]), "sets")
    refused(lambda: draw_table(DECK[[0, 1, 3]], [(0, 1, 2)]), "sets")        # not a set
    assert is_set(A, B, C) and third_card(A, B).tolist() == C.tolist()


def tampered(k: int, delta: int = 1) -> list[int]:
    counts = [int(c) for c in COUNTS]
    counts[k] += delta
    return counts


@pytest.mark.parametrize("bad", [
    *(tampered(k) for k in range(3, 21)), tampered(12, -int(COUNTS[12])), tampered(25),
    [int(c) for c in COUNTS][:13], [int(c) for c in COUNTS] + [1], [1, 81, 3240, 10**9],
    [float(c) for c in COUNTS], np.array([COUNTS, COUNTS]), np.array(5), None, "counts",
    list(count_cap_sets(3)), [int(c) for c in COUNTS][:20] + [10**400], [-1] + tampered(0)[1:],
    [True] + tampered(0)[1:], [int(c) for c in COUNTS] + [0] * 60])
def test_no_set_probability_checks_every_count(bad):
    refused(lambda: no_set_probability(12, bad), "counts")


def test_no_set_probability_accepts_the_counts_as_lists_tuples_and_arrays():
    want = no_set_probability(12, COUNTS)
    assert 0.0322 < want < 0.0324
    for counts in ([int(c) for c in COUNTS], tuple(COUNTS), COUNTS.astype(np.int64),
                   COUNTS[:21], list(COUNTS) + [0] * 10):
        assert no_set_probability(12, counts) == want
    assert no_set_probability(21, COUNTS) == 0.0 and no_set_probability(0, COUNTS) == 1.0


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, 10**400, "1", None, True,
                                   [1.0], np.float64("nan")], ids=repr)
@pytest.mark.parametrize("name", ["x", "y", "edge_width"])
def test_a_bad_drawing_number_is_refused(name, value):
    refused(lambda: draw_card(A, **{name: value}), name)


@pytest.mark.parametrize("call, name", [
    (lambda: draw_card(A, edge=5), "edge"), (lambda: draw_card(A, edge="notacolour"), "edge"),
    (lambda: draw_card(A, edge=(2, 0, 0)), "edge"), (lambda: draw_card(A, edge=True), "edge"),
    (lambda: draw_card(A, edge=None), "edge"),
    (lambda: draw_card(A, ax="axes"), "ax"), (lambda: draw_table(DECK[:3], title=5), "title"),
    (lambda: draw_table(DECK[:3], sets="abc"), "sets"),
    (lambda: draw_table(DECK[:3], sets=np.array(1)), "sets"),
    (lambda: draw_table(DECK[:3], sets=[(0, 1, 10**400)]), "sets"),
    (lambda: draw_table(DECK[:3], sets=[(0, 1, 2.0)]), "sets"),
    (lambda: solver_rates(methods="fast"), "methods"),
    (lambda: solver_rates(methods=["nope"]), "methods"),
    (lambda: solver_rates(methods=["fast", "fast"]), "methods"),
    (lambda: solver_rates(methods=None), "methods"),
    (lambda: solver_rates(n_cards=82), "n_cards"),
    (lambda: random_tables(2, 3, None), "rng"), (lambda: random_tables(2, 3, 0), "rng"),
    (lambda: random_tables(2, 3, np.random.RandomState(0)), "rng"),
    (lambda: find_sets(DECK[:3], method="quick"), "method"),
    (lambda: find_sets(DECK[:3], method=None), "method"),
    (lambda: simulate_games(2, keep_tables="no"), "keep_tables"),
    (lambda: simulate_games(2, progress=1), "progress"),
    (lambda: simulate_games(10**8), "n_games"),
    (lambda: count_cap_sets(4, shipped="yes"), "shipped"),
    (lambda: count_cap_sets(4, progress=None), "progress"),
    (lambda: check_table_size(13), "table_size"), (lambda: check_table_size(12, 5), "name"),
    (lambda: check_table_size(np.array([12])), "table_size"),
    (lambda: proportion([2, 0]), "event"), (lambda: proportion([0.5]), "event"),
    (lambda: proportion([[1, 0], [0, 1]]), "event"), (lambda: proportion(np.array(True)), "event"),
    (lambda: proportion([math.nan]), "event"), (lambda: proportion("10"), "event"),
    (lambda: proportion([]), "event"),
    (lambda: clustered_proportion([1, 0], [0]), "cluster"),
    (lambda: clustered_proportion([1, 0], [0.5, 1]), "cluster"),
    (lambda: clustered_proportion([1, 0], [10**400, 1]), "cluster"),
    (lambda: clustered_proportion([1, 0], None), "cluster"),
    (lambda: se_at(0.01, 10, 10), "estimate"), (lambda: se_at(Proportion(0.5, 0.1), 0, 1), "n"),
    (lambda: se_at(Proportion(0.5, 0.1), 10**400, 1), "n"),
    (lambda: game_frames("games"), "games"), (lambda: game_frames(simulate_games(2)), "keep_tables"),
    (lambda: game_frames(GAMES, 5), "game"),
    (lambda: setgame.animate_game([]), "frames"), (lambda: setgame.animate_game("x"), "frames"),
], ids=lambda v: "" if callable(v) else v)
def test_bad_options_are_refused(call, name):
    refused(call, name)


def test_memory_limits_are_named(monkeypatch):
    monkeypatch.setenv("GAMEAI_MAX_MEMORY_GB", "1")
    refused(lambda: simulate_games(10**6, keep_tables=True), "keep_tables")
    refused(lambda: random_tables(10**7, 3, rng()), "m=")
    refused(lambda: solver_rates(batched_tables=10**7), "batched_tables")
    small = {**SETTINGS, "N_RANDOM_TABLES": 100, "N_TABLES_PER_SIZE": 100}
    refused(lambda: notebook_settings(**{**small, "N_GAMES": 9_000_000}), "N_GAMES")
    refused(lambda: notebook_settings(**{**small, "N_TABLES_PER_SIZE": 10**6}),
            "N_TABLES_PER_SIZE")


@pytest.mark.parametrize("p, se, name", [
    (math.nan, 0.1, "p"), (1.5, 0.1, "p"), (-0.1, 0.1, "p"), ("0.5", 0.1, "p"), (None, 0.1, "p"),
    (10**400, 0.1, "p"), (0.5, -1.0, "se"), (0.5, "x", "se"), (0.5, math.inf, "se"),
    (0.5, None, "se"), (True, 0.1, "p")])
def test_a_proportion_is_checked_when_built(p, se, name):
    refused(lambda: Proportion(p, se), name)


def test_drawing_takes_colours_and_arrays_of_sets():
    triples = np.array(find_sets(DECK[[0, 40, 80, 1, 2]]))
    assert triples.shape == (2, 3)
    draw_table(DECK[[0, 40, 80, 1, 2]], triples.astype(np.uint8))
    draw_table(DECK[[0, 40, 80, 1, 2]], [tuple(t) for t in triples])
    for edge in ("gray", "#123456", (0.5, 0.5, 0.5), [1, 0, 0, 1], "0.5"):
        draw_card(A, np.float32(1.5), np.int8(-2), edge=edge, edge_width=np.uint8(2))


def test_a_proportion_of_unknown_error_keeps_its_nan():
    assert math.isnan(Proportion(np.float32(0.25), math.nan).se)
    assert Proportion(np.float32(0.25), 0).p == 0.25


def turns_with(**changes) -> dict:
    fields = {f: getattr(GAMES, f) for f in ("game", "turn", "table_size", "n_sets",
                                               "deck_left", "final", "tables")}
    return {**fields, **changes}


@pytest.mark.parametrize("name, bad", [
    ("game", -1), ("turn", -1), ("table_size", 82), ("n_sets", 1081), ("deck_left", 82),
    ("deck_left", -3)])
def test_recorded_turns_out_of_range_are_refused(name, bad):
    column = getattr(GAMES, name).copy()
    column[0] = bad
    refused(lambda: GameTurns(**turns_with(**{name: column})), name)


@pytest.mark.parametrize("field, bad", [
    ("codes", np.array([0, 81])), ("codes", "x"), ("sets", None), ("sets", [(0, 1)]),
    ("sets", [(0, 0, 0)]), ("taken", (0, 1, 99)), ("taken", "abc"), ("turn", -1),
    ("turn", 2.0), ("deck_left", 82), ("deck_left", None)])
def test_a_turn_frame_is_checked_when_built(field, bad):
    good = game_frames(GAMES, 0)[0]
    refused(lambda: TurnFrame(**{**good.__dict__, field: bad}), "frame")


def test_a_frame_built_by_hand_is_stored_converted():
    frame = TurnFrame([np.uint8(0), 1, 2], [[2, 1, 0]], [0, 1, 2], np.int8(3), np.uint8(10))
    assert frame.sets == [(0, 1, 2)] and frame.taken == (0, 1, 2)
    assert type(frame.turn) is int and frame.deck_left == 10 and frame.codes.dtype == np.int64
    setgame.animate_game([frame])


# ---- notebook 10's constants: the library's limits, named -----------------------------------
@pytest.mark.parametrize("name, bad", [
    ("N_GAMES", 10**8), ("N_GAMES", 1), ("N_GAMES", 2.5), ("N_GAMES", "100"),
    ("N_RANDOM_TABLES", 10**400), ("N_RANDOM_TABLES", 10**10), ("N_RANDOM_TABLES", True),
    ("N_TABLES_PER_SIZE", -5), ("N_TABLES_PER_SIZE", 10**12), ("SPEED_TABLES", 10**7),
    ("SPEED_TABLES", 0), ("SEED", None), ("SEED", -1), ("SEED", 1.5), ("SEED", "2010"),
    ("TABLE_SIZE", 13), ("TABLE_SIZE", "12"), ("TABLE_SIZE", 24), ("ANIMATION_GAME", -1),
    ("ANIMATION_GAME", 10**5), ("ANIMATION_GAME", None)])
def test_notebook_settings_refuse_a_constant_naming_it(name, bad):
    refused(lambda: notebook_settings(**{**SETTINGS, name: bad}), name)


def test_notebook_settings_take_exactly_the_constants():
    refused(lambda: notebook_settings(**{k: v for k, v in SETTINGS.items() if k != "SEED"}),
            "SEED")
    refused(lambda: notebook_settings(**SETTINGS, N_GAME=3), "N_GAME")
    assert notebook_settings(**SETTINGS) == SETTINGS
