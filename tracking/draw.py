"""Drawing: the maze, a belief as red squares (area proportional to P), readings and sight range."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.collections import PatchCollection
from matplotlib.patches import Rectangle

from studykit.checks import array, flag, whole
from tracking import checks
from tracking.maze import Maze
from tracking.sensing import NOISE, SIGHT

MAX_DPI = 300                 # a 32x16 maze at 300 dpi is already a 2,100-pixel-wide frame
DPI = 100                     # the animations' default: a notebook shows figures at 100 dpi
MIN_WIDTH = 4.8               # inches: a maze drawn at DPI is at least 480 px wide
FONT = 10                     # points: the titles' default size


def cell_inches(maze: Maze, most: float = 1 / 4.5) -> float:
    """Inches per cell: ``most``, or more for a narrow maze (``MIN_WIDTH`` in all)."""
    return max(most, MIN_WIDTH / maze.width)


def draw_maze(maze: Maze, *, ax=None):
    """Walls as grey squares on a white board; returns the axes."""
    if ax is None:
        _, ax = plt.subplots(figsize=(maze.width / 4, maze.height / 4))
    ax.imshow(maze.walls.T, origin="lower", cmap="Greys", vmin=0, vmax=1.6,
              extent=(-0.5, maze.width - 0.5, -0.5, maze.height - 0.5))
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_aspect("equal")
    return ax


def belief_squares(maze: Maze, belief: np.ndarray) -> list:
    """One square per cell, its area proportional to the belief (tiny ones left out)."""
    side = np.sqrt(np.clip(belief, 0, 1))                 # area proportional to P(x); P = 1 fills the cell
    return [Rectangle((x - s / 2, y - s / 2), s, s) for (x, y), s in zip(maze.cells, side) if s > 0.02]


def _manhattan_grid(maze: Maze, cell: tuple):
    xs, ys = np.meshgrid(np.arange(maze.width), np.arange(maze.height))
    return xs, ys, np.abs(xs - cell[0]) + np.abs(ys - cell[1])


def animate_episode(maze: Maze, beliefs: np.ndarray, path: np.ndarray, observer: tuple,
                    readings: np.ndarray | None, *, frames=None, title: str = "", dpi: int = DPI,
                    sight: bool = True, fontsize: int = FONT) -> FuncAnimation:
    """Animate one tracked episode.

    Args:
        beliefs: (steps + 1, n) beliefs; path: (steps + 1,) true cell indices.
        readings: (steps + 1,) the observer's noisy distances, drawn as the blue band (None: the
            tracker did not use them, no band).
        frames: the step numbers to show (default: every step).
        sight: draw the sight range (green) the tracker used.
    """
    frames = list(range(len(beliefs))) if frames is None else list(frames)
    cell = cell_inches(maze)                   # at least 480 px wide at the default dpi
    height = maze.height * cell + 0.4          # 0.4 in above the maze for the title
    fig, ax = plt.subplots(figsize=(maze.width * cell, height), dpi=dpi)
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=1 - 0.4 / height)
    xs, ys, dist = _manhattan_grid(maze, observer)

    def draw(t):
        ax.clear()
        draw_maze(maze, ax=ax)
        ax.add_collection(PatchCollection(belief_squares(maze, beliefs[t]), color="red", alpha=0.8))
        if readings is not None:
            r = readings[t]
            ax.contour(xs, ys, dist, levels=[r - NOISE - 0.5, r + NOISE + 0.5], colors="blue",
                       linewidths=1)
        if sight:
            ax.contour(xs, ys, dist, levels=[SIGHT + 0.5], colors="green", linewidths=1.5)
        ax.plot(*observer, "o", color="darkred", ms=7)
        ax.plot(*maze.cells[path[t]], "o", color="blue", ms=7, mfc="none", mew=2)
        ax.set_title(f"{title} step {t}: P(true cell) = {beliefs[t][path[t]]:.2f}", fontsize=fontsize)
        return []

    return FuncAnimation(fig, draw, frames=frames, blit=False)


def animate_run(run: dict, *, last: int | None = None, stride: int = 1, readings: bool = False,
                sight: bool = False, title: str = "", dpi: int = DPI, fontsize: int = FONT) -> FuncAnimation:
    """Animate a ``tracking.track`` run: every ``stride``-th step up to ``last`` (default: the end).

    ``readings`` and ``sight`` draw the noisy-distance band and the sight range (say which evidence
    the tracker used).
    """
    if not isinstance(run, dict) or not all(k in run for k in ("maze", "beliefs", "path", "episodes")):
        raise TypeError(f"run must be the dict of tracking.track(...), got {type(run).__name__}")
    stride, dpi = whole(stride, "stride", 1), whole(dpi, "dpi", 10, MAX_DPI)
    readings, sight = flag(readings, "readings"), flag(sight, "sight")
    fontsize = whole(fontsize, "fontsize", 1, 100)
    last_step = len(run["beliefs"]) - 1
    end = last_step if last is None else min(whole(last, "last", 0), last_step)
    ep = run["episodes"]
    return animate_episode(run["maze"], run["beliefs"], run["path"], ep.observers[0],
                           ep.readings[0, :, 0] if readings else None, sight=sight,
                           frames=range(0, end + 1, stride), title=title, dpi=dpi,
                           fontsize=fontsize)


def plot_belief(maze: Maze, belief: np.ndarray, truth: tuple | None = None, *, ax=None, title: str = ""):
    """One belief (n,) as red squares with the true cell circled; returns the axes."""
    maze = checks.maze(maze)
    belief = array(belief, "belief", kind="real", ndim=1, low=0, high=1 + 1e-9)
    if belief.shape != (maze.n,):
        raise ValueError(f"belief must hold one probability per free cell, {maze.n}, got {belief.shape}")
    truth = None if truth is None else checks.free_cell(maze, truth, "truth")
    if not isinstance(title, str):
        raise TypeError(f"title must be text, got {type(title).__name__}")
    ax = draw_maze(maze, ax=ax)
    ax.add_collection(PatchCollection(belief_squares(maze, belief), color="red", alpha=0.8))
    if truth is not None:
        ax.plot(*truth, "o", color="blue", ms=7, mfc="none", mew=2)
    ax.set_title(title, fontsize=9)
    return ax
