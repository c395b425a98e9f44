"""The catmouse rules of the notebooks' constants: bad values refused with the constant's name."""

import numpy as np
import pytest

from catmouse import optimal_capture
from catmouse.constants import board_list, side_range, winnable_board


def test_good_values_pass_lists_and_tuples_alike():
    assert board_list(((6, 6), (7, 6)), "B") == [(6, 6), (7, 6)]
    assert board_list([[6, 6], [7, 6]], "B") == [(6, 6), (7, 6)]
    assert board_list("[(6, 6), (7, 6)]", "B") == [(6, 6), (7, 6)]   # papermill passes tuples as text
    assert side_range(4, 8, ("MIN_SIDE", "MAX_SIDE")) == (4, 8)
    assert side_range(5, 5) == (5, 5)


@pytest.mark.parametrize("boards,error,match", [
    ((), ValueError, "TEST_BOARDS must hold"), ([], ValueError, "TEST_BOARDS must hold"),
    ("6x6", TypeError, "TEST_BOARDS must be a list"), (((6,),), ValueError, r"TEST_BOARDS\[0\]"),
    (((1, 6),), ValueError, r"TEST_BOARDS\[0\]\[0\] must be a whole number from 2 to 30"),
    (((6, 2.5),), TypeError, r"TEST_BOARDS\[0\]\[1\]"),
    (((6, 6), (6, 6)), ValueError, "TEST_BOARDS must not list an item twice"),
    (((6, 40),), ValueError, r"TEST_BOARDS\[0\]\[1\] must be a whole number from 2 to 30"),
    ([(True, 6)], TypeError, r"TEST_BOARDS\[0\]\[0\]"),
])
def test_bad_boards_are_refused_naming_the_constant(boards, error, match):
    with pytest.raises(error, match=match):
        board_list(boards, "TEST_BOARDS", max_side=30)


def test_board_sides_are_capped_by_the_study_even_without_max_side():
    with pytest.raises(ValueError, match="B"):
        board_list([(6, 10**6)], "B")


def test_bad_ranges_are_refused():
    with pytest.raises(ValueError, match="MIN_SIDE must be <= MAX_SIDE, got 6 > 5"):
        side_range(6, 5, ("MIN_SIDE", "MAX_SIDE"))
    with pytest.raises(ValueError, match="MIN_SIDE must be a whole number from 2 to 1,000"):
        side_range(1, 5, ("MIN_SIDE", "MAX_SIDE"))
    with pytest.raises(TypeError, match="MAX_SIDE"):
        side_range(4, 5.0, ("MIN_SIDE", "MAX_SIDE"))


@pytest.mark.parametrize("rows,cols,first", [(8, 8, "cat"), (7, 7, "cat"), (8, 7, "mouse")])
def test_boards_the_cat_cannot_win_are_refused(rows, cols, first):
    with pytest.raises(ValueError, match=f"NUM_ROWS x NUM_COLS = {rows} x {cols} .* cannot win"):
        winnable_board(rows, cols, first)


@pytest.mark.parametrize("rows,cols,first", [(8, 7, "cat"), (4, 4, "mouse"), (5, 9, "mouse")])
def test_winnable_boards_give_the_optimal_capture(rows, cols, first):
    moves = winnable_board(rows, cols, first, ("TRAIN_ROWS", "TRAIN_COLS"))
    assert moves == optimal_capture(rows, cols, first) and moves > 0


def test_the_winnable_error_names_the_notebooks_constants():
    with pytest.raises(ValueError, match="TRAIN_ROWS \\+ TRAIN_COLS even"):
        winnable_board(4, 5, "mouse", ("TRAIN_ROWS", "TRAIN_COLS"))


def test_numpy_integers_count_as_integers_and_bools_never_do():
    assert board_list([(np.int64(6), np.int64(7))], "B") == [(6, 7)]
    assert all(type(side) is int for side in board_list([(np.int64(6), np.int8(7))], "B")[0])
    assert side_range(np.int64(4), np.int64(8)) == (4, 8)
    with pytest.raises(TypeError, match="MIN_SIDE"):
        side_range(True, 8)
