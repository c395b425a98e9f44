"""``studykit.checks`` as the one way to check a notebook's constants: value first, then the
constant's name, then what is allowed; ``sequence`` for list constants (papermill's text too)."""

import numpy as np
import pytest

from studykit.checks import choice, flag, real, seed, sequence, whole


def depth(value, name):
    return whole(value, name, 1, 6)


def test_the_scalar_constants():
    assert whole(np.int16(7), "ROWS", 2, 20) == 7
    assert real(3, "BETA", low=0) == 3.0
    assert choice("eat", "RULE", ("eat", "carry")) == "eat"
    assert flag(np.bool_(False), "ANIMATE") is False
    assert seed(0, "SEED") == 0
    with pytest.raises(ValueError, match="ROWS must be a whole number from 2 to 20, got 21"):
        whole(21, "ROWS", 2, 20)
    with pytest.raises(TypeError, match="ROWS must be a whole number"):
        whole("7", "ROWS", 2, 20)
    with pytest.raises(ValueError, match="RULE must be one of 'eat', 'carry'"):
        choice("Eat", "RULE", ("eat", "carry"))
    with pytest.raises(TypeError, match="ANIMATE must be True or False"):
        flag(1, "ANIMATE")


def test_a_whole_number_error_can_say_what_sets_the_bound():
    why = "the n! LP needs a 40,320-square matrix at 8 cards"
    assert whole(7, "N", 2, 7, why=why) == 7
    with pytest.raises(ValueError, match=r"N must be a whole number from 2 to 7, got 8: the n! LP"):
        whole(8, "N", 2, 7, why=why)
    with pytest.raises(TypeError, match=r"got 7.0 \(float\): the n! LP"):
        whole(7.0, "N", 2, 7, why=why)
    with pytest.raises(ValueError, match=r"got 8$"):               # no reason given: none added
        whole(8, "N", 2, 7)


@pytest.mark.parametrize("value", [[1, 2, 3], (1, 2, 3), np.array([1, 2, 3]), "[1, 2, 3]",
                                   "(1, 2, 3)", " (1, 2, 3)", range(1, 4)])
def test_sequence_takes_lists_tuples_arrays_and_their_text(value):
    assert sequence(value, "DEPTHS", depth) == (1, 2, 3)


def test_sequence_of_pairs_and_names():
    assert sequence("((5, 5), (6, 7))", "BOARDS",
                    lambda v, n: sequence(v, n, lambda x, m: whole(x, m, 2, 9), min_len=2, max_len=2)
                    ) == ((5, 5), (6, 7))
    names = sequence(["random", "smart"], "MICE", lambda v, n: choice(v, n, ("random", "smart")),
                     distinct=True)
    assert names == ("random", "smart")
    assert sequence((), "EMPTY", min_len=0) == ()


@pytest.mark.parametrize("value,error,match", [
    ([], ValueError, "DEPTHS must hold"),
    ([1, 7], ValueError, r"DEPTHS\[1\] must be a whole number from 1 to 6"),
    ([1, True], TypeError, r"DEPTHS\[1\]"),
    ([1, 2.0], TypeError, r"DEPTHS\[1\]"),
    ("(1, 2", ValueError, "DEPTHS must be a list or tuple, got the text"),
    ("(1, __import__('os'))", ValueError, "DEPTHS must be a list or tuple"),
    ("3", TypeError, "DEPTHS must be a list or tuple"),
    (3, TypeError, "DEPTHS must be a list or tuple"),
    ({1: 2}, TypeError, "DEPTHS must be a list or tuple"),
    ([1, 2, 1], ValueError, "DEPTHS must not list an item twice"),
])
def test_sequence_refuses_with_the_constant_named(value, error, match):
    with pytest.raises(error, match=match):
        sequence(value, "DEPTHS", depth, distinct=True)


def test_sequence_bounds_and_unhashable_repeats():
    with pytest.raises(ValueError, match="from 1 to 2 items"):
        sequence([1, 2, 3], "DEPTHS", depth, max_len=2)
    with pytest.raises(ValueError, match="twice"):
        sequence([[1], [1]], "PAIRS", distinct=True)
    assert sequence([[1], [2]], "PAIRS", distinct=True) == ([1], [2])


# ---- issue 41: huge numbers, every integer dtype, mixed lists ---------------------------------
from fractions import Fraction  # noqa: E402

from studykit.checks import array, cell, items  # noqa: E402
from tests.fuzzing import INT_DTYPES, in_dtypes, refused  # noqa: E402


@pytest.mark.parametrize("value", [10**400, -10**400, Fraction(10**400, 3)])
def test_real_refuses_numbers_beyond_float_range_with_our_value_error(value):
    error = refused(lambda: real(value, "BETA", low=0), "BETA")
    assert isinstance(error, ValueError) and "beyond float range" in str(error)


def test_whole_names_the_argument_for_a_number_too_long_to_print():
    error = refused(lambda: whole(10**5000, "ROWS", 2, 20), "ROWS")
    assert "5000 digits" in str(error)


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_every_integer_dtype_is_a_whole_number_and_a_real(dtype):
    assert whole(dtype(7), "N", 0, 9) == 7 and type(whole(dtype(7), "N")) is int
    assert real(dtype(7), "X", low=0) == 7.0 and type(real(dtype(7), "X")) is float
    assert seed(dtype(3)) == 3
    assert cell(np.array([1, 2], dtype=dtype), "at") == (1, 2)


@pytest.mark.parametrize("check", [lambda v: whole(v, "N"), lambda v: real(v, "X"),
                                   lambda v: flag(v, "F"), lambda v: items(v, "S"),
                                   lambda v: cell(v, "C")])
@pytest.mark.parametrize("value", [np.array(3), np.array(3.0), np.array(True)])
def test_zero_dimensional_arrays_are_refused_naming_the_argument(check, value):
    refused(lambda: check(value), "N", "X", "F", "S", "C")


@pytest.mark.parametrize("value", [[np.uint64(1), 2], [np.uint64(1), -1], [np.int64(1), 2**62],
                                   [[np.uint64(3), 1], [2, np.int8(-4)]]])
def test_mixed_numpy_and_python_integers_stay_integers(value):
    arr = array(value, "cards", kind="integer")
    assert arr.dtype == np.int64
    assert arr.tolist() == np.asarray(value, dtype=object).astype(int).tolist()


def test_integers_beyond_int64_in_a_mixed_list_stay_exact():
    arr = array([np.uint64(2**64 - 1), 2], "counts", kind="integer")
    assert [int(v) for v in arr] == [2**64 - 1, 2]


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_integer_arrays_of_any_dtype_come_back_as_int64_so_arithmetic_cannot_wrap(dtype):
    arr = array(np.array([1, 2], dtype=dtype), "ranks", kind="integer", low=0)
    assert arr.dtype == np.int64 and (arr - 2).tolist() == [-1, 0]
    assert array(np.array([3], dtype=dtype), "x").dtype == np.int64


def test_in_dtypes_values_agree_with_the_python_int():
    assert {whole(v, "N", 0, 300) for v in in_dtypes(200)} == {200}
