"""Maze parsing, legal moves, distances, random symmetric mazes, sensing and opponents."""

import numpy as np
import pytest

from tracking.maze import LAYOUTS, load_layout, parse_layout, random_maze
from tracking.opponents import move_probs, walk
from tracking.sensing import evidence, noisy_distance, observe, reading_likelihood, visible


def test_default_capture_matches_the_spec():
    m = load_layout("defaultCapture")
    assert (m.width, m.height, m.n) == (32, 16, 248)
    assert len(m.food_of("red")) == 20 and len(m.food_of("blue")) == 20 and len(m.capsules) == 2
    assert m.starts == {0: (1, 2), 1: (30, 13), 2: (1, 1), 3: (30, 14)}


def test_small_layout_by_hand():
    m = parse_layout("%%%%%\n%1 .%\n%o%2%\n%%%%%")
    assert m.n == 5 and m.starts == {0: (1, 2), 1: (3, 1)}
    assert m.food == ((3, 2),) and m.capsules == ((1, 1),)
    assert m.legal_moves((1, 2)) == {"South": (1, 1), "East": (2, 2), "Stop": (1, 2)}
    assert set(m.legal_moves((3, 1))) == {"North", "Stop"}
    d = m.distances()
    assert d[m.index[(1, 1)], m.index[(3, 1)]] == 4     # around through the top row
    assert m.manhattan((1, 1))[m.index[(3, 1)]] == 2    # walls do not count for Manhattan


@pytest.mark.parametrize("text, word", [("%%%\n%1\n%%%", "ragged"), ("%%%\n%x%\n%%%", "unknown"),
                                         ("%%%\n% %\n%%%", "starts"), ("", "empty")])
def test_parse_errors(text, word):
    with pytest.raises(ValueError, match=word):
        parse_layout(text)


def test_unknown_layout_name():
    with pytest.raises(ValueError, match="name_or_text"):
        load_layout("hugeCapture")


@pytest.mark.parametrize("name", LAYOUTS)
def test_distances_are_a_metric_and_moves_are_symmetric(name):
    m = load_layout(name)
    d = m.distances()
    assert np.isfinite(d).all() and (d == d.T).all() and (np.diag(d) == 0).all()
    man = np.array([m.manhattan(c) for c in m.cells])
    assert (d >= man).all()
    for c in m.cells:
        for dest in m.legal_moves(c).values():
            assert c in m.legal_moves(dest).values()
            assert d[m.index[c], m.index[dest]] <= 1


@pytest.mark.parametrize("seed", range(20))
def test_random_mazes_are_connected_and_point_symmetric(seed):
    m = random_maze(24, 10, seed=seed)
    assert np.isfinite(m.distances()).all()
    assert (m.walls == m.walls[::-1, ::-1]).all()
    assert {(m.width - 1 - x, m.height - 1 - y) for x, y in m.food} == set(m.food)
    assert all(s in m.index for s in m.starts.values())
    assert (random_maze(24, 10, seed=seed).walls == m.walls).all()


def test_noisy_distance_is_uniform_and_unclamped():
    rng = np.random.default_rng(0)
    err = np.array([noisy_distance((1, 2), (3, 2), rng) - 2 for _ in range(26_000)])
    assert err.min() == -6 and err.max() == 6
    freq = np.bincount(err + 6) / len(err)
    assert np.abs(freq - 1 / 13).max() < 0.01           # ~5 sigma for 26,000 draws
    assert (err + 2 < 0).any()                           # readings may be negative


def test_likelihood_and_sight():
    m = load_layout("defaultCapture")
    like = reading_likelihood(m, (1, 2), 20)
    d = m.manhattan((1, 2))
    assert np.allclose(like[np.abs(d - 20) <= 6], 1 / 13) and (like[np.abs(d - 20) > 6] == 0).all()
    assert visible([(1, 2), (30, 13)], (26, 12)) and not visible([(1, 2)], (26, 12))
    ev = evidence(m, [(1, 2)], [4])
    assert (ev[d <= 5] == 0).all()                       # not seen: farther than 5
    rng = np.random.default_rng(1)
    readings, seen = observe(m, [(1, 2)], (3, 3), rng)
    assert seen == (3, 3) and evidence(m, [(1, 2)], readings, seen)[m.index[(3, 3)]] == 1


def test_move_probs_prefers_unvisited_and_uniform_at_beta_zero():
    nbrs = np.array([[0, 1, 2, -1, -1]])
    v = np.array([[3.0, 0.0, 1.0, 0.0, 0.0]])
    assert np.allclose(move_probs(nbrs, v, 0.0), [[1 / 3, 1 / 3, 1 / 3, 0, 0]])
    p = move_probs(nbrs, v, 2.0)[0]
    w = np.exp(-2 * np.array([3.0, 0.0, 1.0]))
    assert np.allclose(p[:3], w / w.sum()) and p[3:].sum() == 0


@pytest.mark.parametrize("beta", [0.0, 10.0])
def test_walks_stay_on_legal_moves(beta):
    m = load_layout("defaultCapture")
    path = walk(m, (30, 13), 200, beta=beta, episodes=2000, rng=np.random.default_rng(3))
    d = m.distances()
    assert (d[path[:, :-1], path[:, 1:]] <= 1).all()
    assert (path[:, 0] == m.index[(30, 13)]).all()


def test_explorer_covers_more_cells_than_random_walker():
    m = load_layout("defaultCapture")
    rng = np.random.default_rng(4)
    cover = [np.mean([len(set(p)) for p in walk(m, (30, 13), 300, beta=b, episodes=40, rng=rng)])
             for b in (0.0, 10.0)]
    assert cover[1] > 3 * cover[0]


def test_random_walker_step_frequencies():
    m = parse_layout("%%%%%\n%1 2%\n%%%%%")               # middle cell: West, East, Stop
    mid = m.index[(2, 1)]
    path = walk(m, (2, 1), 1, episodes=30_000, rng=np.random.default_rng(5))
    freq = np.bincount(path[:, 1], minlength=3) / 30_000
    assert abs(freq[mid] - 1 / 3) < 0.015 and abs(freq[0] - 1 / 3) < 0.015


def test_shared_tables_equal_fresh_ones_and_are_copies():
    first, again = load_layout("defaultCapture"), load_layout("defaultCapture")     # two objects, same walls
    for table, fresh in ((first.distances(), again.compute_distances()),
                         (first.neighbor_table(), again.compute_neighbor_table()),
                         (first.coords(), np.array(again.cells).reshape(-1, 2))):
        assert np.array_equal(table, fresh)
    d = again.distances()
    d[0, 1] = -7.0                                                    # a caller's copy only
    assert first.distances()[0, 1] == again.compute_distances()[0, 1] != -7.0
    other = load_layout("tinyCapture")
    assert other.distances().shape == (other.n, other.n)
    assert np.array_equal(other.neighbor_table(), other.compute_neighbor_table())
