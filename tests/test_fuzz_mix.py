"""Fuzz of MIX's training, values files and the checks of its matches and solver: a draw value
outside [-1, 1], NaN values, "no" for diagonals, a depth of 50, 'perfect' or the solver on the
full board are refused up front by our own checks, naming the argument. Every integer argument
of the public API takes numpy integers (with the results of Python ints) and refuses bools,
floats, text booleans and sizes beyond this machine; agents with NaN inside are refused as
they are made; every flag refuses text such as "no"."""

import math
import random

import numpy as np
from fuzzing import (
    FUZZ,
    NUMPY_INTEGER_TYPES,
    bad_name,
    bad_real,
    bad_whole,
    bools,
    huge_whole,
    nan_like,
    not_a_flag,
    not_whole,
    numpy_floats,
    refused,
    string_booleans,
)
from hypothesis import given
from hypothesis import strategies as st

import mix
from mix.checks import check_solve
from mix.play.agentchecks import check_agent, check_match
from mix.play.agents import OneStep

TRAIN_BAD = {"games": st.one_of(not_whole(), st.integers(max_value=9),
                                st.integers(min_value=100_001)),
             "seed": st.one_of(not_whole(), st.integers(max_value=-1)),
             "draw": bad_real(-1, 1), "lookahead_mode": bad_name(("minimax", "optimistic")),
             "update": bad_name(("current", "none")), "diagonals": not_a_flag,
             "rows": bad_whole(1, 40), "cols": bad_whole(1, 40), "progress": not_a_flag,
             "features": st.one_of(st.integers(), st.none(), st.just("bits"))}


@FUZZ
@given(st.sampled_from(sorted(TRAIN_BAD)), st.data())
def test_train_refuses_each_bad_argument(name, data):
    value = data.draw(TRAIN_BAD[name])
    refused(lambda: mix.train(**{"games": 10, name: value}), name)


@FUZZ
@given(st.lists(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-3, 3)),
                min_size=128, max_size=128))
def test_values_files_round_trip_or_refuse(tmp_path_factory, values):
    path = tmp_path_factory.mktemp("values") / "v.init"
    if all(isinstance(v, (int, float)) and math.isfinite(v) and -1 <= v <= 1 for v in values):
        mix.save_values(path, values)
        assert mix.load_values(path) == ("bits-strict", [float(v) for v in values])
    else:
        refused(lambda: mix.save_values(path, values), "values")
        assert not path.exists()


def test_values_files_refuse_bad_paths_and_lengths(tmp_path):
    refused(lambda: mix.save_values(tmp_path / "v.init", [0.0] * 127), "values")
    refused(lambda: mix.save_values(tmp_path / "v.init", [0.0] * 128, features=5), "features")
    refused(lambda: mix.save_values(5, [0.0] * 128), "path")
    refused(lambda: mix.load_values(tmp_path), "not a file")
    refused(lambda: mix.load_values(tmp_path / "missing.init"), "no such file")
    (tmp_path / "bin.init").write_bytes(b"\xff\xfe" * 10)
    refused(lambda: mix.load_values(tmp_path / "bin.init"), "values file")
    (tmp_path / "feat.init").write_text("# MIX values file\nfeatures nope\nstates 1\n0.5\n")
    refused(lambda: mix.load_values(tmp_path / "feat.init"), "features")


MATCH_BAD = {"games": bad_whole(1, 1_000_000), "seed": st.one_of(not_whole(),
                                                                 st.integers(max_value=-1)),
             "rows": bad_whole(1, 40), "cols": bad_whole(1, 40), "diagonals": not_a_flag,
             "progress": not_a_flag,
             "x_agent": st.one_of(bad_name(()), st.just("alphabeta:50"), st.just("alphabeta:²"),
                                  st.just("perfect"), st.just("learned:0"))}


