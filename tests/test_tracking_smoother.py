"""Smoothing against brute-force path enumeration; the particle filter against the exact filter."""

import numpy as np
import pytest
from oracles_tracking import brute_force_marginals

from tracking.episodes import score, simulate, summarize
from tracking.filters import ExactFilter, run_filter
from tracking.maze import load_layout, parse_layout
from tracking.particles import ParticleFilter
from tracking.smoother import smooth

TINY = "%%%%%%\n%1   %\n% %% %\n%   2%\n%%%%%%"


@pytest.mark.parametrize("motion", ["uniform", "explorer"])
@pytest.mark.parametrize("seed", range(3))
def test_smoother_matches_path_enumeration(motion, seed):
    maze = parse_layout(TINY)
    start, observer = maze.starts[1], maze.starts[0]
    ep = simulate(maze, observers=(observer,), start=start, steps=6, opponent_beta=2.0, episodes=1, seed=seed)
    # blind the sight rule so the evidence is only the noisy reading band
    like = np.where(ep.visible.T[:, :, None], 1 / 13, ep.likelihoods)
    filt = ExactFilter(maze, start, motion=motion, beta=2.0, mix=0.1)
    forward = run_filter(filt, like)
    smoothed = smooth(filt, like, forward)
    counts = np.cumsum(forward[:, 0], axis=0)
    exact = brute_force_marginals(maze, start, like[:, 0], counts, motion, 2.0, 0.1)
    np.testing.assert_allclose(smoothed[:, 0], exact, atol=1e-12)
    np.testing.assert_allclose(smoothed[-1], forward[-1])


def test_smoothing_improves_past_estimates():
    maze = load_layout("defaultCapture")
    ep = simulate(maze, steps=200, opponent_beta=0.0, episodes=32, seed=3)
    filt = ExactFilter(maze, (30, 13), motion="uniform", episodes=32)
    forward = run_filter(filt, ep.likelihoods)
    back = smooth(filt, ep.likelihoods, forward)
    f = summarize(score(maze, forward, ep.path), ep.visible)[("p_true", "invisible")]
    s = summarize(score(maze, back, ep.path), ep.visible)[("p_true", "invisible")]
    assert s.mean > f.mean + 3 * f.se
    np.testing.assert_allclose(back.sum(axis=2), 1.0, atol=1e-12)


@pytest.mark.parametrize("motion", ["uniform", "explorer"])
def test_particle_filter_converges_to_exact_filter(motion):
    maze = load_layout("defaultCapture")
    # the opponent moves as the model says, so the true cell keeps ample mass in both filters
    ep = simulate(maze, steps=60, opponent_beta=10.0 if motion == "explorer" else 0.0, episodes=4, seed=7)
    exact = run_filter(ExactFilter(maze, (30, 13), motion=motion, episodes=4), ep.likelihoods)
    pf = ParticleFilter(maze, (30, 13), motion=motion, episodes=4, particles=20_000,
                        rng=np.random.default_rng(1))
    approx = run_filter(pf, ep.likelihoods)
    tv = 0.5 * np.abs(exact - approx).sum(axis=2)           # total variation per step and episode
    assert tv.mean() < 0.06 and np.median(tv) < 0.06
    np.testing.assert_allclose(approx.sum(axis=2), 1.0)


def test_particle_filter_recovers_and_validates():
    maze = load_layout("defaultCapture")
    pf = ParticleFilter(maze, (30, 13), particles=100, rng=np.random.default_rng(0))
    pf.predict()
    like = np.zeros(maze.n)
    like[maze.index[(1, 1)]] = 1.0
    b = pf.observe(like[None])
    assert pf.recoveries == 1 and b[0, maze.index[(1, 1)]] == 1.0
    with pytest.raises(ValueError, match="particles"):
        ParticleFilter(maze, (30, 13), particles=0)
