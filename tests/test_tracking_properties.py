"""Hypothesis properties of tracking's public API: random arguments of the right and the wrong
kinds give a correct result or our own clear error naming the argument, never anything else
(bounded by tests/fuzzing.FUZZ)."""

import math

import numpy as np
from fuzzing import FUZZ, INT_DTYPES, refused
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from tracking import (
    CaptureGame,
    ExactFilter,
    ParticleFilter,
    evidence,
    load_layout,
    log_likelihood,
    make_team,
    noisy_distance,
    parse_layout,
    reading_likelihood,
    visible,
)
from tracking.settings import game_settings, tracker_settings

TINY = load_layout("tinyCapture")
N = TINY.n
START, OBSERVER = TINY.starts[1], TINY.starts[0]
NOISE = 6

numbers = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**3, 10**3))
likelihood_arrays = st.one_of(
    hnp.arrays(st.sampled_from([np.float64, np.float32]), st.sampled_from([(N,), (1, N), (2, N)]),
               elements=st.one_of(st.floats(-1, 1e6, width=32),
                                  st.sampled_from([math.nan, math.inf, -math.inf]))),
    hnp.arrays(st.sampled_from(INT_DTYPES), st.sampled_from([(N,), (2, N)]),
               elements=st.integers(0, 100)),
    hnp.arrays(np.float64, st.sampled_from([(N + 1,), (3, N), (2, 1, N), ()]),
               elements=st.floats(0, 1)),
    st.lists(numbers, max_size=4), st.none(), st.text(max_size=3), st.booleans())


@FUZZ
@given(likelihood_arrays)
def test_a_filter_step_is_a_normalised_belief_or_refused(like):
    for filt in (ExactFilter(TINY, START, episodes=2),
                 ParticleFilter(TINY, START, episodes=2, particles=30, rng=np.random.default_rng(0))):
        filt.predict()
        before = filt.belief.copy()
        arr = np.asarray(like) if isinstance(like, np.ndarray) else None
        ok = (arr is not None and arr.ndim in (1, 2) and arr.shape[-1] == N
              and (arr.ndim == 1 or arr.shape[0] in (1, 2)) and np.isfinite(arr.astype(float)).all()
              and (arr >= 0).all())
        if not ok:
            refused(lambda f=filt: f.observe(like), "likelihood")
            continue
        b = filt.observe(like)
        assert b.shape == (2, N) and np.isfinite(b).all() and (b >= 0).all()
        np.testing.assert_allclose(b.sum(axis=1), 1.0)
        if isinstance(filt, ExactFilter):
            post = before * np.broadcast_to(arr.astype(float), (2, N))
            for e in range(2):
                if post[e].sum() > 0:                                  # Bayes' rule, exactly
                    np.testing.assert_allclose(b[e], post[e] / post[e].sum())


@FUZZ
@given(st.one_of(st.integers(-10**500, 10**500), st.integers(-20, 60), numbers, st.text(max_size=2),
                 st.sampled_from([np.uint8(3), np.int8(-6), np.uint64(2**63), True])))
def test_a_reading_gives_the_noise_band_or_is_refused(reading):
    top = TINY.width + TINY.height - 2 + NOISE
    if isinstance(reading, (bool, np.bool_, float, str)) or not -NOISE <= int(reading) <= top:
        refused(lambda: reading_likelihood(TINY, OBSERVER, reading), "reading")
        refused(lambda: evidence(TINY, [OBSERVER], [reading]), "readings")
        return
    like = reading_likelihood(TINY, OBSERVER, reading)
    d = TINY.manhattan(OBSERVER)
    np.testing.assert_array_equal(like, (np.abs(int(reading) - d) <= NOISE) / 13)


cells = st.one_of(st.tuples(st.integers(-5, 250), st.integers(-5, 250)),
                  st.tuples(st.sampled_from(INT_DTYPES), st.integers(0, 120), st.integers(0, 120))
                  .map(lambda t: (t[0](t[1]), t[0](t[2]))),
                  st.tuples(st.floats(0, 5), st.integers(0, 5)), st.text(max_size=3), st.none(),
                  st.tuples(st.integers(0, 5)), st.tuples(st.integers(10**30, 10**31), st.just(1)))


