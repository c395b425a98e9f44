"""The sparse exact filter against a plain dictionary-loop oracle, and its recovery rule."""

import numpy as np
import pytest

from tracking.episodes import simulate
from tracking.filters import ExactFilter, run_filter
from tracking.maze import LAYOUTS, load_layout
from tracking.plain import plain_filter


@pytest.mark.parametrize("name", LAYOUTS)
@pytest.mark.parametrize("motion", ["uniform", "explorer"])
def test_sparse_filter_agrees_with_dictionary_oracle(name, motion):
    maze = load_layout(name)
    start = maze.starts[1]
    observer = maze.starts[0]
    for seed in range(3):
        ep = simulate(maze, observers=(observer,), start=start, steps=40, opponent_beta=[0.0, 10.0, 2.0][seed],
                      episodes=3, seed=seed)
        filt = ExactFilter(maze, start, motion=motion, beta=[10.0, 1.0, 3.0][seed], mix=0.05, episodes=3)
        fast = run_filter(filt, ep.likelihoods)
        for e in range(3):
            slow = plain_filter(maze, start, ep.likelihoods[:, e], motion, filt.beta, 0.05)
            np.testing.assert_allclose(fast[:, e], slow, atol=1e-12, rtol=0)


def test_oracle_counts_variant_agrees_with_dictionary_oracle():
    maze = load_layout("mediumCapture")
    ep = simulate(maze, observers=(maze.starts[0],), start=maze.starts[1], steps=30, opponent_beta=10.0,
                  episodes=2, seed=5)
    counts = ep.oracle_counts()
    filt = ExactFilter(maze, maze.starts[1], motion="explorer", beta=10.0, mix=0.01, episodes=2)
    fast = run_filter(filt, ep.likelihoods, oracle_counts=counts)
    for e in range(2):
        slow = plain_filter(maze, maze.starts[1], ep.likelihoods[:, e], "explorer", 10.0, 0.01, counts[e])
        np.testing.assert_allclose(fast[:, e], slow, atol=1e-12, rtol=0)


def test_beliefs_are_distributions_and_true_cell_keeps_mass_without_model_error():
    maze = load_layout("defaultCapture")
    ep = simulate(maze, steps=300, opponent_beta=0.0, episodes=16, seed=11)
    beliefs = run_filter(ExactFilter(maze, (30, 13), motion="uniform", episodes=16), ep.likelihoods)
    np.testing.assert_allclose(beliefs.sum(axis=2), 1.0, atol=1e-12)
    assert (beliefs >= 0).all()
    # the uniform model is the random walker's true model: the true cell never gets zero mass
    p_true = np.take_along_axis(beliefs.transpose(1, 0, 2), ep.path[:, :, None], axis=2)
    assert (p_true > 0).all()
    # visible steps pin the belief on the true cell
    assert np.allclose(p_true[ep.visible], 1.0)


def test_recovery_reseeds_from_evidence_when_mass_vanishes():
    maze = load_layout("defaultCapture")
    filt = ExactFilter(maze, (30, 13), motion="uniform")
    filt.predict()
    like = np.zeros(maze.n)
    like[maze.index[(1, 1)]] = 0.5                     # impossible after one step from (30, 13)
    like[maze.index[(1, 2)]] = 0.5
    b = filt.observe(like[None])
    assert filt.recoveries == 1
    assert b[0, maze.index[(1, 1)]] == pytest.approx(0.5) and np.isfinite(b).all()


def test_bad_arguments_raise():
    maze = load_layout("tinyCapture")
    with pytest.raises(ValueError, match="motion"):
        ExactFilter(maze, maze.starts[1], motion="psychic")
    with pytest.raises(ValueError, match="mix"):
        ExactFilter(maze, maze.starts[1], mix=2.0)
    with pytest.raises(ValueError, match="start"):
        ExactFilter(maze, (0, 0))
    with pytest.raises(ValueError, match="episodes"):
        ExactFilter(maze, maze.starts[1], episodes=0)


def test_underflow_fallback_agrees_with_oracle():
    """Oracle counts spread by hundreds make exp(-beta v) underflow; the per-cell shift takes over."""
    maze = load_layout("tinyCapture")
    ep = simulate(maze, observers=(maze.starts[0],), start=maze.starts[1], steps=12, episodes=2, seed=2)
    counts = np.random.default_rng(0).integers(0, 300, size=(2, 13, maze.n)).astype(float)
    fast = run_filter(ExactFilter(maze, maze.starts[1], motion="explorer", beta=10.0, mix=0.1, episodes=2),
                      ep.likelihoods, oracle_counts=counts)
    for e in range(2):
        slow = plain_filter(maze, maze.starts[1], ep.likelihoods[:, e], "explorer", 10.0, 0.1, counts[e])
        np.testing.assert_allclose(fast[:, e], slow, atol=1e-12, rtol=0)


@pytest.mark.parametrize("layout", ["defaultCapture", "random"])
def test_invariants_over_a_thousand_seeded_episodes(layout):
    """1,000 random-walker episodes of 40 steps filtered at once with the true (uniform) model."""
    from tracking.maze import random_maze

    maze = load_layout(layout) if layout != "random" else random_maze(24, 12, seed=9)
    start, observer = maze.starts[1], maze.starts[0]
    ep = simulate(maze, observers=(observer,), start=start, steps=40, opponent_beta=0.0, episodes=1000, seed=13)
    d = maze.distances()
    assert (d[ep.path[:, :-1], ep.path[:, 1:]] <= 1).all()             # every move legal
    filt = ExactFilter(maze, start, motion="uniform", episodes=1000)
    beliefs = run_filter(filt, ep.likelihoods)
    assert filt.recoveries == 0                                        # the true model never loses the enemy
    np.testing.assert_allclose(beliefs.sum(axis=2), 1.0, atol=1e-12)
    assert (beliefs >= 0).all()
    p_true = np.take_along_axis(beliefs.transpose(1, 0, 2), ep.path[:, :, None], axis=2)[:, :, 0]
    assert (p_true > 0).all()
    # no mass on cells the evidence rules out, nor beyond t maze steps from the start
    assert (beliefs[ep.likelihoods == 0] == 0).all()
    reach = d[maze.index[start]]
    for t in (1, 5, 20):
        assert (beliefs[t][:, reach > t] == 0).all()
