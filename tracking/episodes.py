"""Seeded tracking episodes: simulate opponents and sensing, filter, and score the beliefs."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from studykit.checks import array, choice, flag
from studykit.checks import seed as check_seed
from studykit.stats import Estimate
from tracking import checks
from tracking.filters import ExactFilter, run_filter
from tracking.maze import Maze
from tracking.opponents import visit_counts, walk
from tracking.sensing import NOISE, SIGHT


@dataclass
class Episodes:
    """A batch of simulated episodes: true paths, readings, visibility and the evidence likelihoods."""

    maze: Maze
    observers: tuple
    start: tuple
    path: np.ndarray          # (episodes, steps + 1) true cell indices
    readings: np.ndarray      # (episodes, steps + 1, observers) noisy distances
    visible: np.ndarray       # (episodes, steps + 1) bool
    likelihoods: np.ndarray   # (steps + 1, episodes, n)

    def oracle_counts(self) -> np.ndarray:
        """The opponent's true visit counts after each step, (episodes, steps + 1, n)."""
        return visit_counts(self.path, self.maze.n)


def simulate(maze: Maze, *, observers=((1, 2),), start=(30, 13), steps: int = 300,
             opponent_beta: float = 0.0, episodes: int = 1, seed: int = 0,
             distance: bool = True, sight: bool = True) -> Episodes:
    """Simulate ``episodes`` seeded opponents (beta 0: random walker) watched by fixed observers.

    The likelihoods always hold the exact position when the enemy is in sight; ``distance``
    adds the noisy-distance band and ``sight`` the knowledge that an unseen enemy is farther
    than the sight range (both on: the complete tracker; both off: the motion model alone).
    The random draws do not depend on these two switches.
    """
    if not isinstance(maze, Maze):
        raise TypeError(f"maze must be a Maze (tracking.load_layout), got {type(maze).__name__}")
    observers = tuple(checks.free_cell(maze, o, f"observers[{i}]")
                      for i, o in enumerate(checks.cell_list(observers, "observers")))
    start = checks.free_cell(maze, start, "start")
    steps, episodes = checks.run_size(steps, episodes, maze.n, what="simulate")
    opponent_beta = checks.beta(opponent_beta, "opponent_beta")
    seed = check_seed(seed)
    distance, sight = flag(distance, "distance"), flag(sight, "sight")
    rng = np.random.default_rng(seed)
    path = walk(maze, start, steps, beta=opponent_beta, episodes=episodes, rng=rng)
    man = np.stack([maze.manhattan(o) for o in observers])          # (k, n)
    true_d = man[:, path].transpose(1, 2, 0)                         # (episodes, steps + 1, k)
    readings = true_d + rng.integers(-NOISE, NOISE + 1, size=true_d.shape)
    visible = (true_d <= SIGHT).any(axis=2)
    like = np.ones((steps + 1, episodes, maze.n))
    for k in range(len(observers)):
        if distance:
            band = np.abs(readings[:, :, k].T[:, :, None] - man[k][None, None, :]) <= NOISE
            like *= band / (2 * NOISE + 1)
        if sight:
            like *= man[k] > SIGHT
    seen = np.zeros_like(like)
    seen[np.arange(steps + 1)[:, None], np.arange(episodes)[None, :], path.T] = 1.0
    like = np.where(visible.T[:, :, None], seen, like)
    return Episodes(maze, observers, tuple(start), path, readings, visible, like)


def score(maze: Maze, beliefs: np.ndarray, path: np.ndarray, distances: np.ndarray | None = None) -> dict:
    """Per-step scores (episodes, steps + 1): P(true cell), expected maze-distance error, MAP hit."""
    if not isinstance(maze, Maze):
        raise TypeError(f"maze must be a Maze, got {type(maze).__name__}")
    beliefs = array(beliefs, "beliefs", kind="real", ndim=3, low=0, high=1 + 1e-9)   # probabilities
    path = array(path, "path", kind="integer", ndim=2, low=0, high=maze.n - 1)
    if beliefs.shape[2] != maze.n or path.shape != beliefs.shape[1::-1]:
        raise ValueError(f"beliefs (steps + 1, episodes, {maze.n}) and path (episodes, steps + 1) "
                         f"must agree, got {beliefs.shape} and {path.shape}")
    if distances is not None:
        distances = array(distances, "distances", kind="real", ndim=2, low=0)
        if distances.shape != (maze.n, maze.n):
            raise ValueError(f"distances must be ({maze.n}, {maze.n}), got {distances.shape}")
    dist = maze.distances() if distances is None else distances
    b = beliefs.transpose(1, 0, 2)                                    # (episodes, steps + 1, n)
    p_true = np.take_along_axis(b, path[:, :, None], axis=2)[:, :, 0]
    err = np.einsum("etn,etn->et", b, dist[path])
    hit = b.argmax(axis=2) == path
    return {"p_true": p_true, "distance_error": err, "map_accuracy": hit.astype(float)}


