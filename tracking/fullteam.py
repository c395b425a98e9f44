"""The full-game tracker team: the weighted-graph agents of part 2 plus escapes, capsules and banking.

Made for the contest's rules (``rule="contest"``), where a caught Pacman drops its food and a
capsule turns the chase around. On top of ``WeightedAgent``'s weighted graph
(its attacker heads for the cheapest food, its defender cuts Pacmen off):

- **threats**: an enemy that is not scared for long enough is believed at its seen cell, else at
  every cell where the tracker puts at least ``Plan.believe`` of its probability; an enemy Pacman
  seen next to the border is one too (it turns into a ghost by stepping back home), and weighs on
  the graph as that ghost (one hovering across the border no longer flips the costs every move);
- **never onto or next to a threat**: cells within one step of a threat cost ``Plan.blocked``,
  and a move that would still end there (on the enemy half) is replaced by the safe move with the
  most escape slack;
- **escape slack**: for each cell x, the least of (a threat's maze distance to p) - (steps from x
  to p) over the cells p of the way home from x (the best of the shortest ways), so a dead end
  whose mouth a ghost can reach first has little slack. A Pacman with food heads home when its
  slack drops below ``Plan.margin``, avoiding the cells a threat reaches first;
- **banking**: home with ``Plan.bank`` food, with any food when a threat comes within
  ``Plan.near``, when two food are left, or when the moves left only just cover the way home; once
  it turns home it keeps going until it is home (a ghost that backs off does not bait it back out);
- **cutting off**: a defender that sees an enemy Pacman makes the move that leaves it the
  smallest region it reaches first (``tracking.cutoff``): it stands between the Pacman and its way
  home and drives it into our corners;
- **a goal kept**: the attacker keeps the food it heads for until another is ``Plan.stick`` times
  cheaper to reach (an enemy hovering across the border flips the costs every move, and an attacker
  re-choosing every move walked back and forth between two);
- **capsules**: a chased Pacman runs for a capsule the ghost cannot reach first; scared ghosts are
  no threats while their timer outlasts the distance (so it hunts on); a scared defender keeps
  two cells from the enemy Pacmen it sees;
- **raids**: a defender that has seen no enemy Pacman for ``Plan.raid`` of its moves raids too
  (one hovering ghost cannot guard two attackers) and turns back as soon as an enemy crosses;
- **stand-offs** (``tracking.standoff``): phases out of the enemy's sight, and an attacker that
  waits at the crossing apart from its teammate;
- **baits**: a defender ignores the Pacmen it sees while one out of sight carries 2 food more
  (``raider``) and hunts that one by the tracker's belief.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from studykit.checks import whole
from tracking.agents import WeightedAgent, Weights
from tracking.cutoff import cutoff_move
from tracking.game import Observation
from tracking.maze import Maze
from tracking.reals import real
from tracking.standoff import StandoffPlay

FAR = 1e6


@dataclass(frozen=True)
class Plan:
    """The full-game team's knobs (see the module docstring)."""

    margin: int = 1
    bank: int = 5
    near: int = 3
    believe: float = 0.25
    blocked: float = 200.0
    patience: int = 12
    raid: int = 60
    stick: float = 1.5
    standoff: int = 40
    gap: int = 3

    def __post_init__(self):
        for name in ("margin", "bank", "near", "patience", "raid", "standoff", "gap"):   # stored converted
            object.__setattr__(self, name, whole(getattr(self, name), f"Plan.{name}", 1, 10_000))
        object.__setattr__(self, "believe", real(self.believe, "Plan.believe", above=0, high=1))
        object.__setattr__(self, "blocked", real(self.blocked, "Plan.blocked", low=0))
        object.__setattr__(self, "stick", real(self.stick, "Plan.stick", low=1))


