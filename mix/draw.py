"""Matplotlib drawing of a MIX board, an animated game, and an ipywidgets board to play in a
notebook."""

from __future__ import annotations

import random

import matplotlib.pyplot as plt
from matplotlib.patches import Circle

from mix.agents import make_agent
from mix.board import Board, X

COLOURS = {X: "#d62728", 1: "#1f77b4"}


def draw_board(b: Board, *, ax=None, title: str | None = None):
    """Draw ``b`` with X red and O blue, on ``ax`` (a new figure when None); returns the axes."""
    if ax is None:
        _, ax = plt.subplots(figsize=(b.g.cols * 0.35 + 0.5, b.g.rows * 0.35 + 0.6), dpi=70)
    ax.set_facecolor("#f2e6c9")
    for r in range(b.g.rows):
        for c in range(b.g.cols):
            who = b.cell(r, c)
            # add_artist, not add_patch: the limits are set below, and updating them per disc
            # was most of the time of an animation frame
            ax.add_artist(Circle((c, r), 0.4, color=COLOURS.get(who, "white"), ec="grey", lw=0.5))
    ax.set_xlim(-0.6, b.g.cols - 0.4)
    ax.set_ylim(-0.6, b.g.rows - 0.4)
    ax.set_aspect("equal")
    ax.set_xticks(range(b.g.cols))
    ax.set_yticks([])
    ax.set_xlabel("column")
    ax.set_title(title or f"move {b.moves}, {'XO'[b.turn]} to move (X red, O blue)")
    return ax


def play_widget(agent="learned", human: int = X, rows: int = 10, cols: int = 20, seed: int = 0):
    """An ipywidgets board: one button per column, the program answering each move.

    The returned box also carries ``board``, ``buttons`` and ``status`` (the game so far)."""
    import ipywidgets as w
    from IPython.display import clear_output, display

    program, rng, b = make_agent(agent), random.Random(seed), Board(rows, cols)
    out, status = w.Output(), w.Label()

    def redraw():
        with out:
            clear_output(wait=True)
            fig, ax = plt.subplots(figsize=(cols * 0.3 + 0.5, rows * 0.3 + 0.6), dpi=60)
            draw_board(b, ax=ax)
            display(fig)
            plt.close(fig)
        if b.is_over():
            status.value = ("Draw." if b.winner is None else
                            "You win!" if b.winner == human else "The program wins.")
        else:
            status.value = "Your move: click a column."

    def on_click(button):
        c = button.column
        if b.is_over() or b.turn != human or b.heights[c] >= rows:
            status.value = f"Column {c} is not playable now."
            return
        b.play(c)
        if not b.is_over():
            b.play(program.choose(b, rng))
        redraw()

    buttons = []
    for c in range(cols):
        btn = w.Button(description=str(c), layout=w.Layout(width="34px"))
        btn.column = c
        btn.on_click(on_click)
        buttons.append(btn)
    if human != X:
        b.play(program.choose(b, rng))
    redraw()
    box = w.VBox([w.HBox(buttons), status, out])
    box.board, box.buttons, box.status = b, buttons, status  # for tests and curious readers
    return box


def game_animation(moves: list[int], names: tuple[str, str] = ("X", "O"), rows: int = 10,
                   cols: int = 20, step: int = 2, dpi: int = 80):
    """A matplotlib animation of a game given by its ``moves``, one frame every ``step`` moves
    (and the final position), the last move ringed, the names of X and O in the title."""
    from matplotlib.animation import FuncAnimation

    if step < 1:
        raise ValueError(f"step must be >= 1, got {step}")
    b = Board(rows, cols)
    for m in moves:  # validate the whole game first
        b.play(m)
    shown = sorted(set(range(0, len(moves) + 1, step)) | {len(moves)})
    fig, ax = plt.subplots(figsize=(max(5.0, cols * 0.3 + 0.4), rows * 0.3 + 1.1), dpi=dpi)
    fig.subplots_adjust(left=0.02, right=0.98, bottom=0.12, top=0.86)

    def frame(i):
        ax.clear()
        n = shown[i]
        b = Board(rows, cols)
        for m in moves[:n]:
            b.play(m)
        if b.winner is not None:
            what = f"{names[b.winner]} ({'XO'[b.winner]}) wins"
        elif b.is_over():
            what = "draw"
        else:
            what = f"{'XO'[b.turn]} to move"
        draw_board(b, ax=ax, title=f"X: {names[0]} (red)  vs  O: {names[1]} (blue)\n"
                                   f"move {n}: {what}")
        for patch in ax.patches:  # flat discs: frames compress about five times better
            patch.set_antialiased(False)
            patch.set_linewidth(0)
        if n:
            c = moves[n - 1]
            ax.add_patch(Circle((c, b.heights[c] - 1), 0.45, fill=False, ec="black", lw=2.5))
        ax.title.set_fontsize(11)
        return []

    return FuncAnimation(fig, frame, frames=len(shown), interval=400, blit=False)
