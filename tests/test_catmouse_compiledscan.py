"""The compiled candidate scan (``v1.fastscan``) gives ``FastArena.scan``'s answers and runs."""

import random

import numpy as np
import pytest

from catmouse.tables import random_mouse_codes
from catmouse.v1.fastpool import FastArena
from catmouse.v1.games import flat_board
from catmouse.v1.improved import train_tabular_improved
from catmouse.v1.speed import FAST, Speed

PLAIN_SCAN = Speed(compiled_scan=False)


def random_cat_codes(board, rng):
    return [rng.choice([k for k in range(4) if board.moves[s // board.n][k] >= 0])
            for s in range(board.n * board.n)]


@pytest.mark.parametrize("side", ["cat", "mouse"])
@pytest.mark.parametrize("first", ["cat", "mouse"])
def test_compiled_scan_gives_the_plain_scans_keys_and_commits(side, first):
    """Random small pools, both sides and first movers, with and without a score to beat, one
    to four changed cells: the same keys (or stops) and, committed, the same arenas."""
    rows, cols = 5, 4
    board = flat_board(rows, cols, first)
    rng = random.Random(7 + (side == "cat") + 2 * (first == "cat"))
    table = lambda who: (random_cat_codes(board, rng) if who == "cat"
                         else random_mouse_codes(rows, cols, rng))
    learner = table(side)
    opps = [table("mouse" if side == "cat" else "cat") for _ in range(120)]
    arenas = [FastArena(side, list(learner), board, keep_order=False, speed=s)
              for s in (PLAIN_SCAN, FAST)]
    for arena in arenas:
        arena.set_slot(0, list(opps[0]))
        for opp in opps[1:]:
            arena.add(list(opp))
    plain, fast = arenas
    stopped = kept = 0
    for _ in range(200):
        cells = sorted(plain.index)
        changes = {}
        for s in rng.sample(cells, min(rng.randint(1, 4), len(cells))):
            cell = s // board.n if side == "cat" else s % board.n
            changes[s] = rng.choice([k for k in range(4) if board.moves[cell][k] >= 0])
        beat = plain.score() if rng.random() < 0.7 else None
        (key, rep), (fkey, frep) = plain.trial(changes, beat), fast.trial(changes, beat)
        assert fkey == key
        stopped += key is None
        if key is None or (beat is not None and key <= beat):
            continue
        plain.commit(changes, rep)
        fast.commit(changes, frep)
        kept += 1
        assert fast.table == plain.table and fast.index == plain.index
        assert [v[1:] for v in fast.slots.values()] == [v[1:] for v in plain.slots.values()]
        assert fast.score() == plain.score() and fast.worst() == plain.worst()
        assert fast.traces == plain.traces
    assert stopped and kept


@pytest.mark.parametrize("rows, cols, first", [(5, 5, "cat"), (6, 5, "mouse")])
def test_compiled_scan_gives_the_same_runs(rows, cols, first):
    runs = [train_tabular_improved(rows, cols, first_move=first, iterations=1_500, seed=2,
                                   checkpoint_every=500, speed=s) for s in (FAST, PLAIN_SCAN)]
    a, b = runs
    assert np.array_equal(a.cat_policy, b.cat_policy)
    assert np.array_equal(a.mouse_policy, b.mouse_policy)
    assert a.checkpoints == b.checkpoints and a.pool_sizes == b.pool_sizes
    assert a.pool_sizes[0] > 100
