"""The contest team file (tracking.contestteam) through a minimal fake of the contest's gameState:
it loads through ``createTeam`` like the engine loads a team, sees only the observation, and
chooses legal actions for 1,200 moves."""

import ast
import importlib.util
import warnings
from pathlib import Path

import numpy as np
import pytest

import tracking.contestteam
from tracking import Agent, CaptureGame, load_layout, make_team
from tracking.sensing import NOISE, SIGHT, manhattan
from tracking.teamtrack import team_of


class Grid:
    """The contest's boolean grid: ``grid[x][y]``, width, height, ``asList()``."""

    def __init__(self, cells, width, height):
        self.cells, self.width, self.height = set(cells), width, height

    def __getitem__(self, x):
        return [(x, y) in self.cells for y in range(self.height)]

    def asList(self):
        return sorted(self.cells)


class AgentState:
    def __init__(self, game, k, seen):
        self.isPacman = game.is_pacman(k)
        self.scaredTimer = game.scared[k]
        self.numCarrying = len(game.carried[k])
        self.configuration = game.positions[k] if seen else None


class Data:
    def __init__(self, game):
        self.timeleft = game.max_moves - game.turn


class FakeState:
    """What a contest agent may call on a gameState, backed by our engine under rule="contest"."""

    def __init__(self, game, viewer=None, rng=None):
        self.game, self.viewer, self.data = game, viewer, Data(game)
        self.rng = rng or np.random.default_rng(0)
        maze = game.maze
        self.half = maze.width // 2
        self.walls = Grid([(x, y) for x in range(maze.width) for y in range(maze.height)
                           if maze.walls[x, y]], maze.width, maze.height)

    def makeObservation(self, index):
        return FakeState(self.game, viewer=index, rng=self.rng)

    def _seen(self, k):
        if self.viewer is None or team_of(k) == team_of(self.viewer):
            return True
        mates = [p for j, p in enumerate(self.game.positions) if team_of(j) == team_of(self.viewer)]
        return any(manhattan(m, self.game.positions[k]) <= SIGHT for m in mates)

    def getWalls(self):
        return self.walls

    def getRedFood(self):
        g = self.game.maze
        return Grid([f for f in self.game.food if f[0] < self.half], g.width, g.height)

    def getBlueFood(self):
        g = self.game.maze
        return Grid([f for f in self.game.food if f[0] >= self.half], g.width, g.height)

    def getCapsules(self):
        return sorted(self.game.capsules)

    def getRedCapsules(self):
        return [c for c in self.getCapsules() if c[0] <= self.game.maze.width / 2]

    def getBlueCapsules(self):
        return [c for c in self.getCapsules() if c[0] > self.game.maze.width / 2]

    def getInitialAgentPosition(self, k):
        return self.game.maze.starts[k]

    def getNumAgents(self):
        return 4

    def getAgentPosition(self, k):
        return self.game.positions[k] if self._seen(k) else None

    def getAgentState(self, k):
        return AgentState(self.game, k, self._seen(k))

    def getAgentDistances(self):
        me = self.game.positions[self.viewer]
        return [manhattan(me, p) + int(self.rng.integers(-NOISE, NOISE + 1)) for p in self.game.positions]

    def getLegalActions(self, k):
        return list(self.game.maze.legal_moves(self.game.positions[k]))

    def getScore(self):
        return self.game.scores["red"] - self.game.scores["blue"]

    def isOnRedTeam(self, k):
        return k % 2 == 0


class ThroughContest(Agent):
    """Plays a contest agent inside our engine, the way the engine calls it."""

    def __init__(self, contest_agent, rng):
        self.agent, self.rng, self.game, self.chosen = contest_agent, rng, None, []

    def act(self, obs):
        state = FakeState(self.game, rng=self.rng)
        if not self.chosen:
            self.agent.registerInitialState(state)
        move = self.agent.getAction(self.agent.observationFunction(state))
        assert move in state.getLegalActions(self.agent.index), move
        self.chosen.append(move)
        return move


def contest_game(layout, seed, is_red=True):
    module_path = Path(tracking.contestteam.__file__)
    spec = importlib.util.spec_from_file_location("player1", module_path)   # as the engine loads it
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    first, second = (0, 2) if is_red else (1, 3)
    rng = np.random.default_rng(seed)
    ours = [ThroughContest(a, rng) for a in module.createTeam(first, second, is_red)]
    theirs = make_team("greedy")
    red, blue = (ours, theirs) if is_red else (theirs, ours)
    game = CaptureGame(load_layout(layout), red, blue, rule="contest", seed=seed, max_moves=1200)
    for agent in ours:
        agent.game = game
    return game, ours


@pytest.mark.parametrize("layout, is_red", [("defaultCapture", True), ("mediumCapture", False)])
def test_the_team_file_plays_legal_actions_for_1200_moves(layout, is_red):
    game, ours = contest_game(layout, seed=3, is_red=is_red)
    game.max_moves, game.end_food = 1200, 0
    game.food_to_win = len(game.maze.food)                # never won early: all 1,200 moves are played
    with warnings.catch_warnings():
        warnings.simplefilter("error")                   # an illegal move or an exception would warn
        result = game.play()
    assert result.moves == 1200
    assert sum(len(a.chosen) for a in ours) == 600
    assert result.forfeits == [0, 0, 0, 0]


def test_the_team_file_beats_the_greedy_team_through_the_fake_state():
    game, _ = contest_game("defaultCapture", seed=1)
    result = game.play()
    assert result.scores["red"] > result.scores["blue"]


def test_the_team_file_imports_only_our_package_and_numpy():
    tree = ast.parse(Path(tracking.contestteam.__file__).read_text())
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert {n.split(".")[0] for n in names} <= {"__future__", "numpy", "tracking"}


def test_create_team_refuses_an_unknown_role():
    with pytest.raises(ValueError, match="role"):
        tracking.contestteam.createTeam(0, 2, True, first="goalkeeper")
