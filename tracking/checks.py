"""Checks of tracking's public arguments: mazes, cells, motion models, and the size of a run.

Built on ``studykit.checks`` (whole numbers, finite reals, names, seeds, memory); each error
names the argument, shows the value and says what is allowed. Called once per public call,
never inside the filters' loops.
"""

from __future__ import annotations

import numpy as np

from studykit.checks import array, at_most, cell, choice, items, memory, whole
from tracking.maze import Maze, grid_cell, load_layout  # noqa: F401 - grid_cell is part of this API
from tracking.reals import real

MOTIONS = ("uniform", "explorer")
MAX_STEPS = 100_000        # a contest game is 3,000 moves; the notebooks track 300 steps
MAX_EPISODES = 100_000
MAX_PARTICLES = 1_000_000
FLOATS_PER_CELL_STEP = 4   # likelihoods, beliefs, scores and a temporary, float64 each


def as_maze(layout, name: str = "layout") -> Maze:
    """A ``Maze``, a shipped layout's name or layout text, as a ``Maze``."""
    if isinstance(layout, Maze):
        return layout
    if isinstance(layout, str):
        return load_layout(layout)
    raise TypeError(f"{name} must be a Maze, a layout name or layout text, got "
                    f"{type(layout).__name__}")


def maze(value, name: str = "maze") -> Maze:
    """A ``Maze`` (from ``tracking.load_layout``), nothing else."""
    if not isinstance(value, Maze):
        raise TypeError(f"{name} must be a Maze (tracking.load_layout), got {type(value).__name__}")
    return value


def cell_list(value, name: str, min_len: int = 1) -> tuple:
    """A list, tuple or (k, 2) array of cells, at least ``min_len``, as a tuple of its items (each
    still to be checked as a cell)."""
    if isinstance(value, np.ndarray) and value.ndim == 2:
        value = [tuple(row) for row in value.tolist()]
    return items(value, name, min_len=min_len)


def free_cell(maze: Maze, value, name: str) -> tuple[int, int]:
    """A free cell (x, y) of ``maze``, as a tuple."""
    xy = cell(value, name)
    if xy not in maze.index:
        raise ValueError(f"{name} {xy} is not a free cell of the {maze.width}x{maze.height} maze")
    return xy


def motion(value, name: str = "motion") -> str:
    """One of the motion models, "uniform" or "explorer"."""
    return choice(value, name, MOTIONS)


def beta(value, name: str = "beta") -> float:
    """The explorer's preference for less-visited cells: a finite number >= 0 (NaN and inf
    would turn every belief or move probability into NaN)."""
    return real(value, name, low=0)


def mix(value, name: str = "mix") -> float:
    """A weight in [0, 1]."""
    return real(value, name, 0, 1)


def run_size(steps, episodes, cells: int, *, what: str, steps_name: str = "steps",
             episodes_name: str = "episodes") -> tuple[int, int]:
    """``steps`` and ``episodes`` as whole numbers within the limits, and the arrays of a run of
    that size (steps + 1) x episodes x cells within this machine's memory."""
    steps = at_most(whole(steps, steps_name, 0), steps_name, MAX_STEPS,
                    "a contest game is 3,000 moves; split a longer run into episodes")
    episodes = at_most(whole(episodes, episodes_name, 1), episodes_name, MAX_EPISODES,
                       "run the episodes in several seeded batches")
    memory(8.0 * FLOATS_PER_CELL_STEP * (steps + 1) * episodes * cells,
           f"{what} of {steps:,} steps x {episodes:,} episodes on {cells:,} cells")
    return steps, episodes


def likelihoods(value, name: str, shape: tuple | None = None) -> np.ndarray:
    """Per-step evidence (steps + 1, episodes, n): finite numbers >= 0."""
    arr = array(value, name, kind="real", ndim=3, low=0)
    if shape is not None and arr.shape[1:] != shape:
        raise ValueError(f"{name} must have shape (steps + 1, {shape[0]}, {shape[1]}) "
                         f"(episodes, cells of the filter), got {arr.shape}")
    if not len(arr):
        raise ValueError(f"{name} must hold at least step 0, got shape {arr.shape}")
    return arr


def particles(value, episodes, name: str = "particles") -> int:
    """A particle count 1..MAX_PARTICLES whose filter of ``episodes`` fits in memory."""
    value = at_most(whole(value, name, 1), name, MAX_PARTICLES,
                    "a million samples per episode is already far finer than the maze")
    episodes = at_most(whole(episodes, "episodes", 1), "episodes", MAX_EPISODES,
                       "run the episodes in several seeded batches")
    memory(8.0 * 5 * 4 * episodes * value, f"a particle filter of {episodes:,} episodes x {value:,} particles")
    return value


def per_cell(value, name: str, episodes: int, n: int) -> np.ndarray:
    """One step's numbers over the free cells (a likelihood, visit counts): an (n,) row shared by
    every episode or an (episodes, n) array, finite and >= 0; returned as float64 (episodes, n).
    Cheap enough to run once per filter step."""
    if not (isinstance(value, np.ndarray) and value.dtype.kind in "fiu"):
        value = array(value, name, kind="real", ndim=(1, 2))
        if value.dtype == object:                       # whole numbers beyond any float
            raise ValueError(f"{name} must hold finite numbers within float range")
    if value.ndim == 1:
        value = value[None]
    if value.ndim != 2 or value.shape[1] != n or value.shape[0] not in (1, episodes):
        raise ValueError(f"{name} must have shape ({n},) or ({episodes}, {n}) (episodes, free "
                         f"cells), got {value.shape}")
    arr = value.astype(float)
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must hold finite numbers (no NaN or infinity)")
    if arr.size and arr.min() < 0:
        raise ValueError(f"{name} must hold numbers >= 0, got a minimum of {arr.min():g}")
    return np.broadcast_to(arr, (episodes, n))


def capture_maze(value, end_food) -> tuple[Maze, int]:
    """A maze a capture game can be played on (starts for agents 0-3, food on both halves, else
    the game would be over at move 0) and ``end_food``, the food left that ends it: 0 to one less
    than the smaller half's food."""
    value = maze(value)
    if sorted(value.starts) != [0, 1, 2, 3]:
        raise ValueError(f"the maze needs starts for agents 0-3, got {sorted(value.starts)}")
    for team in ("red", "blue"):
        if not value.food_of(team):
            raise ValueError(f"maze has no food on {team}'s half: the layout of a capture game needs "
                             "food on both halves (else the game is over at move 0)")
    least = min(len(value.food_of(t)) for t in ("red", "blue"))
    return value, whole(end_food, "end_food", 0, least - 1)


def four_agents(red, blue) -> list:
    """The agents of teams ``red`` and ``blue`` (two distinct agents each, with act and
    register) in index order: red[0], blue[0], red[1], blue[1]."""
    pairs = {}
    for team, pair in (("red", red), ("blue", blue)):
        pair = items(pair, team)
        if len(pair) != 2:
            raise ValueError(f"{team} must be two agents, got {len(pair)}")
        for agent in pair:
            if not (callable(getattr(agent, "act", None)) and callable(getattr(agent, "register", None))):
                raise TypeError(f"{team} must hold agents (tracking.Agent, with act and register), "
                                f"got {type(agent).__name__}")
        pairs[team] = pair
    agents = [pairs["red"][0], pairs["blue"][0], pairs["red"][1], pairs["blue"][1]]
    if len({id(a) for a in agents}) != 4:
        raise ValueError("the four agents must be distinct objects")
    return agents
