"""The improved trainer's sequential proposals on transition tables (``catmouse.v1.walk``) against
the plain walk (``mutations.follow_game``, a game replayed per change): the same changes, in the
same order, from the same random stream."""

import random

import pytest
from oracles_catmouse import plain_diverge
from test_catmouse_fasttrainer import arena_pair, random_cat_codes, random_table

from catmouse.tables import random_mouse_codes
from catmouse.v1 import fastwalk, improved
from catmouse.v1.config import ARTICLE, IMPROVED
from catmouse.v1.games import flat_board
from catmouse.v1.mutations import follow_game, propose_changes
from catmouse.v1.speed import Speed
from catmouse.v1.transit import Transit, diverge
from catmouse.v1.walk import exact, walk
from studykit import twister
from studykit.twister import Twister


def test_the_walks_draws_are_randranges():
    """The Python walk's draws (``draw_below``) and the compiled walk's (a ``Twister``'s) are
    ``randrange``'s: checked here, never at run time."""
    assert twister.agrees(12345) and twister.agrees(0)
    for seed in range(20):
        a, b = random.Random(seed), random.Random(seed)
        for n in [1, 2, 3, 5, 8, 13, 64, 100, 257, 4096, 10 ** 9] * 20:
            assert twister.draw_below(b.getrandbits, n) == a.randrange(n)
        assert a.random() == b.random()


def test_another_generator_class_walks_plainly():
    """A subclass may draw otherwise: FastArena then walks with ``follow_game`` (its randrange)."""
    class Mine(random.Random):
        def randrange(self, n):
            return n - 1

    assert exact(random.Random(0)) and not exact(Mine(0))
    plain, fast = arenas("cat", 4, 5, "cat", 5, 1)
    assert fast.walk(2, 30, Mine(0)) == follow_game(plain, 2, 30, Mine(0))


def arenas(side, rows, cols, first, pool_size, seed):
    """The same learner and opponents in the plain arena and in a ``FastArena``."""
    return arena_pair(side, rows, cols, first, pool_size, seed, keep_order=False)[1]


@pytest.mark.parametrize("side", ["cat", "mouse"])
@pytest.mark.parametrize("rows,cols,first", [(2, 2, "cat"), (2, 3, "mouse"), (3, 4, "cat"),
                                             (4, 4, "mouse"), (5, 6, "cat"), (6, 5, "mouse"),
                                             (8, 7, "cat"), (8, 8, "mouse")])
def test_walk_makes_the_plain_walks_changes(side, rows, cols, first):
    """Every slot, 1 to 48 changes: the same changes in the same order, the same draws after,
    tables and transitions as they were."""
    plain, fast = arenas(side, rows, cols, first, 12, rows * 31 + cols)
    table, trans = list(fast.table), list(fast.trans)
    for seed in range(120):
        j = seed % 12
        count = 1 + (seed * 7) % 48
        r1, r2, r3 = random.Random(seed), random.Random(seed), random.Random(seed)
        expected = list(follow_game(plain, j, count, r1).items())
        assert list(walk(fast, j, count, r2).items()) == expected
        assert list(follow_game(fast, j, count, r3).items()) == expected   # FastArena's replays
        assert r1.random() == r2.random() == r3.random()
        assert fast.table == table == plain.table and fast.trans == trans


@pytest.mark.parametrize("side", ["cat", "mouse"])
@pytest.mark.parametrize("generator", [random.Random, Twister])
def test_proposals_agree_while_the_arenas_learn(side, generator):
    """Through ``propose_changes`` (the plain arena walks plainly from random.Random, FastArena
    with ``walk``; compiled from a Twister), with candidates committed and opponents replaced, so
    traces come from every kind of replay."""
    plain, fast = arenas(side, 6, 6, "mouse" if side == "cat" else "cat", 40, 3)
    board = plain.board
    rng = random.Random(11)
    r1, r2 = random.Random(5), generator(5)
    commits = 0
    for step in range(300):
        count = rng.randint(1, 48)
        changes = propose_changes(plain, count, r1, True)
        assert list(propose_changes(fast, count, r2, True).items()) == list(changes.items())
        beat = plain.score()
        (key, replayed), (fast_key, fast_replayed) = (a.trial(changes, beat) for a in (plain, fast))
        if key is not None and key > beat:
            assert fast_key == key
            plain.commit(changes, replayed)
            fast.commit(changes, fast_replayed)
            commits += 1
        if step % 60 == 59:
            other = "mouse" if side == "cat" else "cat"
            newcomer = random_table(other, board, 6, 6, rng)
            for arena in (plain, fast):
                arena.set_slot(0, list(newcomer))
        assert plain.table == fast.table == fast.codes.tolist()
    assert commits > 5, commits


