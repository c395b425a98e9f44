"""The full-game tracker team (tracking.fullteam): it never steps onto or next to an enemy ghost it
sees (unless scared), banks its food and runs for a capsule when chased, and plays the contest's
rules to the end."""

import numpy as np
import pytest
from fuzzing import refused

import tracking
from tracking import Agent, CaptureGame, load_layout, make_team
from tracking.contestrun import contest_trial, deaths
from tracking.fullteam import FullAgent, Plan

DEFAULT = load_layout("defaultCapture")


class Checked(FullAgent):
    """A FullAgent that checks its own move against the ghosts it sees."""

    def act(self, obs):
        move = super().act(obs)
        dist, idx = self.maze.distances(), self.maze.index
        ghosts = [idx[c] for j, c in obs.enemies.items() if c is not None      # Pacmen step home
                  and obs.scared[j] <= dist[idx[obs.position], idx[c]] + 1]
        if ghosts:
            def near(m):
                x = idx[self.maze.legal_moves(obs.position)[m]]
                return not self.home[x] and dist[x, ghosts].min() <= 1
            if near(move):
                assert all(near(m) for m in obs.legal), (obs.position, move, ghosts)
                self.cornered += 1
        return move


@pytest.mark.parametrize("layout, seed", [("defaultCapture", 0), ("mediumCapture", 1),
                                          ("tinyCapture", 2)])
def test_never_onto_or_next_to_a_ghost_it_sees(layout, seed):
    ours = (Checked("attacker"), Checked("defender"))
    for agent in ours:
        agent.cornered = 0
    game = CaptureGame(load_layout(layout), ours, make_team("tracker"), rule="contest", seed=seed)
    game.play()
    cornered = sum(a.cornered for a in ours)           # cornered: every legal move is next to one
    assert cornered <= 3
    assert deaths(game, "red")["seen"] <= cornered    # a ghost it sees catches it only when cornered


class Still(Agent):
    def act(self, obs):
        return "Stop"


def first_move(position, carrying=0, ghost=None, scared=0, capsule=True):
    attacker = FullAgent("attacker", weights=tracking.Weights(noise=0.0))
    game = CaptureGame(DEFAULT, (attacker, Still()), (Still(), Still()), rule="contest", seed=0)
    game.positions[0] = position
    game.carried[0] = [(0, 0)] * carrying
    if ghost is not None:
        game.positions[1], game.scared[1] = ghost, scared
    if not capsule:
        game.capsules.clear()
    return attacker.act(game.observation(0))


def test_a_pacman_with_food_banks_it_when_a_ghost_comes_near():
    assert first_move((18, 10), carrying=2, ghost=(20, 9)) == "West"     # 3 steps; home is west


def test_a_pacman_that_turned_home_to_bank_keeps_going_when_the_ghost_backs_off():
    # it turns back at 3 steps from the ghost; the ghost then backs off to 6 steps: a fresh Pacman
    # there would go on eating (East), the one banking goes on home (West), until it is home
    def game(agent, position, ghost):
        g = CaptureGame(DEFAULT, (agent, Still()), (Still(), Still()), rule="contest", seed=0)
        g.positions[0], g.positions[1], g.carried[0] = position, ghost, [(0, 0)] * 2
        return g
    banking = FullAgent("attacker", weights=tracking.Weights(noise=0.0))
    g = game(banking, (18, 10), (20, 9))
    assert banking.act(g.observation(0)) == "West"
    g.positions[0], g.positions[1] = (17, 10), (23, 9)
    fresh = FullAgent("attacker", weights=tracking.Weights(noise=0.0))
    assert fresh.act(game(fresh, (17, 10), (23, 9)).observation(0)) == "East"
    assert banking.act(g.observation(0)) == "West"
    g.positions[0], g.carried[0] = (15, 11), []                     # home: banked
    banking.act(g.observation(0))
    assert not banking.banking


