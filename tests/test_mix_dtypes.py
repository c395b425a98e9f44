"""Issue 41: every public entry point of ``mix`` that takes numbers, called with its integers as
numpy uint8, int8, uint16, int32 and uint64 (scalars, and the arrays it takes), gives exactly what
it gives for Python ints: the same values of the same Python types. The values are chosen so
that arithmetic on the raw dtype could go wrong (uint8 sides of 20x20: ``rows * cols`` wraps to
144; uint8 history rows: differences wrap below 0). Before issue 41's fix, ``alpha``,
``lookahead``, ``learning_curve``, ``raw_features`` and ``threats`` checked a converted copy but
computed with the raw value (numpy results, uint8 bit masks out of bounds)."""

from __future__ import annotations

import dataclasses
import random
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from fuzzing import refused

import mix
from mix.features import get_features

DTYPES = [np.uint8, np.int8, np.uint16, np.int32, np.uint64]
W = mix.load_weights()
BITS = get_features("bits-strict")
# a value table of 0s and 1s (every dtype holds it), as an integer array where one is taken
TABLE01 = [float(v > 0) for v in mix.heuristic_values()]


def table(d):
    return np.array(TABLE01, dtype=d) if d is not int else [int(v) for v in TABLE01]


def midgame(moves=(2, 2, 3, 1, 4)) -> mix.Board:
    b = mix.Board(5, 6)
    for m in moves:
        b.play(m)
    return b


def saved_values(d):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "v.init"
        mix.save_values(path, table(d))
        return mix.load_values(path)


def saved_weights(d):
    with tempfile.TemporaryDirectory() as folder:
        config = mix.TDConfig(games=d(10), half=d(5), rows=d(6), cols=d(7))
        return mix.read_weights(mix.save_weights(Path(folder) / "w.init", W, config, d(3)))


def study(d):
    return mix.study_settings(
        TRAIN_GAMES=d(100), SEEDS=d(3), YARDSTICK="onestep", YARDSTICK_GAMES=d(8),
        RANDOM_GAMES=d(10), COUNT_BOARDS=[(d(3), d(4))], REACH_GAMES=d(10), REACH_PLAY=d(10),
        OPPONENTS=["random"], AB_DEPTHS=(d(1), d(2)), LADDER_GAMES=d(8), CHUNKS=d(4),
        DEEP=d(2), DEEP_OPPONENTS=[], SLOW_PAIRINGS=False, COUNTS_GAMES=d(100),
        WEAK_GAMES=d(4), WEAK_OPPONENTS=[], HABIT_GAMES=d(4), DIAG_GAMES=d(8),
        SOLVE_BOARDS=[(d(4), d(5))], PERFECT_BOARDS=[(d(4), d(4))], SHOW_GAME=["random", "onestep"],
        NJOBS=d(2))


def selftaught(d):
    return mix.selftaught_settings(
        TRAIN_GAMES=d(100), SEED=d(1), CURVE_POINTS=d(3), CURVE_OPPONENTS=["random"],
        CURVE_DEPTH=d(2), CURVE_GAMES=d(8), DEPTH=d(3), OPPONENTS=["onestep"],
        LADDER_GAMES=d(8), CHUNKS=d(4), TIMING_OPPONENT="random", TIMING_GAMES=d(2),
        PERFECT_BOARDS=[(d(4), d(4))], PERFECT_GAMES=d(2), NJOBS=d(1))


def lost_game(d):
    moves = mix.play_recorded("onestep", "random", 3, 5, 5)
    return mix.loss_kind([d(m) for m in moves], rows=d(5), cols=d(5))


def profile(d):
    losses = {"random": mix.why_lost("onestep", "random", 2, 1, rows=5, cols=5)}
    return mix.loss_profile(losses, d(2), rows=d(5))