class FullAgent(StandoffPlay, WeightedAgent):
    """Attacker or defender of the full-game tracker team (reads the tracker, plans escapes)."""

    def __init__(self, role: str = "attacker", *, weights: Weights = Weights(), plan: Plan = Plan()):
        super().__init__(role, tracker=True, weights=weights)
        if not isinstance(plan, Plan):
            raise TypeError(f"plan must be a tracking.fullteam.Plan, got {type(plan).__name__}")
        self.plan = plan

    def register(self, maze: Maze, index: int, rng: np.random.Generator) -> None:
        super().register(maze, index, rng)
        dist = self.planner.dist
        homes = np.flatnonzero(self.home)
        self.to_home = dist[:, homes].min(axis=1)
        self.order = np.argsort(self.to_home, kind="stable")
        nbrs = maze.neighbor_table()
        self.toward = [[int(k) for k in nbrs[x] if k >= 0 and self.to_home[k] == self.to_home[x] - 1]
                       for x in range(maze.n)]
        self.steps = [[int(k) for k in nbrs[x] if k >= 0] for x in range(maze.n)]
        border = [int(x) for x in homes if any(not self.home[k] for k in self.steps[x])]
        self.crossings = [(x, next(k for k in self.steps[x] if not self.home[k])) for x in border]
        self.calm = 0                                  # defender: own moves without an enemy Pacman
        self.banking = False                           # heading home with food, until it is home
        self.goal = None                               # the food it is heading for
        self.start_standoffs(maze)

    # ---- what threatens us --------------------------------------------------------------------
    def threat_cells(self, obs: Observation, here: int) -> list:
        """Cells of enemy ghosts that can still catch us (seen, or believed with enough mass), and of
        enemy Pacmen seen one step from their home (they turn into ghosts by stepping back)."""
        cells, dist = [], self.planner.dist
        border = self.pacmen_at_border(obs)
        for j, seen in obs.enemies.items():
            if obs.enemy_pacman[j] and (seen is None or self.maze.index[seen] not in border):
                continue
            if seen is not None:
                where = [self.maze.index[seen]]
            else:
                where = [int(x) for x in np.flatnonzero(obs.beliefs[j] >= self.plan.believe)]
            timer = obs.scared.get(j, 0)
            cells += [x for x in where if timer <= dist[here, x] + 1]
        return cells

    def pacmen_at_border(self, obs: Observation) -> list:
        """Cells of the enemy Pacmen seen one step from their home."""
        cells = [self.maze.index[c] for j, c in obs.enemies.items() if c is not None and obs.enemy_pacman[j]]
        return [x for x in cells if not all(self.home[k] for k in self.steps[x])]

    def slack(self, ghost_dist: np.ndarray) -> np.ndarray:
        """Escape slack of every cell (see the module docstring); FAR at home."""
        m = np.full(self.maze.n, float(FAR))
        for x in self.order:
            if self.home[x]:
                continue
            best = max((m[k] for k in self.toward[x]), default=-FAR)
            m[x] = min(ghost_dist[x], best - 1)
        return m

    # ---- choosing ---------------------------------------------------------------------------
    def act(self, obs: Observation) -> str:
        here = self.maze.index[obs.position]
        dist = self.planner.dist
        threats = self.threat_cells(obs, here)
        ghost = dist[threats].min(axis=0) if threats else np.full(self.maze.n, float(FAR))
        ghost = np.where(self.home, FAR, ghost)
        m = self.slack(ghost)
        know = self.knowledge(obs)
        weights = self.base_weights(obs, know) + self.plan.blocked * (ghost <= 1)
        for x in self.pacmen_at_border(obs):              # weighed as the ghosts they turn into
            weights += self.w.ghost * self.planner.kernel[:, x] * ~self.home
        invaded = any(obs.enemy_pacman.values())
        self.calm = 0 if invaded else self.calm + 1
        lurk = self.lurk_target(obs, here)
        if lurk is not None:
            _, pred = self.planner.route(weights, here)
            return self.safe(obs, here, self.planner.first_move(pred, here, lurk), ghost, m)
        if self.role == "defender" and not obs.carrying and self.calm <= self.plan.raid:
            move = self.cut_off(obs, here)
            if move is not None:
                return self.safe(obs, here, move, ghost, m)
            raider = self.raider(obs)
            target, weights = self.defend_target(obs, know if raider is None else {raider: know[raider]}, weights)
        else:
            target, escaping = self.attack(obs, here, ghost, m, weights)
            if escaping:                                   # the way home avoids cells a ghost reaches first
                weights = weights + self.plan.blocked * (~self.home & (ghost - dist[here] < 1))
        _, pred = self.planner.route(weights, here)
        move = self.planner.first_move(pred, here, target)
        return self.safe(obs, here, move, ghost, m)

    def raider(self, obs: Observation) -> int | None:
        """An enemy Pacman out of sight carrying 2 food more than every one in sight (None: no such)."""
        load = obs.carried
        seen = [load.get(j, 0) for j, c in obs.enemies.items() if c is not None and obs.enemy_pacman[j]]
        unseen = [j for j, c in obs.enemies.items() if c is None and obs.enemy_pacman[j]
                  and load.get(j, 0) >= max(seen, default=0) + 2]
        return max(unseen, key=lambda j: load.get(j, 0)) if unseen else None

    def cut_off(self, obs: Observation, here: int) -> str | None:
        """The intercepting move against the nearest enemy Pacman in sight (None: none seen, scared,
        or a bait: one out of sight carries 2 food more)."""
        dist, idx = self.planner.dist, self.maze.index
        pacmen = [idx[c] for j, c in obs.enemies.items() if c is not None and obs.enemy_pacman[j]]
        if not pacmen or obs.scared.get(self.index, 0) > 0 or self.raider(obs) is not None:
            return None
        pacman = min(pacmen, key=lambda p: dist[here, p])
        food = np.zeros(self.maze.n, bool)
        food[[idx[f] for f in obs.food_to_defend]] = True
        moves = {name: idx[c] for name, c in self.maze.legal_moves(obs.position).items()}
        return cutoff_move(dist, moves, pacman, food, self.home)

    def attack(self, obs: Observation, here: int, ghost, m, weights) -> tuple[int, bool]:
        """(target cell, escaping?): a capsule when chased, home to bank, else the cheapest food."""
        dist, plan = self.planner.dist, self.plan
        cost, _ = self.planner.route(weights, here)
        food = [self.maze.index[f] for f in obs.food_to_eat]
        chased = not self.home[here] and ghost[here] <= plan.near
        capsules = [self.maze.index[c] for c in obs.capsules_to_eat]
        reachable = [c for c in capsules if ghost[c] - dist[here, c] >= 1]
        if chased and reachable and min(dist[here, reachable]) < self.to_home[here] + plan.near:
            return int(min(reachable, key=lambda c: cost[c])), False
        trapped = not self.home[here] and m[here] < plan.margin
        self.banking = obs.carrying > 0 and not self.home[here] and (self.banking or (
            obs.carrying >= plan.bank or len(food) <= 2 or chased or trapped
            or obs.moves_left // 4 <= self.to_home[here] + 3))
        if self.banking or (trapped and chased):
            homes = np.flatnonzero(self.home)
            return int(homes[np.argmin(cost[homes] + FAR * (m[homes] < 0))]), True
        if not food:
            return self.wait_to_cross(here, ghost), False
        apart = self.split_crossing(obs, here, ghost)
        if apart is not None:
            return apart, False
        best = int(min(food, key=lambda f: cost[f]))
        if self.goal not in food or cost[self.goal] > self.plan.stick * cost[best]:
            self.goal = best
        return self.goal, False

    def safe(self, obs: Observation, here: int, move: str, ghost, m) -> str:
        """``move`` unless it ends on or next to a threat (or, scared at home, next to a Pacman)."""
        legal = self.maze.legal_moves(obs.position)
        dest = {name: self.maze.index[c] for name, c in legal.items()}
        danger = ghost.copy()
        if obs.scared.get(self.index, 0) > 0:                # a scared ghost keeps off Pacmen
            pacmen = [self.maze.index[c] for j, c in obs.enemies.items()
                      if c is not None and obs.enemy_pacman[j]]
            if pacmen:
                near = self.planner.dist[pacmen].min(axis=0)
                danger = np.where(self.home, near, danger)
        ok = {name: x for name, x in dest.items() if danger[x] >= 2}
        if move in ok:
            return move
        pool = ok or dest
        return max(sorted(pool), key=lambda name: (danger[pool[name]] >= 2, m[pool[name]],
                                                   danger[pool[name]], -self.to_home[pool[name]]))

