"""Matplotlib views: the board, animated games, learning curves and capture-time heat maps."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.animation import FuncAnimation

from catmouse.arguments import MAX_ITERATIONS, board_cell, board_cells, number
from catmouse.arguments import obstacles as walls_arg
from catmouse.rules import check_board
from studykit.checks import items, shown, whole

MAX_DRAWN_SIDE = 100          # a larger board is no longer legible (and slow to draw)
MAX_FRAMES = 100_000          # frames of one animation, positions of one game drawn
MAX_PANELS = 100              # games in one figure of small multiples
DPI = 100                     # the animations' default: a notebook shows figures at 100 dpi
MIN_BOARD = 3.6               # inches of the smallest board drawn: with its legend 480 px wide


def drawn_board(rows, cols) -> tuple[int, int]:
    """A board small enough to draw: sides from 2 to MAX_DRAWN_SIDE."""
    rows, cols = check_board(rows, cols)
    whole(rows, "rows", 2, MAX_DRAWN_SIDE)
    whole(cols, "cols", 2, MAX_DRAWN_SIDE)
    return rows, cols


def positions_arg(value, rows: int, cols: int, name: str = "positions") -> list:
    """A non-empty list of (cat_x, cat_y, mouse_x, mouse_y) positions on the board (at most
    MAX_FRAMES of them)."""
    out = list(items(value, name, min_len=1, max_len=MAX_FRAMES))
    for k, p in enumerate(out):
        if isinstance(p, (str, bytes)) or not hasattr(p, "__len__") or len(p) != 4:
            raise ValueError(f"{name}[{k}] must be (cat_x, cat_y, mouse_x, mouse_y), got "
                             f"{shown(p)}")
        board_cell(p[:2], f"{name}[{k}] cat", rows, cols)
        board_cell(p[2:], f"{name}[{k}] mouse", rows, cols)
    return out


def text(value, name: str) -> str:
    """A title or label: text."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be text, got {shown(value)} ({type(value).__name__})")
    return value


def axes(value, name: str = "ax"):
    """None (a new figure) or matplotlib Axes to draw on."""
    if value is not None and not isinstance(value, plt.Axes):
        raise TypeError(f"{name} must be matplotlib Axes or None, got {shown(value)} "
                        f"({type(value).__name__})")
    return value


def frame_options(interval, dpi) -> tuple[float, int]:
    """An animation's frame interval (ms, above 0) and resolution (10 to 600 dpi)."""
    return number(interval, "interval", above=0, high=60_000), whole(dpi, "dpi", 10, 600)


def draw_board(rows: int, cols: int, cat, mouse, obstacles=(), title: str = "", *, ax=None) -> list:
    """Draw the grid with the cat(s) (orange) and the mouse (grey); returns the two artists."""
    rows, cols = drawn_board(rows, cols)
    title, ax = text(title, "title"), axes(ax)
    obstacles = walls_arg(obstacles, rows, cols)
    one = len(items(cat, "cat")) and np.isscalar(cat[0])        # (x, y), or a list of cells
    board_cells((cat,) if one else cat, "cat", rows, cols, min_len=1)
    board_cell(mouse, "mouse", rows, cols)
    if ax is None:
        _, ax = plt.subplots(figsize=(max(MIN_BOARD, 0.5 * cols) + 1.2, max(MIN_BOARD, 0.5 * rows)))
    ax.set_xlim(-0.5, cols - 0.5)
    ax.set_ylim(-0.5, rows - 0.5)
    ax.set_xticks(np.arange(-0.5, cols, 1), minor=True)
    ax.set_yticks(np.arange(-0.5, rows, 1), minor=True)
    ax.grid(which="minor", color="0.8")
    ax.set_xticks(range(cols))
    ax.set_yticks(range(rows))
    ax.set_aspect("equal")
    ax.set_xlabel("x (column)")
    ax.set_ylabel("y (row)")
    for x, y in obstacles:
        ax.add_patch(plt.Rectangle((x - 0.5, y - 0.5), 1, 1, color="0.3"))
    cats = np.atleast_2d(cat)
    c_art, = ax.plot(cats[:, 0], cats[:, 1], "o", ms=14, color="tab:orange", label="cat")
    m_art, = ax.plot([mouse[0]], [mouse[1]], "s", ms=11, color="tab:gray", label="mouse")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=9)
    ax.set_title(title)
    return [c_art, m_art]


