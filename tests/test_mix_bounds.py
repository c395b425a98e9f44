"""MIX's public entry points refuse unbounded work, numpy integers count as integers (bools
never do), and bad content inside arguments (NaN draws and values, text for a seed or a flag)
is refused at the boundary with our own message, each in under a second (``refused``)."""

import math
import random

import numpy as np
import pytest
from fuzzing import refused

import mix
from mix.play.agents import OneStep, PerfectAgent
from mix.plain.alphabeta import search_values
from mix.selftaught.training import SETTINGS

W = mix.load_weights()
BIG = 10**6


def selftaught(depth=1):
    return mix.SelfTaughtAgent(W, depth)


# ---- unbounded work: refused before anything is allocated or searched ----------------------

HUGE = {
    "against_perfect on 10x20": (lambda: mix.against_perfect(selftaught(), 10, 20, 1), "slots"),
    "against_perfect_boards": (lambda: mix.against_perfect_boards(W, 1, [(10, 20)], 1), "slots"),
    "TDConfig rows": (lambda: mix.TDConfig(rows=100_000), "rows"),
    "TDConfig cols": (lambda: mix.TDConfig(cols=10**12), "cols"),
    "Board": (lambda: mix.Board(BIG, BIG), "rows"),
    "Geometry": (lambda: mix.Geometry(4, 10**9), "cols"),
    "gravity_bound": (lambda: mix.gravity_bound(BIG, BIG), "rows"),
    "slot_assignments": (lambda: mix.slot_assignments(4, BIG), "cols"),
    "report_formula": (lambda: mix.report_formula(10**30, 4), "rows"),
    "first_seen games": (lambda: mix.first_seen(["counts"], games=10**9), "games"),
    "first_seen rows": (lambda: mix.first_seen(["counts"], games=1, rows=BIG), "rows"),
    "alpha_changes": (lambda: mix.alpha_changes(10**12), "games"),
    "timed_moves": (lambda: mix.timed_moves(selftaught(), "random", 1, rows=BIG), "rows"),
    "timed_moves games": (lambda: mix.timed_moves(selftaught(), "random", 10**9), "games"),
    "ladder": (lambda: mix.ladder({"a": ("random", "random")}, 4, rows=BIG), "rows"),
    "ladder games": (lambda: mix.ladder({"a": ("random", "random")}, 10**12), "games"),
    "loss_kind": (lambda: mix.loss_kind([0, 1], rows=BIG, cols=BIG), "rows"),
    "why_lost": (lambda: mix.why_lost("random", "random", 10**9), "games"),
    "threat_habit": (lambda: mix.threat_habit("random", "random", 10**9), "games"),
    "loss_profile": (lambda: mix.loss_profile({}, 10**9), "games"),
    "strength_over_training": (lambda: mix.strength_over_training(
        {"v": np.zeros((1, 2, 128))}, [1], "random", 10**12), "games"),
    "strength_over_training checkpoints": (lambda: mix.strength_over_training(
        {"v": np.zeros((1, 2, 128))}, [10**9], "random", 1), "checkpoint"),
    "solve_position": (lambda: mix.solve_position(mix.Board(10, 20)), "empty slots"),
    "best_moves via perfect": (lambda: PerfectAgent().choose(mix.Board(10, 20),
                                                             random.Random(0)), "empty slots"),
    "solve_boards": (lambda: mix.solve_boards([(10, 20)]), "slots"),
    "make_agent depth": (lambda: mix.make_agent("alphabeta:99"), "depth"),
    "SearchAgent depth": (lambda: mix.SearchAgent(mix.heuristic_values(), depth=100), "depth"),
    "search_values depth": (lambda: search_values(mix.Board(), 10**6, mix.heuristic_values(),
                                                  mix.get_features("bits-strict")), "depth"),
    "learning_curve depth": (lambda: mix.learning_curve({0: W}, ["random"], 99, 1), "depth"),
    "ladder n_jobs": (lambda: mix.ladder({"a": ("random", "random")}, 4, n_jobs=10**6),
                      "n_jobs"),
}


@pytest.mark.parametrize("name", sorted(HUGE))
def test_huge_work_is_refused_at_once(name):
    call, word = HUGE[name]
    refused(call, word)


