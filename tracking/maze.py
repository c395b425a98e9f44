"""The maze: contest layout parsing, legal moves, all-pairs maze distances, random symmetric mazes."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components, shortest_path

from studykit.checks import at_most, cell, memory, whole
from studykit.checks import seed as check_seed
from tracking.reals import real

LAYOUTS = ("defaultCapture", "tinyCapture", "mediumCapture")
MOVES = {"North": (0, 1), "South": (0, -1), "East": (1, 0), "West": (-1, 0), "Stop": (0, 0)}
_CHARS = set("%.o1234 ")
MAX_SIDE = 200                    # the contest's mazes are 32x16 to 34x18
MAX_DENSITY = 0.4                 # denser random mazes almost never connect (0.45: ~40,000 draws)
MAX_TRIES = 10_000                # random mazes drawn before giving up on connecting one (~15 s)
SHARED_ARRAYS = 32                # tables kept for mazes with the same walls (a tournament reloads them)
SHARED_BYTES = 2**25              # larger tables are recomputed rather than kept
_shared: dict = {}


def clear_shared() -> None:
    """Forget the shared tables (benchmarks time their computation with it)."""
    _shared.clear()


def shared_array(walls: np.ndarray, kind: str, compute) -> np.ndarray:
    """A copy of ``compute()``, computed once for all mazes with these walls (per process)."""
    key = (kind, walls.shape, walls.tobytes())
    if key in _shared:
        return _shared[key].copy()
    value = compute()
    if value.nbytes <= SHARED_BYTES:
        if len(_shared) >= SHARED_ARRAYS:
            _shared.clear()
        _shared[key] = value.copy()
    return value


@dataclass(frozen=True, eq=False)
class Maze:
    """A parsed maze; cells are ``(x, y)`` with ``y = 0`` at the bottom; free cells are indexed."""

    walls: np.ndarray                 # bool (width, height), True for a wall
    food: tuple                       # (x, y) food cells
    capsules: tuple                   # (x, y) capsule cells
    starts: dict                      # agent index -> (x, y)
    cells: list = field(init=False)   # free cells in index order
    index: dict = field(init=False)   # (x, y) -> cell index

    def __post_init__(self):
        if not isinstance(self.walls, np.ndarray) or self.walls.dtype != bool or self.walls.ndim != 2:
            raise TypeError("walls must be a 2-D bool array (width, height), got "
                            f"{getattr(self.walls, 'dtype', type(self.walls).__name__)} "
                            f"{getattr(self.walls, 'shape', '')}")
        for side, size in zip(("width", "height"), self.walls.shape):
            at_most(size, f"the maze's {side}", MAX_SIDE, "all-pairs distances grow as cells squared")
        w, h = self.walls.shape
        cells = [(x, y) for x in range(w) for y in range(h) if not self.walls[x, y]]
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "index", {c: i for i, c in enumerate(cells)})
        for name in ("food", "capsules"):
            object.__setattr__(self, name, self.free_cells(getattr(self, name), name))
        if not isinstance(self.starts, dict):
            raise TypeError(f"starts must be a dict agent index -> cell, got {type(self.starts).__name__}")
        if any(isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k <= 3
               for k in self.starts):
            raise ValueError(f"starts must map agent indices 0-3 to cells, got keys {list(self.starts)}")
        starts = self.free_cells(tuple(self.starts.values()), "starts")
        object.__setattr__(self, "starts", {int(k): c for k, c in zip(self.starts, starts)})

    def free_cells(self, values, name: str) -> tuple:
        """``values`` as a tuple of free cells (pairs of Python ints), refused naming ``name``."""
        if isinstance(values, np.ndarray) and values.ndim == 2:           # a (k, 2) array of cells
            values = values.tolist()
        if not isinstance(values, (tuple, list)):
            raise TypeError(f"{name} must be a tuple of cells (x, y), got {type(values).__name__}")
        out = []
        for value in values:
            if isinstance(value, np.ndarray) and value.shape == (2,):
                value = value.tolist()
            if (not isinstance(value, (tuple, list)) or len(value) != 2 or any(
                    isinstance(v, bool) or not isinstance(v, (int, np.integer)) for v in value)):
                raise ValueError(f"{name} must hold cells (x, y) of two whole numbers, got {value!r:.60}")
            cell = (int(value[0]), int(value[1]))
            if cell not in self.index:
                raise ValueError(f"{name} holds {cell}, not a free cell of the {self.width}x{self.height} maze")
            out.append(cell)
        return tuple(out)

    @property
    def width(self) -> int:
        return self.walls.shape[0]

    @property
    def height(self) -> int:
        return self.walls.shape[1]

    @property
    def n(self) -> int:
        """Number of free cells."""
        return len(self.cells)

    def food_of(self, team: str) -> tuple:
        """Food on the half defended by ``team`` ("red": x < width // 2, "blue": the rest, as the
        contest engine's halfGrid; an odd-width maze's middle column is red's side but blue's food)."""
        if team not in ("red", "blue"):
            raise ValueError(f"team must be 'red' or 'blue', got {team!r}")
        left = [f for f in self.food if f[0] < self.width // 2]
        return tuple(left if team == "red" else [f for f in self.food if f not in left])

    def legal_moves(self, cell: tuple) -> dict:
        """Legal moves from ``cell`` (Stop always included) mapped to the destination cell."""
        cell = grid_cell(cell, "cell")                     # numpy integers as Python ints: no wrap
        x, y = cell
        return {m: (x + dx, y + dy) for m, (dx, dy) in MOVES.items() if (x + dx, y + dy) in self.index}

    def coords(self) -> np.ndarray:
        """(n, 2) array of the free cells' coordinates."""
        return shared_array(self.walls, "coords", lambda: np.array(self.cells, dtype=int).reshape(-1, 2))

    def neighbor_table(self) -> np.ndarray:
        """(n, 5) successor indices, Stop first, padded with -1 where a move is illegal."""
        return shared_array(self.walls, "neighbors", self.compute_neighbor_table)

    def compute_neighbor_table(self) -> np.ndarray:
        """``neighbor_table`` computed afresh (a loop over the cells)."""
        table = -np.ones((self.n, 5), dtype=int)
        order = ["Stop", "North", "South", "East", "West"]
        for i, c in enumerate(self.cells):
            dests = self.legal_moves(c)
            valid = [self.index[dests[m]] for m in order if m in dests]
            table[i, : len(valid)] = valid
        return table

    def edges(self) -> tuple[np.ndarray, np.ndarray]:
        """(source, destination) index arrays of every legal move, Stop included."""
        t = self.neighbor_table()
        src = np.repeat(np.arange(self.n), 5)
        dst = t.ravel()
        return src[dst >= 0], dst[dst >= 0]

    def distances(self) -> np.ndarray:
        """All-pairs maze distances (n, n) by breadth-first shortest paths."""
        memory(3 * 8.0 * self.n * self.n, f"all-pairs distances of {self.n:,} cells")
        return shared_array(self.walls, "distances", self.compute_distances)

    def compute_distances(self) -> np.ndarray:
        """``distances`` computed afresh."""
        src, dst = self.edges()
        keep = src != dst
        graph = csr_matrix((np.ones(keep.sum()), (src[keep], dst[keep])), shape=(self.n, self.n))
        return shortest_path(graph, unweighted=True, directed=False)

    def manhattan(self, cell: tuple) -> np.ndarray:
        """Manhattan distance from ``cell`` to every free cell."""
        cell = grid_cell(cell, "cell")                     # numpy integers as Python ints: no wrap
        xy = self.coords()
        return np.abs(xy[:, 0] - cell[0]) + np.abs(xy[:, 1] - cell[1])