def test_an_attacker_keeps_its_food_until_another_is_much_cheaper():
    # an enemy hovering across the border flips the costs every move: an attacker that re-chose the
    # cheapest food each move walked back and forth between two (the contest engine, 1,200 moves)
    agent = FullAgent("attacker", weights=tracking.Weights(noise=0.0))
    game = CaptureGame(DEFAULT, (agent, Still()), (Still(), Still()), rule="contest", seed=0)
    game.positions[0] = (14, 5)
    obs = game.observation(0)
    here, n = DEFAULT.index[(14, 5)], DEFAULT.n
    free = np.full(n, 1e6)
    first, _ = agent.attack(obs, here, free, free, np.ones(n))
    cost, _ = agent.planner.route(np.ones(n), here)
    food = sorted((DEFAULT.index[f] for f in obs.food_to_eat), key=lambda f: cost[f])
    assert food[0] == first
    second = food[1]

    def dearer(share):                     # entering the first food costs share x the second's more
        w = np.ones(n)
        w[first] += cost[second] - cost[first] + share * cost[second]
        return w
    assert agent.attack(obs, here, free, free, dearer(0.25))[0] == first      # 1.25 x: kept
    fresh = FullAgent("attacker", weights=tracking.Weights(noise=0.0))
    CaptureGame(DEFAULT, (fresh, Still()), (Still(), Still()), rule="contest", seed=0)
    assert fresh.attack(obs, here, free, free, dearer(0.25))[0] == second
    assert agent.attack(obs, here, free, free, dearer(0.75))[0] == second     # 1.75 x: dropped


def test_an_enemy_pacman_next_to_the_border_is_a_threat():
    # red's Pacman at (11, 5) on mediumCapture heads home (west) with food; blue's Pacman at (9, 5)
    # turns into a ghost by stepping back east: (10, 5), next to it, is where it caught ours
    medium = load_layout("mediumCapture")
    agent = FullAgent("attacker", weights=tracking.Weights(noise=0.0))
    game = CaptureGame(medium, (agent, Still()), (Still(), Still()), rule="contest", seed=0)
    game.positions[0], game.positions[1], game.carried[0] = (11, 5), (9, 5), [(0, 0)] * 5
    move = agent.act(game.observation(0))
    dest = medium.legal_moves((11, 5))[move]
    assert medium.distances()[medium.index[dest], medium.index[(9, 5)]] >= 2


def test_an_enemy_hovering_across_the_border_does_not_flip_the_attackers_goal():
    # blue's agent steps between (16, 8), a ghost, and (15, 8), a Pacman one step from home, as a
    # contest team did for a whole game: ours, at home next to it, kept turning between two foods
    agent = FullAgent("attacker", weights=tracking.Weights(noise=0.0))
    game = CaptureGame(DEFAULT, (agent, Still()), (Still(), Still()), rule="contest", seed=0)
    goals = []
    for k in range(6):
        game.positions[0], game.positions[1] = ((13, 8), (16, 8)) if k % 2 == 0 else ((12, 8), (15, 8))
        agent.act(game.observation(0))
        goals.append(agent.goal)
    assert len(set(goals)) == 1


def test_a_chased_pacman_runs_for_a_capsule_the_ghost_cannot_reach_first():
    # at (24, 9) the capsule at (25, 10) is two steps away (north, then east), home farther west,
    # where the ghost comes from
    assert first_move((24, 9), carrying=1, ghost=(20, 9)) == "North"


def test_scared_ghosts_are_no_threat_while_their_timer_lasts():
    agent = FullAgent("attacker")
    game = CaptureGame(DEFAULT, (agent, Still()), (Still(), Still()), rule="contest", seed=0)
    game.positions[0], game.positions[1] = (21, 9), (24, 9)
    here = DEFAULT.index[(21, 9)]
    steps = int(DEFAULT.distances()[here, DEFAULT.index[(24, 9)]])
    for timer, threat in ((0, True), (steps + 1, True), (steps + 2, False), (30, False)):
        game.scared[1] = timer                  # a threat unless scared for longer than the way
        cells = agent.threat_cells(game.observation(0), here)
        assert (DEFAULT.index[(24, 9)] in cells) == threat, timer


def test_the_full_team_beats_the_previous_team_in_contest_games():
    games = [contest_trial("full tracker", "tracker", layout, side, seed)
             for layout, seed in (("defaultCapture", 5), ("mediumCapture", 6)) for side in ("red", "blue")]
    assert all(g["moves"] <= 1200 for g in games)
    assert sum(g["win"] for g in games) > sum(g["loss"] for g in games)
    assert sum(g["seen_deaths_a"] for g in games) < sum(g["seen_deaths_b"] for g in games)


