"""The article's pictures: the mouse's options, and the figures build on any sensible board."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest

from catmouse.draw import draw_board, plot_capture_heatmap
from catmouse.figures import (
    NEXT_TO_CAT,
    SAFE,
    article_pictures,
    chase_positions,
    draw_position,
    draw_window,
    draw_window_space,
    mouse_options,
    window_pictures,
)


def test_diagonal_contact_leaves_two_safe_moves_away_from_the_cat():
    assert mouse_options(8, 7, (3, 4), (4, 5)) == {"R": SAFE, "L": NEXT_TO_CAT, "U": SAFE,
                                                   "D": NEXT_TO_CAT}


def test_the_cornered_mouse_has_only_moves_next_to_the_cat():
    _, (cat, mouse) = chase_positions(8, 7)
    assert mouse == (6, 7) and cat == (5, 6)
    assert mouse_options(8, 7, cat, mouse) == {"L": NEXT_TO_CAT, "D": NEXT_TO_CAT}


@pytest.mark.parametrize("rows,cols", [(8, 7), (2, 2), (3, 5), (15, 15)])
def test_pictures_on_any_board(rows, cols):
    plt.close(article_pictures(rows, cols))
    if min(rows, cols) >= 3:
        fig, idx = window_pictures(rows, cols)
        plt.close(fig)
        assert idx.shape == (2, 6) and (idx[0, 4:] == 2).all() and idx[1, 4] == 1


def test_bad_boards_are_refused():
    with pytest.raises(ValueError):
        article_pictures(1, 5)
    with pytest.raises(ValueError, match="3 x 3"):
        window_pictures(2, 6)


def test_drawing_functions_draw_into_a_given_axes_or_make_their_own():
    fig, axes = plt.subplots(1, 3)
    cat_art, mouse_art = draw_board(5, 6, [(0, 0), (1, 1)], (5, 4), obstacles=((2, 2),), ax=axes[0])
    assert cat_art.axes is axes[0] and len(axes[0].patches) == 1
    assert list(cat_art.get_xdata()) == [0, 1] and list(mouse_art.get_ydata()) == [4]
    assert draw_position(4, 4, (0, 0), (3, 3), options=True, ax=axes[1]) is axes[1]
    idx = draw_window(8, 7, (5, 6), (6, 7), ax=axes[2])
    assert idx == (1, 1, 2, 2, 2, 2)
    own = draw_position(4, 4, (1, 1), (2, 2))
    assert own.figure is not fig
    draw_window_space(idx)
    with pytest.raises(ValueError, match="3 x 3 window"):
        draw_window(8, 7, (0, 0), (6, 7))
    fig, ax = plt.subplots()
    grid = np.array([[1.0, np.inf], [2.0, 3.0]])
    assert plot_capture_heatmap(grid, [2, 3], [2, 3], "t", ax=ax, label="moves") is ax
    assert [t.get_text() for t in ax.texts] == ["1", "-", "2", "3"]
    with pytest.raises(TypeError):                     # the axes is a keyword, never positional
        plot_capture_heatmap(grid, [2, 3], [2, 3], "t", ax)
    plt.close("all")
