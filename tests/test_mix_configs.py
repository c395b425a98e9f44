"""Issue 41: the learners' settings are checked as they are given, every field naming itself: the
self-taught player's ``TDConfig`` when it is built, the report's SARSA learner (``train``, whose
settings are its arguments) when it is called; a number beyond float range (10**400) for a real
is our ValueError, a float for a count our TypeError. ``mix.ladder`` and its helpers check their
agents, games, seed, jobs and cache, naming each."""

from __future__ import annotations

import math

import numpy as np
import pytest
from fuzzing import refused

import mix
from mix.play import ladder as ladders

HUGE = 10**400
COUNTS = ("games", "half", "rows", "cols")
REALS = ("alpha", "epsilon")


@pytest.mark.parametrize("field", COUNTS)
@pytest.mark.parametrize("bad", [2.0, 2.5, True, np.float64(3), "3", None],
                         ids=["2.0", "2.5", "True", "np.float64", "text", "None"])
def test_a_config_count_refuses_what_is_not_a_whole_number(field, bad):
    error = refused(lambda: mix.TDConfig(**{field: bad}), field)
    assert isinstance(error, TypeError)


@pytest.mark.parametrize("field", COUNTS)
@pytest.mark.parametrize("bad", [0, -1, HUGE], ids=["0", "-1", "10**400"])
def test_a_config_count_refuses_a_size_out_of_range(field, bad):
    error = refused(lambda: mix.TDConfig(**{field: bad}), field)
    assert isinstance(error, ValueError)


@pytest.mark.parametrize("field", REALS)
@pytest.mark.parametrize("bad", [HUGE, -HUGE, math.nan, math.inf, np.float32("nan"), -0.5, 1.5],
                         ids=["10**400", "-10**400", "nan", "inf", "f32 nan", "-0.5", "1.5"])
def test_a_config_real_refuses_a_value_out_of_range(field, bad):
    error = refused(lambda: mix.TDConfig(**{field: bad}), field)
    assert isinstance(error, ValueError)


@pytest.mark.parametrize("field", REALS)
@pytest.mark.parametrize("bad", ["0.1", True, None, [0.1]])
def test_a_config_real_refuses_what_is_not_a_number(field, bad):
    error = refused(lambda: mix.TDConfig(**{field: bad}), field)
    assert isinstance(error, TypeError)


def test_a_config_keeps_its_open_bounds_and_its_board():
    refused(lambda: mix.TDConfig(alpha=0), "alpha")      # alpha in (0, 1]
    refused(lambda: mix.TDConfig(epsilon=1), "epsilon")  # epsilon in [0, 1)
    refused(lambda: mix.TDConfig(rows=2, cols=2), "rows, cols")
    refused(lambda: mix.TDConfig(rows=41), "rows")
    edge = mix.TDConfig(games=1, alpha=1, half=1, epsilon=0, rows=1, cols=4)
    assert (edge.alpha, edge.epsilon) == (1.0, 0.0) and type(edge.alpha) is float


def test_a_config_of_numpy_numbers_is_the_config_of_python_numbers():
    got = mix.TDConfig(games=np.uint16(300), alpha=np.float32(0.5), half=np.uint8(7),
                       epsilon=np.float64(0.25), rows=np.int8(6), cols=np.uint64(7))
    assert got == mix.TDConfig(300, 0.5, 7, 0.25, 6, 7)
    assert all(type(getattr(got, f)) is (int if f in COUNTS else float)
               for f in (*COUNTS, *REALS))


TRAIN_COUNTS = {"games": 10, "seed": 0, "rows": 5, "cols": 5}


@pytest.mark.parametrize("name", sorted(TRAIN_COUNTS))
@pytest.mark.parametrize("bad", [10.0, 2.5, True, "10"], ids=["10.0", "2.5", "True", "text"])
def test_the_sarsa_learner_refuses_a_float_for_a_count(name, bad):
    args = {**TRAIN_COUNTS, name: bad}
    assert isinstance(refused(lambda: mix.train(**args), name), TypeError)
    if name in ("games", "seed"):
        trial = {"games": 10, "seed": 0, name: bad}
        assert isinstance(refused(lambda: mix.train_trial(features="counts", **trial), name),
                          TypeError)


@pytest.mark.parametrize("bad", [HUGE, -HUGE, math.nan, 1.5], ids=["10**400", "-10**400", "nan",
                                                                   "1.5"])
def test_the_sarsa_learner_refuses_a_draw_value_out_of_range(bad):
    assert isinstance(refused(lambda: mix.train(10, draw=bad), "draw"), ValueError)
    board, feats = mix.Board(5, 5), mix.get_features("bits-strict")
    assert isinstance(refused(lambda: mix.lookahead(board, [0.0] * 128, feats, draw=bad),
                              "draw"), ValueError)


@pytest.mark.parametrize("name,bad", [("games", HUGE), ("rows", HUGE), ("games", 9),
                                      ("features", "bits"), ("features", 3),
                                      ("lookahead_mode", "greedy"), ("update", None)])
