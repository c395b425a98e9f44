"""Bad input refused by our own TypeError/ValueError naming the caller's argument (issue 41)."""

import pytest

import catmouse
from catmouse.v1.ablation import longer_games_ablation


@pytest.mark.parametrize("kind", [None, 3, "xyz"])
def test_initial_cat_policy_names_kind(kind):
    with pytest.raises((TypeError, ValueError)) as info:
        catmouse.initial_cat_policy(4, 4, kind=kind)
    assert str(info.value).startswith("kind"), info.value


@pytest.mark.parametrize("text", ["no-such-option-xyz", "..\n", "C\nM"])
def test_parse_board_names_text_for_too_few_rows_or_columns(text):
    with pytest.raises(ValueError) as info:
        catmouse.parse_board(text)
    assert str(info.value).startswith("text must draw a board"), info.value


def test_parse_board_still_reads_a_small_board():
    board = catmouse.parse_board("C.\n.M")
    assert (board.rows, board.cols, board.cats, board.mouse) == (2, 2, ((0, 1),), (1, 0))


@pytest.mark.parametrize("first_seed", [10**24, 2**64 - 1])
def test_longer_games_ablation_names_first_seed(first_seed):
    with pytest.raises(ValueError) as info:
        longer_games_ablation(4, 5, "cat", "WEAK", 10, 2, first_seed=first_seed)
    assert str(info.value).startswith("first_seed"), info.value


def test_longer_games_ablation_takes_the_last_seeds():
    result = longer_games_ablation(4, 5, "cat", "WEAK", 10, 2, first_seed=2**64 - 2)
    assert result.seeds == (2**64 - 2, 2**64 - 1)
