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
