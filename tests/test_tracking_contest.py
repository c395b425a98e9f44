"""The contest's full rules (``rule="contest"``): named corner cases written by hand on the shipped
layouts, then seeded games checked move by move against a plain twin shaped like the engine's
state (tests/oracles_tracking_contest.py)."""

import numpy as np
import pytest
from oracles_tracking_contest import PlainContest, contest_state

from studykit.stats import Estimate
from tracking import Agent, CaptureGame, load_layout
from tracking.contest import SCARED_TIME
from tracking.maze import MOVES, parse_layout
from tracking.teamtrack import home_mask

DEFAULT = load_layout("defaultCapture")


class Still(Agent):
    def act(self, obs):
        return "Stop"


def contest_game(maze=DEFAULT, **kwargs):
    return CaptureGame(maze, (Still(), Still()), (Still(), Still()), rule="contest", **kwargs)


def test_defaults_are_the_contests():
    game = contest_game()
    assert game.max_moves == 1200 and game.food_to_win == 18 and game.capsules == {(25, 10), (6, 5)}
    obs = game.observation(0)
    assert obs.capsules_to_eat == {(25, 10)} and obs.capsules_to_defend == {(6, 5)}
    assert obs.scared == {0: 0, 1: 0, 2: 0, 3: 0} and obs.carried == {0: 0, 1: 0, 2: 0, 3: 0}


def test_eating_a_capsule_scares_both_enemies_for_40_of_their_own_moves():
    game = contest_game()
    game.positions[0] = (24, 10)
    game.apply(0, "East")
    assert game.capsules == {(6, 5)} and game.scared == [0, SCARED_TIME, 0, SCARED_TIME]
    game.apply(1, "Stop")
    game.apply(2, "Stop")
    assert game.scared == [0, SCARED_TIME - 1, 0, SCARED_TIME]     # only on the ghost's own move
    game.positions[2] = (5, 5)                                     # a ghost on its own capsule
    game.apply(2, "East")
    assert (6, 5) in game.capsules


def test_eat_a_capsule_and_a_ghost_in_one_move():
    game = contest_game()
    game.positions[0], game.positions[1] = (24, 10), (25, 10)     # the blue ghost on its capsule
    game.apply(0, "East")
    assert game.positions[0] == (25, 10) and game.positions[1] == DEFAULT.starts[1]
    assert game.scared == [0, 0, 0, SCARED_TIME]                  # sent back: its timer is reset
    assert game.caught == {"red": 1, "blue": 0} and game.log[-1][:3] == ("capture", 1, 0)


def test_a_ghost_that_is_not_scared_catches_a_pacman_and_its_food_drops_nearby():
    game = contest_game()
    game.positions[0], game.positions[1] = (21, 9), (21, 8)
    game.carried[0] = [(18, 1), (19, 1)]                           # two food carried
    game.apply(0, "South")                                        # eats (21, 8): three, then dies
    assert game.positions[0] == DEFAULT.starts[0] and game.carried[0] == []
    assert game.dropped == [(20, 9), (21, 9), (22, 9)]
    assert (21, 8) not in game.food and {(20, 9), (21, 9), (22, 9)} <= game.food


def test_food_dropped_into_a_dead_end():
    game = contest_game()
    game.positions[0], game.positions[1] = (21, 9), (21, 8)       # (21, 8): a dead end's end
    game.carried[0] = [(0, 0)] * 7
    game.apply(0, "South")                                        # eats the food there: 8 carried
    # breadth-first in the order cells are queued (each popped cell queues its 8 neighbours and
    # itself, through walls), blue half only, never on the ghost's cell, on food or walls: the
    # ring around the dead end first, then the cells queued from its first wall, (20, 7)
    assert game.dropped == [(20, 9), (21, 9), (22, 9), (19, 6), (19, 7), (19, 8), (20, 6), (19, 9)]
    assert len(game.food) == len(DEFAULT.food) - 1 + 8


