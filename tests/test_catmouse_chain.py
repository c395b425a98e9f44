"""The sparse fixed-policy chain against the dense value iteration (stochastic.value_sweeps)."""

import numpy as np
import pytest

from catmouse.exact.chain import (
    certain_capture,
    policy_capture,
    policy_capture_from_corner,
    policy_chain,
)
from catmouse.exact.stochastic import expected_capture_from_corner, value_sweeps
from catmouse.general.policies import RotationPolicy
from catmouse.v2.window import policy_cells


def _tables(rows, cols, seed):
    rng = np.random.default_rng(seed)
    size = sum(RotationPolicy.SIZES.values())
    return [policy_cells(rows, cols), RotationPolicy("cat", rng.integers(0, 4, size)).next_cells(rows, cols)]


@pytest.mark.parametrize("rows,cols", [(2, 3), (4, 5), (5, 5), (6, 4)])
@pytest.mark.parametrize("mouse", ["random", "smart", "strict"])
def test_sparse_chain_matches_dense_value_iteration(rows, cols, mouse):
    for table in _tables(rows, cols, rows * cols):
        dense = value_sweeps(rows, cols, mouse, cat_table=table, max_sweeps=20_000)
        dense_cat, dense_mouse, dense_done = dense.cat_to_move, dense.mouse_to_move, dense.converged
        sparse = policy_capture(rows, cols, mouse, table, max_sweeps=20_000)
        cat, mouse_turn, done = sparse.cat_to_move, sparse.mouse_to_move, sparse.converged
        assert done == dense_done
        assert np.array_equal(np.isinf(cat), np.isinf(dense_cat))
        fin = np.isfinite(cat)
        np.testing.assert_allclose(cat[fin], dense_cat[fin], rtol=1e-9)
        # the dense code carries "never" as 1e300 at the mouse's turn; here it is inf
        real = dense_mouse < 1e299
        assert np.array_equal(np.isfinite(mouse_turn), real)
        if done:                       # (unconverged, the dense mouse values lag one sweep behind)
            np.testing.assert_allclose(mouse_turn[real], dense_mouse[real], rtol=1e-9, atol=1e-12)


def test_corner_values_and_the_greedy_rule():
    for mouse, first in (("smart", "mouse"), ("random", "mouse")):
        corner = policy_capture_from_corner(5, 5, mouse, first, policy_cells(5, 5))
        assert corner.converged and corner.value == pytest.approx(
            expected_capture_from_corner(5, 5, mouse, first, cat_table=policy_cells(5, 5)), rel=1e-12)
    assert policy_capture_from_corner(5, 5, "smart", "mouse", policy_cells(5, 5)).value == \
        pytest.approx(6.52, abs=0.005)


def test_certain_capture_by_hand():
    # a cat that only steps back and forth between (0, 0) and (0, 1) on a 2x3 board
    rows, cols = 2, 3
    n = rows * cols
    table = np.array([[1 if c == 0 else 0 for _ in range(n)] for c in range(n)])
    A, caught = policy_chain(rows, cols, "random", table)
    assert A.shape == (n * n, n * n) and np.allclose(A.sum(axis=1).A1[~caught], 1.0)
    sure = certain_capture(A, caught)
    assert sure[caught].all()
    sure = sure.reshape(n, n)
    assert not sure[0, 3]              # mouse at (1, 1): even distance at the cat's turn, never
    assert sure[0, 5]                  # mouse at (2, 1): a random mouse reaches (0, 1) or (1, 0) in time
    strict = certain_capture(*policy_chain(rows, cols, "strict", table)).reshape(n, n)
    assert not strict[0, 5]            # the strict mouse never steps next to the cat: it shuttles 5 <-> 4


def test_unconverged_values_are_lower_bounds_and_bad_input():
    table = policy_cells(5, 5)
    short = policy_capture(5, 5, "smart", table, max_sweeps=2)
    assert not short.converged
    short, full = short.cat_to_move, policy_capture(5, 5, "smart", table).cat_to_move
    assert (short[np.isfinite(full)] <= full[np.isfinite(full)]).all()
    with pytest.raises(ValueError, match="max_sweeps"):
        policy_capture(5, 5, "smart", table, max_sweeps=0)
    with pytest.raises(ValueError, match="cat_table"):
        policy_chain(5, 5, "smart", table[:3])