def summarize(scores: dict, visible: np.ndarray, skip_first: bool = True) -> dict:
    """Mean and standard error over episodes of each score, for all, visible and invisible steps.

    Each episode contributes its own mean over the selected steps (episodes are the independent
    units); episodes without any selected step are left out. Returns {(metric, subset):
    Estimate} (the mean over episodes and its standard error; None when no episode has a step).
    """
    if not isinstance(scores, dict) or not scores:
        raise TypeError(f"scores must be the dict of score(...), got {type(scores).__name__}")
    visible = array(visible, "visible", kind="bool", ndim=2)
    for name, s in scores.items():
        if np.shape(s) != visible.shape:
            raise ValueError(f"scores[{name!r}] must have the shape of visible {visible.shape}, "
                             f"got {np.shape(s)}")
    skip_first = flag(skip_first, "skip_first")
    sel = np.ones_like(visible, dtype=bool)
    if skip_first:
        sel[:, 0] = False                                            # the known start
    out = {}
    for name, s in scores.items():
        for subset, mask in (("all", sel), ("visible", sel & visible), ("invisible", sel & ~visible)):
            n = mask.sum(axis=1)
            per = (s * mask).sum(axis=1)[n > 0] / n[n > 0]
            out[(name, subset)] = Estimate.of(per) if len(per) else None
    return out


def default_cells(maze: Maze, observer=None, start=None) -> tuple[tuple, tuple]:
    """The observer and the enemy's start: by default the maze's starts of agents 0 and 1."""
    maze = checks.maze(maze)
    for agent, (name, cell) in enumerate((("observer", observer), ("start", start))):
        if cell is None and agent not in maze.starts:
            raise ValueError(f"{name} must be given: the maze has no start for agent {agent + 1}")
    observer = checks.free_cell(maze, maze.starts[0] if observer is None else observer, "observer")
    start = checks.free_cell(maze, maze.starts[1] if start is None else start, "start")
    return observer, start


def track(layout="defaultCapture", motion: str = "uniform", beta: float = 10.0,
          opponent: str = "random", steps: int = 300, seed: int = 0, observer=None,
          start=None, opponent_beta: float = 10.0, mix: float = 0.01,
          distance: bool = True, sight: bool = True) -> dict:
    """Run one seeded tracking episode; returns beliefs (steps + 1, n), true path, episode, metrics.

    ``observer`` and ``start`` default to the maze's starts of agents 0 and 1 (a red observer,
    a blue enemy); ``distance`` and ``sight`` choose the evidence (see ``simulate``).
    """
    opponent = choice(opponent, "opponent", ("random", "explorer"))
    maze = checks.as_maze(layout)
    motion, beta, mix = checks.motion(motion), checks.beta(beta), checks.mix(mix)
    opponent_beta = checks.beta(opponent_beta, "opponent_beta")
    observer, start = default_cells(maze, observer, start)
    checks.run_size(steps, 1, maze.n, what="track")
    ep = simulate(maze, observers=(observer,), start=start, steps=steps,
                  opponent_beta=opponent_beta if opponent == "explorer" else 0.0, seed=seed,
                  distance=distance, sight=sight)
    filt = ExactFilter(maze, start, motion=motion, beta=beta, mix=mix)
    beliefs = run_filter(filt, ep.likelihoods)
    scores = score(maze, beliefs, ep.path)
    return {"maze": maze, "episodes": ep, "beliefs": beliefs[:, 0], "path": ep.path[0],
            "visible": ep.visible[0], "scores": {k: v[0] for k, v in scores.items()},
            "metrics": {k: math.nan if v is None else v.mean
                        for k, v in summarize(scores, ep.visible).items()}}
