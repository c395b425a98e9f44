"""The notebook's ipywidgets board plays a whole game headless (clicks simulated), names the
program's reply and shows it on the board, its buttons as wide as the board's columns; the
board drawing works on any board size, on a new figure or on given axes."""

import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest

from mix.board import O, X
from mix.draw import CELL_PX, board_html, draw_board, play_widget

pytest.importorskip("ipywidgets")


def test_widget_plays_a_whole_game_by_clicks():
    box = play_widget("onestep", human=X, rows=5, cols=6, seed=1)
    b = box.board
    assert b.moves == 0
    assert box.status.value == ("You play X (red) against the program (O, blue). "
                                "Your move: click a column.")
    box.buttons[2].click()
    assert b.moves == 2 and b.cell(0, 2) == X                # ours, then the program's reply
    reply = next(c for c in range(6) if b.cell(0, c) == O or b.cell(1, c) == O)
    assert box.status.value == (f"You (X) played column 2, the program (O) answered in column "
                                f"{reply} (ringed). Your move: click a column.")
    assert box.picture.value == board_html(b, reply) and "box-shadow" in box.picture.value
    clicks = 1
    while not b.is_over():
        col = next(c for c in range(6) if b.heights[c] < 5)
        before = b.moves
        box.buttons[col].click()
        assert b.moves in (before + 1, before + 2)
        clicks += 1
    assert box.status.value.endswith(("You win!", "The program wins.", "Draw."))
    moves = b.moves
    box.buttons[0].click()                                     # the game is over: refused
    assert b.moves == moves and box.status.value == "Column 0 is not playable now."
    assert clicks <= 15


def test_widget_as_o_program_opens_and_full_column_is_refused():
    box = play_widget("random", human=O, rows=4, cols=4, seed=0)
    b = box.board
    assert b.moves == 1 and b.turn == O
    opening = b.heights.index(1)
    assert box.status.value.startswith(f"You play O: the program (X) opened in column {opening}")
    while b.heights[0] < 4 and not b.is_over():
        box.buttons[0].click()
    if not b.is_over():
        n = b.moves
        box.buttons[0].click()
        assert b.moves == n and box.status.value == "Column 0 is not playable now."


def test_buttons_line_up_with_the_board_and_read_in_full():
    """Every button as wide as a column of the board, no margin, its whole number as label."""
    box = play_widget("random", rows=10, cols=20)
    assert [btn.description for btn in box.buttons] == [str(c) for c in range(20)]
    assert {(btn.layout.width, btn.layout.margin) for btn in box.buttons} == {(f"{CELL_PX}px", "0")}
    html = box.picture.value
    assert f"grid-template-columns:repeat(20,{CELL_PX}px)" in html
    assert len(re.findall("border-radius:50%", html)) == 200 and "box-shadow" not in html


def test_board_html_shows_stones_top_row_first():
    board = play_widget("random", rows=4, cols=4).board   # empty: X to move
    board.play(1)
    board.play(1)                                         # X at (0, 1), O above it at (1, 1)
    colours = re.findall(r"background:(#[0-9a-f]+|white)\"", board_html(board, last=1))
    assert colours[8:] == ["white", "#1f77b4", "white", "white",    # row 1
                           "white", "#d62728", "white", "white"]    # row 0, the bottom, last
    assert set(colours[:8]) == {"white"}
    assert board_html(board, last=1).count("box-shadow") == 1


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


@pytest.mark.parametrize("bad", [None, "0", 2.5, -1, 2, 10**24, float("nan"), [1], True],
                         ids=lambda v: repr(v)[:12])
def test_widget_refuses_a_seat_that_is_not_one(bad):
    """Found by spoiling one argument of a valid call: human=None gave 'string indices must be
    integers' and -10**6 an IndexError."""
    from mix import play_widget
    with pytest.raises((TypeError, ValueError), match="human"):
        play_widget(human=bad)


@pytest.mark.parametrize("bad", [None, "0", 2.5, -1, float("nan"), [1], True],
                         ids=lambda v: repr(v)[:12])
def test_widget_refuses_a_seed_that_is_not_one(bad):
    """Any seed was taken (None: a different game every run, '3', nan)."""
    from mix import play_widget
    with pytest.raises((TypeError, ValueError), match="seed"):
        play_widget(seed=bad)
