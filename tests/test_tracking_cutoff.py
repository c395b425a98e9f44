"""The defender's cut-off (tracking.cutoff.cutoff_move): the region a Pacman reaches first, and the move that
shrinks it instead of following the Pacman from behind."""

import numpy as np

from tracking import Agent, CaptureGame, Weights, load_layout, parse_layout
from tracking.cutoff import cutoff_move, region_score
from tracking.fullteam import FullAgent
from tracking.teamtrack import home_mask

MEDIUM = load_layout("mediumCapture")


def brute_region(maze, pacman, defender, food, food_weight):
    """The weighted region by breadth-first search from both, cell by cell (the oracle)."""
    def bfs(start):
        far, todo = {start: 0}, [start]
        for cell in todo:
            for nxt in maze.legal_moves(cell).values():
                if nxt not in far:
                    far[nxt] = far[cell] + 1
                    todo.append(nxt)
        return far
    dp, dd = bfs(pacman), bfs(defender)
    total = 0.0
    for cell in maze.cells:
        if dp[cell] < dd[cell]:
            total += 1 + food_weight * (cell in food)
    return total


def test_region_score_counts_the_cells_the_pacman_reaches_first():
    maze = parse_layout("%%%%%%%%\n%1. . .%\n% %%.% %\n%.    2%\n%%%%%%%%")
    rng = np.random.default_rng(0)
    food_cells = {c for c in maze.cells if rng.random() < 0.4}
    food = np.array([c in food_cells for c in maze.cells])
    dist = maze.distances()
    for _ in range(30):
        p, d = (maze.cells[k] for k in rng.choice(maze.n, 2, replace=False))
        for weight in (0.0, 3.0):
            got = region_score(dist, maze.index[p], maze.index[d], food, food_weight=weight)
            assert got == brute_region(maze, p, d, food_cells, weight)


def test_cutoff_steps_onto_a_pacman_next_to_it_and_only_into_allowed_cells():
    dist, idx = MEDIUM.distances(), MEDIUM.index
    home = home_mask(MEDIUM, "red")
    food = np.zeros(MEDIUM.n, bool)
    moves = {name: idx[c] for name, c in MEDIUM.legal_moves((4, 11)).items()}
    assert cutoff_move(dist, moves, idx[(5, 11)], food, home) == "East"
    assert cutoff_move(dist, moves, idx[(5, 11)], food, ~home) is None   # nowhere allowed
    only_stop = np.zeros(MEDIUM.n, bool)
    only_stop[idx[(4, 11)]] = True
    assert cutoff_move(dist, moves, idx[(2, 13)], food, only_stop) == "Stop"


class Still(Agent):
    def act(self, obs):
        return "Stop"


def defender_move(defender, scared=0):
    game = CaptureGame(MEDIUM, (Still(), defender), (Still(), Still()), rule="contest", seed=0)
    game.positions[2], game.positions[1] = (4, 12), (2, 13)     # a blue Pacman in our top-left loop
    game.scared[2] = scared
    return defender.act(game.observation(2))


def test_the_defender_cuts_a_pacman_off_from_its_way_home_instead_of_following_it():
    # the Pacman at (2, 13) leaves the loop by (1, 9) or by (4, 9), both on row 9, its way home;
    # the defender at (4, 12) is one step from it (North, (4, 13)) by following, three from row 9
    dist, idx = MEDIUM.distances(), MEDIUM.index
    assert dist[idx[(4, 13)], idx[(2, 13)]] < dist[idx[(4, 11)], idx[(2, 13)]]
    assert defender_move(FullAgent("defender", weights=Weights(noise=0.0))) == "South"


def test_a_scared_defender_does_not_cut_off_but_keeps_away():
    move = defender_move(FullAgent("defender", weights=Weights(noise=0.0)), scared=20)
    dest = MEDIUM.legal_moves((4, 12))[move]
    assert MEDIUM.distances()[MEDIUM.index[dest], MEDIUM.index[(2, 13)]] >= 2
