"""Every drawing and animation legible at the size it is shown (issue 45, point 3).

Each drawing function runs at its defaults on the board its article uses; its figure (for an
animation: its first frame, at the resolution the player saves) must be at least 480 px wide
and every text on it at least 12 px high as shown, i.e. 9 pt at the 96 px per inch a browser
draws a point with. A figure wider than the page's column (900 px) is shown scaled down, so
its texts are measured scaled down too. And no notebook cell computes an animation without
displaying it (notebook 51's capsule chase sat in an if/else whose value nothing displayed).
"""

import ast
import json
from pathlib import Path
from types import SimpleNamespace

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.animation import AbstractMovieWriter, Animation
from matplotlib.figure import Figure
from matplotlib.text import Text

import catmouse.draw as cm
import catmouse.figures as cf
import mix
import mix.draw as md
import tracking
import tracking.draw as td
import tracking.drawgame as tg

MIN_WIDTH = 480        # pixels of a game board
MIN_TEXT = 12          # pixels of a text as shown: 9 pt at 96 px per inch
COLUMN = 900           # pixels of the page's column: a wider figure is shown scaled down
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


class Drawn(Exception):
    """Raised by ``FirstFrame`` with the figure drawn and the resolution it was saved at."""


class FirstFrame(AbstractMovieWriter):
    """A writer that draws an animation's first frame and stops."""

    def setup(self, fig, outfile, dpi=None):
        super().setup(fig, outfile, dpi)

    def grab_frame(self, **savefig_kwargs):
        self.fig.canvas.draw()
        raise Drawn(self.fig, self.dpi)

    def finish(self):
        pass


def drawn(made) -> tuple[Figure, float]:
    """The figure of a drawing function's result, drawn, and its saved resolution."""
    if isinstance(made, Animation):
        try:
            made.save("first-frame", writer=FirstFrame(fps=1))
        except Drawn as done:
            return done.args
        raise AssertionError("the animation drew no frame")
    fig = made if isinstance(made, Figure) else plt.gcf()
    fig.canvas.draw()
    return fig, fig.dpi


def small_texts(fig: Figure, dpi: float) -> list[tuple[str, float]]:
    """Every text drawn smaller than ``MIN_TEXT`` as shown, with its size in pixels."""
    width = fig.get_figwidth() * dpi
    scale = dpi / 72 * min(1.0, COLUMN / width)
    renderer = fig.canvas.get_renderer()
    small = []
    for t in fig.findobj(Text):
        if not t.get_visible() or not t.get_text().strip():
            continue
        if t.axes is not None and not t.axes.axison and t not in (t.axes.title,):
            continue
        box = t.get_window_extent(renderer)
        if box.x1 < 0 or box.y1 < 0 or box.x0 > fig.bbox.x1 or box.y0 > fig.bbox.y1:
            continue                                  # a tick outside the view: not drawn
        if t.get_fontsize() * scale < MIN_TEXT:
            small.append((t.get_text(), round(t.get_fontsize() * scale, 1)))
    return small


def chase(rows, cols, n=12):
    """A cat walking up the first column towards a mouse in the top-right corner."""
    return [(0, min(k, rows - 1), cols - 1, rows - 1) for k in range(n)]


def game(rows, cols):
    return SimpleNamespace(positions=chase(rows, cols), winner="cat", rounds=11)


def tracked(layout="defaultCapture"):
    return tracking.track(layout, steps=6, seed=0)


def capture(layout="defaultCapture", moves=12):
    maze = tracking.load_layout(layout)
    return maze, tracking.CaptureGame(maze, tracking.make_team("tracker"),
                                      tracking.make_team("greedy"), max_moves=moves, seed=0,
                                      record=True).play()


def game_frames(layout="defaultCapture"):
    maze, played = capture(layout)
    return maze, played.frames


def learning_run():
    return SimpleNamespace(winners=np.array(["cat", "mouse"] * 500), rounds=np.arange(1000),
                           distances=np.ones(1000))


def mix_moves(rows=10, cols=20, n=16):
    b, moves = mix.Board(rows, cols), []
    for k in range(n):
        c = (3 * k) % cols
        b.play(c)
        moves.append(c)
    return moves


