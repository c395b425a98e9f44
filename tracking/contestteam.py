"""The full-game tracker team as a contest team file: ``createTeam`` for the Berkeley engine.

Drop it into a contest checkout (with this package installed) as a one-line team file::

    # myTeam.py
    from tracking.contestteam import createTeam

then ``python capture.py -r myTeam -b baselineTeam``. Each agent sees only the contest's
observation (``observationFunction`` asks the engine for it): its team's positions, enemies within
sight, noisy distances, the Pacman flags, scared timers and food carried of every agent, food and
capsules. A team keeps one ``TeamTracker`` fed with what the team can infer between its turns:
the enemy that moved in between (one per turn), the food or capsule it ate on our half, an enemy
back at its start (a Pacman flag or scared timer that could not change otherwise).
"""

from __future__ import annotations

import numpy as np

from tracking.fullteam import FullAgent
from tracking.game import Observation
from tracking.maze import Maze
from tracking.teamtrack import TeamTracker, team_of

ROLES = ("attacker", "defender")


def maze_of(state) -> Maze:
    """Our ``Maze`` from a contest game state (walls, food, capsules, the four starts)."""
    grid = state.getWalls()
    walls = np.array([[bool(grid[x][y]) for y in range(grid.height)] for x in range(grid.width)])
    food = tuple(sorted(state.getRedFood().asList() + state.getBlueFood().asList()))
    starts = {k: tuple(state.getInitialAgentPosition(k)) for k in range(state.getNumAgents())}
    return Maze(walls, food, tuple(sorted(state.getCapsules())), starts)


class TeamMind:
    """What one contest team knows: the maze, its tracker, and the last state it saw."""

    def __init__(self, is_red: bool):
        self.team = "red" if is_red else "blue"
        self.maze = self.tracker = None
        self.turns = 0
        self.last = None                              # (defended food, defended capsules, flags, timers)

    def start(self, state) -> None:
        if self.maze is None:
            self.maze = maze_of(state)
            self.tracker = TeamTracker(self.maze, self.team)

    def defended(self, state):
        red = self.team == "red"
        food = set((state.getRedFood() if red else state.getBlueFood()).asList())
        capsules = set(state.getRedCapsules() if red else state.getBlueCapsules())
        return food, capsules

    def update(self, state, index: int) -> None:
        """Events since the team's last turn, then the acting agent's sensing."""
        enemies = self.tracker.enemies
        flags = {j: bool(state.getAgentState(j).isPacman) for j in enemies}
        timers = {j: int(state.getAgentState(j).scaredTimer) for j in enemies}
        food, capsules = self.defended(state)
        mover = (index - 1) % 4
        if not (self.turns == 0 and index == 0):      # red's first move: nobody moved before it
            self.events([("move", mover)])
        if self.last is not None:
            old_food, old_capsules, old_flags, old_timers = self.last
            log = [("food", mover, cell) for cell in sorted((old_food - food) | (old_capsules - capsules))]
            for j in enemies:
                if (old_flags[j] and not flags[j] and not self.could_be_home(j)) or \
                        (old_timers[j] > 1 and timers[j] == 0):
                    log.append(("capture", j, index, self.maze.starts[j]))
            self.events(log)
        mates = [tuple(state.getAgentPosition(k)) for k in range(4) if team_of(k) == self.team]
        seen = {j: state.getAgentPosition(j) for j in enemies}
        seen = {j: None if p is None else tuple(p) for j, p in seen.items()}
        readings = state.getAgentDistances()
        self.tracker.observe(tuple(state.getAgentPosition(index)), mates, seen,
                             {j: int(readings[j]) for j in enemies}, flags)
        self.last = (food, capsules, flags, timers)
        self.turns += 1

    def events(self, log: list) -> None:
        """Apply inferred public events (``TeamTracker.apply_events`` reads a log from its cursor)."""
        self.tracker.cursor = 0
        self.tracker.apply_events(log)

    def could_be_home(self, j: int) -> bool:
        """After its move, could enemy ``j`` (a Pacman before) have stepped back onto its half?"""
        belief = self.tracker.filters[j].belief[0]
        return bool((belief * self.tracker.away).sum() > 1e-9)

    def observation(self, state, index: int) -> Observation:
        red = self.team == "red"
        enemies = self.tracker.enemies
        here = tuple(state.getAgentPosition(index))
        left = int(getattr(state.data, "timeleft", 1200))
        their_food = (state.getBlueFood() if red else state.getRedFood()).asList()
        food, capsules = self.defended(state)
        own = state.getAgentState
        return Observation(
            index=index, team=self.team, turn=1200 - left, moves_left=left, position=here,
            teammates={k: tuple(state.getAgentPosition(k)) for k in range(4) if team_of(k) == self.team},
            enemies={j: None if state.getAgentPosition(j) is None else tuple(state.getAgentPosition(j))
                     for j in enemies},
            readings={j: int(state.getAgentDistances()[j]) for j in enemies},
            enemy_pacman={j: bool(own(j).isPacman) for j in enemies},
            food_to_eat=frozenset(map(tuple, their_food)), food_to_defend=frozenset(food),
            carrying=int(own(index).numCarrying),
            score=int(state.getScore()) * (1 if red else -1),
            legal=tuple(state.getLegalActions(index)), beliefs=self.tracker.beliefs, rule="contest",
            capsules_to_eat=frozenset(map(tuple, state.getBlueCapsules() if red else state.getRedCapsules())),
            capsules_to_defend=frozenset(capsules),
            scared={k: int(own(k).scaredTimer) for k in range(4)},
            carried={k: int(own(k).numCarrying) for k in range(4)})


class ContestAgent:
    """One agent in the contest's interface; plans with ``tracking.fullteam.FullAgent``."""

    def __init__(self, index: int, role: str, mind: TeamMind, seed: int = 0):
        if role not in ROLES:
            raise ValueError(f"role must be one of {ROLES}, got {role!r}")
        self.index, self.mind = int(index), mind
        self.planner = FullAgent(role)
        self.seed = seed

    def registerInitialState(self, gameState) -> None:
        self.mind.start(gameState)
        self.planner.register(self.mind.maze, self.index, np.random.default_rng([self.seed, self.index]))

    def observationFunction(self, gameState):
        return gameState.makeObservation(self.index)

    def getAction(self, gameState) -> str:
        return self.chooseAction(gameState)

    def chooseAction(self, gameState) -> str:
        """A legal action; Stop if planning fails in any way (the contest forfeits on errors)."""
        legal = list(gameState.getLegalActions(self.index))
        try:
            self.mind.update(gameState, self.index)
            move = self.planner.act(self.mind.observation(gameState, self.index))
        except Exception:  # noqa: BLE001 -- never lose a contest game to an exception
            move = "Stop"
        return move if move in legal else ("Stop" if "Stop" in legal else legal[0])

    def final(self, gameState) -> None:
        pass


def createTeam(firstIndex, secondIndex, isRed, first="attacker", second="defender", seed=0):
    """The contest's team factory: two agents sharing one team mind (tracker)."""
    mind = TeamMind(bool(isRed))
    return [ContestAgent(firstIndex, first, mind, int(seed)), ContestAgent(secondIndex, second, mind, int(seed))]
