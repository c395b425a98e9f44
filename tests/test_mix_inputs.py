"""Issue 41's mix cases: ``Board.undo`` refuses a column out of range or with no stone of the
last mover on top (it used to corrupt the heights), ``Board.play``/``undo`` give numpy integer
columns of every dtype the answers of Python ints, the searches refuse a value table of the wrong
size or with NaN, ``save_weights`` writes its temporary file beside the target and leaves none
behind on failure."""

import random
from functools import partial
from types import SimpleNamespace

import numpy as np
import pytest
from fuzzing import in_dtypes, refused

import mix
from mix.board import Board
from mix.features import get_features
from mix.plain import alphabeta

# the public search with fast=True (its twin mix.fast.alphabeta) and fast=False (the plain one)
SEARCHES = [SimpleNamespace(search_values=partial(alphabeta.search_values, fast=fast),
                            search_move=partial(alphabeta.search_move, fast=fast))
            for fast in (True, False)]
fast_alphabeta, plain_alphabeta = SEARCHES


@pytest.mark.parametrize("col", [-1, 7, 20, 10**400], ids=["-1", "7", "20", "huge"])
def test_undo_refuses_a_column_off_the_board(col):
    b = Board(6, 7)
    b.play(3)
    refused(lambda: b.undo(col), "col")
    assert b.heights == [0, 0, 0, 1, 0, 0, 0] and b.moves == 1


def test_undo_refuses_an_empty_column_or_one_topped_by_the_mover():
    b = Board(6, 7)
    refused(lambda: b.undo(0), "col")   # (column 0 of an empty board: a negative shift count)
    refused(lambda: b.undo(2), "col")
    b.play(3)
    b.play(4)   # O on top of column 4, X (to move) on top of column 3
    refused(lambda: b.undo(3), "col")
    assert b.heights == [0, 0, 0, 1, 1, 0, 0] and b.moves == 2 and b.turn == 0
    b.undo(4)
    assert b.heights == [0, 0, 0, 1, 0, 0, 0] and b.turn == 1


@pytest.mark.parametrize("col", [3.0, True, "3", None])
def test_play_and_undo_refuse_what_is_not_a_column(col):
    b = Board(6, 7)
    refused(lambda: b.play(col), "col")
    b.play(3)
    refused(lambda: b.undo(col), "col")


@pytest.mark.parametrize("col", in_dtypes(24))
def test_numpy_columns_play_like_python_ints(col):
    ref, b = Board(10, 30), Board(10, 30)
    ref.play(24)
    b.play(col)   # uint8: 24 * 11 wrapped past 255, and the stones became numpy integers
    assert b.stones == ref.stones and type(b.stones[0]) is int and b.heights == ref.heights
    b.undo(col)
    assert b.stones == [0, 0] and b.heights == [0] * 30 and b.moves == 0


def test_cell_refuses_a_slot_off_the_board():
    b = Board(6, 7)
    refused(lambda: b.cell(6, 0), "row")
    refused(lambda: b.cell(0, -1), "col")
    assert all(b.cell(r, c) is None for r in in_dtypes(5) for c in in_dtypes(6))


@pytest.mark.parametrize("search", SEARCHES, ids=["fast", "plain"])
def test_search_refuses_a_value_table_of_the_wrong_size_or_not_finite(search):
    feats = get_features("bits-strict")
    b, rng = Board(6, 7), random.Random(0)
    n = feats.n_states
    for values in ([0.0] * (n - 1), [0.0] * (n + 1), [], np.zeros((n, 1)),
                   [0.0] * (n - 1) + [float("nan")], [0.0] * (n - 1) + [float("inf")],
                   [0.0] * (n - 1) + [10**400]):
        refused(lambda v=values: search.search_move(b, 2, v, feats, rng), "values")
    refused(lambda: search.search_move(b, 2, "x" * n, feats, rng), "values")
    refused(lambda: search.search_move(b, 2, [0.0] * n, feats, rng, draw=float("nan")), "draw")
    refused(lambda: search.search_move(b, 0, [0.0] * n, feats, rng), "depth")
    refused(lambda: search.search_move(b, 2, [0.0] * n, feats, 7), "rng")
    refused(lambda: search.search_move("board", 2, [0.0] * n, feats, rng), "b")


@pytest.mark.parametrize("search", SEARCHES, ids=["fast", "plain"])
def test_search_refuses_a_finished_game(search):
    feats = get_features("bits-strict")
    b = Board(4, 4)
    for c in (0, 1, 0, 1, 0, 1, 0):
        b.play(c)
    refused(lambda: search.search_move(b, 2, [0.0] * feats.n_states, feats, random.Random(0)),
            "b")


@pytest.mark.parametrize("depth", in_dtypes(2))
def test_search_takes_numpy_depths_and_arrays(depth):
    feats = get_features("bits-strict")
    values = np.linspace(-1, 1, feats.n_states)
    b = Board(6, 7)
    b.play(3)
    want = fast_alphabeta.search_values(b, 2, list(values), feats)
    assert fast_alphabeta.search_values(b, depth, values, feats) == want
    assert plain_alphabeta.search_values(b, depth, values, feats) == want


