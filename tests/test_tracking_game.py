"""Capture-game rules on tiny hand-made mazes, and invariants over many random games."""

import warnings

import numpy as np
import pytest

from tracking.agents import RandomAgent
from tracking.game import MIN_FOOD, Agent, CaptureGame, play
from tracking.maze import load_layout, parse_layout, random_maze
from tracking.plain import plain_team_observe
from tracking.sensing import NOISE, SIGHT, manhattan
from tracking.teamtrack import team_of

# 12 x 4: red (0, 2) on the left half x < 6, blue (1, 3) on the right; 4 food per side
CORRIDOR = """
%%%%%%%%%%%%
%3..    ..4%
%1..    ..2%
%%%%%%%%%%%%
"""


class Script(Agent):
    """Plays a fixed list of moves, then Stop; remembers what it observed."""

    def __init__(self, moves=()):
        self.moves, self.seen = list(moves), []

    def act(self, obs):
        self.seen.append(obs)
        return self.moves.pop(0) if self.moves else "Stop"


def game_with(maze_text=CORRIDOR, **kwargs):
    maze = parse_layout(maze_text)
    agents = [Script() for _ in range(4)]
    return CaptureGame(maze, (agents[0], agents[2]), (agents[1], agents[3]), **kwargs), agents


def test_corridor_layout():
    game, _ = game_with()
    assert game.maze.starts == {0: (1, 1), 1: (10, 1), 2: (1, 2), 3: (10, 2)}
    assert game.total == {"red": 4, "blue": 4} and game.half == 6
    assert not game.is_pacman(0) and game.is_pacman(0, (6, 1)) and game.is_pacman(1, (5, 1))


def test_pacman_walking_into_a_ghost_is_sent_home():
    game, _ = game_with()
    game.positions[0], game.positions[1] = (6, 1), (7, 1)      # red Pacman next to a blue ghost
    game.apply(0, "East")
    assert game.positions[0] == (1, 1) and game.positions[1] == (7, 1)
    assert game.caught == {"red": 0, "blue": 1}
    assert game.log[-1] == ("capture", 0, 1, (7, 1))


def test_ghost_catches_a_pacman_and_it_respawns_at_its_start():
    game, _ = game_with()
    game.positions[1], game.positions[0] = (5, 2), (4, 2)      # blue Pacman on red's half
    game.apply(0, "East")                                      # red ghost steps onto it
    assert game.positions[1] == (10, 1) and game.positions[0] == (5, 2)
    assert game.caught == {"red": 1, "blue": 0}
    # a ghost meeting a ghost or a Pacman meeting a Pacman: nothing happens
    game.positions[2], game.positions[3] = (4, 1), (5, 1)      # blue 3 is a Pacman at (5, 1)
    game.positions[1] = (6, 2)                                 # blue 1 a ghost at home
    game.apply(3, "East")                                      # blue 3 goes home: both ghosts, no capture
    assert game.positions[3] == (6, 1) and game.caught == {"red": 1, "blue": 0}


def test_eat_rule_scores_each_food_at_once():
    game, _ = game_with(rule="eat")
    game.positions[0] = (7, 1)
    game.apply(0, "East")                                      # food at (8, 1)
    assert game.scores["red"] == 1 and (8, 1) not in game.food
    assert game.log[-2:] == [("move", 0), ("food", 0, (8, 1))]
    game.positions[1] = (3, 1)
    game.apply(1, "West")                                      # blue eats (2, 1)
    assert game.scores == {"red": 1, "blue": 1}


def test_carry_rule_scores_food_brought_home_and_drops_it_when_caught():
    game, _ = game_with(rule="carry")
    game.positions[0] = (7, 1)
    game.apply(0, "East")
    game.apply(0, "East")                                      # (8, 1) and (9, 1) carried
    assert game.scores["red"] == 0 and len(game.carried[0]) == 2
    for _ in range(3):
        game.apply(0, "West")                                  # (6, 1): still a Pacman
    assert game.scores["red"] == 0 and game.positions[0] == (6, 1)
    game.apply(0, "West")                                      # home at (5, 1): scores 2
    assert game.scores["red"] == 2 and game.carried[0] == []
    # caught while carrying: the food goes back where it was, no score
    game.positions[2] = (8, 2)
    game.apply(2, "East")                                      # carries (9, 2)
    game.positions[3] = (9, 1)
    game.apply(3, "North")                                     # blue ghost steps onto red 2
    assert game.positions[2] == (1, 2) and (9, 2) in game.food and game.scores["red"] == 2


