"""Checks of the notebooks' constants: bad values are refused with the constant's name."""

import pytest

from catmouse.constants import (
    check_boards,
    check_choice,
    check_choices,
    check_count,
    check_flag,
    check_int,
    check_pairs,
    check_seconds,
    check_side_range,
    check_winnable,
)


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

def test_good_values_pass_lists_and_tuples_alike():
    assert check_boards("B", ((6, 6), (7, 6))) == [(6, 6), (7, 6)]
    assert check_boards("B", [[6, 6], [7, 6]]) == [(6, 6), (7, 6)]
    assert check_side_range("MIN_SIDE", 4, "MAX_SIDE", 8) == (4, 8)
    assert check_count("SEEDS", 1) == 1 and check_flag("F", False) is False


@pytest.mark.parametrize("boards,match", [
    ((), "non-empty"), ([], "non-empty"), ("6x6", "non-empty"), (((6,),), "pair"),
    (((1, 6),), "not playable"), (((6, 2.5),), "not playable"), (((6, 6), (6, 6)), "twice"),
    (((6, 40),), "side above"),
])
def test_bad_boards_are_refused_naming_the_constant(boards, match):
    with pytest.raises(ValueError, match=match) as err:
        check_boards("TEST_BOARDS", boards, max_side=30)
    assert "TEST_BOARDS" in str(err.value)


@pytest.mark.parametrize("value", [0, -3, 2.0, True, "5", None])
def test_bad_counts_are_refused(value):
    with pytest.raises(ValueError, match="SEEDS must be an integer >= 1"):
        check_count("SEEDS", value)


def test_bad_ranges_and_flags_are_refused():
    with pytest.raises(ValueError, match="MIN_SIDE must be <= MAX_SIDE"):
        check_side_range("MIN_SIDE", 6, "MAX_SIDE", 5)
    with pytest.raises(ValueError, match="MIN_SIDE must be an integer >= 2"):
        check_side_range("MIN_SIDE", 1, "MAX_SIDE", 5)
    with pytest.raises(ValueError, match="ONLY_FINISHED must be True or False"):
        check_flag("ONLY_FINISHED", 1)


def test_choices():
    assert check_choices("MICE", ("random", "smart"), ("random", "smart", "strict")) == ["random", "smart"]
    for bad, match in (((), "non-empty"), ("random", "non-empty"), (["clever"], "not one of"),
                       (["smart", "smart"], "twice")):
        with pytest.raises(ValueError, match=match) as err:
            check_choices("MICE", bad, ("random", "smart", "strict"))
        assert "MICE" in str(err.value)


def test_numpy_integers_count_as_integers_and_bools_never_do():
    import numpy as np

    assert check_int("N", np.int64(4), 2, 20) == 4 and type(check_int("N", np.int32(4))) is int
    assert check_count("SEEDS", np.uint8(3)) == 3
    assert check_pairs("SPEEDS", [(np.int64(2), np.int8(1))], 1, 3) == [(2, 1)]
    assert check_boards("B", [(np.int64(6), np.int64(7))]) == [(6, 7)]
    assert check_side_range("MIN_SIDE", np.int64(4), "MAX_SIDE", np.int64(8)) == (4, 8)
    assert check_seconds("T", np.float64(0.5)) == 0.5
    assert check_flag("F", np.bool_(True)) is True
    for bad in (True, np.bool_(True), np.float64(4.0), "4"):
        with pytest.raises(ValueError, match="N must be an integer"):
            check_int("N", bad, 1, 20)
    with pytest.raises(ValueError, match="SPEEDS"):
        check_pairs("SPEEDS", [(True, 1)], 1, 3)
    with pytest.raises(ValueError, match="B: board"):
        check_boards("B", [(True, 6)])


@pytest.mark.parametrize("value", ["False", "no", 0, 1, None, "True"])
def test_string_and_number_booleans_are_refused(value):
    with pytest.raises(ValueError, match="ONLY_FINISHED must be True or False"):
        check_flag("ONLY_FINISHED", value)


def test_choices_compare_by_kind_and_refuse_what_cannot_be_compared():
    import numpy as np

    with pytest.raises(ValueError, match="N must be one of"):
        check_choice("N", True, (1, 2))               # True == 1, but it is not the choice 1
    with pytest.raises(ValueError, match="MOUSE must be one of"):
        check_choice("MOUSE", np.array(["smart"]), ("smart",))
    with pytest.raises(ValueError, match="MICE"):
        check_choices("MICE", [["smart"]], ("smart",))
    with pytest.raises(ValueError, match="SECONDS"):
        check_seconds("SECONDS", float("nan"))
    assert check_choice("N", np.int64(2), (1, 2)) == 2