def test_the_sarsa_learner_refuses_each_bad_setting_by_name(name, bad):
    refused(lambda: mix.train(**{"games": 10, name: bad}), name)


PAIRS = {"a": ("random", "onestep")}
LADDER = {"games": 4, "chunks": 2, "rows": 5, "cols": 5}
LADDER_BAD = [("games", 2.5), ("games", 0), ("games", HUGE), ("games", 3),  # 3: not 2 chunks
              ("seed", -1), ("seed", 1.5), ("chunks", 0), ("chunks", 2.0), ("n_jobs", 0),
              ("n_jobs", 1.0), ("n_jobs", 10**9), ("save_every", 0), ("cache", 5),
              ("cache", ""), ("cache", b"folder"), ("backend", "fast"), ("rows", 2.0),
              ("diagonals", "no"), ("progress", 1)]


@pytest.mark.parametrize("name,bad", LADDER_BAD, ids=[f"{n}={v!r}"[:24] for n, v in LADDER_BAD])
def test_the_ladder_refuses_each_bad_argument_by_name(name, bad):
    refused(lambda: mix.ladder(PAIRS, **{**LADDER, name: bad}), name)


@pytest.mark.parametrize("pairings", [{}, [("a", "b")], {"a": "random"}, {"a": ("random",)},
                                      {"a": ("random", "nobody")}, {"a": ("random", 5)},
                                      {5: ("random", "random")}, {("a",): ("random", "random")},
                                      {"a": ("random", "alphabeta:nan")}])
def test_the_ladder_refuses_bad_pairings_by_name(pairings):
    refused(lambda: mix.ladder(pairings, **LADDER), "pairings")


def test_the_ladder_cache_must_be_a_folder(tmp_path):
    file = tmp_path / "file"
    file.write_text("x")
    refused(lambda: mix.ladder(PAIRS, **LADDER, cache=file), "cache")
    refused(lambda: ladders.open_cache(file), "cache")
    refused(lambda: ladders.open_cache(tmp_path, games=0), "games")
    refused(lambda: ladders.open_cache(tmp_path, rows=1.5), "rows")
    played = mix.ladder(PAIRS, **LADDER, cache=tmp_path / "new")    # a missing folder is made
    assert played.equals(mix.ladder(PAIRS, **LADDER))


@pytest.mark.parametrize("helper", [mix.seats_text, mix.better_in_both_seats,
                                    mix.seats_not_better])
@pytest.mark.parametrize("row", [5, None, {}, "row", {"win_as_X": "x"}])
def test_the_ladder_row_helpers_refuse_what_is_not_a_row(helper, row):
    refused(lambda: helper(row), "row")


def test_pairing_row_refuses_what_is_not_a_ladder_or_a_name():
    table = mix.ladder({("p", "q"): ("random", "onestep")}, **LADDER)
    assert mix.pairing_row(table, "p", "q") is not None and mix.pairing_row(table, "q", "p") is None
    refused(lambda: mix.pairing_row(5, "p", "q"), "table")
    refused(lambda: mix.pairing_row(table, 5, "q"), "player")
    refused(lambda: ladders.seat_trial("random", "onestep", "Z", 2, 0, 5, 5), "seat")


W = mix.load_weights()
TABLE = __import__("pandas").DataFrame({"variant": ["a", "a", "b", "b"], "run": [0, 1, 0, 1],
                                        "share": [0.5, 0.6, 0.4, 0.3]})


@pytest.mark.parametrize("call,word", [
    (lambda: mix.paired_gain(TABLE, ["a"], "b"), "better"),
    (lambda: mix.paired_gain(TABLE, "a", None), "worse"),
    (lambda: mix.paired_gain(TABLE.assign(share=[math.nan] * 4), "a", "b"), "share"),
    (lambda: mix.paired_gain(TABLE.assign(share=[2.0] * 4), "a", "b"), "share"),
    (lambda: mix.loss_profile(5, 2), "losses"),
    (lambda: mix.loss_profile({}, 2), "losses"),
    (lambda: mix.loss_profile({"r": mix.why_lost("onestep", "random", 1, rows=5, cols=5)}, 2,
                              rows=HUGE), "rows"),
    (lambda: mix.heuristic_values(5), "features"),
    (lambda: mix.BitFeatures(loose="no"), "loose"),
    (lambda: mix.check_boards([(4, 4)], 5, 30), "name"),
    (lambda: mix.check_boards([(4, 4)], "BOARDS", "30"), "max_slots"),
    (lambda: mix.check_boards([(4, 4)], "BOARDS", 2.5), "max_slots"),
    (lambda: mix.check_boards([(4, 4)], "BOARDS", 0), "max_slots")], ids=range(13))
def test_the_measurements_helpers_refuse_by_name(call, word):
    """Before: pandas' 'unhashable type', NaN gains, AttributeError and KeyError, or accepted."""
    refused(call, word)
    assert mix.paired_gain(TABLE, "a", "b")[1] == pytest.approx(0.2)