def test_a_weights_file_with_a_huge_board_is_refused(tmp_path):
    path = mix.save_weights(tmp_path / "w.init", W, mix.TDConfig(games=10), seed=1)
    text = path.read_text()
    assert "\nrows 10\n" in text
    path.write_text(text.replace("\nrows 10\n", "\nrows 100000\n"))
    refused(lambda: mix.read_weights(path), "rows")


# ---- numpy integers are integers, bools are not -----------------------------------------------

def test_numpy_integers_work_where_python_integers_do():
    i4, i6 = np.int64(4), np.int32(6)
    assert mix.solve(4, i4) == mix.solve(4, 4)
    for count in (mix.gravity_bound, mix.report_formula, mix.slot_assignments):
        got = count(i4, np.uint8(4))
        assert got == count(4, 4) and type(got) is int
    assert mix.reachable_positions(np.int16(3), i4) == mix.reachable_positions(3, 4)
    assert mix.solve_both(i4, i4) == mix.solve_both(4, 4)
    assert type(mix.solve_both(i4, i4).rows) is int
    assert mix.match("random", "onestep", np.int64(6), np.int64(3), rows=i6, cols=i6) == \
        mix.match("random", "onestep", 6, 3, rows=6, cols=6)
    assert mix.play_recorded("random", "random", np.uint32(5), i6, i6) == \
        mix.play_recorded("random", "random", 5, 6, 6)
    config = mix.TDConfig(games=np.int64(10), half=np.int64(5), rows=i6, cols=np.int64(7))
    assert config == mix.TDConfig(games=10, half=5, rows=6, cols=7)
    assert mix.weights_text(W, config, 1) == mix.weights_text(W, mix.TDConfig(10, half=5,
                                                                             rows=6, cols=7), 1)
    run = mix.train_selftaught(config, seed=np.int64(2), snapshots=np.int64(5))
    same = mix.train_selftaught(mix.TDConfig(10, half=5, rows=6, cols=7), seed=2, snapshots=5)
    assert np.array_equal(run.weights, same.weights)
    assert mix.SelfTaughtAgent(W, np.int64(2)).depth == 2
    assert mix.SearchAgent(mix.heuristic_values(), depth=np.int8(2)).depth == 2
    assert mix.check_boards([(np.int64(4), np.int8(5))], "B", 30) == ((4, 5),)
    assert all(type(side) is int for side in mix.check_boards([(np.int64(4), i6)], "B", 30)[0])
    assert mix.Geometry(i4, i6) == mix.Geometry(4, 6)
    assert mix.first_seen(["counts"], games=np.int64(3), rows=i6, cols=i6) == \
        mix.first_seen(["counts"], games=3, rows=6, cols=6)
    assert mix.alpha_changes(np.int64(10)) == mix.alpha_changes(10)
    assert mix.ladder({"a": ("random", "onestep")}, np.int64(2), chunks=np.int64(1),
                      rows=i6, cols=i6).equals(
        mix.ladder({"a": ("random", "onestep")}, 2, chunks=1, rows=6, cols=6))


BOOLS = {
    "solve": (lambda: mix.solve(True, 4), "rows"),
    "gravity_bound": (lambda: mix.gravity_bound(4, True), "cols"),
    "Geometry": (lambda: mix.Geometry(True, 4), "rows"),
    "TDConfig": (lambda: mix.TDConfig(rows=True), "rows"),
    "SelfTaughtAgent": (lambda: mix.SelfTaughtAgent(W, True), "depth"),
    "SearchAgent": (lambda: mix.SearchAgent(mix.heuristic_values(), depth=True), "depth"),
    "match games": (lambda: mix.match("random", "random", True), "games"),
    "match seed": (lambda: mix.match("random", "random", 1, np.bool_(False)), "seed"),
    "play_recorded": (lambda: mix.play_recorded("random", "random", True), "seed"),
    "ladder": (lambda: mix.ladder({"a": ("random", "random")}, True), "games"),
    "check_boards": (lambda: mix.check_boards([(True, 4)], "B", 30), "B"),
    "train_selftaught": (lambda: mix.train_selftaught(mix.TDConfig(games=2), seed=False),
                         "seed"),
    "snapshots": (lambda: mix.train_selftaught(mix.TDConfig(games=2), snapshots=[True]),
                  "snapshots"),
    "why_lost": (lambda: mix.why_lost("random", "random", True), "games"),
}


@pytest.mark.parametrize("name", sorted(BOOLS))
def test_a_bool_is_not_an_integer(name):
    call, word = BOOLS[name]
    refused(call, word)