def test_two_pacmen_die_on_one_move():
    game = contest_game()
    game.positions[0] = game.positions[2] = (21, 9)
    game.positions[1] = (22, 9)
    game.carried[0], game.carried[2] = [(0, 0)] * 2, [(0, 0)] * 3
    game.apply(1, "West")
    assert game.positions[0] == DEFAULT.starts[0] and game.positions[2] == DEFAULT.starts[2]
    assert game.caught["blue"] == 2
    # agent 0's food first, then agent 2's around the food just dropped; (21, 8) holds food,
    # (21, 9) the ghost
    assert game.dropped == [(20, 9), (22, 9), (19, 7), (19, 8), (19, 9)]


def test_two_pacmen_on_a_scared_ghost_send_it_home_once():
    game = contest_game()
    game.positions[0] = game.positions[2] = (21, 9)
    game.positions[1], game.scared[1] = (22, 9), 5
    game.apply(1, "West")
    assert game.positions[1] == DEFAULT.starts[1] and game.scared[1] == 0
    assert game.positions[0] == game.positions[2] == (21, 9) and game.caught["red"] == 1


def test_scared_ghost_crossing_the_border_stays_scared_and_can_be_caught_as_a_pacman():
    game = contest_game()
    game.scared[1] = 10
    game.positions[1] = (16, 8)                                    # blue's border column
    game.apply(1, "West")                                         # now a Pacman on red's half
    assert game.is_pacman(1) and game.scared[1] == 9              # the timer runs on its moves
    game.apply(1, "East")                                         # back home: a scared ghost again
    assert not game.is_pacman(1) and game.scared[1] == 8
    game.apply(1, "West")
    game.positions[2] = (14, 8)
    game.apply(2, "East")                                         # a red ghost meets it on red's half
    assert game.positions[1] == DEFAULT.starts[1] and game.scared[1] == 0
    assert game.caught == {"red": 1, "blue": 0}


def test_a_scared_ghost_that_moves_onto_a_pacman_goes_home():
    game = contest_game()
    game.positions[0], game.positions[1], game.scared[1] = (21, 9), (22, 9), 3
    game.carried[0] = [(0, 0)]
    game.apply(1, "West")
    assert game.positions[1] == DEFAULT.starts[1] and game.positions[0] == (21, 9)
    assert len(game.carried[0]) == 1 and game.scared[1] == 0


def test_returned_food_scores_and_killing_scores_nothing():
    game = contest_game()
    game.positions[0] = (16, 8)
    game.carried[0] = [(20, 9)] * 3
    game.apply(0, "West")
    assert game.scores == {"red": 3, "blue": 0} and game.returned[0] == 3 and not game.over


def test_last_food_returned_on_the_last_move():
    game = contest_game(max_moves=4)
    game.positions[0] = (16, 8)
    game.carried[0] = [(20, 9)] * 17
    game.returned[2] = 1
    game.scores["red"] = 1
    for i in range(3):
        game.apply(i, "Stop")
        game.turn += 1
    assert not game.over
    game.apply(3, "Stop")
    game.turn += 1
    assert game.over and not game.won                             # the limit: 1 returned
    game = contest_game(max_moves=1)
    game.positions[0], game.carried[0] = (16, 8), [(20, 9)] * 18
    game.step()                                                   # Still plays Stop: not home
    game = contest_game(max_moves=1)
    game.positions[0], game.carried[0] = (16, 8), [(20, 9)] * 18
    game.apply(0, "West")
    game.turn += 1
    assert game.won and game.over and game.scores["red"] == 18    # all but 2 of 20 returned


def test_the_engines_quirk_after_returning_food():
    game = contest_game()
    game.positions[3] = (10, 1)                                   # blue 3 is a Pacman
    game.positions[0], game.carried[0] = (16, 13), [(20, 9)]
    game.food.add((15, 13))                                       # red food on the border cell
    game.apply(0, "West")
    assert game.scores["red"] == 1 and game.carried[0] == [(15, 13)]
    assert (15, 13) not in game.food


