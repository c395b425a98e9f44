"""``catmouse.v1.keep``: a FastArena's commit (lockstep games, the trial's tally kept) leaves the
arena exactly as the straightforward ``pool.Arena`` does, as counting every game again, and as the
commit first written (``keep.commit_whole``)."""

import random

import numpy as np
import pytest

from catmouse.tables import random_mouse_codes
from catmouse.v1 import keep, pool
from catmouse.v1.fastpool import FastArena
from catmouse.v1.games import flat_board
from catmouse.v1.speed import INDEXED, Chunks, Speed


def random_cat_codes(board, rng):
    n = board.n
    return [rng.choice([k for k in range(4) if board.moves[s // n][k] >= 0]) for s in range(n * n)]


def tally_state(arena):
    return {k: (dict(v) if k == "rounds" else v) for k, v in arena.tally.__dict__.items()}


@pytest.mark.parametrize("side", ["cat", "mouse"])
@pytest.mark.parametrize("first", ["cat", "mouse"])
def test_commits_equal_the_plain_arena_and_recounting(side, first):
    run_commits(side, first)


@pytest.mark.parametrize("side", ["cat", "mouse"])
@pytest.mark.parametrize("first", ["cat", "mouse"])
def test_changed_states_equal_the_whole_sets(side, first, monkeypatch):
    """Every consulted set worked out from the changed tail equals the one read off the whole new
    trace (states passed twice included: those never checked for a repeat)."""
    plain, calls = keep.changed_states, []

    def checked(old, new, was, changes, q, again):
        used, removed, added = plain(old, new, was, changes, q, again)
        assert was == set(old[q:len(old) - 1:2])
        assert used == set(new[q:len(new) - 1:2])
        assert removed == was - used and added == used - was
        calls.append(any(old.count(old[p]) > 1 and p % 2 == q for p in range(again)))
        return used, removed, added

    monkeypatch.setattr(keep, "changed_states", checked)
    run_commits(side, first)
    assert len(calls) > 100
    if first == "cat" and side == "mouse":
        assert any(calls)                    # the twice-passed state came up


def run_commits(side, first):
    """Random candidates kept in ``pool.Arena`` and in two ``FastArena``: the same arenas."""
    speed = Speed(scan_chunks=Chunks(head=4, first=8, growth=4,
                                                              lockstep_min=8))
    rows, cols = 5, 6
    board = flat_board(rows, cols, first)
    n, moves = board.n, board.moves
    rng = random.Random((side == "cat") + 2 * (first == "cat"))
    table = lambda who: (random_cat_codes(board, rng) if who == "cat"
                         else random_mouse_codes(rows, cols, rng))
    learner = table(side)
    opps = [table("mouse" if side == "cat" else "cat") for _ in range(150)]
    arenas = [pool.Arena(side, list(learner), board, INDEXED)] + [     # the oracle: no lockstep
        FastArena(side, list(learner), board, keep_order=False, speed=speed) for _ in range(3)]
    for arena in arenas:
        arena.set_slot(0, list(opps[0]))
        for opp in opps[1:]:
            arena.add(list(opp))
    plain, counted, recounted, whole = arenas
    kept = batched = 0
    for _ in range(150):
        cells = sorted(plain.index)
        changes = {}
        for s in rng.sample(cells, min(rng.randint(1, 4), len(cells))):
            cell = s // n if side == "cat" else s % n
            changes[s] = rng.choice([k for k in range(4) if moves[cell][k] >= 0])
        beat = plain.score() if rng.random() < 0.5 else None
        key, replayed = plain.trial(changes, beat)
        out = [a.trial(changes, beat) for a in (counted, recounted, whole)]
        assert out[0][0] == out[1][0] == out[2][0]
        if key is None or out[0][0] is None or (beat is not None and key < beat):
            continue
        assert out[0][0] == key
        batched += bool(out[0][1].batches)                       # lockstep games kept
        out[1][1].base = None                                    # count every game again
        plain.commit(changes, replayed)
        counted.commit(changes, out[0][1])
        recounted.commit(changes, out[1][1])
        keep.commit_whole(whole, changes, out[2][1])
        kept += 1
        for fast in (counted, recounted, whole):
            assert fast.table == plain.table and fast.index == plain.index
            assert tally_state(fast) == tally_state(plain)
            assert [v[1:] for v in fast.slots.values()] == [v[1:] for v in plain.slots.values()]
            assert fast.worst() == plain.worst() and fast.bad == plain.bad
            ids = plain.slot_ids()
            assert fast.rank[ids].tolist() == [keep.badness(side, plain.slots[j][1]) for j in ids]
            assert np.array_equal(fast.results[:, ids].T,
                                  np.array([plain.slots[j][1] for j in ids], dtype=np.int64))
            assert fast.bad_slots == {j for j in ids if plain.bad[j]}
    assert kept > 10 and batched > 5


def test_changed_states_keep_a_start_passed_again():
    """Cat first, the cat learning: the start (never checked for a repeat) comes again after the
    changed state, and leaves the new game's tail, but stays consulted from position 0."""
    old = [41, 83, 76, 34, 41, 83]
    new = [41, 83, 76, 370, 363, 321]
    was = set(old[0:5:2])
    used, removed, added = keep.changed_states(old, new, was, {76: 1}, 0, 2)
    assert used == set(new[0:5:2]) == {41, 76, 363}
    assert removed == set() and added == {363}
    assert was == {41, 76}                                       # left unchanged
