"""Matplotlib drawing of a MIX board, an animated game, and an ipywidgets board to play in a
notebook (outside a running kernel its plain-text and HTML forms say it is live-notebook only)."""

from __future__ import annotations

import random

import matplotlib.pyplot as plt
from matplotlib.patches import Circle

from mix.board import O, Board, X
from mix.play.agents import make_agent
from studykit.checks import seed as check_seed
from studykit.checks import whole

COLOURS = {X: "#d62728", 1: "#1f77b4"}
DPI = 100            # a notebook shows figures at 100 dpi: a board is at least 480 px wide


def draw_board(b: Board, *, ax=None, title: str | None = None):
    """Draw ``b`` with X red and O blue, on ``ax`` (a new figure when None); returns the axes."""
    if ax is None:
        _, ax = plt.subplots(figsize=(max(4.8, b.g.cols * 0.35 + 0.5), b.g.rows * 0.35 + 0.6),
                             dpi=DPI)
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


LIVE_ONLY = "Live notebook only: run this notebook in JupyterLab to play"


def live_only(box):
    """The widget ``box`` whose mime bundle also carries the live-notebook-only note as plain
    text and HTML: a frontend drawing widgets shows the board, any other shows the note."""
    bundle = box._repr_mimebundle_

    def with_note(**kwargs) -> dict:
        drawn = bundle(**kwargs)
        data = dict(drawn[0] if isinstance(drawn, tuple) else drawn or {})
        return {**data, "text/plain": LIVE_ONLY,
                "text/html": f'<p class="gameai-live-only">{LIVE_ONLY}.</p>'}

    box._repr_mimebundle_ = with_note           # IPython reads the instance's method
    return box


CELL_PX = 30  # the widget's column width: each column's button sits above its column


def board_html(b: Board, last: int | None = None, cell: int = CELL_PX) -> str:
    """The board as an HTML grid of discs (X red, O blue), top row first, columns ``cell``
    pixels wide and numbered below; the disc of the move in column ``last`` is ringed."""
    ringed = (b.heights[last] - 1, last) if last is not None and b.heights[last] else None
    discs = []
    for r in reversed(range(b.g.rows)):
        for c in range(b.g.cols):
            ring = "box-shadow:0 0 0 3px #000;" if (r, c) == ringed else ""
            discs.append(f'<div style="width:{cell - 6}px;height:{cell - 6}px;margin:3px;'
                         f'border-radius:50%;border:1px solid grey;box-sizing:border-box;{ring}'
                         f'background:{COLOURS.get(b.cell(r, c), "white")}"></div>')
    numbers = "".join(f'<div style="text-align:center;font-size:11px">{c}</div>'
                      for c in range(b.g.cols))
    grid = f"display:grid;grid-template-columns:repeat({b.g.cols},{cell}px)"
    return (f'<div class="mix-board" style="{grid};background:#f2e6c9;width:fit-content">'
            f'{"".join(discs)}</div><div style="{grid}">{numbers}</div>')


def play_widget(agent="learned", human: int = X, rows: int = 10, cols: int = 20, seed: int = 0):
    """An ipywidgets board: a button above each column, the program answering each move.

    The status line names both moves ("You played column 3, the program answered in column
    7") and the reply is ringed on the board. The returned box also carries ``board``,
    ``buttons``, ``status`` and ``picture`` (the board's HTML widget)."""
    import ipywidgets as w

    human = whole(human, "human", X, O)                # 0: you play X (first), 1: you play O
    seed = check_seed(seed)
    program, rng, b = make_agent(agent), random.Random(seed), Board(rows, cols)
    you, them = "XO"[human], "XO"[1 - human]
    status, picture = w.HTML(), w.HTML()

    def show(last: int | None, said: str) -> None:
        picture.value = board_html(b, last)
        if b.is_over():
            said += (" Draw." if b.winner is None else
                     " You win!" if b.winner == human else " The program wins.")
        else:
            said += " Your move: click a column."
        status.value = said.strip()

    def on_click(button):
        c = button.column
        if b.is_over() or b.turn != human or b.heights[c] >= rows:
            status.value = f"Column {c} is not playable now."
            return
        b.play(c)
        said = f"You ({you}) played column {c}"
        if b.is_over():
            show(c, said + ".")
            return
        reply = program.choose(b, rng)
        b.play(reply)
        show(reply, f"{said}, the program ({them}) answered in column {reply} (ringed).")

    buttons = []
    for c in range(cols):
        btn = w.Button(description=str(c), tooltip=f"play column {c}",
                       layout=w.Layout(width=f"{CELL_PX}px", height="26px", margin="0",
                                       padding="0"))
        btn.column = c
        btn.on_click(on_click)
        buttons.append(btn)
    if human != X:
        opening = program.choose(b, rng)
        b.play(opening)
        show(opening, f"You play O: the program (X) opened in column {opening} (ringed).")
    else:
        show(None, "You play X (red) against the program (O, blue).")
    box = w.VBox([w.HBox(buttons), picture,
                  status])
    box.board, box.buttons, box.status, box.picture = b, buttons, status, picture
    return live_only(box)


def game_animation(moves: list[int], names: tuple[str, str] = ("X", "O"), rows: int = 10,
                   cols: int = 20, step: int = 2, dpi: int = DPI):
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