# ---- seeded games against the engine-shaped twin ---------------------------------------------
def scripted_moves(game, rng, i):
    """A legal move: often toward an enemy, a capsule or food, else at random (many events)."""
    legal = game.maze.legal_moves(game.positions[i])
    if rng.random() < 0.7:
        goals = [p for k, p in enumerate(game.positions) if k % 2 != i % 2]
        goals += sorted(game.capsules) + sorted(game.food)[:6]
        goal = game.maze.index[goals[rng.integers(len(goals))]]
        dist = game.maze.distances()
        return min(legal, key=lambda m: (dist[game.maze.index[legal[m]], goal], m))
    names = sorted(legal)
    return names[rng.integers(len(names))]


@pytest.mark.parametrize("layout", ["defaultCapture", "tinyCapture", "mediumCapture"])
@pytest.mark.parametrize("seed", range(6))
def test_every_state_after_every_move_equals_the_plain_twin(layout, seed):
    maze = load_layout(layout)
    game, twin = contest_game(maze), PlainContest(maze)
    rng = np.random.default_rng(seed)
    events = set()
    for turn in range(1200):
        i = turn % 4
        move = scripted_moves(game, rng, i)
        game.apply(i, move)
        game.turn += 1
        twin.move(i, MOVES[move])
        assert contest_state(game) == twin.state(), f"move {turn} of agent {i}: {move}"
        events.update(e[0] for e in game.log[-4:])
        if game.over:
            break
    assert {"capture", "food"} <= events


def test_contest_claims_name_the_teams_the_notebook_plays():
    from tracking.contestrun import contest_claims
    def pooled(wins, seen):
        return {"wins": wins, "ties": 0, "losses": 10 - wins, "decided": 10,
                "win share of decided": wins / 10, "wilson": (wins / 10 - 0.2, wins / 10 + 0.1),
                "seen deaths a": Estimate(*seen, n=10)}
    rows = contest_claims({("full tracker", "greedy"): pooled(10, (0.5, 0.1)),
                           ("full tracker", "tracker"): pooled(6, (1.0, 0.1)),
                           ("tracker", "greedy"): pooled(7, (4.0, 0.3))})
    assert [r.claim.split("rules the full tracker team")[1] for r in rows] == [
        " beats the greedy team", " beats the tracker team",
        "'s Pacmen die to a ghost in sight less often than the tracker team's"]
    assert [r.status for r in rows] == ["beyond: met", "beyond: not met", "beyond: met"]
    assert not any("previous" in r.claim for r in rows)


# ---- an odd-width maze: the middle column is red's side, as in the engine (x < width / 2) -----
ODD = """
%%%%%%%%%%%%%%%%%%%%%
%.    .   .   .    .%
%.%%.%.%%%%%%%.%.%%.%
%......       ......%
% %%%%%%%%%%%%%%%%% %
%       13%%%24     %
%%%%%%%%%%%%%%%%%%%%%
"""


def test_the_middle_column_of_an_odd_width_maze_is_reds_side():
    maze = parse_layout(ODD)
    assert maze.width == 21 and (10, 5) in maze.food               # x = 10: 10 < 21 / 2
    game = contest_game(maze)
    assert not game.is_pacman(0, (10, 5)) and game.is_pacman(1, (10, 5))
    assert game.is_pacman(0, (11, 5)) and not game.is_pacman(1, (11, 5))
    assert (10, 5) in maze.food_of("blue")                         # the engine's halfGrid: x >= 21 // 2
    for team in ("red", "blue"):                                   # the tracker's halves agree
        home = home_mask(maze, team)
        assert home[maze.index[(10, 5)]] == (team == "red")


@pytest.mark.parametrize("seed", range(4))
def test_every_state_on_an_odd_width_maze_equals_the_plain_twin(seed):
    maze = parse_layout(ODD)
    game, twin = contest_game(maze), PlainContest(maze)
    rng = np.random.default_rng(seed)
    middle = 0
    for turn in range(1200):
        i = turn % 4
        move = scripted_moves(game, rng, i)
        game.apply(i, move)
        game.turn += 1
        twin.move(i, MOVES[move])
        assert contest_state(game) == twin.state(), f"move {turn} of agent {i}: {move}"
        middle += game.positions[i][0] == 10
        if game.over:
            break
    assert middle > 0                                              # the middle column was crossed
