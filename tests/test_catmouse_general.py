"""The fuller version 2: feature and rotation policies, exact scores, training."""

import itertools

import numpy as np
import pytest

from catmouse import exploitability
from catmouse.exact.chain import truncated_capture
from catmouse.exact.stochastic import expected_capture, value_sweeps
from catmouse.general.policies import CLIP, FeaturePolicy, RotationPolicy, clip_gap
from catmouse.general.train import (
    cat_score,
    climb_policy,
    measure_cat,
    measure_cells,
    mouse_score,
    mouse_survival,
    policy_mouse_values,
    train_mouse_policy,
)
from catmouse.parity import winnable_first_move
from catmouse.v2.window import greedy_window_table, policy_cells


def _random(kind, who, seed):
    return kind(who, np.random.default_rng(seed).integers(0, 4, sum(kind.SIZES.values())))


@pytest.mark.parametrize("kind,who", [(FeaturePolicy, "cat"), (RotationPolicy, "cat"), (RotationPolicy, "mouse")])
def test_policies_make_one_legal_step_everywhere(kind, who):
    for rows, cols in [(2, 2), (5, 5), (6, 9), (9, 4)]:
        nxt = _random(kind, who, rows * cols).next_cells(rows, cols)
        n = rows * cols
        c, m = np.divmod(np.arange(n * n), n)
        me = c if who == "cat" else m
        step = np.abs(nxt.ravel() // rows - me // rows) + np.abs(nxt.ravel() % rows - me % rows)
        assert ((nxt >= 0) & (nxt < n)).all() and (step == 1).all()


@pytest.mark.parametrize("who", ["cat", "mouse"])
def test_rotation_policy_is_mirror_equivariant(who):
    """Reflecting the board left-right reflects the move (away from the middle column)."""
    rows, cols = 6, 7
    codes = _random(RotationPolicy, who, 5).codes(rows, cols)
    mirror = {0: 1, 1: 0, 2: 2, 3: 3}
    n = rows * cols

    def flip(cell):
        return (cols - 1 - cell // rows) * rows + cell % rows

    for c, m in itertools.product(range(n), repeat=2):
        if c != m and m // rows != cols // 2:
            assert codes[flip(c), flip(m)] == mirror[int(codes[c, m])]


def test_clip_keeps_parity_and_small_gaps():
    gaps = np.arange(30)
    clipped = clip_gap(gaps)
    assert (clipped[:CLIP + 1] == gaps[:CLIP + 1]).all() and (clipped <= CLIP).all()
    assert (clipped[CLIP + 1:] >= CLIP - 1).all()
    assert ((clipped - gaps) % 2 == 0).all()


def test_feature_policy_written_as_greedy_is_the_greedy_rule():
    policy = FeaturePolicy()
    window = greedy_window_table().astype(np.int64).ravel()
    far = np.empty(864, dtype=np.int64)
    for idx in np.ndindex(3, 3, 3, 2, 2, 2, 2, 2):
        row, col, closer = idx[0] - 1, idx[1] - 1, idx[2] - 1
        vertical = closer <= 0 and row != 0 or col == 0
        far[np.ravel_multi_index(idx, (3, 3, 3, 2, 2, 2, 2, 2))] = (2 if row > 0 else 3) if vertical else (
            0 if col > 0 else 1)
    params = np.concatenate([window, far])
    for rows, cols in [(7, 7), (9, 6)]:
        ours = policy.next_cells(rows, cols, params)
        ref = policy_cells(rows, cols, greedy_window_table())
        off = ~np.eye(rows * cols, dtype=bool)
        assert np.array_equal(ours[off], ref[off])
    greedy = FeaturePolicy("cat", params)
    assert measure_cat(greedy, 5, 5, "smart").value == pytest.approx(6.52, abs=0.005)


def test_truncated_evaluation_converges_to_the_exact_expectation():
    nxt = policy_cells(5, 5)
    e_cat, e_mouse = truncated_capture(nxt, 5, 5, "smart", horizon=600)
    exact_times = expected_capture(5, 5, "smart", cat_table=nxt)
    assert exact_times.converged
    for ours, exact in ((e_cat, exact_times.cat_to_move), (e_mouse, exact_times.to_move("mouse"))):
        win = np.isfinite(exact.ravel())
        np.testing.assert_allclose(ours[win], exact.ravel()[win], rtol=1e-9)
    short, _ = truncated_capture(nxt, 5, 5, "smart", horizon=3)
    assert (short <= 3 + 1e-12).all()


def test_scores_and_climbing():
    policy = RotationPolicy()
    configs = ((5, 5, "smart"),)
    climb = climb_policy(policy, lambda p, params: cat_score(p, configs, params), [(5, 5)], 60,
                         seed=1)
    trained, history = climb.best, climb.history
    assert all(b <= a for a, b in itertools.pairwise(history)) and history[-1] < history[0]
    assert cat_score(trained, configs) == pytest.approx(history[-1])
    assert (policy.params == RotationPolicy().params).all()        # the input is not modified
    m = measure_cat(trained, 5, 5, "smart", max_sweeps=2_000)
    assert m.value >= m.optimal - 1e-9
    assert winnable_first_move(15, 15) == "mouse" and winnable_first_move(30, 35) == "cat"


def test_mouse_survival_matches_the_exploitability_of_its_table():
    for rows, cols in [(5, 5), (6, 7)]:
        mouse = _random(RotationPolicy, "mouse", rows + cols)
        first = winnable_first_move(rows, cols)
        ref = exploitability(mouse_policy=mouse.letter_table(rows, cols), first_move=first).value
        assert mouse_survival(mouse, rows, cols, first) == ref
    with pytest.raises(ValueError, match="who"):
        RotationPolicy("dog")
    with pytest.raises(ValueError, match="params"):
        RotationPolicy("cat", np.zeros(3))


def test_unconverged_measurement_is_a_flagged_lower_bound():
    nxt = policy_cells(5, 5)
    full = measure_cells(nxt, 5, 5, "random")
    short = measure_cells(nxt, 5, 5, "random", max_sweeps=3)
    assert full.converged and not short.converged
    assert 0 < short.value < full.value
    sweeps = value_sweeps(5, 5, "random", cat_table=nxt)
    assert sweeps.converged and full.value == pytest.approx(float(sweeps.mouse_to_move[0, 24]))
    with pytest.raises(ValueError, match="max_sweeps"):
        value_sweeps(5, 5, "random", max_sweeps=0)


def test_mouse_score_is_at_most_one_and_climbing_helps():
    boards = ((5, 5), (4, 5))
    for seed in range(3):
        assert mouse_score(_random(RotationPolicy, "mouse", seed), boards) <= 1.0
    climb = train_mouse_policy(RotationPolicy("mouse"), boards, iterations=40, seed=0)
    trained, history = climb.best, climb.history
    assert all(b >= a for a, b in itertools.pairwise(history)) and history[-1] > history[0]
    M = policy_mouse_values(trained, 5, 5).mouse_to_move
    assert mouse_survival(trained, 5, 5, "mouse") == M[0, 24] <= 7      # the optimum, R + C - 3


@pytest.mark.parametrize("rows,cols", [(5, 5), (6, 7), (8, 8)])
@pytest.mark.parametrize("mouse", ["smart", "random"])
def test_a_policy_at_the_optimum_has_no_rounding_excess(rows, cols, mouse):
    """The greedy rule is measured against the optimum by two different sweeps: where they agree
    up to rounding the excess is exactly 0.0 (never printed as -0.00%), else a real difference."""
    m = measure_cells(policy_cells(rows, cols), rows, cols, mouse)
    assert m.excess == 0.0 or abs(m.excess) >= 1e-9
    assert not f"{100 * m.excess:+.2f}".startswith("-0.00")
    assert m.excess >= 0.0 or not m.converged   # a converged cat can never beat the optimum
