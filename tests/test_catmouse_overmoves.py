"""``fixpoint.over_moves`` (one move at a time) against the gather-then-reduce oracle, and the exact
values built on it unchanged (``plain=True`` chooses the oracle from the public call)."""

import numpy as np
import pytest

from catmouse import Board
from catmouse.cat_climb import hill_climb_team
from catmouse.exact import fixpoint, solve
from catmouse.exact.fixpoint import over_moves_plain as plain_over_moves
from catmouse.rules import neighbours


@pytest.mark.parametrize("cats", [1, 2])
@pytest.mark.parametrize("reduce,fill", [(np.max, -np.inf), (np.min, np.inf), (np.sum, 0.0)])
def test_over_moves_equals_the_oracle(cats, reduce, fill):
    rng = np.random.default_rng(cats)
    for rows, cols, walls in [(2, 2, ()), (3, 4, ((1, 1),)), (5, 5, ((2, 2), (0, 3)))]:
        nbr = neighbours(rows, cols, walls)
        n = len(nbr)
        for _ in range(5):
            values = rng.integers(0, 9, size=(n,) * (cats + 1)).astype(float)
            values[rng.random(values.shape) < 0.2] = np.inf
            for axis in range(cats + 1):
                new = fixpoint.over_moves(values, nbr, axis, reduce, fill)
                old = plain_over_moves(values, nbr, axis, reduce, fill)
                assert new.shape == old.shape and new.dtype == old.dtype
                assert np.array_equal(new, old)


@pytest.mark.parametrize("cats", [1, 2])
def test_solver_values_unchanged(cats):
    walls = ((1, 2),)
    new = solve.solve(4, 5, walls, cats)
    old = solve.solve(4, 5, walls, cats, plain=True)
    assert np.array_equal(new.cat_to_move, old.cat_to_move)
    assert np.array_equal(new.mouse_to_move, old.mouse_to_move)


def test_plain_takes_the_plain_twin(monkeypatch):
    """``plain=True`` reaches ``over_moves_plain`` in every step (a spy counts, never replaces)."""
    calls = []

    def counted(*args):
        calls.append(args[2])
        return plain_over_moves(*args)

    monkeypatch.setattr(fixpoint, "over_moves_plain", counted)
    solve.solve(3, 3, (), 2)
    assert not calls
    solve.solve(3, 3, (), 2, plain=True)
    assert set(calls) == {0, 1, 2}


def test_team_climb_unchanged():
    board = Board(4, 4, ((1, 1),), ((0, 0), (0, 0)), (3, 3))
    new = hill_climb_team(board, "cat", iterations=30, seed=3)
    old = hill_climb_team(board, "cat", iterations=30, seed=3, plain=True)
    assert repr(new.history) == repr(old.history)
    assert np.array_equal(new.best, old.best)