def grid_cell(value, name: str) -> tuple[int, int]:
    """A cell (x, y) of two whole numbers 0 <= x, y < MAX_SIDE, as Python ints."""
    if (type(value) is tuple and len(value) == 2 and type(value[0]) is int and type(value[1]) is int
            and 0 <= value[0] < MAX_SIDE and 0 <= value[1] < MAX_SIDE):
        return value                                       # the hot path: already a plain cell
    xy = cell(value, name)
    if not all(0 <= v < MAX_SIDE for v in xy):
        raise ValueError(f"{name} must be a cell (x, y) with 0 <= x, y < {MAX_SIDE}, got {xy}")
    return xy


def parse_layout(text: str) -> Maze:
    """Parse the contest's layout text (first line is the top row)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be layout text (a str), got {type(text).__name__}")
    lines = [ln for ln in text.strip("\n").splitlines() if ln.strip()]
    if not lines:
        raise ValueError("layout text is empty")
    width = len(lines[0])
    for side, size in (("width", width), ("height", len(lines))):       # before any array is made
        at_most(size, f"the layout text's {side}", MAX_SIDE, "all-pairs distances grow as cells squared")
    if any(len(ln) != width for ln in lines):
        raise ValueError(f"the layout text's rows must all have length {width} (ragged rows)")
    height = len(lines)
    walls = np.zeros((width, height), dtype=bool)
    food, capsules, starts = [], [], {}
    for row, ln in enumerate(lines):
        y = height - 1 - row
        for x, ch in enumerate(ln):
            if ch not in _CHARS:
                raise ValueError(f"the layout text has unknown character {ch!r} at (x={x}, y={y})")
            walls[x, y] = ch == "%"
            if ch == ".":
                food.append((x, y))
            elif ch == "o":
                capsules.append((x, y))
            elif ch in "1234":
                if int(ch) - 1 in starts:
                    raise ValueError(f"layout has two starts for agent {ch}, at "
                                     f"{starts[int(ch) - 1]} and {(x, y)}")
                starts[int(ch) - 1] = (x, y)
    if not starts:
        raise ValueError("layout has no agent starts (digits 1-4)")
    return Maze(walls, tuple(food), tuple(capsules), dict(sorted(starts.items())))


def load_layout(name_or_text: str) -> Maze:
    """A shipped layout by name (``defaultCapture``, ``tinyCapture``, ``mediumCapture``) or layout text."""
    if not isinstance(name_or_text, str):
        raise TypeError(f"name_or_text must be a layout name {LAYOUTS} or layout text, got "
                        f"{type(name_or_text).__name__}")
    if "\n" in name_or_text or "%" in name_or_text:
        return parse_layout(name_or_text)
    if name_or_text not in LAYOUTS:
        raise ValueError(f"name_or_text must be one of {LAYOUTS} or layout text, got {name_or_text!r}")
    text = resources.files("tracking").joinpath("layouts", f"{name_or_text}.lay").read_text()
    return parse_layout(text)


def random_maze(width: int = 32, height: int = 16, *, wall_density: float = 0.3,
                food: int = 20, seed: int = 0) -> Maze:
    """A connected random maze, point-symmetric (left half rotated 180 degrees gives the right).

    ``width`` is even, 8..200, ``height`` 5..200 and ``wall_density`` in [0, 0.4]: denser mazes
    almost never come out connected, so after MAX_TRIES draws the call gives up with a ValueError.
    ``food`` per side must fit on the left half's free cells (the starts excluded): at most
    ``(width / 2 - 1) * (height - 2) - 2``, and no more than the drawn maze has; never clipped.
    """
    width, height = whole(width, "width", 8, MAX_SIDE), whole(height, "height", 5, MAX_SIDE)
    if width % 2:
        raise ValueError(f"width must be even (the maze is point-symmetric), got {width}")
    wall_density = real(wall_density, "wall_density", 0.0, MAX_DENSITY)
    room = (width // 2 - 1) * (height - 2) - 2          # the left half's inner cells, starts excluded
    food, seed = whole(food, "food", 0, room), check_seed(seed)
    rng = np.random.default_rng(seed)
    half = width // 2
    for _ in range(MAX_TRIES):
        walls = np.ones((width, height), dtype=bool)
        inner = rng.random((half - 1, height - 2)) < wall_density
        walls[1:half, 1:height - 1] = inner
        walls[1:3, 1:3] = False                      # room for the starts
        walls[half:, :] = walls[:half, :][::-1, ::-1]
        maze = Maze(walls, (), (), {})
        if maze.n < 8:
            continue
        src, dst = maze.edges()
        graph = csr_matrix((np.ones(len(src)), (src, dst)), shape=(maze.n, maze.n))
        if connected_components(graph, directed=False)[0] == 1:
            break
    else:
        raise ValueError(f"no connected {width}x{height} maze found in {MAX_TRIES:,} draws at "
                         f"wall_density={wall_density:g}: lower wall_density (0.3 connects at once)")
    left = [c for c in maze.cells if c[0] < half and c not in ((1, 1), (1, 2))]
    if food > len(left):
        raise ValueError(f"food={food:,} cannot be placed: this {width}x{height} maze (seed {seed}, "
                         f"wall_density={wall_density:g}) has {len(left)} free cells on its left half "
                         f"besides the starts; food must be 0..{len(left)} here")
    picks = rng.choice(len(left), size=food, replace=False)
    red_food = [left[i] for i in picks]
    mirror = lambda c: (width - 1 - c[0], height - 1 - c[1])
    starts = {0: (1, 2), 2: (1, 1)}
    starts.update({1: mirror(starts[0]), 3: mirror(starts[2])})
    return Maze(walls, tuple(red_food + [mirror(c) for c in red_food]), (), dict(sorted(starts.items())))
