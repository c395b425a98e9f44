"""The improved trainer with the plain arena (``catmouse.v1.plainpool``: every candidate plays every
pool game in full) against the fast path: the same runs for the same seeds."""

import random
from dataclasses import replace

import numpy as np
import pytest
from test_catmouse_fasttrainer import assert_same_run

from catmouse.tables import random_mouse_codes
from catmouse.v1.config import ARTICLE, IMPROVED, CoevolutionConfig
from catmouse.v1.games import flat_board
from catmouse.v1.improved import train_tabular_improved
from catmouse.v1.plainpool import PlainArena
from catmouse.v1.pool import Arena
from catmouse.v1.speed import FAST, PLAIN, Speed


@pytest.mark.parametrize("rows,cols,first,initial,seed", [
    (4, 4, "cat", "WEAK", 0), (4, 5, "mouse", "WEAK", 1), (5, 5, "cat", "STRONG", 2)])
def test_the_plain_trainer_gives_the_fast_run(rows, cols, first, initial, seed):
    runs = [train_tabular_improved(rows, cols, first, initial, 300, seed, IMPROVED, 100,
                                   speed=speed) for speed in (PLAIN, FAST)]
    assert_same_run(*runs)
    assert runs[0].pool_sizes[0] > 10                  # a real hall of fame was played


@pytest.mark.parametrize("config", [
    CoevolutionConfig(max_changes=3, hall_of_fame=200, both_learn=True, admit="beaten",
                      sequential=True),
    replace(IMPROVED, temperature=2.0, half_life=100),                # annealing
    replace(IMPROVED, restart_after=30, stop_after=150, hall_of_fame=40)], ids=str)
def test_the_plain_trainer_gives_the_fast_run_with_other_switches(config):
    plain, fast = (train_tabular_improved(5, 4, "mouse", "WEAK", 250, 3, config, 125, speed=speed)
                   for speed in (PLAIN, FAST))
    assert_same_run(plain, fast)


def test_non_sequential_proposals_draw_from_sorted_cells():
    """The article's one-cell scheme: a valid run, its cells drawn in another order than the
    indexed arenas (so other runs), and the same run with the plain arena twice."""
    a, b = (train_tabular_improved(4, 4, "cat", "WEAK", 200, 5, ARTICLE, 100, speed=PLAIN)
            for _ in range(2))
    assert_same_run(a, b)
    assert a.iterations == 200 and set(np.unique(a.cat_policy)) <= set("RLUD")


@pytest.mark.parametrize("side", ["cat", "mouse"])
def test_plain_arena_scores_as_the_indexed_one(side):
    """Random candidates on one pool: the same keys (where the indexed arena does not stop early),
    scores, worst slot and consulted cells after every commit."""
    rows, cols = 4, 5
    board = flat_board(rows, cols, "cat")
    n, moves = board.n, board.moves
    rng = random.Random(3)

    def cat_table():
        return [rng.choice([k for k in range(4) if moves[s // n][k] >= 0]) for s in range(n * n)]

    def table(who):
        return cat_table() if who == "cat" else random_mouse_codes(rows, cols, rng)

    learner = table(side)
    opps = [table("mouse" if side == "cat" else "cat") for _ in range(30)]
    plain, indexed = PlainArena(side, list(learner), board), Arena(side, list(learner), board,
                                                                   Speed(arena="indexed"))
    for arena in (plain, indexed):
        arena.set_slot(0, list(opps[0]))
        for opp in opps[1:]:
            arena.add(list(opp))
    kept = 0
    for _ in range(120):
        cells = plain.cells()
        assert cells == sorted(indexed.cells())
        changes = {}
        for s in rng.sample(cells, min(rng.randint(1, 3), len(cells))):
            cell = s // n if side == "cat" else s % n
            changes[s] = rng.choice([k for k in range(4) if moves[cell][k] >= 0])
        beat = plain.score()
        (key, games), (fast_key, replayed) = plain.trial(changes, beat), indexed.trial(changes, beat)
        assert fast_key == key if key >= beat else fast_key is None or fast_key == key
        if key > beat:
            plain.commit(changes, games)
            indexed.commit(changes, replayed)
            kept += 1
        assert plain.table == indexed.table and plain.score() == indexed.score()
        assert plain.worst() == indexed.worst() and plain.tally.__dict__ == indexed.tally.__dict__
    assert kept > 3


def test_bad_speeds_are_refused():
    with pytest.raises(ValueError, match="arena must be one of"):
        Speed(arena="numba")
    with pytest.raises(TypeError, match="speed must be"):
        train_tabular_improved(4, 4, iterations=1, speed="plain")