@FUZZ
@given(st.sampled_from(sorted(MATCH_BAD)), st.data())
def test_match_arguments_are_checked_up_front(name, data):
    kwargs = {"x_agent": "random", "o_agent": "random", "games": 10, "seed": 0, "rows": 10,
              "cols": 20, "diagonals": False, "progress": False}
    kwargs[name] = data.draw(MATCH_BAD[name])
    refused(lambda: check_match(**kwargs), name, "rows, cols")


def test_issue_cases():
    refused(lambda: check_match("random", "random", 10, 0, 10, 20, "no", False), "diagonals")
    refused(lambda: mix.train(10, draw=2.0), "draw")
    refused(lambda: mix.save_values("/nonexistent/v.init", [math.nan] * 128), "values")
    refused(lambda: check_solve(10, 20), "10x20")
    refused(lambda: check_match("perfect", "random", 10, 0, 10, 20, False, False), "perfect")
    check_solve(4, 6, diagonals=True)
    assert check_agent("perfect", "agent", 5, 5) == "perfect"
    refused(lambda: mix.lookahead(mix.Board(6, 7), [0.0] * 128, mix.get_features("bits-strict"),
                                  draw=math.nan), "draw")
    refused(lambda: mix.lookahead("board", [0.0] * 128, mix.get_features("bits-strict")), "b")


def test_match_and_solve_refuse_through_the_public_api():
    refused(lambda: mix.match("random", "random", 2, diagonals="no"), "diagonals")
    refused(lambda: mix.match("perfect", "random", 1), "perfect")
    refused(lambda: mix.match("random", "random", 0), "games")
    refused(lambda: mix.solve(10, 20), "10x20")
    assert mix.match("random", "onestep", 2, seed=1, rows=5, cols=5).games == 2   # valid: plays


# ---- every integer argument: numpy integers accepted, bools, floats, text and huge refused ----

