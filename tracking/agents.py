"""Capture-game agents: weighted-graph attacker and defender (after Berkes's part 2), baselines.

The weighted agents plan with scipy.sparse.csgraph's Dijkstra on the maze graph, the cost of
entering a cell being its weight. Weights start at 1 and are
- raised near an estimated enemy ghost on the enemy half, by ``ghost * P(enemy there)`` falling
  off as ``exp(-distance / falloff)``;
- lowered near an estimated enemy Pacman (``pacman``), raised near the teammate (``friend``);
- jittered by a little noise (``noise``), which breaks the ties that trap deterministic rules.
With ``tracker=False`` the same agent is the tracker-blind greedy baseline: it knows only the
enemies it sees (a point mass), nothing about the others.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from studykit.checks import choice, flag, whole
from tracking.game import Agent, Observation
from tracking.maze import MOVES, Maze
from tracking.reals import real
from tracking.teamtrack import home_mask, team_of

STEP_NAMES = {d: m for m, d in MOVES.items()}


@dataclass(frozen=True)
class Weights:
    """The weighted graph's knobs (see the module docstring)."""

    ghost: float = 30.0
    pacman: float = 0.5
    friend: float = 2.0
    falloff: float = 1.5
    noise: float = 0.2
    floor: float = 0.1            # the smallest cell weight (Dijkstra needs positive costs)
    cutoff: float = 20.0          # defender: weight raised behind a chased Pacman
    abroad: float = 10.0          # defender: extra cost of each cell on the enemy half
    carry_limit: int = 3          # carry rule: head home with this much food

    def __post_init__(self):
        for name in ("ghost", "pacman", "friend", "noise", "cutoff", "abroad"):     # stored converted
            object.__setattr__(self, name, real(getattr(self, name), f"Weights.{name}", low=0))
        for name in ("falloff", "floor"):   # distances are divided by falloff; Dijkstra needs floor > 0
            object.__setattr__(self, name, real(getattr(self, name), f"Weights.{name}", above=0))
        object.__setattr__(self, "carry_limit", whole(self.carry_limit, "Weights.carry_limit", 1,
                                                      40_000))   # the cells of the largest maze


class Planner:
    """Shortest paths on the maze graph with per-cell entry costs (csgraph Dijkstra)."""

    def __init__(self, maze: Maze, falloff: float):
        src, dst = maze.edges()
        keep = src != dst
        self.graph = csr_matrix((np.ones(keep.sum()), (src[keep], dst[keep])), shape=(maze.n, maze.n))
        self.dist = maze.distances()
        self.kernel = np.exp(-self.dist / falloff)
        self.maze = maze

    def route(self, weights: np.ndarray, source: int):
        """(cost to every cell, predecessors) from ``source`` when entering cell x costs weights[x]."""
        self.graph.data = weights[self.graph.indices]
        return dijkstra(self.graph, directed=True, indices=source, return_predecessors=True)

    def first_move(self, pred: np.ndarray, source: int, target: int) -> str:
        """The move name of the first step on the path to ``target`` (Stop when there or unreachable)."""
        if target == source or pred[target] < 0:
            return "Stop"
        while pred[target] != source:
            target = pred[target]
        (x0, y0), (x1, y1) = self.maze.cells[source], self.maze.cells[target]
        return STEP_NAMES[(x1 - x0, y1 - y0)]


class RandomAgent(Agent):
    """Any legal move (Stop included), uniformly."""

    def act(self, obs: Observation) -> str:
        return obs.legal[self.rng.integers(len(obs.legal))]


