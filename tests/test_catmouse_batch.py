"""Lockstep games (``catmouse.v1.batch``) against ``play_flat`` game by game, and the improved
trainer with lockstep replays on and off."""

import random

import numpy as np
import pytest

from catmouse.tables import random_mouse_codes
from catmouse.v1 import pool
from catmouse.v1.batch import Lockstep
from catmouse.v1.config import IMPROVED
from catmouse.v1.games import flat_board, play_flat
from catmouse.v1.improved import train_tabular_improved
from catmouse.v1.speed import Chunks, Speed


def random_cat_codes(board, rng):
    """A uniformly random legal cat table (flat codes)."""
    n = board.n
    return [rng.choice([k for k in range(4) if board.moves[s // n][k] >= 0]) for s in range(n * n)]


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2), (4, 5), (6, 3), (8, 8)])
@pytest.mark.parametrize("first", ["cat", "mouse"])
@pytest.mark.parametrize("cat_learns", [True, False])
def test_lockstep_games_equal_the_kernel(rows, cols, first, cat_learns):
    """Results and consulted states of every game, random tables (edge cells included)."""
    rng = random.Random(rows * 100 + cols + (first == "cat") + 2 * cat_learns)
    board = flat_board(rows, cols, first)
    lock = Lockstep(board)
    learner_side, opp_side = ("cat", "mouse") if cat_learns else ("mouse", "cat")
    for _ in range(5):
        if cat_learns:
            learner = random_cat_codes(board, rng)
            opps = [random_mouse_codes(rows, cols, rng) for _ in range(30)]
        else:
            learner = random_mouse_codes(rows, cols, rng)
            opps = [random_cat_codes(board, rng) for _ in range(30)]
        pool_t = np.stack([lock.transitions(o, opp_side) for o in opps])
        picks = np.array([rng.randrange(len(opps)) for _ in range(80)])
        games = lock.play(lock.transitions(learner, learner_side), pool_t, picks, cat_learns)
        results = games.results()
        for k, j in enumerate(picks.tolist()):
            expected = (play_flat(learner, opps[j], board, True, start_seen=False) if cat_learns
                        else play_flat(opps[j], learner, board, False, start_seen=False))
            assert results[k] == expected[0]
            assert games.used(k) == expected[1]


def test_lockstep_sees_long_games_and_cycles():
    """A still mouse in the far corner and a cat that goes back and forth: a cycle found late."""
    rows = cols = 5
    board = flat_board(rows, cols, "mouse")
    n = board.n
    cat = [0 if (s // n) // rows < 3 else 1 for s in range(n * n)]   # R to column 3, then L
    mouse = [3 if s % n % rows else 2 for s in range(n * n)]         # D; U from the bottom row
    lock = Lockstep(board)
    games = lock.play(lock.transitions(cat, "cat"), lock.transitions(mouse, "mouse")[None],
                      np.zeros(3, dtype=np.int64), True)
    expected = play_flat(cat, mouse, board, True, start_seen=False)
    assert expected[0][0] is False and expected[0][1] > 2
    assert games.results() == [expected[0]] * 3 and games.used(2) == expected[1]


@pytest.mark.parametrize("rows,cols,first,seed", [(5, 5, "cat", 1), (4, 6, "mouse", 2),
                                                  (6, 5, "cat", 3)])
def test_improved_trainer_identical_with_lockstep_on_and_off(rows, cols, first, seed):
    runs = []
    eager = Chunks(head=1, first=16, growth=16, lockstep_min=2)      # lockstep from 2 games on
    for speed in (Speed(lockstep=False), Speed(arena_chunks=eager, scan_chunks=eager)):
        runs.append(train_tabular_improved(rows, cols, first, iterations=600, seed=seed,
                                           config=IMPROVED, checkpoint_every=200, speed=speed))
    off, on = runs
    assert (off.cat_policy == on.cat_policy).all() and (off.mouse_policy == on.mouse_policy).all()
    assert repr(off.checkpoints) == repr(on.checkpoints)      # nan-safe
    assert off.pool_sizes == on.pool_sizes
    assert off.pool_sizes[0] > 5                  # the lockstep path really played pool games


@pytest.mark.parametrize("side", ["cat", "mouse"])
def test_trials_stop_at_the_same_point_with_lockstep_on_and_off(side):
    """Keys (None: stopped early) and committed scores of random candidates, both ways."""
    rows, cols = 5, 6
    board = flat_board(rows, cols, "mouse")
    n, moves = board.n, board.moves
    arenas = {}
    chunks = Chunks(head=3, first=6, growth=2, lockstep_min=2)
    for lockstep in (False, True):
        rng = random.Random(7)
        learner = (random_cat_codes(board, rng) if side == "cat"
                   else random_mouse_codes(rows, cols, rng))
        speed = Speed(lockstep=lockstep, arena_chunks=chunks)
        arenas[lockstep] = arena = pool.Arena(side, learner, board, speed)
        for _ in range(120):
            arena.add(random_mouse_codes(rows, cols, rng) if side == "cat"
                      else random_cat_codes(board, rng))
    rng = random.Random(8)
    stopped = 0
    for _ in range(150):
        cells = arenas[False].cells()
        changes = {}
        for s in rng.sample(cells, min(2, len(cells))):
            cell = s // n if side == "cat" else s % n
            changes[s] = rng.choice([k for k in range(4) if moves[cell][k] >= 0])
        out = []
        for arena in arenas.values():
            key, replayed = arena.trial(changes, arena.score())
            if key is not None:
                arena.commit(changes, replayed)
            out.append((key, arena.score(), sorted(arena.index.items())))
        assert out[0] == out[1]
        stopped += out[0][0] is None
    assert 0 < stopped < 150