def animate_game(positions, rows: int, cols: int, title: str = "", interval: int = 500,
                 max_frames: int = 80, dpi: int = DPI) -> FuncAnimation:
    """Animate a list of (cat_x, cat_y, mouse_x, mouse_y) positions (one frame per half move);
    at the default ``dpi`` a board is at least 480 px wide."""
    rows, cols = drawn_board(rows, cols)
    interval, dpi = frame_options(interval, dpi)
    title = text(title, "title")
    max_frames = whole(max_frames, "max_frames", 1, MAX_FRAMES)
    if isinstance(positions, (list, tuple, np.ndarray)) and len(positions) > max_frames:
        positions = positions[:max_frames]              # only these are shown: check only these
    positions = positions_arg(positions, rows, cols)
    size = max(MIN_BOARD, min(6.0, 0.45 * max(rows, cols)))
    fig, ax = plt.subplots(figsize=(size + 1.2, size), dpi=dpi)
    c_art, m_art = draw_board(rows, cols, positions[0][:2], positions[0][2:], title=title, ax=ax)

    def update(i):
        cx, cy, mx, my = positions[i]
        c_art.set_data([cx], [cy])
        m_art.set_data([mx], [my])
        ax.set_title(f"{title} (half move {i})")
        return [c_art, m_art]

    fig.tight_layout()
    return FuncAnimation(fig, update, frames=len(positions), interval=interval, blit=False)


def animate_games(games: dict, rows: int, cols: int, dpi: int = DPI, interval: int = 400,
                  width: float = 6.4) -> FuncAnimation:
    """One animation of several games in a row, move by move: ``{label: positions}``.

    Each frame is titled with its game's label and half move; at the default ``dpi`` and
    ``width`` the frames are 640 px wide, every text at least 9 pt.
    """
    rows, cols = drawn_board(rows, cols)
    interval, dpi = frame_options(interval, dpi)
    width = number(width, "width", above=0, high=50)
    if not isinstance(games, dict) or not games:
        raise TypeError(f"games must be a non-empty dict {{label: positions}}, got {shown(games)}")
    total = sum(len(items(pos, f"games[{label!r}]")) for label, pos in games.items())
    if total > MAX_FRAMES:                               # counted before checking each one
        raise ValueError(f"games hold {total:,} positions in all, more than the "
                         f"{MAX_FRAMES:,} frames one animation may have; animate fewer games")
    games = {text(label, "games' labels"): positions_arg(pos, rows, cols, f"games[{label!r}]")
             for label, pos in games.items()}
    frames = [(label, i, p) for label, pos in games.items() for i, p in enumerate(pos)]
    height = width * min(1.2, max(0.6, rows / cols)) * 0.85 + 0.6
    fig, ax = plt.subplots(figsize=(width, height), dpi=dpi)
    c_art, m_art = draw_board(rows, cols, frames[0][2][:2], frames[0][2][2:], ax=ax)
    ax.get_legend().remove()
    ax.legend(handles=[c_art, m_art], loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2,
              fontsize=11, frameon=False)
    ax.set_xlabel("")
    ax.set_ylabel("")

    def update(k):
        label, i, (cx, cy, mx, my) = frames[k]
        c_art.set_data([cx], [cy])
        m_art.set_data([mx], [my])
        ax.set_title(f"{label}\nhalf move {i}", fontsize=13)
        return [c_art, m_art]

    update(0)
    fig.tight_layout()
    return FuncAnimation(fig, update, frames=len(frames), interval=interval, blit=False)


def rolling(values, window: int) -> np.ndarray:
    """Trailing moving average (shorter at the start)."""
    v = np.asarray(values, dtype=float)
    c = np.cumsum(np.insert(v, 0, 0.0))
    idx = np.arange(1, len(v) + 1)
    lo = np.maximum(0, idx - window)
    return (c[idx] - c[lo]) / (idx - lo)


def plot_learning_curves(run, window: int = 1000):
    """Version 1 history: share of iterations the cat leads, game length and end distance."""
    if not all(hasattr(run, a) for a in ("winners", "rounds", "distances")):
        raise TypeError(f"run must be a TabularRun (from train_tabular), got {type(run).__name__}")
    window = whole(window, "window", 1, MAX_ITERATIONS)
    fig, axes = plt.subplots(3, 1, figsize=(9, 7), sharex=True)
    it = np.arange(1, len(run.winners) + 1)
    axes[0].plot(it, rolling(run.winners == "cat", window), color="tab:orange")
    axes[0].set_ylabel("share cat winning")
    axes[0].set_ylim(-0.05, 1.05)
    axes[1].plot(it, run.rounds, lw=0.6, color="tab:blue")
    axes[1].set_ylabel("moves until a win")
    axes[2].plot(it, run.distances, lw=0.6, color="tab:gray")
    axes[2].set_ylabel("distance at the end")
    axes[2].set_xlabel("iteration")
    axes[0].set_title(f"Co-evolution: rolling share over {window:,} iterations, current game per iteration")
    fig.tight_layout()
    return fig