def plain(cell):
    """A cell as Python ints when it is a valid grid cell (0..199), else None."""
    if (not isinstance(cell, tuple) or len(cell) != 2
            or not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in cell)):
        return None
    x, y = int(cell[0]), int(cell[1])
    return (x, y) if 0 <= x < 200 and 0 <= y < 200 else None


@FUZZ
@given(cells, cells)
def test_sight_and_noisy_distances_answer_for_grid_cells_and_refuse_the_rest(a, b):
    pa, pb = plain(a), plain(b)
    if pa is None:
        refused(lambda: visible([a], (1, 1)), "observers")
        refused(lambda: noisy_distance(a, (1, 1), np.random.default_rng(0)), "observer")
        return
    if pb is None:
        refused(lambda: visible([a], b), "enemy")
        return
    d = abs(pa[0] - pb[0]) + abs(pa[1] - pb[1])
    assert visible([a], b) == (d <= 5)
    assert abs(noisy_distance(a, b, np.random.default_rng(0)) - d) <= NOISE


@FUZZ
@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-5, 5), st.text(max_size=2)),
       st.integers(0, 6), st.integers(1, 3))
def test_log_likelihood_is_a_log_probability_or_refused(beta, slot, moves):
    counts = np.tile([0.0, 1.0, 2.0, np.nan, np.nan], (moves, 1))
    chosen = np.full(moves, slot)
    if isinstance(beta, str) or not (math.isfinite(beta) and beta >= 0):
        refused(lambda: log_likelihood(beta, counts, chosen), "beta")
    elif slot > 2:
        refused(lambda: log_likelihood(beta, counts, chosen), "chosen")
    else:
        logits = [-beta * c for c in (0.0, 1.0, 2.0)]                   # the largest is 0
        expected = moves * (logits[slot] - math.log(sum(math.exp(v) for v in logits)))
        assert math.isclose(log_likelihood(beta, counts, chosen), expected, rel_tol=1e-9, abs_tol=1e-9)


rows = st.one_of(                      # rectangular layouts mostly, ragged ones too
    st.integers(4, 9).flatmap(lambda w: st.lists(st.text(alphabet="%.. 1234", min_size=w, max_size=w),
                                                  min_size=1, max_size=5)),
    st.lists(st.text(alphabet="%. 1234", min_size=4, max_size=9), min_size=1, max_size=5))


@FUZZ
@given(rows)
def test_a_layout_either_plays_or_is_refused(lines):
    text = "\n".join(lines)
    try:
        maze = parse_layout(text)
    except (TypeError, ValueError):
        refused(lambda: parse_layout(text), "layout")
        return
    teams = (make_team("random"), make_team("random"))
    halves = [f for f in maze.food if f[0] < maze.width // 2], [f for f in maze.food if f[0] >= maze.width // 2]
    if sorted(maze.starts) != [0, 1, 2, 3] or not all(halves):
        refused(lambda: CaptureGame(maze, *teams, max_moves=8), "maze")
    else:
        res = CaptureGame(maze, *teams, max_moves=8, end_food=0).play()
        assert res.moves >= 1                                          # never over at move 0


NB50 = dict(layout="tinyCapture", steps=30, episodes=4, sweep_episodes=2, fit_episodes=2,
            particles=50, animation_steps=10, frame_stride=5, n_jobs=1, betas={"MODEL_BETA": 1.0},
            sweeps={"SWEEP_BETAS": [0.0, 1.0]})
NB51 = dict(mazes=["tinyCapture"], pairings=[("tracker", "greedy")], rule="eat", max_moves=300,
            end_food=2, counts={"GAMES_PER_SIDE": 2}, animation_moves=40, guard_moves=40,
            inline_frames=4, n_jobs=1)


@FUZZ
@given(st.one_of(st.integers(-10, 10), st.integers(2**62, 2**65), st.floats(), st.booleans(),
                 st.none(), st.text(max_size=3),
                 st.sampled_from([np.uint8(7), np.uint64(2**63), np.int16(-1)])))
def test_seed_constants_are_whole_numbers_in_range_or_refused(seed):
    whole = isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_))
    if not (whole and 0 <= int(seed) < 2**63 - 1):
        refused(lambda: tracker_settings(**NB50, seed=seed), "SEED")
        refused(lambda: game_settings(**NB51, seed=seed), "SEED")
        return
    assert tracker_settings(**NB50, seed=seed)["SEED"] == int(seed)
    assert game_settings(**NB51, seed=seed)["SEED"] == int(seed)