def test_game_ends_when_all_but_two_food_are_scored():
    game, agents = game_with(rule="eat")
    game.positions[0] = (7, 1)
    agents[0].moves = ["East", "East"]                         # eats (8, 1), (9, 1): 4 - 2 = 2
    res = game.play()
    assert res.scores["red"] == 4 - MIN_FOOD and res.winner == "red"
    assert res.moves == 5                                      # red 0 moved twice (turns 0 and 4)


def test_move_limit_and_turn_order():
    order = []

    class Logger(Agent):
        def act(self, obs):
            order.append(obs.index)
            assert obs.turn == len(order) - 1 and obs.moves_left == 10 - obs.turn
            return "Stop"

    maze = parse_layout(CORRIDOR)
    res = play(maze, (Logger(), Logger()), (Logger(), Logger()), max_moves=10)
    assert res.moves == 10 and order == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1] and res.winner is None
    assert len(res.trail) == 11


def test_observations_follow_the_sensing_rules():
    maze = load_layout("defaultCapture")
    rng = np.random.default_rng(0)
    errors = []
    for seed in range(300):
        agents = [Script() for _ in range(4)]
        game = CaptureGame(maze, (agents[0], agents[2]), (agents[1], agents[3]), seed=seed)
        cells = [maze.cells[k] for k in rng.choice(maze.n, size=4, replace=False)]
        game.positions = list(cells)
        for _ in range(10):                                            # more readings for the noise check
            errors += [r - manhattan(cells[0], cells[j]) for j, r in game.observation(0).readings.items()]
        obs = game.observation(0)
        assert obs.teammates == {0: cells[0], 2: cells[2]} and obs.position == cells[0]
        for j in (1, 3):
            near = min(manhattan(cells[0], cells[j]), manhattan(cells[2], cells[j])) <= SIGHT
            assert obs.enemies[j] == (cells[j] if near else None)      # sight from either teammate
            assert obs.enemy_pacman[j] == (cells[j][0] < 16)
            errors.append(obs.readings[j] - manhattan(cells[0], cells[j]))   # from the acting agent
            belief = obs.beliefs[j]
            assert belief.sum() == pytest.approx(1.0)
            if near:
                assert belief[maze.index[cells[j]]] == pytest.approx(1.0)
            else:                                                      # nothing inside the sight range
                assert belief[maze.manhattan(cells[0]) <= SIGHT].sum() == 0
    errors = np.array(errors)
    assert errors.min() == -NOISE and errors.max() == NOISE
    assert len(errors) == 6600 and np.abs(np.bincount(errors + NOISE) / len(errors) - 1 / 13).max() < 0.015


def test_broken_and_illegal_agents_lose_their_turn_with_a_warning():
    class Raises(Agent):
        def act(self, obs):
            raise RuntimeError("bug")

    class Illegal(Agent):
        def act(self, obs):
            return "West" if "West" not in obs.legal else "Jump"

    maze = parse_layout(CORRIDOR)
    game = CaptureGame(maze, (Raises(), Script()), (Illegal(), Script()), max_moves=8)
    with pytest.warns(RuntimeWarning, match="loses its turn"):
        res = game.play()
    assert res.forfeits == [2, 2, 0, 0] and res.moves == 8
    assert game.positions[0] == maze.starts[0] and game.positions[1] == maze.starts[1]


def test_bad_arguments_raise():
    maze = parse_layout(CORRIDOR)
    teams = lambda: ((Script(), Script()), (Script(), Script()))
    with pytest.raises(ValueError, match="rule"):
        CaptureGame(maze, *teams(), rule="steal")
    with pytest.raises(ValueError, match="max_moves"):
        CaptureGame(maze, *teams(), max_moves=0)
    with pytest.raises(ValueError, match="starts"):
        CaptureGame(parse_layout("%%%%%\n%1 2%\n%%%%%"), *teams())
    a = Script()
    with pytest.raises(ValueError, match="distinct"):
        CaptureGame(maze, (a, a), (Script(), Script()))


