"""The notebook's ipywidgets board plays a whole game headless (clicks simulated), and the
board drawing works on any board size, on a new figure or on given axes."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest

from mix.board import O, X
from mix.draw import draw_board, play_widget

pytest.importorskip("ipywidgets")


def test_widget_plays_a_whole_game_by_clicks():
    box = play_widget("onestep", human=X, rows=5, cols=6, seed=1)
    b = box.board
    assert b.moves == 0 and box.status.value == "Your move: click a column."
    box.buttons[2].click()
    assert b.moves == 2 and b.cell(0, 2) == X                # ours, then the program's reply
    clicks = 1
    while not b.is_over():
        col = next(c for c in range(6) if b.heights[c] < 5)
        before = b.moves
        box.buttons[col].click()
        assert b.moves in (before + 1, before + 2)
        clicks += 1
    assert box.status.value in ("You win!", "The program wins.", "Draw.")
    moves = b.moves
    box.buttons[0].click()                                     # the game is over: refused
    assert b.moves == moves and box.status.value == "Column 0 is not playable now."
    assert clicks <= 15


def test_widget_as_o_program_opens_and_full_column_is_refused():
    box = play_widget("random", human=O, rows=4, cols=4, seed=0)
    b = box.board
    assert b.moves == 1 and b.turn == O
    while b.heights[0] < 4 and not b.is_over():
        box.buttons[0].click()
    if not b.is_over():
        n = b.moves
        box.buttons[0].click()
        assert b.moves == n and box.status.value == "Column 0 is not playable now."


def test_drawing_on_a_new_figure_or_on_given_axes():
    board = play_widget("random", rows=4, cols=5).board
    ax = draw_board(board)
    assert len(ax.patches) == 20 and ax.get_xlabel() == "column"
    assert ax.get_title() == "move 0, X to move (X red, O blue)"
    _, given = plt.subplots()
    assert draw_board(board, ax=given, title="a title") is given
    assert given.get_title() == "a title" and len(given.patches) == 20
    with pytest.raises(TypeError):
        draw_board(board, given)  # the axes and the title are keywords
    plt.close("all")
