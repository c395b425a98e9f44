"""Learning the explorer's beta by maximum likelihood; the evidence switches; the 2009 end rule;
observer and start derived from the maze."""

import numpy as np
import pytest
from test_tracking_game import game_with

import tracking
from tracking.compare import evaluate
from tracking.episodes import default_cells, simulate
from tracking.learn import fit_beta, log_likelihood, move_statistics
from tracking.opponents import explorer_probs, visit_counts
from tracking.sensing import NOISE, SIGHT

MAZE = tracking.load_layout("defaultCapture")


def test_log_likelihood_matches_the_walk_probabilities():
    path = tracking.walk(MAZE, (30, 13), 40, beta=2.0, episodes=1, rng=np.random.default_rng(0))[0]
    stats = move_statistics(MAZE, [path])
    counts, chosen = stats.counts, stats.chosen
    assert stats.skipped == 0 and len(chosen) == 40 and counts.shape == (40, 5)
    nbrs = MAZE.neighbor_table()
    visits = visit_counts(path[None], MAZE.n)[0]
    expected = 0.0
    for t in range(40):
        p = explorer_probs(nbrs[path[t]][None], visits[t][None], 2.0)[0]
        expected += np.log(p[list(nbrs[path[t]]).index(path[t + 1])])
    assert log_likelihood(2.0, counts, chosen) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("beta", [0.5, 2.0, 10.0])
def test_fit_recovers_the_simulated_beta(beta):
    paths = tracking.walk(MAZE, (30, 13), 300, beta=beta, episodes=64, rng=np.random.default_rng(1))
    fit = fit_beta(MAZE, paths)
    assert fit.low <= beta <= fit.high
    assert fit.moves == 64 * 300 and fit.skipped == 0
    stats = move_statistics(MAZE, paths)
    assert fit.log_likelihood == log_likelihood(fit.beta, stats.counts, stats.chosen)


def test_random_walker_fits_beta_near_zero():
    paths = tracking.walk(MAZE, (30, 13), 300, beta=0.0, episodes=32, rng=np.random.default_rng(2))
    fit = fit_beta(MAZE, paths)
    assert fit.beta < 0.02 and fit.low == 0.0


def test_jumps_restart_the_counts_and_bad_paths_are_refused():
    a = tracking.walk(MAZE, (30, 13), 10, beta=1.0, rng=np.random.default_rng(3))[0]
    b = tracking.walk(MAZE, (1, 2), 10, beta=1.0, rng=np.random.default_rng(4))[0]
    stats = move_statistics(MAZE, [np.concatenate([a, b])])
    assert stats.skipped == 1 and len(stats.chosen) == 20
    with pytest.raises(ValueError, match="at least two"):
        move_statistics(MAZE, [[3]])
    with pytest.raises(ValueError, match="cell indices"):
        move_statistics(MAZE, [[0, MAZE.n]])
    with pytest.raises(ValueError, match="no legal move"):
        move_statistics(MAZE, [[a[0], b[5]]])
    with pytest.raises(ValueError, match="upper"):
        fit_beta(MAZE, [a], upper=0)


def test_evidence_switches_change_only_the_likelihoods():
    kw = {"observers": ((1, 2),), "steps": 60, "opponent_beta": 10.0, "episodes": 4, "seed": 5}
    full, none = simulate(MAZE, **kw), simulate(MAZE, distance=False, sight=False, **kw)
    dist, sight = simulate(MAZE, sight=False, **kw), simulate(MAZE, distance=False, **kw)
    np.testing.assert_array_equal(full.path, none.path)
    np.testing.assert_array_equal(full.readings, none.readings)
    man = MAZE.manhattan((1, 2))
    for t in range(61):
        for e in range(4):
            if full.visible[e, t]:
                for ep in (none, dist, sight):
                    np.testing.assert_array_equal(ep.likelihoods[t, e], full.likelihoods[t, e])
                continue
            assert (none.likelihoods[t, e] == 1).all()
            np.testing.assert_array_equal(sight.likelihoods[t, e], man > SIGHT)
            band = (np.abs(full.readings[e, t, 0] - man) <= NOISE) / (2 * NOISE + 1)
            np.testing.assert_array_equal(dist.likelihoods[t, e], band)
            np.testing.assert_array_equal(full.likelihoods[t, e], band * (man > SIGHT))


def test_more_evidence_tracks_better():
    kw = {"motion": "explorer", "episodes": 8, "steps": 120, "seed": 0}
    p = {(d, s): evaluate("defaultCapture", distance=d, sight=s, **kw)[("p_true", "all")].mean
         for d in (False, True) for s in (False, True)}
    assert p[(True, True)] > p[(False, False)]


def test_observer_and_start_come_from_the_maze():
    assert default_cells(MAZE) == ((1, 2), (30, 13))
    medium = tracking.load_layout("mediumCapture")
    assert default_cells(medium) == (medium.starts[0], medium.starts[1])
    run = tracking.track("mediumCapture", steps=10)
    assert run["path"][0] == medium.index[medium.starts[1]]
    with pytest.raises(ValueError, match="observer"):
        default_cells(MAZE, observer=(0, 0))


def test_the_2009_rule_plays_until_all_the_food_is_eaten():
    game, agents = game_with(rule="eat", end_food=0)
    game.positions[0] = (7, 1)
    agents[0].moves = ["East", "East", "East"]
    game.max_moves = 12
    res = game.play()
    assert res.scores["red"] == 2 and res.moves == 12          # the later rule would stop at 2
    for bad in (-1, 1.5, True, 10**6):
        with pytest.raises((TypeError, ValueError), match="end_food"):
            game_with(end_food=bad)