class WeightedAgent(Agent):
    """Attacker or defender planning on the weighted maze graph; ``tracker=False``: greedy baseline."""

    def __init__(self, role: str = "attacker", *, tracker: bool = True, weights: Weights = Weights()):
        role, tracker = choice(role, "role", ("attacker", "defender")), flag(tracker, "tracker")
        checked_weights(weights)
        self.role, self.tracker, self.w = role, tracker, weights

    def register(self, maze: Maze, index: int, rng: np.random.Generator) -> None:
        super().register(maze, index, rng)
        self.planner = Planner(maze, self.w.falloff)
        self.home = home_mask(maze, team_of(index))
        self.xy = maze.coords()
        self.guard = None
        self.trail: dict = {}                      # enemy -> its last estimated positions

    def knowledge(self, obs: Observation) -> dict:
        """Enemy index -> belief (n,) or None: the tracker's, or a point mass on a seen enemy."""
        out = {}
        for j, cell in obs.enemies.items():
            if self.tracker:
                out[j] = obs.beliefs[j]
            elif cell is not None:
                out[j] = np.zeros(self.maze.n)
                out[j][self.maze.index[cell]] = 1.0
            else:
                out[j] = None
        return out

    def base_weights(self, obs: Observation, know: dict) -> np.ndarray:
        w, k = self.w, self.planner.kernel
        weights = np.ones(self.maze.n)
        for j, b in know.items():
            if b is None:
                continue
            near = k @ b
            if obs.enemy_pacman[j]:
                weights -= w.pacman * near * self.home
            else:
                weights += w.ghost * near * ~self.home
        for i, cell in obs.teammates.items():
            if i != self.index:
                weights += w.friend * k[:, self.maze.index[cell]]
        if w.noise:
            weights *= 1.0 + w.noise * self.rng.random(self.maze.n)
        return np.maximum(weights, w.floor)

    def act(self, obs: Observation) -> str:
        know = self.knowledge(obs)
        here = self.maze.index[obs.position]
        weights = self.base_weights(obs, know)
        if self.role == "attacker":
            cost, pred = self.planner.route(weights, here)
            target = self.attack_target(obs, cost)
        else:
            target, weights = self.defend_target(obs, know, weights)
            _, pred = self.planner.route(weights, here)
        return self.planner.first_move(pred, here, target)

    def attack_target(self, obs: Observation, cost: np.ndarray) -> int:
        """Closest food by weighted cost; home when carrying enough (carry rule)."""
        food = [self.maze.index[f] for f in obs.food_to_eat]
        going_home = obs.rule in ("carry", "contest") and obs.carrying > 0 and (
            obs.carrying >= self.w.carry_limit or len(food) <= 2)
        cells = np.flatnonzero(self.home) if going_home or not food else np.array(food)
        return int(cells[np.argmin(cost[cells])])

    def defend_target(self, obs: Observation, know: dict, weights: np.ndarray):
        """Chase an enemy Pacman from the front; else wait on our side nearest the expected enemy."""
        weights = weights + self.w.abroad * ~self.home
        here = self.maze.index[obs.position]
        dist = self.planner.dist
        pacmen = [j for j, b in know.items() if b is not None and obs.enemy_pacman[j]]
        for j, b in know.items():                          # remember where each enemy seems to be
            if b is not None:
                self.trail.setdefault(j, []).append(b @ self.xy)
                del self.trail[j][:-4]
        if pacmen:
            j = min(pacmen, key=lambda j: know[j] @ dist[here])
            b = know[j]
            target = int(np.argmax(b))
            trail = self.trail[j]
            heading = trail[-1] - trail[0]
            if np.abs(heading).sum() > 0.5:                # behind it expensive, in front cheap
                ahead = (self.xy - self.xy[target]) @ heading
                near = self.planner.kernel[:, target]
                weights = weights + self.w.cutoff * near * (ahead < 0)
                weights = np.maximum(weights - 0.5 * near * (ahead > 0), self.w.floor)
            return target, weights
        ghosts = [b for b in know.values() if b is not None]
        home = np.flatnonzero(self.home)
        if ghosts:                                         # the home cell closest to the nearer enemy
            expected = np.array([dist[home] @ b for b in ghosts])
            return int(home[expected.min(axis=0).argmin()]), weights
        if self.guard is None or not obs.food_to_defend:   # blind: guard our food's middle
            food = [self.maze.index[f] for f in obs.food_to_defend] or list(home)
            self.guard = int(home[dist[np.ix_(home, food)].sum(axis=1).argmin()])
        return self.guard, weights


class HardRuleAttacker(Agent):
    """Deterministic rules, no weights: flee a seen ghost within 3 steps, else the nearest food.

    The blog's lesson: such rules trap an agent in loops (approach, see the ghost, flee, lose
    sight, approach...), which soft weights and a little randomness avoid.
    """

    def register(self, maze: Maze, index: int, rng: np.random.Generator) -> None:
        super().register(maze, index, rng)
        self.dist = maze.distances()
        self.home = home_mask(maze, team_of(index))

    def act(self, obs: Observation) -> str:
        idx, d = self.maze.index, self.dist
        moves = {m: idx[c] for m, c in self.maze.legal_moves(obs.position).items() if m != "Stop"}
        ghosts = [idx[c] for j, c in obs.enemies.items() if c is not None and not obs.enemy_pacman[j]]
        here = idx[obs.position]
        close = [g for g in ghosts if d[here, g] <= 3]
        if close:
            return max(moves, key=lambda m: min(d[moves[m], g] for g in close))
        food = [idx[f] for f in sorted(obs.food_to_eat)]
        if obs.rule in ("carry", "contest") and obs.carrying >= 3:
            food = list(np.flatnonzero(self.home))
        if not food or not moves:
            return "Stop"
        goal = min(food, key=lambda f: d[here, f])
        return min(moves, key=lambda m: d[moves[m], goal])


def checked_weights(weights) -> Weights:
    """``weights`` if it is a ``Weights``, else a TypeError."""
    if not isinstance(weights, Weights):
        raise TypeError(f"weights must be a tracking.Weights, got {type(weights).__name__}")
    return weights