W = mix.load_weights()
SMALL = {"rows": 5, "cols": 5}
TINY_RUN = mix.TDConfig(games=2, half=1, **SMALL)
# name: (the call with the value, a valid value, the names its refusal may give, huge refused)
INTEGERS = {
    "solve rows": (lambda v: mix.solve(v, 4), 4, ("rows",), True),
    "solve cols": (lambda v: mix.solve(4, v), 4, ("cols",), True),
    "solve k": (lambda v: mix.solve(4, 4, k=v), 3, ("k",), True),
    "gravity_bound rows": (lambda v: mix.gravity_bound(v, 4), 7, ("rows",), True),
    "report_formula cols": (lambda v: mix.report_formula(4, v), 9, ("cols",), True),
    "slot_assignments rows": (lambda v: mix.slot_assignments(v, 3), 2, ("rows",), True),
    "reachable_positions rows": (lambda v: mix.reachable_positions(v, 4), 2, ("rows",), True),
    "solve_both rows": (lambda v: mix.solve_both(v, 4), 4, ("rows",), True),
    "match games": (lambda v: mix.match("random", "random", v, **SMALL), 3, ("games",), True),
    "match seed": (lambda v: mix.match("random", "random", 2, v, **SMALL), 7, ("seed",), False),
    "match rows": (lambda v: mix.match("random", "random", 2, rows=v, cols=5), 6, ("rows",),
                   True),
    "duel games": (lambda v: mix.duel("random", "onestep", v, **SMALL), 2, ("games",), True),
    "play_recorded seed": (lambda v: mix.play_recorded("random", "onestep", v, **SMALL), 3,
                           ("seed",), False),
    "play_recorded cols": (lambda v: mix.play_recorded("random", "onestep", 1, 5, v), 6,
                           ("cols",), True),
    "why_lost games": (lambda v: mix.why_lost("random", "onestep", v, **SMALL), 2, ("games",),
                       True),
    "first_seen games": (lambda v: mix.first_seen(["counts"], games=v, **SMALL), 3, ("games",),
                         True),
    "first_seen rows": (lambda v: mix.first_seen(["counts"], games=1, rows=v, cols=5), 6,
                        ("rows",), True),
    "timed_moves games": (lambda v: mix.timed_moves(mix.SelfTaughtAgent(W, 1), "random", v,
                                                    **SMALL), 1, ("games",), True),
    "against_perfect games": (lambda v: mix.against_perfect(mix.SelfTaughtAgent(W, 1), 4, 4, v),
                              1, ("games",), True),
    "against_perfect rows": (lambda v: mix.against_perfect(mix.SelfTaughtAgent(W, 1), v, 4, 1),
                             4, ("rows",), True),
    "ladder games": (lambda v: mix.ladder({"a": ("random", "onestep")}, v, chunks=1, **SMALL),
                     2, ("games",), True),
    "ladder chunks": (lambda v: mix.ladder({"a": ("random", "onestep")}, 4, chunks=v, **SMALL),
                      2, ("chunks",), True),
    "ladder seed": (lambda v: mix.ladder({"a": ("random", "onestep")}, 2, v, chunks=1, **SMALL),
                    5, ("seed",), False),
    "ladder n_jobs": (lambda v: mix.ladder({"a": ("random", "onestep")}, 2, chunks=1, n_jobs=v,
                                           **SMALL), 1, ("n_jobs",), True),
    "train games": (lambda v: mix.train(v, **SMALL), 10, ("games",), True),
    "train seed": (lambda v: mix.train(10, v, **SMALL), 3, ("seed",), False),
    "alpha_changes games": (lambda v: mix.alpha_changes(v), 20, ("games",), True),
    "alpha run": (lambda v: mix.alpha(v, 10), 4, ("run",), True),
    "TDConfig games": (lambda v: mix.TDConfig(games=v), 10, ("games",), True),
    "TDConfig rows": (lambda v: mix.TDConfig(rows=v), 6, ("rows",), True),
    "train_selftaught seed": (lambda v: mix.train_selftaught(TINY_RUN, v), 2, ("seed",), False),
    "SelfTaughtAgent depth": (lambda v: mix.SelfTaughtAgent(W, v).depth, 3, ("depth",), True),
    "SearchAgent depth": (lambda v: mix.SearchAgent(mix.heuristic_values(), depth=v).depth, 2,
                          ("depth",), True),
    "make_agent depth": (lambda v: mix.make_agent(f"alphabeta:{v}").depth, 2, ("depth",), True),
    "Geometry rows": (lambda v: mix.Geometry(v, 5), 4, ("rows",), True),
    "Board cols": (lambda v: mix.Board(4, v).g, 5, ("cols",), True),
    "check_boards": (lambda v: mix.check_boards([(4, v)], "B", 30), 5, ("B",), True),
}


def summary(result):
    """What two calls must agree on, as comparable plain values."""
    if hasattr(result, "to_json"):
        return result.to_json()
    if isinstance(result, mix.TDRun):
        return result.weights.tolist(), result.results, result.lengths
    if isinstance(result, mix.Losses):
        return result.details
    if isinstance(result, dict):
        return {k: summary(v) for k, v in result.items()}
    return repr(result)


@FUZZ
@given(st.sampled_from(sorted(INTEGERS)), st.sampled_from(NUMPY_INTEGER_TYPES))
def test_numpy_integers_give_what_python_integers_give(name, kind):
    call, valid, _, _ = INTEGERS[name]
    if name == "make_agent depth":
        return  # a name is text: the depth is its digits
    got = call(kind(valid))
    if name.startswith("timed_moves"):     # its rows hold the time each move took
        got, want = got.drop(columns=["seconds", "cpu"]), call(valid).drop(
            columns=["seconds", "cpu"])
        assert got.equals(want)
    else:
        assert summary(got) == summary(call(valid)), name


@FUZZ
@given(st.sampled_from(sorted(INTEGERS)), st.data())
def test_bools_floats_text_and_huge_sizes_are_refused_as_integers(name, data):
    call, _, names, huge = INTEGERS[name]
    if name == "make_agent depth":
        bad = data.draw(st.one_of(huge_whole.map(str), st.sampled_from(["1.5", "-1", "nan"])))
    else:
        kinds = [bools, string_booleans, nan_like, numpy_floats, st.just(2.0), st.none()]
        bad = data.draw(st.one_of(*kinds, *([huge_whole] if huge else [])))
    refused(lambda: call(bad), *names, "rows, cols", "multiple of chunks")