def test_plan_knobs_are_checked():
    refused(lambda: Plan(margin=0), "margin")
    refused(lambda: Plan(believe=float("nan")), "believe")
    refused(lambda: Plan(raid=True), "raid")
    refused(lambda: Plan(stick=0.5), "stick")
    refused(lambda: Plan(standoff=0), "standoff")
    refused(lambda: Plan(gap=2.5), "gap")
    refused(lambda: FullAgent(plan={"margin": 1}), "plan")
    assert Plan(bank=np.int64(3)).bank == 3


def stand_off_game(agent, position, enemies):
    """A contest game on defaultCapture with ``agent`` (red, index 0) at ``position`` and the two
    enemies (1, 3) standing still at ``enemies``."""
    game = CaptureGame(DEFAULT, (agent, Still()), (Still(), Still()), rule="contest", seed=0)
    game.positions[0], (game.positions[1], game.positions[3]) = position, enemies
    return game


def test_a_defender_leaves_a_pacman_it_sees_for_one_out_of_sight_carrying_more():
    # a contest team hovered one Pacman in front of our defender while the other, out of sight,
    # ate 12 of our food (mediumCapture); one carrying 2 food more is the one to go after
    defender = FullAgent("defender", weights=tracking.Weights(noise=0.0))
    game = stand_off_game(defender, (11, 9), ((7, 9), (3, 13)))    # (3, 13): 12 away, unseen
    here = DEFAULT.index[(11, 9)]
    for bait, raider, expected in ((0, 2, 3), (0, 0, None), (2, 2, None), (1, 2, None), (1, 3, 3)):
        game.carried[1], game.carried[3] = [(0, 0)] * bait, [(0, 0)] * raider
        obs = game.observation(0)
        assert obs.enemies[1] is not None and obs.enemies[3] is None
        assert defender.raider(obs) == expected
        assert (defender.cut_off(obs, here) is None) == (expected is not None)


def test_hidden_cells_are_out_of_sight_of_every_cell_of_the_enemy_half():
    agent = FullAgent("defender")
    stand_off_game(agent, (14, 8), ((30, 13), (30, 14)))
    cells = DEFAULT.cells
    for x, (cx, cy) in enumerate(cells):
        far = all(abs(cx - ex) + abs(cy - ey) > tracking.sensing.SIGHT
                  for k, (ex, ey) in enumerate(cells) if not agent.home[k])
        assert agent.hidden[x] == (agent.home[x] and far)
    assert agent.hidden.any() and not agent.hidden[DEFAULT.index[(14, 8)]]


def lurks(agent, game, moves):
    """The moves ``agent`` makes from an unchanged state, and whether each heads for a hidden cell."""
    dist, idx = DEFAULT.distances(), DEFAULT.index
    hidden = np.flatnonzero(agent.hidden)
    out = []
    for _ in range(moves):
        obs = game.observation(0)
        move = agent.act(obs)
        dest = idx[DEFAULT.legal_moves(obs.position)[move]]
        out.append(dist[dest, hidden].min() < dist[idx[obs.position], hidden].min())
    return out


def test_in_a_stand_off_the_team_goes_out_of_sight_in_phases():
    # nothing eaten, scored or carried for Plan.standoff own moves: out of sight of the hoverers
    # (they cross when they see no ghost), for Plan.standoff moves, then back to play
    plan = Plan(standoff=3)
    for role in ("attacker", "defender"):
        agent = FullAgent(role, weights=tracking.Weights(noise=0.0), plan=plan)
        game = stand_off_game(agent, (14, 8), ((30, 13), (30, 14)))
        steps = lurks(agent, game, 12)
        assert steps[3:6] == [True] * 3 and steps[9:12] == [True] * 3, (role, steps)
        assert not all(steps[:3]) and not all(steps[6:9]), (role, steps)


def test_in_a_stand_off_the_attacker_crosses_once_every_enemy_is_at_the_border():
    plan = Plan(standoff=3)
    away = FullAgent("attacker", weights=tracking.Weights(noise=0.0), plan=plan)
    assert lurks(away, stand_off_game(away, (14, 8), ((30, 13), (30, 14))), 6)[3:] == [True] * 3
    lured = FullAgent("attacker", weights=tracking.Weights(noise=0.0), plan=plan)
    game = stand_off_game(lured, (14, 8), ((16, 8), (16, 7)))       # both one step from our half
    lurks(lured, game, 3)
    assert lured.all_at_border(game.observation(0))
    assert lurks(lured, game, 1) == [False]                           # plays, does not lurk
    assert lured.charge


TINY = load_layout("tinyCapture")