def times_dropped(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.drop(columns=["seconds", "cpu"])   # the time each move took differs by run


# name: the call, given ``d`` (int, or a numpy integer type to build every integer with)
CALLS = {
    "Board": lambda d: mix.Board(d(20), d(20), d(4)).g,
    "Board.play": lambda d: (lambda b: (b.play(d(5)), b.play(d(19)), b.stones, b.heights))(
        mix.Board(20, 20)),
    "Geometry": lambda d: mix.Geometry(d(20), d(20), d(4)),
    "alpha": lambda d: mix.alpha(d(25), d(100)),
    "alpha_changes": lambda d: mix.alpha_changes(d(100)),
    "distance_to_final": lambda d: mix.distance_to_final(
        np.array([[0, 1, 2], [3, 0, 1], [1, 1, 1]], dtype=d), np.array([0, 2], dtype=d)),
    "lookahead": lambda d: mix.lookahead(midgame(), table(d), BITS, draw=d(0)),
    "train": lambda d: mix.train(d(10), d(3), rows=d(20), cols=d(20), draw=d(0)),
    "train_trial": lambda d: mix.train_trial(d(10), "bits-strict", d(2)),
    "strength_over_training": lambda d: mix.strength_over_training(
        {"v": np.stack([np.zeros(128), TABLE01, TABLE01]).astype(d)[None]}, [d(2), d(0)],
        "random", d(2), d(1), chunks=d(1), n_jobs=d(1)),
    "first_seen": lambda d: mix.first_seen(["counts"], games=d(3), seed=d(1), rows=d(6),
                                           cols=d(6)),
    "gravity_bound": lambda d: mix.gravity_bound(d(20), d(20)),
    "report_formula": lambda d: mix.report_formula(d(20), d(20)),
    "slot_assignments": lambda d: mix.slot_assignments(d(20), d(20)),
    "reachable_positions": lambda d: mix.reachable_positions(d(3), d(4)),
    "reachable_states": lambda d: mix.reachable_states("bits-strict", games=d(3), seed=d(2),
                                                       rows=d(6), cols=d(6)),
    "save_values": saved_values,
    "check_boards": lambda d: mix.check_boards([(d(4), d(5))], "B", d(30)),
    "check_chunks": lambda d: mix.check_chunks({"A": d(8)}, d(4)),
    "SearchAgent": lambda d: mix.match(mix.SearchAgent(table(d), depth=d(2), draw=d(0)),
                                       "random", 2, rows=5, cols=5),
    "SelfTaughtAgent": lambda d: mix.match(mix.SelfTaughtAgent(W, d(2)), "random", 2, rows=5,
                                           cols=5),
    "SelfTaughtAgent integer weights": lambda d: mix.match(
        mix.SelfTaughtAgent((np.arange(len(W)) % 3).astype(d), d(1)), "random", 2, rows=5,
        cols=5),
    "match": lambda d: mix.match("random", "onestep", d(3), d(4), rows=d(6), cols=d(6)),
    "duel": lambda d: mix.duel("random", "onestep", d(2), d(3), rows=d(5), cols=d(5)),
    "ladder": lambda d: mix.ladder({"a": ("random", "onestep")}, d(4), d(2), chunks=d(2),
                                   n_jobs=d(1), rows=d(5), cols=d(5), save_every=d(1)),
    "play_game": lambda d: mix.play_game(mix.OneStep(), mix.RandomAgent(), random.Random(4),
                                         mix.Geometry(d(5), d(6))).stones,
    "play_recorded": lambda d: mix.play_recorded("random", "onestep", d(3), d(5), d(6)),
    "loss_kind": lost_game,
    "loss_profile": profile,
    "why_lost": lambda d: mix.why_lost("random", "onestep", d(2), d(1), rows=d(5), cols=d(5)),
    "threat_habit": lambda d: mix.threat_habit("onestep", "random", d(2), d(1), rows=d(6),
                                               cols=d(6)),
    "raw_features": lambda d: mix.raw_features((d(1), d(2)), mix.Geometry(d(4), d(4))),
    "threats": lambda d: mix.threats(d(7), d(8) | d(32), mix.Geometry(d(4), d(4))),
    "search_move": lambda d: mix.search_move(midgame(), d(2), table(d), BITS, random.Random(0),
                                             draw=d(0)),
    "solve": lambda d: mix.solve(d(4), d(5), k=d(4)),
    "solve_both": lambda d: mix.solve_both(d(4), d(4), d(1)),
    "solve_boards": lambda d: mix.solve_boards([(d(4), d(4))], n_jobs=d(1),
                                               backend="sequential"),
    "TDConfig": lambda d: mix.TDConfig(games=d(10), alpha=d(1), half=d(5), epsilon=d(0),
                                       rows=d(6), cols=d(7)),
    "train_selftaught": lambda d: mix.train_selftaught(
        mix.TDConfig(games=d(4), half=d(2), rows=d(5), cols=d(6)), seed=d(2), snapshots=d(2)),
    "save_weights": saved_weights,
    "weights_text": lambda d: mix.weights_text(W, mix.TDConfig(games=d(10), half=d(5)), d(1)),
    "weights_table": lambda d: mix.weights_table((np.arange(len(W)) % 3).astype(d)),
    "against_perfect": lambda d: mix.against_perfect(mix.SelfTaughtAgent(W, 1), d(4), d(4),
                                                     d(1), d(0)),
    "against_perfect_boards": lambda d: mix.against_perfect_boards(W, d(1), [(d(4), d(4))],
                                                                   d(1), d(0), n_jobs=d(1)),
    "learning_curve": lambda d: mix.learning_curve({d(0): W, d(20): W}, ["random"], d(1), d(1),
                                                   d(0), chunks=d(1), n_jobs=d(1)),
    "timed_moves": lambda d: times_dropped(mix.timed_moves(mix.SelfTaughtAgent(W, 1), "random",
                                                           d(1), d(0), rows=d(5), cols=d(5))),
    "study_settings": study,
    "selftaught_settings": selftaught,
}


def plain(value):
    """A result as nested plain values with their types, so a numpy integer where a Python int
    was (or a uint8 column where an int64 one was) is a difference."""
    if isinstance(value, (pd.DataFrame, pd.Series)):
        return type(value).__name__, value.to_json(), repr(value.dtypes)
    if isinstance(value, np.ndarray):
        return "ndarray", str(value.dtype), value.tolist()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return type(value).__name__, {f.name: plain(getattr(value, f.name))
                                      for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return "dict", [(plain(k), plain(v)) for k, v in value.items()]
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return type(value).__name__, [plain(v) for v in items]
    return type(value).__name__, repr(value)


WANT: dict = {}


def python_result(name):
    if name not in WANT:
        WANT[name] = plain(CALLS[name](int))
    return WANT[name]


@pytest.mark.parametrize("kind", DTYPES, ids=lambda k: k.__name__)
@pytest.mark.parametrize("name", sorted(CALLS))
def test_numpy_integer_dtypes_give_the_python_result(name, kind):
    assert plain(CALLS[name](kind)) == python_result(name), f"{name} with {kind.__name__}"


@pytest.mark.parametrize("call", [
    lambda: mix.threats(1 << 40, 0, mix.Geometry(4, 4)), lambda: mix.threats(-1, 0, mix.Geometry()),
    lambda: mix.threats(1, 2, "4x4"), lambda: mix.threats(1.0, 2, mix.Geometry()),
    lambda: mix.raw_features((1, 1), mix.Geometry(4, 4)),
    lambda: mix.raw_features((1,), mix.Geometry()),
    lambda: mix.raw_features((1, 2), None), lambda: mix.raw_features("ab", mix.Geometry())])
def test_threats_and_raw_features_refuse_what_is_not_a_position(call):
    refused(call, "s", "empty", "g", "stones")
