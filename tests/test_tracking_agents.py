"""Weighted-graph planning against a plain oracle, agent decisions in hand-made positions, tournaments."""

import warnings
from dataclasses import replace

import numpy as np
import pytest
from oracles_tracking import bellman_ford

from studykit.stats import Estimate
from tracking.agents import (
    HardRuleAttacker,
    Planner,
    RandomAgent,
    WeightedAgent,
    Weights,
)
from tracking.game import Agent, CaptureGame
from tracking.maze import load_layout, parse_layout
from tracking.teams import make_team
from tracking.tournament import game_trial, loop_trial, stuck_share, summarize_games, wilson

# a ring: the lower corridor (y = 1) and the upper one (y = 3) both lead to the food at (10, 2)
# (red's own food at (1, 2): a capture game needs food on both halves)
RING = """
%%%%%%%%%%%%
%3        4%
%.%%%%%%%%.%
%1        2%
%%%%%%%%%%%%
"""
QUIET = Weights(friend=0.0, noise=0.0)


class Still(Agent):
    def act(self, obs):
        return "Stop"


@pytest.mark.parametrize("seed", range(3))
def test_planner_matches_bellman_ford_and_its_first_move_starts_a_shortest_path(seed):
    maze = load_layout("mediumCapture")
    rng = np.random.default_rng(seed)
    weights = rng.uniform(0.1, 5.0, maze.n)
    planner = Planner(maze, 1.5)
    source = int(rng.integers(maze.n))
    cost, pred = planner.route(weights, source)
    np.testing.assert_allclose(cost, bellman_ford(maze, weights, source), atol=1e-9)
    for target in rng.choice(maze.n, 20, replace=False):
        move = planner.first_move(pred, source, int(target))
        if target == source:
            assert move == "Stop"
            continue
        nxt = maze.index[maze.legal_moves(maze.cells[source])[move]]
        assert cost[nxt] == pytest.approx(weights[nxt])                       # first step of ...
        assert cost[target] == pytest.approx(weights[nxt] + planner.route(weights, nxt)[0][target])  # ... a shortest path


def ring_game(red0, red2, blue1, blue3, agent):
    maze = parse_layout(RING)
    game = CaptureGame(maze, (agent, Still()), (Still(), Still()), end_food=0)
    game.positions = [red0, blue1, red2, blue3]
    return maze, game


def test_tracker_attacker_avoids_the_likely_ghost_and_the_blind_one_does_not():
    for tracker, expected in ((True, "North"), (False, "East")):
        agent = WeightedAgent("attacker", tracker=tracker, weights=QUIET)
        maze, game = ring_game((1, 1), (1, 3), (8, 1), (9, 1), agent)
        obs = game.observation(0)
        assert obs.enemies == {1: None, 3: None} and obs.enemy_pacman == {1: False, 3: False}
        belief = np.zeros(maze.n)
        belief[maze.index[(8, 1)]] = 1.0                      # the tracker puts the ghosts on the short route
        obs = replace(obs, beliefs={1: belief, 3: belief})
        assert agent.act(obs) == expected


def test_greedy_attacker_avoids_a_seen_ghost():
    agent = WeightedAgent("attacker", tracker=False, weights=QUIET)
    _, game = ring_game((3, 1), (1, 3), (7, 1), (10, 3), agent)
    obs = game.observation(0)
    assert obs.enemies[1] == (7, 1)
    assert agent.act(obs) == "West"                           # around through the upper corridor


def test_defender_catches_an_adjacent_pacman_and_waits_at_home_for_a_ghost():
    agent = WeightedAgent("defender", weights=QUIET)
    _, game = ring_game((4, 1), (1, 3), (5, 1), (10, 3), agent)
    obs = game.observation(0)
    assert obs.enemy_pacman[1] and obs.enemies[1] == (5, 1)
    assert agent.act(obs) == "East"
    agent = WeightedAgent("defender", weights=QUIET)
    maze, game = ring_game((2, 1), (1, 3), (8, 3), (9, 3), agent)
    point = {j: np.eye(maze.n)[maze.index[c]] for j, c in ((1, (8, 3)), (3, (9, 3)))}
    obs = replace(game.observation(0), beliefs=point)
    target, _ = agent.defend_target(obs, agent.knowledge(obs), np.ones(maze.n))
    assert maze.cells[target] == (5, 3)                       # the home cell nearest the ghosts