# ---- objects with bad content: refused as they are made, never deep inside a game -------------

@FUZZ
@given(st.integers(0, 127), nan_like)
def test_a_search_agent_with_nan_inside_is_refused(where, bad):
    values = mix.heuristic_values()
    values[where] = bad
    refused(lambda: mix.SearchAgent(values), "values")
    refused(lambda: mix.SearchAgent(mix.heuristic_values(), draw=bad), "draw")
    refused(lambda: mix.lookahead(mix.Board(5, 5), values, mix.get_features("bits-strict")),
            "values")


@FUZZ
@given(st.integers(0, len(W) - 1), nan_like)
def test_a_self_taught_player_with_nan_inside_is_refused(where, bad):
    weights = W.copy()
    weights[where] = bad
    refused(lambda: mix.SelfTaughtAgent(weights, 2), "weights")
    refused(lambda: mix.against_perfect_boards(weights, 1, [(4, 4)], 1), "weights")
    refused(lambda: mix.weights_table(weights), "weights")
    refused(lambda: mix.weights_text(weights, mix.TDConfig(), 1), "weights")
    refused(lambda: mix.learning_curve({0: weights}, ["random"], 1, 1), "weights")


@FUZZ
@given(nan_like, st.sampled_from(["alpha", "epsilon"]))
def test_td_settings_refuse_nan(bad, name):
    refused(lambda: mix.TDConfig(**{name: bad}), name)


# ---- flags: True or False only (the text "no" would count as true) --------------------------

FLAGS = {
    "match diagonals": lambda v: mix.match("random", "random", 1, diagonals=v),
    "match progress": lambda v: mix.match("random", "random", 1, progress=v),
    "solve diagonals": lambda v: mix.solve(4, 4, diagonals=v),
    "solve fast": lambda v: mix.solve(3, 4, fast=v),
    "solve_position fast": lambda v: mix.solve_position(mix.Board(3, 4), fast=v),
    "solve_both fast": lambda v: mix.solve_both(3, 4, fast=v),
    "solve_boards fast": lambda v: mix.solve_boards([(3, 4)], fast=v),
    "search_move fast": lambda v: mix.search_move(mix.Board(4, 4), 1, [0.0] * 128,
                                                  mix.get_features("bits-strict"),
                                                  random.Random(0), fast=v),
    "reachable_positions diagonals": lambda v: mix.reachable_positions(3, 4, v),
    "ladder diagonals": lambda v: mix.ladder({"a": ("random", "random")}, 4, diagonals=v),
    "ladder progress": lambda v: mix.ladder({"a": ("random", "random")}, 4, progress=v),
    "train diagonals": lambda v: mix.train(10, diagonals=v),
    "train_selftaught progress": lambda v: mix.train_selftaught(TINY_RUN, progress=v),
    "train_selftaught fast": lambda v: mix.train_selftaught(TINY_RUN, fast=v),
    "Geometry diagonals": lambda v: mix.Geometry(4, 4, diagonals=v),
    "SelfTaughtAgent fixed": lambda v: mix.SelfTaughtAgent(W, 2, fixed=v),
    "SelfTaughtAgent fast": lambda v: mix.SelfTaughtAgent(W, 2, fast=v),
    "OneStep safe": lambda v: OneStep(safe=v),
}


@FUZZ
@given(st.sampled_from(sorted(FLAGS)), st.one_of(string_booleans, st.integers(0, 1),
                                                 st.none(), nan_like))
def test_flags_take_only_true_or_false(name, bad):
    refused(lambda: FLAGS[name](bad), name.split()[-1])


def test_flags_take_numpy_bools():
    assert mix.Geometry(4, 4, diagonals=np.bool_(True)).diagonals is True
    assert mix.SelfTaughtAgent(W, 2, fixed=np.bool_(True)).fixed is True
    assert OneStep(safe=np.bool_(True)).safe is True
