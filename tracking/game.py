"""The capture-the-flag game: two teams of two, ghosts at home and Pacmen abroad, contest sensing.

Agents 0 and 2 are red (left half), 1 and 3 blue (right half); they move in index order
0, 1, 2, 3, 0, ... and one move of one agent is one *move* of the game. An agent on the enemy
half is a Pacman: it eats the enemy food it steps on; a ghost and an enemy Pacman on the same
cell send the Pacman back to its start. Scoring rules: ``"eat"`` (blog era: a point per food
eaten), ``"carry"`` (later contests: food scores when carried back home; a caught Pacman's
food goes back where it was) or ``"contest"`` (the contest engine's full rules: capsules, scared
ghosts, food dropped where a Pacman dies, returned food scores; see ``tracking.contest``). The game ends when a team has scored all but ``end_food`` (2 by
default, the later contests' rule; 0 is the 2009 rule, all the food) of the enemy food, or after
``max_moves`` moves (3000 in the blog era, 1200 later). Capsules are drawn but have
no effect under "eat" and "carry".

Agents see the world only through an ``Observation``: their team's positions, the contest's
sensing of the enemies (exact within Manhattan 5 of a teammate, else a noisy distance), which
enemies are Pacmen, the food, the scores, and their team tracker's beliefs.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np

from studykit.checks import at_most, choice, flag, whole
from studykit.checks import seed as check_seed
from tracking import checks
from tracking.contest import CONTEST_MOVES, capsule_owner, contest_move
from tracking.maze import MOVES, Maze
from tracking.sensing import NOISE, SIGHT, manhattan
from tracking.teamtrack import TeamTracker, team_of

RULES = ("eat", "carry", "contest")
DEFAULT_MOVES = {"eat": 3000, "carry": 3000, "contest": CONTEST_MOVES}
MIN_FOOD = 2                      # the game ends when a team has scored all but this many
TEAMS = ("red", "blue")
MAX_MOVES = 100_000               # ~30 contest games; each move updates two trackers


@dataclass(frozen=True)
class Observation:
    """Everything an agent may know at the start of its turn."""

    index: int
    team: str
    turn: int                     # moves made so far in the game
    moves_left: int
    position: tuple
    teammates: dict               # own team: index -> cell (this agent included)
    enemies: dict                 # enemy index -> exact cell when seen, else None
    readings: dict                # enemy index -> noisy Manhattan distance from this agent
    enemy_pacman: dict            # enemy index -> True when it is on our half
    food_to_eat: frozenset
    food_to_defend: frozenset
    carrying: int                 # food this agent carries (carry rule)
    score: int                    # our score minus theirs
    legal: tuple                  # legal move names, Stop included
    beliefs: dict                 # enemy index -> (n,) belief of the team tracker
    rule: str
    capsules_to_eat: frozenset = frozenset()      # enemy capsules left (on their half)
    capsules_to_defend: frozenset = frozenset()
    scared: dict = field(default_factory=dict)    # every agent -> its scared timer (contest rule)
    carried: dict = field(default_factory=dict)   # every agent -> the food it carries


class Agent:
    """Base class: implement ``act(obs) -> move name``; ``register`` runs once before the game."""

    def register(self, maze: Maze, index: int, rng: np.random.Generator) -> None:
        self.maze, self.index, self.rng = maze, index, rng

    def act(self, obs: Observation) -> str:
        raise NotImplementedError


@dataclass
class GameResult:
    """The outcome of one game; ``frames`` holds the per-move history when recorded."""

    scores: dict
    moves: int
    caught: dict                  # team -> enemy Pacmen its ghosts caught
    forfeits: list                # per agent: turns lost to an exception or an illegal move
    trail: list = field(default_factory=list)    # the four positions after each move (start first)
    frames: list = field(default_factory=list)

    @property
    def winner(self) -> str | None:
        r, b = self.scores["red"], self.scores["blue"]
        return "red" if r > b else "blue" if b > r else None


class CaptureGame:
    """One game in progress; ``step()`` plays one move, ``play()`` plays to the end."""

    def __init__(self, maze: Maze, red, blue, *, rule: str = "eat", max_moves: int | None = None,
                 motion: str = "uniform", beta: float = 10.0, seed: int = 0, record: bool = False,
                 end_food: int = MIN_FOOD):
        maze, end_food = checks.capture_maze(maze, end_food)
        rule = choice(rule, "rule", RULES)
        max_moves = DEFAULT_MOVES[rule] if max_moves is None else max_moves
        max_moves = at_most(whole(max_moves, "max_moves", 1), "max_moves", MAX_MOVES,
                            "a contest game is 1,200 or 3,000 moves")
        motion, beta = checks.motion(motion), checks.beta(beta)
        seed, record = check_seed(seed), flag(record, "record")
        self.agents = checks.four_agents(red, blue)              # in index order 0, 1, 2, 3
        self.maze, self.rule, self.max_moves, self.record = maze, rule, max_moves, record
        self.end_food = int(end_food)
        seeds = np.random.SeedSequence(seed).spawn(5)
        self.rng = np.random.default_rng(seeds[0])            # the sensing noise
        for i, agent in enumerate(self.agents):
            agent.register(maze, i, np.random.default_rng(seeds[i + 1]))
        self.half = maze.width // 2
        self.positions = [maze.starts[i] for i in range(4)]
        self.food = set(maze.food)
        self.edible: dict = {}                                  # team -> enemy_food, until food changes
        self.total = {t: len(maze.food_of(t)) for t in TEAMS}   # food each team defends
        self.carried = [[] for _ in range(4)]                   # cells of the food each agent carries
        self.scores = dict.fromkeys(TEAMS, 0)
        self.capsules = set(maze.capsules)                      # contest rule: eaten capsules go
        self.scared = [0] * 4                                   # contest rule: scared timers
        self.returned = [0] * 4                                 # contest rule: food each returned
        self.dropped: list = []                                 # contest rule: cells food fell on
        self.food_to_win = len(maze.food) / 2 - self.end_food   # contest rule: returned to win
        self.won = False
        self.caught = dict.fromkeys(TEAMS, 0)
        self.forfeits = [0] * 4
        self.turn = 0
        self.log: list = []                                     # public events, in order
        self.trackers = {t: TeamTracker(maze, t, motion=motion, beta=beta) for t in TEAMS}
        self.trail = [tuple(self.positions)]
        self.frames: list = []
        if record:
            self._snapshot()

    # ---- rules -------------------------------------------------------------------------------
    def is_pacman(self, i: int, cell: tuple | None = None) -> bool:
        """True when agent ``i`` (at ``cell``, default its position) is on the enemy half.

        The contest engine's rule: red's side is x < width / 2, so the middle column of an
        odd-width maze is red's (the food there is blue's, as in the engine: ``food_of``).
        """
        if not (type(i) is int and 0 <= i <= 3):                  # the checks off the hot path
            i = whole(i, "i", 0, 3)
        if cell is not None and not (type(cell) is tuple and len(cell) == 2):
            cell = checks.grid_cell(cell, "cell")
        x = (self.positions[i] if cell is None else cell)[0]
        red_side = x < self.maze.width / 2
        return not red_side if team_of(i) == "red" else red_side

    def enemy_food(self, team: str) -> frozenset:
        """The food ``team`` can still eat (on the other half)."""
        if team not in TEAMS:
            team = choice(team, "team", TEAMS)
        if team not in self.edible:
            left = team == "blue"
            self.edible[team] = frozenset(f for f in self.food if (f[0] < self.half) == left)
        return self.edible[team]

    @property
    def over(self) -> bool:
        if self.rule == "contest":
            return self.won or self.turn >= self.max_moves
        return self.turn >= self.max_moves or any(
            self.scores[t] >= self.total[o] - self.end_food for t, o in (("red", "blue"), ("blue", "red")))

    def _send_home(self, victim: int, captor: int) -> None:
        cell = self.positions[victim]
        self.positions[victim] = self.maze.starts[victim]
        self.food.update(self.carried[victim])                  # carry rule: the food goes back
        self.edible.clear()
        self.carried[victim] = []
        self.caught[team_of(captor)] += 1
        self.log.append(("capture", victim, captor, cell))
        for j in range(4):            # respawned as a ghost onto an enemy Pacman: it catches it
            if team_of(j) != team_of(victim) and self.positions[j] == self.positions[victim]:
                self._send_home(j, victim)

    def apply(self, i: int, move: str) -> None:
        """Move agent ``i`` (a legal move name) and resolve eating, scoring and captures."""
        if not (type(i) is int and 0 <= i <= 3):
            i = whole(i, "i", 0, 3)
        if not isinstance(move, str) or move not in MOVES or self.maze.index.get(
                (self.positions[i][0] + MOVES[move][0], self.positions[i][1] + MOVES[move][1])) is None:
            raise ValueError(f"move must be a legal move of agent {i} at {self.positions[i]}: one of "
                             f"{sorted(self.maze.legal_moves(self.positions[i]))}, got {move!r:.40}")
        if self.rule == "contest":
            contest_move(self, i, move)
            return
        team = team_of(i)
        dx, dy = MOVES[move]
        x, y = self.positions[i]
        cell = (x + dx, y + dy)
        self.positions[i] = cell
        self.log.append(("move", i))
        if self.is_pacman(i):
            if cell in self.food:
                self.food.remove(cell)
                self.edible.clear()
                self.log.append(("food", i, cell))
                if self.rule == "eat":
                    self.scores[team] += 1
                else:
                    self.carried[i].append(cell)
        elif self.carried[i]:                                   # back home with food
            self.scores[team] += len(self.carried[i])
            self.carried[i] = []
        for j in range(4):
            if team_of(j) == team or self.positions[j] != cell:
                continue
            if self.is_pacman(i):
                self._send_home(i, j)
                break
            if self.is_pacman(j):
                self._send_home(j, i)

    # ---- sensing -----------------------------------------------------------------------------
    def observation(self, i: int) -> Observation:
        """Agent ``i``'s view at the start of its turn; also updates its team's tracker."""
        if not (type(i) is int and 0 <= i <= 3):
            i = whole(i, "i", 0, 3)
        team, me = team_of(i), self.positions[i]
        mates = {k: self.positions[k] for k in range(4) if team_of(k) == team}
        enemies = [k for k in range(4) if team_of(k) != team]
        seen = {k: (self.positions[k] if any(manhattan(m, self.positions[k]) <= SIGHT
                                             for m in mates.values()) else None) for k in enemies}
        readings = {k: manhattan(me, self.positions[k]) + int(self.rng.integers(-NOISE, NOISE + 1))
                    for k in enemies}
        pacman = {k: self.is_pacman(k) for k in enemies}
        tracker = self.trackers[team]
        tracker.apply_events(self.log)
        tracker.observe(me, list(mates.values()), seen, readings, pacman)
        other = "blue" if team == "red" else "red"
        return Observation(
            index=i, team=team, turn=self.turn, moves_left=self.max_moves - self.turn, position=me,
            teammates=mates, enemies=seen, readings=readings, enemy_pacman=pacman,
            food_to_eat=self.enemy_food(team), food_to_defend=self.enemy_food(other),
            carrying=len(self.carried[i]), score=self.scores[team] - self.scores[other],
            legal=tuple(self.maze.legal_moves(me)), beliefs=tracker.beliefs, rule=self.rule,
            capsules_to_eat=frozenset(c for c in self.capsules if capsule_owner(self, c) == other),
            capsules_to_defend=frozenset(c for c in self.capsules if capsule_owner(self, c) == team),
            scared=dict(enumerate(self.scared)), carried={k: len(self.carried[k]) for k in range(4)})

    # ---- play --------------------------------------------------------------------------------
    def step(self) -> None:
        """One move: the agent whose turn it is observes, acts, and the rules resolve."""
        i = self.turn % 4
        obs = self.observation(i)
        try:
            move = self.agents[i].act(obs)
        except Exception as err:  # noqa: BLE001 -- any error in user code: the agent loses its turn
            warnings.warn(f"agent {i} raised {err!r}; it loses its turn", RuntimeWarning, stacklevel=2)
            move = None
        if move is not None and move not in obs.legal:
            warnings.warn(f"agent {i} returned illegal move {move!r}; it loses its turn",
                          RuntimeWarning, stacklevel=2)
            move = None
        if move is None:
            self.forfeits[i] += 1
            move = "Stop"
        self.apply(i, move)
        self.turn += 1
        self.trail.append(tuple(self.positions))
        if self.record:
            self._snapshot()

    def _snapshot(self) -> None:
        belief = {t: sum(self.trackers[t].beliefs.values()) for t in TEAMS}
        self.frames.append({"positions": tuple(self.positions), "food": frozenset(self.food),
                            "scores": dict(self.scores), "beliefs": belief,
                            "capsules": frozenset(self.capsules), "scared": tuple(self.scared),
                            "contest": self.rule == "contest"})

    def play(self) -> GameResult:
        """Play until the game is over; return the result."""
        while not self.over:
            self.step()
        return GameResult(dict(self.scores), self.turn, dict(self.caught), list(self.forfeits),
                          self.trail, self.frames)


def play(maze: Maze, red, blue, **kwargs) -> GameResult:
    """Play one game: ``red`` and ``blue`` are pairs of agents (indices 0, 2 and 1, 3).

    Keyword arguments go to ``CaptureGame``: rule, max_moves (default 3000, 1200 under "contest"),
    motion, beta, seed, record, end_food.
    """
    return CaptureGame(maze, red, blue, **kwargs).play()