def test_defender_cuts_a_pacman_off_from_the_front():
    """A Pacman moving west along the lower corridor: the defender's weights are high behind it."""
    agent = WeightedAgent("defender", weights=QUIET)
    maze, game = ring_game((1, 3), (1, 1), (5, 1), (10, 3), agent)
    agent.trail[1] = [np.array([7.0, 1.0]), np.array([6.0, 1.0])]   # it came from the east
    obs = game.observation(0)
    target, weights = agent.defend_target(obs, agent.knowledge(obs), np.ones(maze.n))
    assert maze.cells[target] == (5, 1)
    assert weights[maze.index[(6, 1)]] > 5 and weights[maze.index[(4, 1)]] < 1


def test_hard_rule_attacker_flees_a_close_ghost_and_is_deterministic():
    agent = HardRuleAttacker()
    _, game = ring_game((6, 1), (1, 3), (8, 1), (10, 3), agent)
    obs = game.observation(0)
    assert agent.act(obs) == "West" and agent.act(obs) == "West"
    _, game = ring_game((1, 1), (1, 3), (10, 3), (9, 3), agent)
    assert agent.act(game.observation(0)) == "East"           # nearest food along the lower corridor


def test_team_kinds():
    attacker, defender = make_team("tracker defender")
    assert (attacker.role, attacker.tracker, defender.role, defender.tracker) == ("attacker", False, "defender", True)
    attacker, defender = make_team("hard")
    assert isinstance(attacker, HardRuleAttacker) and not defender.tracker


def test_bad_kinds_raise():
    with pytest.raises(ValueError, match="kind"):
        make_team("psychic")
    with pytest.raises(ValueError, match="role"):
        WeightedAgent("goalkeeper")
    with pytest.raises(ValueError, match="side"):
        game_trial("tracker", "greedy", "tinyCapture", "green", 0)
    with pytest.raises(ValueError, match="attacker"):
        loop_trial("lazy", "defaultCapture", 0)


def test_stuck_share_and_wilson_by_hand():
    assert stuck_share([(1, 1), (1, 2)] * 10, window=4, distinct=2) == 1.0
    assert stuck_share([(x, 1) for x in range(20)], window=4, distinct=2) == 0.0
    lo, hi = wilson(0, 10)
    assert lo == pytest.approx(0.0, abs=1e-12) and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(45, 50)
    assert lo == pytest.approx(0.7864, abs=1e-3) and hi == pytest.approx(0.9565, abs=1e-3)
    s = summarize_games([{"score_a": 3, "score_b": 1, "win": True, "loss": False, "moves": 10,
                          "caught_a": 1, "caught_b": 0},
                         {"score_a": 1, "score_b": 1, "win": False, "loss": False, "moves": 20,
                          "caught_a": 0, "caught_b": 2}])
    assert s.games == 2 and s.win_rate == 0.5 and s.tie_rate == 0.5 and s.loss_rate == 0.0
    assert s.margin == Estimate(1.0, 1.0, 2) and s.margin.half_width() == 1.96   # differences 2, 0
    assert s.caught_b == Estimate(1.0, 1.0, 2) and s.moves.mean == 15.0
    assert s.win_ci == wilson(1, 2)


def test_tracker_team_beats_random_and_greedy_teams():
    """A small seeded tournament on defaultCapture, 1200 moves, each side of the board."""
    vs_random = [game_trial("tracker", "random", "defaultCapture", side, seed, max_moves=1200)
                 for side in ("red", "blue") for seed in range(2)]
    assert all(r["win"] for r in vs_random) and all(r["score_b"] == 0 for r in vs_random)
    vs_greedy = [game_trial("tracker", "greedy", "defaultCapture", side, seed, max_moves=1200)
                 for side in ("red", "blue") for seed in range(4)]
    assert sum(r["win"] for r in vs_greedy) >= 6
    assert all(r["forfeits"] == 0 for r in vs_greedy)


def test_hard_rules_get_stuck_where_weighted_agents_do_not():
    hard = [loop_trial("hard rules", "defaultCapture", seed) for seed in range(3)]
    soft = [loop_trial("weighted", "defaultCapture", seed) for seed in range(3)]
    assert max(r["stuck"] for r in hard) > 0.5
    assert max(r["stuck"] for r in soft) < 0.1
    assert sum(r["visited"] for r in soft) > sum(r["visited"] for r in hard)


def test_random_agent_plays_only_legal_moves():
    maze = load_layout("tinyCapture")
    agents = [RandomAgent() for _ in range(4)]
    game = CaptureGame(maze, (agents[0], agents[2]), (agents[1], agents[3]), max_moves=200, seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")                            # a forfeit would warn
        res = game.play()
    assert res.forfeits == [0, 0, 0, 0]
