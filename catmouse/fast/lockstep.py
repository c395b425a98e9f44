"""The compiled twin of ``v1.games.play_flat``: many games at once (``v1.batch``'s lockstep games).

One compiled loop plays the games one after another on transition arrays (a per-call stamp array
marks the states a game has passed; capture states end a game), and writes every game's states
into one flat array with offsets (``batch.Games``). Results, states and consulted sets equal
``play_flat``'s game by game (the tests compare them). It replaced a numpy version that moved all
running games one half move per call (a cat's iteration against 4,000 random mice 1.6x faster).
numba (a required dependency) is imported on first use, not before.
"""

from __future__ import annotations

import numpy as np

from studykit.slowstart import compile_notice

_kernel = None


def play_games(learner, pool, rows, start, cat_first, cat_learns, capture, distance, upper,
               beat0, beat1, check):
    """Each game of ``learner`` (transitions by state) against ``pool[rows[k]]``: (won, rounds,
    distance, the games' states one after another, offsets of each game's states, stop). With
    ``check``, the games stop at the first k where ``fastpool.FastArena.scan``'s rule stops a
    candidate (``upper``: the optimistic count of good games before them, (``beat0``, ``beat1``)
    the key's first two numbers to beat): ``stop`` is that k, else -1."""
    g = rows.shape[0]
    nn = learner.shape[0]
    won = np.zeros(g, np.bool_)
    rounds = np.zeros(g, np.int64)
    dist = np.zeros(g, np.int64)
    offsets = np.zeros(g + 1, np.int64)
    stamp = np.zeros(nn, np.int64)
    states = np.empty(max(64 * g, 1024), np.int64)
    n = 0
    stop = -1
    for k in range(g):
        opp = pool[rows[k]]
        mark = k + 1
        s = start
        if cat_first:
            s = learner[s] if cat_learns else np.int64(opp[s])
        if n + nn + 2 > states.shape[0]:     # room for the longest game
            grown = np.empty(2 * states.shape[0] + nn + 2, np.int64)
            grown[:n] = states[:n]
            states = grown
        states[n] = s
        n += 1
        r = 0
        cat_moves = False
        while True:
            s = learner[s] if cat_moves == cat_learns else np.int64(opp[s])
            states[n] = s
            n += 1
            if capture[s]:
                won[k] = True
                rounds[k] = r
                break
            if stamp[s] == mark:
                rounds[k] = r
                dist[k] = distance[s]
                break
            stamp[s] = mark
            if cat_moves:
                r += 1
            cat_moves = not cat_moves
        offsets[k + 1] = n
        if won[k] != cat_learns:
            upper -= 1
        if check:
            slow = won[k] and (rounds[k] > -beat1 if cat_learns else rounds[k] < beat1)
            if upper < beat0 or (upper == beat0 and slow):
                stop = k
                break
    return won, rounds, dist, states[:n], offsets, stop


def compiled():
    """``play_games`` compiled (on first use; numba caches the machine code on disk)."""
    global _kernel
    if _kernel is None:
        import numba
        _kernel = numba.njit(cache=True, nogil=True)(play_games)
    return _kernel


_called: set[str] = set()


def first_call(label: str, kernel, *args):
    """``kernel(*args)``; its first call in this process under ``studykit.slowstart``'s notice
    (one line on stderr if numba is still compiling it after a second), later calls as they are."""
    if label in _called:
        return kernel(*args)
    with compile_notice(label):
        out = kernel(*args)
    _called.add(label)
    return out
