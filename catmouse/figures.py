"""The article's explanatory pictures, drawn from the rules: start positions, the diagonal chase,
the cornered mouse, and version 2's 3 x 3 window with its edge flags."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from catmouse.arguments import board_cell
from catmouse.draw import draw_board, drawn_board
from catmouse.rules import DELTAS, check_board, step
from catmouse.v2.window import window_index

SAFE, NEXT_TO_CAT, ONTO_CAT = "safe", "next to the cat", "onto the cat"


def mouse_options(rows: int, cols: int, cat, mouse) -> dict[str, str]:
    """Each legal mouse move and what it leads to: "safe", "next to the cat" or "onto the cat"."""
    rows, cols = check_board(rows, cols)
    cat, mouse = board_cell(cat, "cat", rows, cols), board_cell(mouse, "mouse", rows, cols)
    out = {}
    for d in DELTAS:
        q = step(mouse[0], mouse[1], d, rows, cols)
        if q is None:
            continue
        gap = abs(q[0] - cat[0]) + abs(q[1] - cat[1])
        out[d] = ONTO_CAT if gap == 0 else (NEXT_TO_CAT if gap == 1 else SAFE)
    return out


def draw_position(rows: int, cols: int, cat, mouse, title: str = "", options: bool = False, *,
                  ax=None):
    """The board with both players; with ``options`` the mouse's moves as arrows (green: safe,
    red: next to the cat, which then captures)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(4.8, 4.8))
    draw_board(rows, cols, cat, mouse, title=title, ax=ax)
    ax.get_legend().remove()
    if options:
        colours = {SAFE: "tab:green", NEXT_TO_CAT: "tab:red", ONTO_CAT: "tab:red"}
        for d, what in mouse_options(rows, cols, cat, mouse).items():
            dx, dy = DELTAS[d]
            ax.annotate("", xy=(mouse[0] + 0.8 * dx, mouse[1] + 0.8 * dy), xytext=mouse,
                        arrowprops={"arrowstyle": "->", "lw": 2, "color": colours[what]})
    return ax


def chase_positions(rows: int, cols: int) -> tuple[tuple, tuple]:
    """(cat, mouse) cells for the two chase pictures: diagonal contact, then the cornered mouse."""
    mouse = (max(1, cols - 3), max(1, rows - 3))
    return ((mouse[0] - 1, mouse[1] - 1), mouse), ((cols - 2, rows - 2), (cols - 1, rows - 1))


def article_pictures(rows: int, cols: int):
    """Four panels in a 2 x 2 grid (900 px wide, legible on the page): the start on this board,
    the 3 x 3 board, the diagonal chase, the cornered mouse."""
    rows, cols = drawn_board(rows, cols)
    (dc, dm), (cc, cm) = chase_positions(rows, cols)
    fig, axes = plt.subplots(2, 2, figsize=(9, 8.4))
    axes = axes.ravel()
    draw_position(rows, cols, (0, 0), (cols - 1, rows - 1), f"start on {rows} x {cols}", ax=axes[0])
    draw_position(3, 3, (0, 0), (2, 2), "the 3 x 3 board: 81 (cat, mouse) pairs", ax=axes[1])
    draw_position(rows, cols, dc, dm, "cat diagonally next to the mouse", options=True, ax=axes[2])
    draw_position(rows, cols, cc, cm, "the mouse is cornered", options=True, ax=axes[3])
    axes[0].legend(*axes[0].get_legend_handles_labels(), loc="lower right", fontsize=9)
    fig.tight_layout()
    return fig


def draw_window(rows: int, cols: int, cat, mouse, title: str = "", *, ax=None):
    """The whole board, its border drawn thick, with the 3 x 3 window around both players;
    returns the position's window index."""
    idx = window_index(cat[0], cat[1], mouse[0], mouse[1], rows, cols)
    if idx is None:
        raise ValueError(f"cat {cat} and mouse {mouse} do not fit in a 3 x 3 window")
    if ax is None:
        _, ax = plt.subplots(figsize=(4.8, 4.8))
    draw_position(rows, cols, cat, mouse, title, ax=ax)
    x0, y0 = cat[0] - idx[0], cat[1] - idx[1]
    ax.add_patch(plt.Rectangle((x0 - 0.5, y0 - 0.5), 3, 3, fill=True, alpha=0.15, color="tab:blue"))
    ax.add_patch(plt.Rectangle((-0.5, -0.5), cols, rows, fill=False, lw=4, color="k"))
    return idx


def draw_window_space(idx, title: str = "", *, ax=None):
    """The 3 x 3 space a position is projected onto; a flagged board edge is drawn thick."""
    clx, cly, mlx, mly, lr, bt = idx
    if ax is None:
        _, ax = plt.subplots(figsize=(4.8, 4.8))
    draw_position(3, 3, (clx, cly), (mlx, mly),
                  title or f"window index {tuple(int(i) for i in idx)}", ax=ax)
    edges = {"left": lr == 1, "right": lr == 2, "bottom": bt == 1, "top": bt == 2}
    lines = {"left": ([-0.5, -0.5], [-0.5, 2.5]), "right": ([2.5, 2.5], [-0.5, 2.5]),
             "bottom": ([-0.5, 2.5], [-0.5, -0.5]), "top": ([-0.5, 2.5], [2.5, 2.5])}
    for side, flagged in edges.items():
        if flagged:
            ax.plot(*lines[side], color="k", lw=5)
    ax.set_xlabel("local x")
    ax.set_ylabel("local y")


def window_pictures(rows: int, cols: int):
    """Version 2's four diagrams in a 2 x 2 grid: near the top-right corner, its window,
    elsewhere, its window."""
    rows, cols = drawn_board(rows, cols)
    if min(rows, cols) < 3:
        raise ValueError(f"the 3 x 3 window needs a board of at least 3 x 3, got {rows} x {cols}")
    corner = ((cols - 3, rows - 2), (cols - 1, rows - 1))
    middle_y = max(0, rows // 2 - 1)
    side = ((0, middle_y), (2, min(rows - 1, middle_y + 1)))
    fig, axes = plt.subplots(2, 2, figsize=(9, 8.8))
    axes = axes.ravel()
    idx = draw_window(rows, cols, *corner, title="both in the top-right 3 x 3 area", ax=axes[0])
    draw_window_space(idx, f"that area alone, flags {idx[4:]}", ax=axes[1])
    idx2 = draw_window(rows, cols, *side, title="close together at the left edge", ax=axes[2])
    draw_window_space(idx2, f"projected onto 3 x 3, flags {idx2[4:]}", ax=axes[3])
    fig.tight_layout()
    return fig, np.array([idx, idx2])