def tiny_stand_off_moves(position, mate, enemies, moves=7, plan=None):
    """An attacker at ``position`` on tinyCapture (red, index 0), its teammate at ``mate`` and the
    enemies at ``enemies``, all standing still: its moves from that unchanged state (Plan.standoff
    3: moves 0-2 play, 3-5 lurk, 6 on play in a stand-off), and the crossing it chose."""
    agent = FullAgent("attacker", weights=tracking.Weights(noise=0.0), plan=plan or Plan(standoff=3))
    game = CaptureGame(TINY, (agent, Still()), (Still(), Still()), rule="contest", seed=0)
    game.positions[0], game.positions[2] = position, mate
    game.positions[1], game.positions[3] = enemies
    moves = [agent.act(game.observation(0)) for _ in range(moves)]
    return moves, agent.apart and tuple(TINY.cells[x] for x in agent.apart)


def test_in_a_stand_off_the_attacker_waits_at_the_crossing_apart_from_its_teammate():
    # tinyCapture joins the halves by two one-cell corridors, (9, 5)-(10, 5) and (9, 3)-(10, 3);
    # a team guarding one each backs away from the ghosts it sees: ours take a corridor each
    top, middle = ((9, 5), (10, 5)), ((9, 3), (10, 3))
    far = ((14, 5), (14, 3))
    moves, apart = tiny_stand_off_moves((7, 3), (8, 3), far)     # the food is nearer through (9, 3)
    assert apart == top and moves[-1] == "West"
    moves, apart = tiny_stand_off_moves((7, 3), (6, 3), far)
    assert apart == middle and moves[-1] == "East"
    moves, apart = tiny_stand_off_moves((7, 3), (8, 3), far, moves=3)   # no stand-off yet
    assert apart is None and moves[-1] == "East"


def test_the_attacker_crosses_apart_once_no_threat_is_within_the_gap():
    # at (9, 5), the top corridor's home cell: a guard 2 steps from its far side (10, 5) holds it
    # there (Plan.gap 3), one 3 steps away lets it cross
    moves, apart = tiny_stand_off_moves((9, 5), (6, 3), ((12, 5), (14, 3)))
    assert apart == ((9, 5), (10, 5)) and moves[-1] == "Stop"
    moves, apart = tiny_stand_off_moves((9, 5), (6, 3), ((13, 5), (14, 3)))
    assert apart == ((9, 5), (10, 5)) and moves[-1] == "East"


def test_the_attacker_gives_a_held_crossing_up_after_patience_moves():
    # a guard 2 steps from the top corridor's far side holds our attacker at (9, 5); after
    # Plan.patience moves of waiting there (moves 20-22 with standoff 10) it heads for the other
    plan = Plan(standoff=10, patience=2)
    moves, apart = tiny_stand_off_moves((9, 5), (6, 3), ((12, 5), (14, 3)), 22, plan)
    assert apart == ((9, 5), (10, 5)) and moves[-1] == "Stop"
    moves, apart = tiny_stand_off_moves((9, 5), (6, 3), ((12, 5), (14, 3)), 23, plan)
    assert apart is None and moves[-1] == "Stop"
    moves, apart = tiny_stand_off_moves((9, 5), (6, 3), ((12, 5), (14, 3)), 24, plan)
    assert apart == ((9, 3), (10, 3)) and moves[-1] == "West"


def test_the_attacker_gives_up_a_crossing_it_keeps_coming_back_to():
    # a clear crossing whose way on leads back home (a 2-cycle through it held a defaultCapture
    # game at 0-0): after Plan.standoff returns it takes the next one
    plan = Plan(standoff=4)
    agent = FullAgent("attacker", weights=tracking.Weights(noise=0.0), plan=plan or Plan(standoff=3))
    game = CaptureGame(TINY, (agent, Still()), (Still(), Still()), rule="contest", seed=0)
    game.positions[0], game.positions[2] = (9, 5), (6, 3)
    obs, idx = game.observation(0), TINY.index
    agent.stall = plan.standoff
    clear = np.full(TINY.n, 10.0)
    targets = [TINY.cells[agent.split_crossing(obs, idx[(9, 5)], clear)] for _ in range(6)]
    assert targets == [(10, 5)] * 4 + [(9, 5), (10, 3)]     # the next crossing is clear too
    assert agent.given_up == {(idx[(9, 5)], idx[(10, 5)])}