# ---- bad content inside arguments ---------------------------------------------------------------

NAN_VALUES = [math.nan] * 128
CONTENT = {
    "SearchAgent draw nan": (lambda: mix.SearchAgent(mix.heuristic_values(), draw=math.nan),
                             "draw"),
    "SearchAgent draw 2": (lambda: mix.SearchAgent(mix.heuristic_values(), draw=2.0), "draw"),
    "SearchAgent nan values": (lambda: mix.SearchAgent(NAN_VALUES), "values"),
    "SearchAgent inf values": (lambda: mix.SearchAgent([math.inf] * 128), "values"),
    "SearchAgent text values": (lambda: mix.SearchAgent(["0.5"] * 128), "values"),
    "SelfTaughtAgent nan": (lambda: mix.SelfTaughtAgent(W * np.nan, 2), "weights"),
    "SelfTaughtAgent fixed 'no'": (lambda: mix.SelfTaughtAgent(W, 2, fixed="no"), "fixed"),
    "OneStep safe 'no'": (lambda: OneStep(safe="no"), "safe"),
    "PerfectAgent tt": (lambda: PerfectAgent(tt="table"), "tt"),
    "play_recorded seed 'x'": (lambda: mix.play_recorded("random", "random", seed="x"), "seed"),
    "play_recorded seed -1": (lambda: mix.play_recorded("random", "random", seed=-1), "seed"),
    "play_recorded agent": (lambda: mix.play_recorded("nobody", "random", 0), "x_agent"),
    "why_lost seed": (lambda: mix.why_lost("random", "random", 1, seed="x"), "seed"),
    "train_selftaught seed": (lambda: mix.train_selftaught(mix.TDConfig(games=2), seed="x"),
                              "seed"),
    "weights_table nan": (lambda: mix.weights_table(W * np.nan), "weights"),
    "weights_text nan": (lambda: mix.weights_text(W * np.nan, mix.TDConfig(), 1), "weights"),
    "Geometry diagonals 'no'": (lambda: mix.Geometry(4, 4, diagonals="no"), "diagonals"),
    "reachable_positions 'no'": (lambda: mix.reachable_positions(3, 4, "no"), "diagonals"),
    "solve diagonals 'no'": (lambda: mix.solve(4, 4, diagonals="no"), "diagonals"),
    "ladder progress 'no'": (lambda: mix.ladder({"a": ("random", "random")}, 4,
                                                progress="no"), "progress"),
    "ladder pairing": (lambda: mix.ladder({"a": ("random",)}, 4), "pairings"),
    "ladder agent nan": (lambda: mix.ladder({"a": ("random", "alphabeta:nan")}, 4),
                         "pairings"),
    "timed_moves agent": (lambda: mix.timed_moves("selftaught", "random", 1), "agent"),
    "against_perfect agent": (lambda: mix.against_perfect("perfect", 4, 4, 1), "agent"),
    "TDConfig alpha nan": (lambda: mix.TDConfig(alpha=math.nan), "alpha"),
    "TDConfig epsilon 'x'": (lambda: mix.TDConfig(epsilon="x"), "epsilon"),
    "play_game rng": (lambda: mix.play_game(OneStep(), OneStep(), 0, mix.Geometry()), "rng"),
    "learning_curve snapshot": (lambda: mix.learning_curve({"x": W}, ["random"], 1, 1),
                                "snapshots"),
}


@pytest.mark.parametrize("name", sorted(CONTENT))
def test_bad_content_is_refused_at_the_boundary(name):
    call, word = CONTENT[name]
    refused(call, word)


def test_a_nan_table_no_longer_reaches_a_match():
    """Before: accepted, and the match failed with "Cannot choose from an empty sequence"."""
    refused(lambda: mix.match(mix.SearchAgent(NAN_VALUES), "random", 2), "values")


def test_the_weights_file_keeps_its_settings_as_plain_numbers(tmp_path):
    config = mix.TDConfig(games=np.int64(10), alpha=np.float64(0.5), rows=np.int64(6), cols=7)
    path = mix.save_weights(tmp_path / "w.init", W, config, seed=np.int64(3))
    w, read, seed = mix.read_weights(path)
    assert read == config and seed == 3 and np.array_equal(w, W)
    assert all(type(getattr(read, k)) in (int, float) for k in SETTINGS)
