"""The compiled lockstep games (``catmouse.fast.lockstep``, through ``batch.Lockstep.play``) against their
plain twin ``games.play_flat`` played game by game: the same results, states and consulted sets,
the same early stop, and the improved trainer identical with lockstep games on and off."""

import random

import numpy as np
import pytest

from catmouse.tables import random_mouse_codes
from catmouse.v1.batch import Lockstep
from catmouse.v1.config import IMPROVED
from catmouse.v1.games import flat_board, play_flat
from catmouse.v1.improved import train_tabular_improved
from catmouse.v1.speed import Speed


def random_cat_codes(board, rng):
    """A uniformly random legal cat table (flat codes)."""
    n = board.n
    return [rng.choice([k for k in range(4) if board.moves[s // n][k] >= 0]) for s in range(n * n)]


def noisy_greedy_cat(board, rng, noise):
    """The greedy cat (towards the mouse) with a share ``noise`` of random cells: long games too."""
    n, rows = board.n, board.rows
    out = []
    for s in range(n * n):
        c, m = divmod(s, n)
        legal = [k for k in range(4) if board.moves[c][k] >= 0]
        if rng.random() < noise:
            out.append(rng.choice(legal))
            continue
        dist = [abs(board.moves[c][k] // rows - m // rows) + abs(board.moves[c][k] % rows - m % rows)
                for k in legal]
        out.append(legal[dist.index(min(dist))])
    return out


def plain_games(board, learner, opps, picks, cat_learns):
    """Each game of ``learner`` against ``opps[picks[k]]`` by ``play_flat``: (result, used, states);
    the states are the lockstep games': after each half move, from the start if the mouse is first
    (else from the cat's first move)."""
    out = []
    for k in picks:
        cat, mouse = (learner, opps[k]) if cat_learns else (opps[k], learner)
        trace = [] if board.cat_first else [board.start_c * board.n + board.start_m]
        result, used = play_flat(cat, mouse, board, cat_learns, trace, start_seen=False)
        out.append((result, used, trace))
    return out


def plain_stop(results, upper, beat, cat):
    """The first game at which ``FastArena.scan``'s rule stops a candidate (-1: none): the count
    of good games still possible falls below ``beat[0]``, or reaches it with a slow win."""
    for k, (won, rounds, _) in enumerate(results):
        upper -= won != cat
        slow = won and (rounds > -beat[1] if cat else rounds < beat[1])
        if upper < beat[0] or (upper == beat[0] and slow):
            return k
    return -1


@pytest.mark.parametrize("rows,cols", [(2, 2), (3, 2), (4, 5), (5, 5), (6, 3), (7, 8), (8, 8)])
@pytest.mark.parametrize("first", ["cat", "mouse"])
@pytest.mark.parametrize("cat_learns", [True, False])
def test_compiled_games_equal_play_flat(rows, cols, first, cat_learns):
    rng = random.Random(rows * 1000 + cols * 10 + (first == "cat") + 2 * cat_learns)
    board = flat_board(rows, cols, first)
    lock = Lockstep(board)
    learner_side, opp_side = ("cat", "mouse") if cat_learns else ("mouse", "cat")
    for trial in range(6):
        noise = (0.0, 0.1, 1.0)[trial % 3]
        if cat_learns:
            learner = noisy_greedy_cat(board, rng, noise)
            opps = [random_mouse_codes(rows, cols, rng) for _ in range(25)]
        else:
            learner = random_mouse_codes(rows, cols, rng)
            opps = [noisy_greedy_cat(board, rng, noise) for _ in range(25)]
        pool_t = np.stack([lock.transitions(o, opp_side) for o in opps]).astype(np.int16)
        picks = np.array([rng.randrange(len(opps)) for _ in range(70)])
        new = lock.play(lock.transitions(learner, learner_side), pool_t, picks, cat_learns)
        old = plain_games(board, learner, opps, picks.tolist(), cat_learns)
        assert new.results() == [res for res, _, _ in old] and new.stop == -1
        for k, (res, used, states) in enumerate(old):
            assert new.result(k) == res and new.states(k) == states
            assert new.used(k) == used and list(new.used(k)) == list(used)   # the same order
def test_compiled_games_of_an_empty_batch():
    board = flat_board(4, 4, "cat")
    lock = Lockstep(board)
    trans = lock.transitions(random_cat_codes(board, random.Random(0)), "cat")
    games = lock.play(trans, np.zeros((1, 256), np.int16), np.zeros(0, np.int64), True)
    assert games.results() == []


@pytest.mark.parametrize("rows,cols,first,seed", [(5, 5, "cat", 1), (6, 6, "mouse", 2),
                                                  (7, 6, "cat", 3)])
def test_improved_trainer_identical_with_lockstep_games_on_and_off(rows, cols, first, seed):
    runs = []
    for enabled in (False, True):
        runs.append(train_tabular_improved(rows, cols, first, iterations=1_500, seed=seed,
                                           config=IMPROVED, checkpoint_every=500,
                                           speed=Speed(lockstep=enabled)))
    off, on = runs
    assert (off.cat_policy == on.cat_policy).all() and (off.mouse_policy == on.mouse_policy).all()
    assert repr(off.checkpoints) == repr(on.checkpoints)      # nan-safe
    assert off.pool_sizes == on.pool_sizes and off.pool_sizes[0] > 70   # lockstep calls made


@pytest.mark.parametrize("cat_learns", [True, False])
def test_compiled_games_stop_where_the_plain_rule_stops(cat_learns):
    """The first game at which a candidate is stopped, for many counts and keys to beat."""
    rows, cols = 6, 5
    rng = random.Random(11 + cat_learns)
    board = flat_board(rows, cols, "mouse")
    lock = Lockstep(board)
    learner_side, opp_side = ("cat", "mouse") if cat_learns else ("mouse", "cat")
    stops = set()
    for _ in range(40):
        learner = (noisy_greedy_cat(board, rng, 0.2) if cat_learns
                   else random_mouse_codes(rows, cols, rng))
        opps = [random_mouse_codes(rows, cols, rng) if cat_learns
                else noisy_greedy_cat(board, rng, 0.2) for _ in range(40)]
        pool_t = np.stack([lock.transitions(o, opp_side) for o in opps]).astype(np.int16)
        trans = lock.transitions(learner, learner_side)
        old = [res for res, _, _ in plain_games(board, learner, opps, range(40), cat_learns)]
        good = sum(won == cat_learns for won, _, _ in old)
        upper = good + rng.randrange(0, 20)
        beat = (rng.randrange(max(good - 3, 0), upper + 2),
                -rng.randrange(0, 12) if cat_learns else rng.randrange(0, 12), 0)
        new = lock.play(trans, pool_t, np.arange(40), cat_learns, upper, beat)
        assert new.stop == plain_stop(old, upper, beat, cat_learns)
        played = new.stop + 1 if new.stop >= 0 else 40
        assert new.results()[:played] == old[:played]
        stops.add(new.stop)
    assert -1 in stops and len(stops) > 3             # both stopped and unstopped batches