class CheckedRandom(RandomAgent):
    """A random agent that checks, at each of its turns, that its team tracker still holds the truth."""

    game = None

    def act(self, obs):
        for j, b in obs.beliefs.items():
            assert abs(b.sum() - 1) < 1e-9 and (b >= 0).all()
            # random agents move exactly as the uniform model says: the true cell keeps mass
            assert b[self.maze.index[self.game.positions[j]]] > 0
        return super().act(obs)


def check_invariants(game, before, scores_before):
    maze, d = game.maze, game.dist
    for i, (old, new) in enumerate(zip(before, game.positions)):
        assert new in maze.index
        assert d[maze.index[old], maze.index[new]] <= 1 or new == maze.starts[i]
    for i in range(4):                                   # no Pacman shares a cell with an enemy ghost
        for j in range(4):
            if team_of(i) != team_of(j) and game.is_pacman(i):
                assert game.positions[i] != game.positions[j]
    for team, other in (("red", "blue"), ("blue", "red")):
        assert game.scores[team] >= scores_before[team]
        on_board = len(game.enemy_food(team))
        fresh = frozenset(f for f in game.food if (f[0] < game.half) == (team == "blue"))
        assert list(game.enemy_food(team)) == list(fresh)            # the cache is never stale
        carried = sum(len(game.carried[i]) for i in range(4) if team_of(i) == team)
        assert on_board + carried + game.scores[team] == game.total[other]
        if game.rule == "eat":
            assert carried == 0
    for i in range(4):
        assert not game.carried[i] or game.is_pacman(i)


@pytest.mark.parametrize("rule", ["eat", "carry"])
@pytest.mark.parametrize("layout", ["corridor", "tinyCapture", "random"])
def test_random_play_invariants(rule, layout):
    maze = {"corridor": parse_layout(CORRIDOR), "tinyCapture": load_layout("tinyCapture"),
            "random": random_maze(16, 8, food=6, seed=3)}[layout]
    ended_by_food = captures = 0
    for seed in range(40):
        agents = [CheckedRandom() for _ in range(4)]
        game = CaptureGame(maze, (agents[0], agents[2]), (agents[1], agents[3]), rule=rule,
                           max_moves=400, seed=seed)
        for a in agents:
            a.game = game
        game.dist = maze.distances()
        with warnings.catch_warnings():
            warnings.simplefilter("error")                # random agents never forfeit
            while not game.over:
                before, scores = list(game.positions), dict(game.scores)
                game.step()
                check_invariants(game, before, scores)
        assert sum(game.trackers[t].recoveries for t in ("red", "blue")) == 0
        captures += sum(game.caught.values())
        scored = max(game.scores[t] - game.total[o] + MIN_FOOD for t, o in (("red", "blue"), ("blue", "red")))
        ended_by_food += scored >= 0
        assert game.turn == 400 or scored >= 0
    assert captures > 0                                   # the rules were exercised
    if layout == "corridor":
        assert ended_by_food > 0


def test_team_tracker_observe_agrees_bitwise_with_the_plain_products():
    from tracking.teamtrack import TeamTracker

    maze = load_layout("defaultCapture")
    rng = np.random.default_rng(0)
    fast, plain = TeamTracker(maze, "red", motion="explorer"), TeamTracker(maze, "red", motion="explorer")
    for _ in range(300):
        acting, mate = (maze.cells[k] for k in rng.integers(maze.n, size=2))
        seen = {j: (maze.cells[rng.integers(maze.n)] if rng.random() < 0.1 else None) for j in (1, 3)}
        readings = {j: int(rng.integers(0, 40)) for j in (1, 3)}
        pacman = {j: bool(rng.random() < 0.3) for j in (1, 3)}
        for tracker in (fast, plain):
            for filt in tracker.filters.values():
                filt.predict()
        fast.observe(acting, [acting, mate], seen, readings, pacman)
        plain_team_observe(plain, acting, [acting, mate], seen, readings, pacman)
        for j in (1, 3):
            assert np.array_equal(fast.filters[j].belief, plain.filters[j].belief)
            assert np.array_equal(fast.filters[j].counts, plain.filters[j].counts)
    assert fast.recoveries == plain.recoveries > 0                # re-seeding exercised too
