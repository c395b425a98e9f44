"""The improved trainer's fast arena (``catmouse.v1.fastpool``) against the straightforward one
(``pool.Arena`` with every game played by ``play_flat``): the same games, scores, kept candidates,
tables and checkpoints."""

import random
from dataclasses import replace

import numpy as np
import pytest

from catmouse.tables import greedy_table, random_mouse_codes, to_codes
from catmouse.v1 import improved, pool
from catmouse.v1.batch import Lockstep
from catmouse.v1.config import ARTICLE, IMPROVED, CoevolutionConfig
from catmouse.v1.fastpool import FastArena
from catmouse.v1.games import flat_board, play_flat
from catmouse.v1.speed import FAST, INDEXED, Chunks, Speed
from catmouse.v1.transit import Transit, code_array, diverge


def random_cat_codes(board, rng):
    """A uniformly random legal cat table (flat codes)."""
    n = board.n
    return [rng.choice([k for k in range(4) if board.moves[s // n][k] >= 0]) for s in range(n * n)]


def random_table(side, board, rows, cols, rng):
    return random_cat_codes(board, rng) if side == "cat" else random_mouse_codes(rows, cols, rng)


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 5), (5, 4), (7, 6)])
@pytest.mark.parametrize("first", ["cat", "mouse"])
def test_transition_games_equal_the_kernel(rows, cols, first):
    """Results, and consulted states in ``play_flat``'s insertion order (the sets iterate alike)."""
    rng = random.Random(rows * 10 + cols + (first == "cat"))
    board = flat_board(rows, cols, first)
    transit = Transit(board)
    greedy = to_codes(greedy_table(rows, cols)).ravel().tolist()
    for _ in range(60):
        cat, mouse = random_cat_codes(board, rng), random_mouse_codes(rows, cols, rng)
        if rng.random() < 0.5:               # a good cat too: captures, not only cycles
            cat = greedy
        cat_t = transit.transitions(cat, "cat").tolist()
        mouse_t = transit.compact(mouse, "mouse")
        for cat_learns in (True, False):
            expected, used = play_flat(cat, mouse, board, cat_learns, start_seen=False)
            assert transit.outcome(cat_t, mouse_t) == expected
            res, mine = transit.consulted(cat_t, mouse_t, cat_learns)
            assert res == expected and list(mine) == list(used)


@pytest.mark.parametrize("rows,cols", [(2, 2), (3, 5), (8, 8)])
def test_transitions_are_the_same_from_lists_and_arrays(rows, cols):
    """Tables given as lists go through ``code_array``'s bytearray: the same transitions."""
    rng = random.Random(rows + cols)
    board = flat_board(rows, cols, "cat")
    transit, lock = Transit(board), Lockstep(board)
    for side, table in (("cat", random_cat_codes(board, rng)),
                        ("mouse", random_mouse_codes(rows, cols, rng))):
        assert list(code_array(table)) == table
        for make in (transit.transitions, lock.transitions):
            assert np.array_equal(make(table, side), make(np.array(table), side))
        assert transit.transitions(table, side).tolist() == [
            transit.steps(side)[code][s] for s, code in enumerate(table)]


@pytest.mark.parametrize("rows,cols", [(2, 2), (3, 5), (5, 4), (7, 6)])
@pytest.mark.parametrize("first", ["cat", "mouse"])
@pytest.mark.parametrize("cat_learns", [True, False])
def test_games_resumed_at_the_first_changed_state_equal_the_kernel(rows, cols, first, cat_learns):
    """A kept game's trace, then one to three of the learner's consulted cells changed: resumed
    results, consulted states (in order) and traces equal a game played from the start."""
    rng = random.Random(rows * 7 + cols + 2 * (first == "cat") + cat_learns)
    board = flat_board(rows, cols, first)
    transit = Transit(board)
    greedy = to_codes(greedy_table(rows, cols)).ravel().tolist()
    resumed_late = 0
    for _ in range(150):
        cat = greedy if rng.random() < 0.5 else random_cat_codes(board, rng)
        mouse = random_mouse_codes(rows, cols, rng)
        cat_t, mouse_t = transit.transitions(cat, "cat").tolist(), transit.compact(mouse, "mouse")
        res, used, trace = transit.traced(cat_t, mouse_t, cat_learns)
        kept = play_flat(cat, mouse, board, cat_learns, start_seen=False)
        assert (res, list(used)) == (kept[0], list(kept[1]))
        learner = list(cat if cat_learns else mouse)
        changed = {}
        for s in rng.sample(sorted(used), min(len(used), rng.randint(1, 3))):
            cell = s // board.n if cat_learns else s % board.n
            changed[s] = learner[s] = rng.choice([k for k in range(4)
                                                  if board.moves[cell][k] >= 0])
        new_cat, new_mouse = (learner, mouse) if cat_learns else (cat, learner)
        expected = play_flat(new_cat, new_mouse, board, cat_learns, start_seen=False)
        cat_t2 = transit.transitions(new_cat, "cat").tolist()
        mouse_t2 = transit.transitions(new_mouse, "mouse").tolist()
        t = diverge(trace, used, changed)
        assert trace[t] in changed
        resumed_late += t > 1
        assert transit.resume(cat_t2, mouse_t2, trace, t, cat_learns) == expected[0]
        res2, used2, trace2 = transit.traced(cat_t2, mouse_t2, cat_learns, trace, t)
        assert (res2, list(used2)) == (expected[0], list(expected[1]))
        assert trace2 == transit.traced(cat_t2, mouse_t2, cat_learns)[2]
    assert resumed_late > 5


@pytest.mark.parametrize("rows,cols,first", [(3, 4, "cat"), (5, 5, "mouse"), (6, 4, "cat")])
@pytest.mark.parametrize("cat_learns", [True, False])
def test_lockstep_consulted_states_iterate_like_the_kernel(rows, cols, first, cat_learns):
    rng = random.Random(rows + cols)
    board = flat_board(rows, cols, first)
    lock = Lockstep(board)
    side, other = ("cat", "mouse") if cat_learns else ("mouse", "cat")
    learner = random_table(side, board, rows, cols, rng)
    opps = [random_table(other, board, rows, cols, rng) for _ in range(40)]
    games = lock.play(lock.transitions(learner, side),
                      np.stack([lock.transitions(o, other) for o in opps]),
                      np.arange(len(opps)), cat_learns)
    for k, opp in enumerate(opps):
        res, used = (play_flat(learner, opp, board, True, start_seen=False) if cat_learns
                     else play_flat(opp, learner, board, False, start_seen=False))
        assert games.result(k) == res and list(games.used(k)) == list(used)


def arena_pair(side, rows, cols, first, pool_size, seed, keep_order=True, speed=FAST):
    """The same learner against the same opponents in a straightforward and a fast arena."""
    board = flat_board(rows, cols, first)
    rng = random.Random(seed)
    learner = random_table(side, board, rows, cols, rng)
    other = "mouse" if side == "cat" else "cat"
    opps = [random_table(other, board, rows, cols, rng) for _ in range(pool_size)]
    out = []
    for make in (pool.Arena, lambda *a: FastArena(*a[:3], keep_order=keep_order, speed=a[3])):
        arena = make(side, list(learner), board, speed)
        arena.set_slot(0, list(opps[0]))
        for opp in opps[1:]:
            arena.add(list(opp))
        out.append(arena)
    return board, out


@pytest.mark.parametrize("side", ["cat", "mouse"])
@pytest.mark.parametrize("rows,cols,first", [(4, 5, "cat"), (5, 5, "mouse")])
@pytest.mark.parametrize("head,lockstep_min,keep_order", [(64, 64, True), (2, 3, True),
                                                        (2, 3, False), (64, 64, False)])
def test_fast_arena_keeps_the_same_candidates(side, rows, cols, first, head, lockstep_min,
                                              keep_order):
    """Random candidates scored with and without a score to beat: the same kept keys, the same
    index (its order too, unless told not to keep it), scores, worst slot and slot results after
    every commit."""
    speed = Speed(lockstep=False,                         # the oracle: every game by play_flat
                  scan_chunks=Chunks(head=head, first=lockstep_min, growth=4,
                                     lockstep_min=lockstep_min))
    board, (plain, fast) = arena_pair(side, rows, cols, first, 90, rows * cols, keep_order, speed)
    n, moves = board.n, board.moves
    rng = random.Random(5)
    stopped = 0
    for step in range(250):
        if step % 50 == 49:                  # pool changes too: an opponent leaves, one enters
            for arena in (plain, fast):
                arena.drop_oldest()
            newcomer = random_table("mouse" if side == "cat" else "cat", board, rows, cols, rng)
            for arena in (plain, fast):
                arena.add(list(newcomer))
        cells = plain.cells()
        changes = {}
        for s in rng.sample(cells, min(rng.randint(1, 3), len(cells))):
            cell = s // n if side == "cat" else s % n
            changes[s] = rng.choice([k for k in range(4) if moves[cell][k] >= 0])
        beat = plain.score() if rng.random() < 0.8 else None
        if beat is not None and rng.random() < 0.3:          # a looser bound, as after a gain
            beat = (beat[0] - 1,) + beat[1:]
        (key, replayed), (fast_key, fast_replayed) = (a.trial(changes, beat) for a in (plain, fast))
        if beat is None or (key is not None and key >= beat):
            assert fast_key == key
        else:
            assert fast_key is None or fast_key < beat
            stopped += fast_key is None
        if key is not None and fast_key is not None and (beat is None or key >= beat):
            plain.commit(changes, replayed)
            fast.commit(changes, fast_replayed)
        assert plain.table == fast.table and fast.trans == Transit(board).transitions(
            fast.table, side).tolist()
        assert plain.score() == fast.score() and plain.worst() == fast.worst()
        assert plain.index == fast.index
        if keep_order:
            assert list(plain.index) == list(fast.index)
            assert all(list(plain.index[s]) == list(fast.index[s]) for s in plain.index)
        assert [v[1:] for v in plain.slots.values()] == [v[1:] for v in fast.slots.values()]
    assert stopped > 0
    if not keep_order:
        with pytest.raises(RuntimeError, match="keep_order"):
            fast.cells()


def run_both(rows, cols, first, initial, iterations, seed, config, checkpoint_every, head=None):
    """The trainer with the straightforward arena (one game at a time) and with the fast one."""
    runs = []
    fast = Speed(scan_chunks=Chunks(head=head, first=head, growth=4, lockstep_min=head)) \
        if head else FAST
    for speed in (INDEXED, fast):
        runs.append(improved.train_tabular_improved(rows, cols, first, initial, iterations, seed,
                                                    config, checkpoint_every, speed=speed))
    return runs


def assert_same_run(a, b):
    assert np.array_equal(a.cat_policy, b.cat_policy)
    assert np.array_equal(a.mouse_policy, b.mouse_policy)
    assert repr(a.checkpoints) == repr(b.checkpoints)          # nan-safe
    assert (a.solved_at, a.iterations, a.pool_sizes, a.stopped_at, a.worse_moves) == \
        (b.solved_at, b.iterations, b.pool_sizes, b.stopped_at, b.worse_moves)


@pytest.mark.parametrize("rows,cols,first,initial,seed", [
    (4, 5, "cat", "WEAK", 1), (5, 5, "mouse", "WEAK", 2), (6, 5, "cat", "STRONG", 3),
    (6, 6, "mouse", "WEAK", 11)])
def test_improved_trainer_is_identical_with_the_fast_arena(rows, cols, first, initial, seed):
    plain, fast = run_both(rows, cols, first, initial, 1_500, seed, IMPROVED, 250)
    assert_same_run(plain, fast)
    assert plain.pool_sizes[0] > 20                  # a real hall of fame was played


@pytest.mark.parametrize("config", [
    ARTICLE, CoevolutionConfig(hall_of_fame=10_000),                 # one-cell changes anywhere
    CoevolutionConfig(max_changes=3, hall_of_fame=500, both_learn=True, admit="beaten"),
    replace(IMPROVED, temperature=2.0, half_life=300),                # annealing: no score to beat
    replace(IMPROVED, restart_after=40, stop_after=300, hall_of_fame=60),
    replace(IMPROVED, best_response_every=100, candidates=4)], ids=str)
@pytest.mark.parametrize("head", [None, 3])
def test_every_switch_gives_identical_runs(config, head):
    plain, fast = run_both(5, 6, "cat", "WEAK", 800, 7, config, 200, head)
    assert_same_run(plain, fast)


@pytest.mark.parametrize("side", ["cat", "mouse"])
@pytest.mark.parametrize("keep_order", [True, False])
def test_an_arena_of_one_game_keeps_the_same_candidates(side, keep_order):
    """One slot (the mouse's arena; a cat's before its hall of fame grows): ``FastArena.single``
    instead of the scan, the same keys, stops and kept games as the oracle."""
    board, (plain, fast) = arena_pair(side, 5, 6, "cat", 1, 17, keep_order)
    n, moves = board.n, board.moves
    rng = random.Random(8)
    stopped = kept = 0
    for step in range(600):
        if step % 100 == 99:                 # a new opponent, as when the other side learns
            newcomer = random_table("mouse" if side == "cat" else "cat", board, 5, 6, rng)
            for arena in (plain, fast):
                arena.set_slot(0, list(newcomer))
        changes = {}
        for _ in range(rng.randint(1, 4)):   # consulted cells or not
            s = rng.choice(plain.cells()) if rng.random() < 0.7 else rng.randrange(n * n)
            cell = s // n if side == "cat" else s % n
            changes[s] = rng.choice([k for k in range(4) if moves[cell][k] >= 0])
        beat = plain.score() if rng.random() < 0.8 else None
        (key, replayed), (fast_key, fast_replayed) = (a.trial(changes, beat) for a in (plain, fast))
        assert fast_key == key
        stopped += key is None
        if key is not None and (beat is None or key >= beat):
            plain.commit(changes, replayed)
            fast.commit(changes, fast_replayed)
            kept += 1
        assert plain.table == fast.table and plain.score() == fast.score()
        assert [v[1:] for v in plain.slots.values()] == [v[1:] for v in fast.slots.values()]
    assert stopped > 20 and kept > 20
