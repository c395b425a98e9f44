"""Unexpected moves: a cat step that does not close in, a mouse step toward the cat by choice."""

import pytest

from catmouse.v1.unexpected import Unexpected, total_unexpected, unexpected_moves


def test_a_cat_closing_in_and_a_mouse_running_away_make_no_unexpected_move():
    game = [(0, 0, 4, 4), (1, 0, 4, 4), (1, 0, 4, 5), (1, 1, 4, 5)]   # 6x5 board: cols 5, rows 6
    assert unexpected_moves(game, 6, 5) == Unexpected(0, 2, 0, 1)


def test_a_cat_stepping_away_and_a_mouse_stepping_toward_the_cat_are_counted():
    game = [(1, 1, 4, 4), (0, 1, 4, 4), (0, 1, 3, 4), (0, 2, 3, 4)]
    u = unexpected_moves(game, 6, 5)
    assert u == Unexpected(1, 2, 1, 1) and u.share == 2 / 3


def test_a_cornered_mouse_forced_toward_the_cat_is_not_unexpected():
    # 3x3 board, mouse in the top-right corner (2, 2), cat diagonally next to it at (1, 1):
    # both of the mouse's moves end next to the cat
    game = [(1, 1, 2, 2), (1, 1, 2, 1)]
    assert unexpected_moves(game, 3, 3) == Unexpected(0, 0, 0, 1)


def test_counts_add_up_over_games_and_bad_positions_are_refused():
    a, b = Unexpected(1, 4, 0, 3), Unexpected(2, 5, 1, 5)
    assert total_unexpected([a, b]) == Unexpected(3, 9, 1, 8)
    assert Unexpected(0, 0, 0, 0).share == 0.0
    with pytest.raises(ValueError, match="positions"):
        unexpected_moves([(0, 0, 9, 0)], 3, 3)