DRAWINGS = {   # name: (the drawing at its defaults on the article's board, is it a board)
    "catmouse draw_board 8x7": (lambda: cm.draw_board(8, 7, (0, 0), (6, 7)), True),
    "catmouse animate_game 8x7": (lambda: cm.animate_game(chase(8, 7), 8, 7, "v1"), True),
    "catmouse animate_game 15x15": (lambda: cm.animate_game(chase(15, 15), 15, 15, "v2"), True),
    "catmouse animate_games 8x7": (lambda: cm.animate_games(
        {"initial policies: the cat wins in 11 moves": chase(8, 7),
         "final policies: the cat wins in 11 moves": chase(8, 7)}, 8, 7), True),
    "catmouse animate_paths 8x7": (lambda: cm.animate_paths({"a": game(8, 7)}, 8, 7), True),
    "catmouse plot_trajectories 8x7": (lambda: cm.plot_trajectories(
        {f"after {k:,} iterations": game(8, 7) for k in range(0, 100_001, 10_000)}, 8, 7), False),
    "catmouse plot_learning_curves": (lambda: cm.plot_learning_curves(learning_run()), False),
    "catmouse plot_capture_heatmap": (lambda: cm.plot_capture_heatmap(
        np.arange(64.0).reshape(8, 8), range(2, 10), range(2, 10), "capture times").figure,
     False),
    "catmouse draw_position 8x7": (lambda: cf.draw_position(8, 7, (0, 0), (6, 7)).figure, True),
    "catmouse article_pictures 8x7": (lambda: cf.article_pictures(8, 7), False),
    "catmouse window_pictures 15x15": (lambda: cf.window_pictures(15, 15)[0], False),
    "catmouse draw_window 8x7": (lambda: cf.draw_window(8, 7, (5, 6), (6, 7)) and plt.gcf(),
                                 True),
    "catmouse draw_window_space": (lambda: cf.draw_window_space((1, 1, 2, 2, 2, 2)), True),
    "tracking draw_maze": (lambda: td.draw_maze(tracking.load_layout("defaultCapture")).figure,
                           True),
    "tracking animate_run": (lambda: td.animate_run(tracked(), title="complete tracker,"), True),
    "tracking animate_run medium": (lambda: td.animate_run(tracked("mediumCapture")), True),
    "tracking plot_belief": (lambda: td.plot_belief(
        (r := tracked())["maze"], r["beliefs"][3], title="step 3").figure, True),
    "tracking animate_game": (lambda: tg.animate_game(*game_frames()), True),
    "tracking animate_game medium": (lambda: tg.animate_game(*game_frames("mediumCapture")),
                                     True),
    "tracking draw_state": (lambda: tg.draw_state((g := game_frames())[0], g[1][-1], "red").figure,
                            True),
    "mix draw_board 10x20": (lambda: md.draw_board(mix.Board(10, 20)).figure, True),
    "mix game_animation 10x20": (lambda: md.game_animation(mix_moves(), ("learned", "builder")),
                                 True),
}


@pytest.mark.filterwarnings("ignore:Animation was deleted without rendering")
@pytest.mark.parametrize("name", list(DRAWINGS))
def test_drawing_is_legible_at_its_defaults(name):
    draw, board = DRAWINGS[name]
    plt.close("all")
    try:
        fig, dpi = drawn(draw())
        width = fig.get_figwidth() * dpi
        if board:
            assert width >= MIN_WIDTH, f"{name}: {width:.0f} px wide"
        assert not small_texts(fig, dpi), f"{name} ({width:.0f} px wide at {dpi:g} dpi): " \
            f"texts below {MIN_TEXT} px as shown: {small_texts(fig, dpi)[:6]}"
    finally:
        plt.close("all")


def test_the_check_catches_a_small_animation():
    """The old default of notebook 20 (dpi 30) is too small and its texts too."""
    fig, dpi = drawn(cm.animate_games({"a": chase(8, 7)}, 8, 7, dpi=30))
    assert fig.get_figwidth() * dpi < MIN_WIDTH and small_texts(fig, dpi)
    plt.close("all")
    fig = plt.figure(figsize=(19.2, 3.2))              # notebook 23's old row of six panels
    fig.subplots(1, 6)[0].set_title("4x5, cat first")
    fig.canvas.draw()
    assert small_texts(fig, fig.dpi)
    plt.close("all")


def code_cells(notebook: Path) -> list[tuple[int, ast.Module]]:
    """The notebook's code cells, parsed (IPython magics and shell lines left out)."""
    cells = json.loads(notebook.read_text())["cells"]
    out = []
    for k, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
        out.append((k, ast.parse("\n".join(lines))))
    return out


def undisplayed_animations(tree: ast.Module) -> list[int]:
    """Lines calling show_animation whose result is neither displayed nor the cell's value."""
    shown = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "display":
            shown |= {id(a) for a in node.args}
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr):
        shown.add(id(last.value))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "show_animation"
            and id(node) not in shown]


def test_the_display_check_catches_an_animation_in_a_branch():
    branch = ast.parse("if x:\n    print(1)\nelse:\n    show_animation(a)\n")
    assert undisplayed_animations(branch) == [4]
    assert undisplayed_animations(ast.parse("if x:\n    display(show_animation(a))\n")) == []
    assert undisplayed_animations(ast.parse("y = 1\nshow_animation(a)\n")) == []
    assert undisplayed_animations(ast.parse("show_animation(a)\ny = 1\n")) == [1]


@pytest.mark.parametrize("notebook", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_every_animation_a_notebook_makes_is_displayed(notebook):
    missing = [(k, line) for k, tree in code_cells(notebook)
               for line in undisplayed_animations(tree)]
    assert not missing, f"{notebook.name}: show_animation not displayed in (cell, line) {missing}"