def plot_capture_heatmap(table: np.ndarray, row_labels, col_labels, title: str, *, ax=None,
                         label: str = "cat moves to capture"):
    """Heat map of capture times (NaN/inf cells shown blank and marked 'mouse')."""
    title, label, ax = text(title, "title"), text(label, "label"), axes(ax)
    table = np.asarray(table)
    if table.ndim != 2 or not table.size or table.dtype.kind not in "iuf":
        raise ValueError(f"table must be a 2-D array of numbers, got {shown(table)}")
    if max(table.shape) > MAX_DRAWN_SIDE:
        raise ValueError(f"table of shape {table.shape} has more than {MAX_DRAWN_SIDE} rows or "
                         "columns: too many cells to label legibly")
    if len(items(row_labels, "row_labels")) != table.shape[0] or \
            len(items(col_labels, "col_labels")) != table.shape[1]:
        raise ValueError(f"row_labels and col_labels must have {table.shape[0]} and "
                         f"{table.shape[1]} labels (the table's shape)")
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 5))
    data = np.where(np.isfinite(table), table, np.nan)
    im = ax.imshow(data, origin="lower", cmap="viridis")
    for (i, j), v in np.ndenumerate(table):
        ax.text(j, i, "-" if not np.isfinite(v) else f"{v:g}", ha="center", va="center", fontsize=9,
                color="white" if np.isfinite(v) else "black")
    ax.set_xticks(range(len(col_labels)), col_labels)
    ax.set_yticks(range(len(row_labels)), row_labels)
    ax.set_xlabel("columns C")
    ax.set_ylabel("rows R")
    ax.set_title(title)
    plt.colorbar(im, ax=ax, label=label)
    return ax


def plot_trajectories(games: dict, rows: int, cols: int, ncols: int = 4, title: str = ""):
    """Small multiples: each game's cat path (orange) and mouse path (grey), labelled by key."""
    rows, cols = drawn_board(rows, cols)
    ncols, title = whole(ncols, "ncols", 1, 20), text(title, "title")
    if not isinstance(games, dict) or not games:
        raise TypeError(f"games must be a non-empty dict {{label: game}}, got {shown(games)}")
    if len(games) > MAX_PANELS:
        raise ValueError(f"games holds {len(games):,} games, more than the {MAX_PANELS} panels "
                         "one figure can show legibly")
    for label, game in games.items():
        if not all(hasattr(game, a) for a in ("positions", "winner", "rounds")):
            raise TypeError(f"games[{label!r}] must be a game (TableGame), got "
                            f"{type(game).__name__}")
        positions_arg(game.positions, rows, cols, f"games[{label!r}].positions")
    n = len(games)
    nrows = -(-n // ncols)
    width = min(2.4, 9.0 / ncols) if ncols > 1 else 4.8  # a row fits the page, 900 px wide
    fig, axes = plt.subplots(nrows, ncols, figsize=(width * ncols, 2.5 * nrows), squeeze=False)
    for ax, (label, game) in zip(axes.flat, games.items()):
        pos = np.array(game.positions)
        jitter = 0.08
        ax.plot(pos[:, 0] - jitter, pos[:, 1] - jitter, "-o", ms=2, color="tab:orange", lw=1)
        ax.plot(pos[:, 2] + jitter, pos[:, 3] + jitter, "-s", ms=2, color="tab:gray", lw=1)
        ax.plot(pos[-1, 0], pos[-1, 1], "o", color="tab:orange", ms=7)
        ax.plot(pos[-1, 2], pos[-1, 3], "s", color="tab:gray", ms=6)
        ax.set_xlim(-0.5, cols - 0.5)
        ax.set_ylim(-0.5, rows - 0.5)
        ax.set_aspect("equal")
        ax.set_xticks([])
        ax.set_yticks([])
        ax.set_title(f"{label}\n{game.winner} wins, {game.rounds} moves", fontsize=9)
    for ax in list(axes.flat)[n:]:
        ax.axis("off")
    fig.suptitle(title or "Cat (orange) and mouse (grey) paths", fontsize=11)
    fig.tight_layout()
    return fig


def animate_paths(games: dict, rows: int, cols: int, dpi: int = DPI, interval: int = 900) -> FuncAnimation:
    """One frame per game: its whole cat path (orange) and mouse path (grey), labelled by key."""
    items = list(games.items())
    size = max(MIN_BOARD, min(5.0, 0.45 * max(rows, cols)))
    fig, ax = plt.subplots(figsize=(size + 1.2, size), dpi=dpi)
    draw_board(rows, cols, (0, 0), (cols - 1, rows - 1), ax=ax)
    cat_line, = ax.plot([], [], "-", color="tab:orange", lw=2, alpha=0.7)
    mouse_line, = ax.plot([], [], "-", color="tab:gray", lw=2, alpha=0.7)
    c_end, m_end = ax.lines[0], ax.lines[1]

    def update(k):
        label, game = items[k]
        pos = np.array(game.positions)
        cat_line.set_data(pos[:, 0] - 0.08, pos[:, 1] - 0.08)
        mouse_line.set_data(pos[:, 2] + 0.08, pos[:, 3] + 0.08)
        c_end.set_data([pos[-1, 0]], [pos[-1, 1]])
        m_end.set_data([pos[-1, 2]], [pos[-1, 3]])
        ax.set_title(f"{label}: {game.winner} wins, {game.rounds} moves", fontsize=9)
        return [cat_line, mouse_line, c_end, m_end]

    fig.tight_layout()
    return FuncAnimation(fig, update, frames=len(items), interval=interval, blit=False)
