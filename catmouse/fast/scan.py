"""The compiled twin of ``v1.fastpool.FastArena.scan``: a candidate's pool games in one call.

``scan_games`` orders a candidate's slots (the killers among them, then the games now lost (cat)
or caught (mouse), then the others, each in the order given) and plays them one after another
with ``fast.lockstep.play_games``'s early stop, so a candidate costs one compiled call instead of
the Python loop of ``FastArena.scan`` over singles and lockstep chunks. Only the order in which
the games are checked differs from ``FastArena.scan``; the stopping rule stops a candidate only
when its score is below the one to beat whatever the order, so the answers (stopped, or every
game's result) are the same (the tests compare them). numba is imported on first use.
"""

from __future__ import annotations

import numpy as np

from catmouse.fast import lockstep

play = lockstep.play_games    # these two: replaced by their compiled twins before ``scan_games``
_kernel = None                # is compiled


def scan_order(ids, killers, bad):
    """The slots ``ids`` in the order they are checked: the killers among them (in the killers'
    order), then those whose kept game is bad (``bad[j]`` nonzero), then the others; and the
    number of bad ones."""
    size = 0
    for j in ids:
        size = max(size, j + 1)
    for j in killers:
        size = max(size, j + 1)
    state = np.zeros(size, np.int8)        # 1: a slot to check, 2: placed
    for j in ids:
        state[j] = 1
    order = np.empty(len(ids), np.int64)
    m = 0
    for j in killers:
        if state[j] == 1:
            order[m] = j
            m += 1
            state[j] = 2
    nbad = 0
    for j in ids:
        if bad[j]:
            nbad += 1
            if state[j] == 1:
                order[m] = j
                m += 1
                state[j] = 2
    for j in ids:
        if state[j] == 1:
            order[m] = j
            m += 1
            state[j] = 2
    return order, nbad


order_of = scan_order


def scan_games(learner, pool, row_of, ids, killers, bad, good, start, cat_first, cat_learns,
               capture, distance, beat0, beat1, check):
    """The games of slots ``ids`` (``pool[row_of[j]]``: slot j's opponent) in ``scan_order``,
    with ``good`` the arena's good games (captures for a cat, evasions for a mouse) and with
    ``check`` stopped at the first game after which the score cannot beat (``beat0``,
    ``beat1``): (the order, then ``play_games``' answer: won, rounds, distance, states, offsets,
    stop, an index into the order or -1)."""
    order, nbad = order_of(ids, killers, bad)
    rows = np.empty(len(order), np.int64)
    for k in range(len(order)):
        rows[k] = row_of[order[k]]
    won, rounds, dist, states, offsets, stop = play(
        learner, pool, rows, start, cat_first, cat_learns, capture, distance, good + nbad,
        beat0, beat1, check)
    return order, won, rounds, dist, states, offsets, stop


def compiled():
    """``scan_games`` compiled (on first use; numba caches the machine code on disk)."""
    global _kernel, play, order_of
    if _kernel is None:
        import numba
        play = lockstep.compiled()
        order_of = numba.njit(cache=True, nogil=True)(scan_order)
        _kernel = numba.njit(cache=True, nogil=True)(scan_games)
    return _kernel
