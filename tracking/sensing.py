"""The contest's sensing rules: noisy Manhattan distances and the sight range, both sides."""

from __future__ import annotations

import numpy as np

from studykit.checks import generator, items, whole
from tracking.checks import cell_list, free_cell, grid_cell
from tracking.checks import maze as check_maze
from tracking.maze import Maze

NOISE = 6          # readings are the true distance plus a uniform integer in -NOISE..NOISE
SIGHT = 5          # an enemy within this Manhattan distance of any teammate is seen exactly


def manhattan(a: tuple, b: tuple) -> int:
    """Manhattan distance between two cells."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def noisy_distance(observer: tuple, enemy: tuple, rng: np.random.Generator) -> int:
    """The simulator side: true Manhattan distance plus uniform noise in -6..6 (not clamped)."""
    observer, enemy, rng = grid_cell(observer, "observer"), grid_cell(enemy, "enemy"), generator(rng)
    return manhattan(observer, enemy) + int(rng.integers(-NOISE, NOISE + 1))


def visible(observers, enemy: tuple) -> bool:
    """True when ``enemy`` is within the sight range of any observer (at least one)."""
    observers = [grid_cell(o, "observers") for o in cell_list(observers, "observers")]
    enemy = grid_cell(enemy, "enemy")
    return any(manhattan(o, enemy) <= SIGHT for o in observers)


def checked_reading(maze: Maze, value, name: str = "reading") -> int:
    """A noisy distance that can occur in ``maze``: -NOISE to the largest Manhattan distance + NOISE."""
    return whole(value, name, -NOISE, maze.width + maze.height - 2 + NOISE,
                 why="a reading is a Manhattan distance in the maze plus noise in -6..6")


def reading_likelihood(maze: Maze, observer: tuple, reading: int) -> np.ndarray:
    """P(reading | enemy at each free cell): 1/13 within the noise band, else 0."""
    maze = check_maze(maze)
    observer, value = free_cell(maze, observer, "observer"), checked_reading(maze, reading)
    d = maze.manhattan(observer)
    return (np.abs(value - d) <= NOISE) / (2 * NOISE + 1)


def evidence(maze: Maze, observers, readings=None, seen: tuple | None = None) -> np.ndarray:
    """Likelihood over free cells of one turn's evidence about one enemy.

    Args:
        observers: positions of the observing team.
        readings: one noisy distance per observer (ignored when ``seen``).
        seen: the enemy's exact position when it is visible, else None.
    """
    maze = check_maze(maze)
    observers = [free_cell(maze, o, "observers") for o in cell_list(observers, "observers")]
    if seen is not None:
        like = np.zeros(maze.n)
        like[maze.index[free_cell(maze, seen, "seen")]] = 1.0
        return like
    if readings is None or len(items(readings, "readings")) != len(observers):
        raise ValueError("readings must give one distance per observer when the enemy is not seen")
    readings = [checked_reading(maze, r, "readings") for r in items(readings, "readings")]
    like = np.ones(maze.n)
    for obs, r in zip(observers, readings):
        like *= reading_likelihood(maze, obs, r)
        like *= maze.manhattan(obs) > SIGHT     # not seen: farther than SIGHT from every teammate
    return like


def observe(maze: Maze, observers, enemy: tuple, rng: np.random.Generator) -> tuple:
    """Draw one turn's observation of ``enemy``: (readings, seen position or None)."""
    maze, rng = check_maze(maze), generator(rng)
    observers = [free_cell(maze, o, "observers") for o in cell_list(observers, "observers")]
    enemy = free_cell(maze, enemy, "enemy")
    readings = [noisy_distance(o, enemy, rng) for o in observers]
    return readings, (tuple(enemy) if visible(observers, enemy) else None)
