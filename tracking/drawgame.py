"""Drawing the capture game: maze, food, agents and each team's belief about its enemies."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.collections import PatchCollection

from studykit.checks import items, whole
from tracking import checks
from tracking.draw import DPI, MAX_DPI, belief_squares, cell_inches, draw_maze
from tracking.maze import Maze
from tracking.reals import real
from tracking.teamtrack import team_of

FRAME_KEYS = {"positions", "food", "scores", "beliefs"}      # what a recorded frame holds

COLORS = {"red": "tab:red", "blue": "tab:blue"}


def draw_state(maze: Maze, frame: dict, view: str, *, ax=None):
    """One frame seen by ``view``'s team: its belief about the enemies as squares, the true agents;
    returns the axes.

    Pacmen are drawn as circles, ghosts as triangles; the enemies' true cells are hollow.
    """
    ax = draw_maze(maze, ax=ax)
    ax.axvline(maze.width / 2 - 0.5, color="grey", lw=0.8, ls=":")
    food = np.array(sorted(frame["food"])).reshape(-1, 2)
    left = food[:, 0] < maze.width // 2
    ax.scatter(food[left, 0], food[left, 1], s=6, color="salmon")
    ax.scatter(food[~left, 0], food[~left, 1], s=6, color="lightskyblue")
    ax.add_collection(PatchCollection(belief_squares(maze, frame["beliefs"][view]), color=COLORS[view], alpha=0.45))
    if frame.get("contest"):                      # capsules, and a ring around each scared agent
        for x, y in frame["capsules"]:
            ax.plot(x, y, "o", ms=9, color="gold", mec="k")
        for i, (x, y) in enumerate(frame["positions"]):
            if frame["scared"][i]:
                ax.plot(x, y, "o", ms=14, mfc="none", mec="grey", mew=1.5)
    for i, (x, y) in enumerate(frame["positions"]):
        team = team_of(i)
        pacman = (x >= maze.width / 2) == (team == "red")
        own = team == view
        ax.plot(x, y, "o" if pacman else "^", ms=7, color=COLORS[team], mfc=COLORS[team] if own else "none",
                mew=2)
    s = frame["scores"]
    scared = [i for i in range(4) if frame.get("contest") and frame["scared"][i]]
    timers = ", ".join(f"{i} ({frame['scared'][i]})" for i in scared)
    note = f" | scared: {timers}" if scared else ""
    ax.set_title(f"{view} team's view: belief about the enemies\nred {s['red']} : {s['blue']} blue{note}",
                 fontsize=10)
    return ax


def animate_game(maze: Maze, frames: list, *, show=None, dpi: int = DPI) -> FuncAnimation:
    """Animate a recorded game (``CaptureGame(..., record=True).frames``), the red team's view
    above the blue one's (at least 480 px wide at the default dpi, its titles legible).

    Args:
        frames: the recorded frames, one per move (the start first).
        show: the frame numbers to draw (default: one per round of four moves).
    """
    maze = checks.maze(maze)
    if not isinstance(frames, list) or not frames or not all(
            isinstance(f, dict) and FRAME_KEYS <= f.keys() for f in frames):
        raise ValueError("frames must be the non-empty list of a recorded game "
                         "(CaptureGame(..., record=True).frames)")
    dpi = whole(dpi, "dpi", 10, MAX_DPI)
    show = list(range(0, len(frames), 4)) if show is None else [
        whole(k, "show", 0, len(frames) - 1) for k in items(show, "show", max_len=len(frames))]
    cell = cell_inches(maze, 1 / 4)
    side = maze.height * cell                   # inches of one view; 0.55 above each for its title
    height = 2 * side + 1.6
    fig = plt.figure(figsize=(maze.width * cell, height), dpi=dpi)
    axes = [fig.add_axes((0.02, (0.1 + side + 0.55) / height, 0.96, side / height)),
            fig.add_axes((0.02, 0.1 / height, 0.96, side / height))]

    def draw(k):
        for ax, view in zip(axes, ("red", "blue")):
            ax.clear()
            draw_state(maze, frames[k], view, ax=ax)
        fig.suptitle(f"move {k}", fontsize=11, y=1 - 0.06 / height, va="top")
        return []

    return FuncAnimation(fig, draw, frames=show, blit=False)


def plot_visits(maze: Maze, cells: list, *, ax=None, title: str = "", vmax: float | None = None):
    """How often an agent stood on each cell (log10 colour scale up to ``vmax``), e.g. to show it looping."""
    maze = checks.maze(maze)
    cells = [checks.free_cell(maze, c, "cells") for c in checks.cell_list(cells, "cells", 0)]
    vmax = None if vmax is None else real(vmax, "vmax", above=0)
    if not isinstance(title, str):
        raise TypeError(f"title must be text, got {type(title).__name__}")
    ax = draw_maze(maze, ax=ax)
    counts = np.zeros((maze.width, maze.height))
    for x, y in cells:
        counts[x, y] += 1
    shown = np.ma.masked_where(counts == 0, np.log10(np.maximum(counts, 1)))
    im = ax.imshow(shown.T, origin="lower", cmap="viridis", vmin=0, vmax=vmax, extent=(-0.5, maze.width - 0.5, -0.5, maze.height - 0.5))
    ax.set_title(title, fontsize=9)
    return im
