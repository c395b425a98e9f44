"""Checks of the notebooks' constants: bad values are refused with the constant's name."""

import pytest

from catmouse.validate import check_choice, check_int, check_pairs, check_seconds, check_winnable


def test_good_values_pass_through():
    assert check_int("N", 5, 2, 20) == 5
    assert check_choice("FIRST_MOVE", "cat", ("cat", "mouse")) == "cat"
    assert check_seconds("T", 0.5) == 0.5
    assert check_winnable(8, 7, "cat") == 12
    assert check_pairs("SPEEDS", ((2, 1), [1, 2]), 1, 3) == [(2, 1), (1, 2)]


@pytest.mark.parametrize("value", [1, 21, 2.0, True, "8", None])
def test_bad_integers(value):
    with pytest.raises(ValueError, match="NUM_ROWS"):
        check_int("NUM_ROWS", value, 2, 20)


def test_bad_choice_and_seconds():
    with pytest.raises(ValueError, match="INITIAL_CAT_POLICY"):
        check_choice("INITIAL_CAT_POLICY", "MEDIUM", ("WEAK", "STRONG"))
    for bad in (0, -1, 11, "fast", True):
        with pytest.raises(ValueError, match="ANIMATION"):
            check_seconds("ANIMATION", bad)


@pytest.mark.parametrize("rows,cols,first", [(8, 8, "cat"), (7, 7, "cat"), (8, 7, "mouse")])
def test_boards_the_cat_cannot_win_are_refused(rows, cols, first):
    with pytest.raises(ValueError, match="NUM_ROWS x NUM_COLS .* cannot win"):
        check_winnable(rows, cols, first)


@pytest.mark.parametrize("value", [(), "21", [(2, 1, 1)], [(0, 1)], [(4, 1)], [("2", 1)], 3])
def test_bad_pairs(value):
    with pytest.raises(ValueError, match="SPEEDS"):
        check_pairs("SPEEDS", value, 1, 3)
