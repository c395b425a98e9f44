"""Fuzz of MIX's training, values files and the checks of its matches and solver: a draw value
outside [-1, 1], NaN values, "no" for diagonals, a depth of 50, 'perfect' or the solver on the
full board are refused up front by our own checks, naming the argument."""

import math

from fuzzing import FUZZ, bad_name, bad_real, bad_whole, not_a_flag, not_whole, refused
from hypothesis import given
from hypothesis import strategies as st

import mix
from mix.checks import check_agent, check_match, check_solve

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
