"""Episode simulation, the scores and their summaries, track() and the measured model comparison."""

import numpy as np
import pytest

import tracking
from tracking.compare import evaluate
from tracking.episodes import score, simulate, summarize
from tracking.sensing import NOISE, SIGHT


def test_simulated_evidence_follows_the_sensing_rules():
    maze = tracking.load_layout("defaultCapture")
    ep = simulate(maze, observers=((1, 2), (1, 1)), steps=120, opponent_beta=10.0, episodes=8, seed=2)
    man = np.stack([maze.manhattan(o) for o in ep.observers])
    for e in range(8):
        for t in range(121):
            cell = ep.path[e, t]
            d = man[:, cell]
            assert ep.visible[e, t] == (d <= SIGHT).any()
            assert (np.abs(ep.readings[e, t] - d) <= NOISE).all()
            like = ep.likelihoods[t, e]
            if ep.visible[e, t]:
                assert like[cell] == 1 and like.sum() == 1
            else:
                expected = tracking.evidence(maze, ep.observers, ep.readings[e, t])
                np.testing.assert_allclose(like, expected)
                assert like[cell] > 0


def test_scores_match_a_plain_loop_and_summary_by_hand():
    maze = tracking.load_layout("tinyCapture")
    rng = np.random.default_rng(0)
    beliefs = rng.dirichlet(np.ones(maze.n), size=(6, 3))            # (steps + 1, episodes, n)
    path = rng.integers(0, maze.n, size=(3, 6))
    dist = maze.distances()
    s = score(maze, beliefs, path)
    for e in range(3):
        for t in range(6):
            b = beliefs[t, e]
            assert s["p_true"][e, t] == pytest.approx(b[path[e, t]])
            assert s["distance_error"][e, t] == pytest.approx(sum(b[i] * dist[i, path[e, t]] for i in range(maze.n)))
            assert s["map_accuracy"][e, t] == (np.argmax(b) == path[e, t])
    visible = np.zeros((3, 6), dtype=bool)
    visible[0, 2] = True
    summary = summarize(s, visible)
    per = [s["p_true"][e, 1:][~visible[e, 1:]].mean() for e in range(3)]
    invisible = summary[("p_true", "invisible")]
    assert invisible.mean == pytest.approx(np.mean(per)) and invisible.n == 3
    assert invisible.se == pytest.approx(np.std(per, ddof=1) / np.sqrt(3))
    seen = summary[("p_true", "visible")]                              # one episode: SE unknown
    assert seen.mean == pytest.approx(s["p_true"][0, 2]) and seen.n == 1 and np.isnan(seen.se)
    never = summarize(s, np.zeros((3, 6), dtype=bool))
    assert never[("p_true", "visible")] is None and never[("p_true", "invisible")].n == 3


def test_track_returns_one_episode():
    run = tracking.track("defaultCapture", motion="explorer", opponent="explorer", steps=40, seed=3)
    assert run["beliefs"].shape == (41, 248) and run["path"].shape == (41,)
    assert run["beliefs"][0, run["maze"].index[(30, 13)]] == 1
    again = tracking.track("defaultCapture", motion="explorer", opponent="explorer", steps=40, seed=3)
    assert (again["beliefs"] == run["beliefs"]).all()
    with pytest.raises(ValueError, match="opponent"):
        tracking.track(opponent="ghost")
    with pytest.raises(ValueError, match="method"):
        evaluate(method="oracle2")


def test_explorer_model_beats_uniform_against_explorer_and_not_against_random_walker():
    """The study's main measurement at a smaller scale (16 episodes x 300 steps)."""
    kw = {"episodes": 16, "steps": 300, "seed": 7, "beta": 10.0}
    uni = evaluate(motion="uniform", opponent_beta=10.0, **kw)[("p_true", "all")]
    exp = evaluate(motion="explorer", opponent_beta=10.0, **kw)[("p_true", "all")]
    assert exp.mean >= 1.5 * uni.mean
    assert 0.07 < uni.mean < 0.16 and 0.17 < exp.mean < 0.33       # spec: ~0.11 and ~0.24
    uni_r = evaluate(motion="uniform", opponent_beta=0.0, **kw)[("p_true", "all")]
    exp_r = evaluate(motion="explorer", opponent_beta=0.0, **kw)[("p_true", "all")]
    assert uni_r.mean > exp_r.mean
    oracle = evaluate(motion="explorer", opponent_beta=10.0, method="oracle", **kw)[("p_true", "all")]
    assert oracle.mean > exp.mean


def test_tracking_on_a_random_maze():
    maze = tracking.random_maze(24, 12, seed=4)
    run = tracking.track(maze, motion="explorer", opponent="explorer", steps=80, seed=1,
                         observer=maze.starts[0], start=maze.starts[1])
    np.testing.assert_allclose(run["beliefs"].sum(axis=1), 1.0)
    assert run["metrics"][("p_true", "all")] > 1 / maze.n