def test_save_weights_writes_beside_the_target_and_leaves_nothing_on_failure(tmp_path,
                                                                             monkeypatch):
    w = mix.read_weights()[0]
    config = mix.TDConfig(games=10)
    refused(lambda: mix.save_weights(tmp_path, w, config, seed=1), "path")
    refused(lambda: mix.save_weights(tmp_path / "no" / "w.init", w, config, seed=1), "path")
    assert list(tmp_path.iterdir()) == []

    def fail(self, target):
        raise OSError("disk full")
    monkeypatch.setattr(type(tmp_path), "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        mix.save_weights(tmp_path / "w.init", w, config, seed=1)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    path = mix.save_weights(tmp_path / "w.init", w, config, seed=1)
    assert [p.name for p in tmp_path.iterdir()] == ["w.init"]
    assert np.array_equal(mix.read_weights(path)[0], w)


# ---- notebooks 40 and 41: every constant checked in mix.settings ----------------------------

def test_notebook_check_cells_refuse_every_constant_beyond_the_library_limits(monkeypatch):
    from test_mix_notebook_overrides import first_cells

    from mix import SELFTAUGHT_CONSTANTS, STUDY_CONSTANTS
    for name, bad in [("TRAIN_GAMES", 10**8), ("RANDOM_GAMES", 10**8), ("DEEP", 7),
                      ("SEEDS", 10**6), ("NJOBS", 10**6), ("AB_DEPTHS", (2, 50)),
                      ("COUNT_BOARDS", [[5, 5]]), ("SLOW_PAIRINGS", "no")]:
        with pytest.raises((TypeError, ValueError), match=name):
            first_cells("40_mix", {name: bad}, None, monkeypatch)
    for name, bad in [("TRAIN_GAMES", 10**8), ("SEED", -1), ("SEED", 2.5), ("DEPTH", 9),
                      ("CURVE_POINTS", 10**6), ("NJOBS", 10**6), ("TIMING_GAMES", 10**8)]:
        with pytest.raises((TypeError, ValueError), match=name):
            first_cells("41_mix_selftaught", {name: bad}, None, monkeypatch)
    ns = first_cells("40_mix", {"OPPONENTS": ["random", "onestep"], "SEEDS": 3,
                                "COUNT_BOARDS": [[3, 4]]}, None, monkeypatch)
    assert ns["OPPONENTS"] == ("random", "onestep") and ns["COUNT_BOARDS"] == ((3, 4),)
    assert all(type(ns[n]) is int for n in STUDY_CONSTANTS if n.endswith("GAMES"))
    ns = first_cells("41_mix_selftaught", {"SEED": 7}, None, monkeypatch)
    assert ns["SEED"] == 7 and all(n in ns for n in SELFTAUGHT_CONSTANTS)


def test_settings_name_a_missing_or_unknown_constant():
    from mix import selftaught_settings
    refused(lambda: selftaught_settings(SEED=1), "constants")


# ---- properties: a correct result or our clear error, never anything else --------------------

from fuzzing import FUZZ  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ANYTHING = st.one_of(st.integers(-10**30, 10**30), st.floats(allow_nan=True), st.booleans(),
                     st.none(), st.text(max_size=3), st.integers(-3, 30).map(np.int8),
                     st.integers(0, 30).map(np.uint64))


@FUZZ
@given(st.lists(st.integers(0, 6), max_size=20), ANYTHING)
def test_undo_of_anything_restores_the_position_or_is_refused(cols, col):
    b = Board(6, 7)
    for c in cols:
        if b.winner is None and b.heights[c] < 6:
            b.play(c)
    before = (b.stones[:], b.heights[:], b.moves, b.turn)
    tops = {c for c in range(7) if b.heights[c] and b.stones[1 - b.turn]
            & b.g.bit(b.heights[c] - 1, c)}  # columns the last move may have been played in
    if isinstance(col, (int, np.integer)) and not isinstance(col, bool) and col in tops:
        b.undo(col)
        assert b.moves == before[2] - 1 and b.heights[int(col)] == before[1][int(col)] - 1
        b.play(int(col))
        assert (b.stones, b.heights, b.moves) == (before[0], before[1], before[2])
    else:
        refused(lambda: b.undo(col), "col")
        assert (b.stones, b.heights, b.moves, b.turn) == before


@FUZZ
@given(st.integers(1, 3), st.sampled_from(["size", "nan", "ok", "text"]), st.integers(0, 9))
def test_search_move_is_a_legal_move_or_refused(depth, table, seed):
    feats = get_features("bits-strict")
    n = feats.n_states
    values = {"size": [0.0] * (n + seed + 1), "nan": [float("nan")] * n, "text": ["0"] * n,
              "ok": list(np.linspace(-1, 1, n))}[table]
    b = Board(5, 5)
    for search in SEARCHES:
        if table == "ok":
            assert search.search_move(b, depth, values, feats, random.Random(seed)) in range(5)
        else:
            refused(lambda s=search: s.search_move(b, depth, values, feats, random.Random(seed)),
                    "values")


def test_get_features_and_the_terminal_parser_refuse_what_is_not_theirs():
    from mix.__main__ import parse_column
    refused(lambda: get_features([]), "features")   # was Python's "unhashable type: 'list'"
    refused(lambda: get_features(None), "features")
    refused(lambda: parse_column(None, Board(6, 7)), "text")
    refused(lambda: parse_column("3", "board"), "b")
    refused(lambda: Board(geometry=(6, 7)), "geometry")
    assert parse_column("3", Board(6, 7)) == 3


@pytest.mark.parametrize("bad", [None, 3, "no-such-agent"])
def test_duel_and_get_features_name_the_callers_argument(bad):
    """Found by spoiling one argument of a valid call: duel named o_agent (match's argument)
    for a bad opponent, get_features named 'features' for its argument name."""
    from mix import duel, get_features
    refused(lambda: duel(bad, "random", 2, rows=4, cols=5), "agent")
    refused(lambda: duel("random", bad, 2, rows=4, cols=5), "opponent")
    refused(lambda: get_features(bad), "name")