@pytest.mark.parametrize("rows,cols,first", [(2, 3, "cat"), (4, 5, "mouse"), (7, 6, "cat")])
@pytest.mark.parametrize("cat_learns", [True, False])
def test_diverge_is_the_first_learner_position_on_a_changed_state(rows, cols, first, cat_learns):
    rng = random.Random(rows * cols)
    board = flat_board(rows, cols, first)
    transit = Transit(board)
    learner_first = cat_learns == (first == "cat")
    for _ in range(300):
        cat, mouse = random_cat_codes(board, rng), random_mouse_codes(rows, cols, rng)
        cat_t, mouse_t = transit.transitions(cat, "cat").tolist(), transit.compact(mouse, "mouse")
        _, used, trace = transit.traced(cat_t, mouse_t, cat_learns)
        pick = rng.sample(range(board.n ** 2), rng.randint(1, min(40, board.n ** 2)))
        if used and rng.random() < 0.7:
            pick += rng.sample(sorted(used), 1)
        changed = dict.fromkeys(pick, 0)
        assert diverge(trace, used, changed) == plain_diverge(trace, changed, learner_first)


@pytest.mark.parametrize("side", ["cat", "mouse"])
@pytest.mark.parametrize("rows,cols,first", [(2, 2, "cat"), (2, 3, "mouse"), (3, 4, "cat"),
                                             (4, 4, "mouse"), (5, 6, "cat"), (6, 5, "mouse"),
                                             (8, 7, "cat"), (8, 8, "mouse")])
def test_the_compiled_walk_makes_the_plain_walks_changes(side, rows, cols, first):
    """``v1.fastwalk`` from a Twister: the plain walk's changes from random.Random seeded alike,
    the stream left at the same point, tables, transitions and scratch as they were."""
    plain, fast = arenas(side, rows, cols, first, 12, rows * 31 + cols)
    table, trans, moved = list(fast.table), list(fast.trans), fast.moved.copy()
    for seed in range(120):
        j = seed % 12
        count = 1 + (seed * 7) % 48
        r1, r2, r3 = random.Random(seed), Twister(seed), Twister(seed)
        expected = list(follow_game(plain, j, count, r1).items())
        assert list(fastwalk.walk(fast, j, count, r2).items()) == expected
        assert list(walk(fast, j, count, r3).items()) == expected      # v1.walk dispatches so
        assert r1.random() == r2.random() == r3.random()
        assert fast.table == table and fast.trans == trans and (fast.moved == moved).all()
        assert fast.codes.tolist() == table and not fast.walk_arrays[4].any()


@pytest.mark.parametrize("rows,cols,first", [(5, 5, "mouse"), (6, 5, "cat")])
def test_the_trainer_with_compiled_walks_is_the_same_run(rows, cols, first):
    """``train_tabular_improved`` draws from a Twister and walks compiled when it can; with
    compiled walks off (random.Random, the Python walk) the run is identical."""
    def run(compiled_walk):
        return improved.train_tabular_improved(rows, cols, first, "WEAK", 3_000, 5, IMPROVED, 500,
                                               speed=Speed(compiled_walk=compiled_walk))

    fast, plain = run(True), run(False)
    assert (fast.cat_policy == plain.cat_policy).all()
    assert (fast.mouse_policy == plain.mouse_policy).all()
    assert repr(fast.checkpoints) == repr(plain.checkpoints)
    assert fast.pool_sizes == plain.pool_sizes and fast.pool_sizes[0] > 10


def test_every_improved_run_loads_the_compiled_walks_first():
    """Even the article's scheme (no walks) loads them: a sweep worker's first run then loads
    numba, so the memory it takes counts in joblib's reference size, not as a later leak."""
    fastwalk.load.cache_clear()
    improved.train_tabular_improved(4, 4, "mouse", "WEAK", 10, 0, ARTICLE, 0,
                                    speed=Speed(compiled_walk=False))
    assert fastwalk.load.cache_info().currsize == 1
