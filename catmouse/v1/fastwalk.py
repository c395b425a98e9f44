"""``v1.walk``'s sequential proposals compiled with numba, drawing from a ``studykit.twister.Twister``.

Profiling notebook 23 after ``v1.walk`` still showed the walks taking about 40% of a long
improved-trainer run on 8x8 (a stalled cat proposes up to 48 changes per candidate, each one
replaying the rest of the game). Here the same walk runs in one compiled call: the game's states
in an array, the seen states in a boolean array (captures marked ahead), the consulted states
sorted and deduplicated (only the first can repeat: see ``v1.walk``), the
draws ``randrange``'s on the Twister's own state, so the random stream is consumed exactly as by
``v1.walk`` and ``mutations.follow_game`` (tests compare all three).

It needs a ``Twister`` generator (its state is an array compiled code can draw from; the tests
check its draws are ``random.Random``'s, ``twister.agrees``); ``v1.improved`` makes one for
sequential proposals when ``Speed.compiled_walk``. Otherwise ``v1.walk`` walks in Python.
"""

from __future__ import annotations

import functools

import numpy as np

from catmouse.fast.lockstep import first_call
from studykit import twister
from studykit.twister import Twister, njit, randbelow


@functools.cache
def load() -> None:
    """Compile (or load from numba's cache) the Twister's draws and check them, once per process:
    ``train_tabular_improved`` calls it on every run, whatever its config, so a sweep worker holds
    numba's memory from its first run on (joblib does not take it for a leak later). It chooses
    nothing: draws that are not ``random.Random``'s raise, they are never walked around."""
    if not twister.agrees():
        raise RuntimeError("studykit.twister's compiled draws differ from random.Random's here: "
                           "the compiled walks cannot replay the trainer's stream")


def usable(rng) -> bool:
    """Whether ``walk`` can draw from ``rng``: a ``Twister``."""
    return isinstance(rng, Twister)


def board_arrays(arena) -> tuple:
    """A ``FastArena``'s arrays for the compiled walk: ``steps[code, s]`` (the state after the
    learner plays code in state s), ``others[cell, code, :]`` with their counts (the other legal
    codes, as ``arena.others`` lists them), and scratch space (game states, seen states, all False
    between walks, and consulted states)."""
    steps = np.array([list(row) for row in arena.steps], dtype=np.int64)
    cells = len(arena.others)
    others = np.zeros((cells, 4, 3), dtype=np.int64)
    counts = np.zeros((cells, 4), dtype=np.int64)
    for cell, by_code in enumerate(arena.others):
        for code, legal in enumerate(by_code):
            counts[cell, code] = len(legal)
            others[cell, code, :len(legal)] = legal
    nn = arena.board.n ** 2
    return (steps, others, counts, np.empty(nn + 8, np.int64), np.zeros(nn, np.bool_),
            np.empty(nn + 8, np.int64))


@njit
def consulted_cells(buf, q, size, cells):
    """The distinct states at ``buf[q:size:2]`` sorted into ``cells``; returns their number."""
    m = 0
    for p in range(q, size, 2):
        cells[m] = buf[p]
        m += 1
    cells[:m].sort()
    k = 0
    for i in range(m):                       # (only the first state can come again)
        if i == 0 or cells[i] != cells[k - 1]:
            cells[k] = cells[i]
            k += 1
    return k


@njit
def walk_kernel(st, codes, moved, steps, others, counts, buf, seen, cells, opp, trace, q, checked,
                cat, n, count):
    """``v1.walk`` along the game ``trace`` (its states, the end last) against the opponent's
    transitions ``opp``: (states, new codes) of the ``count`` changes in order; ``codes`` and
    ``moved`` (the learner's table and transitions) are changed as it goes and restored;
    ``buf``, ``seen`` and ``cells`` are scratch (``board_arrays``)."""
    nn = n * n
    size = len(trace) - 1                    # the game's states but its last (the end)
    buf[:size] = trace[:size]
    for s in range(0, nn, n + 1):            # captures end a walk's game like a repeat
        seen[s] = True
    for p in range(checked, size):
        seen[buf[p]] = True
    out_s = np.empty(count, np.int64)
    out_code = np.empty(count, np.int64)
    was_code = np.empty(count, np.int64)
    was_move = np.empty(count, np.int64)
    done = 0
    for k in range(count):
        m = consulted_cells(buf, q, size, cells)
        s = cells[randbelow(st, m)]
        was = codes[s]
        cell = s // n if cat else s % n
        code = others[cell, was, randbelow(st, counts[cell, was])]
        out_s[k], out_code[k], was_code[k], was_move[k] = s, code, was, moved[s]
        done = k + 1
        codes[s] = code
        moved[s] = steps[code, s]
        if k == count - 1:
            break
        t = q
        while buf[t] != s:                   # the game is the same up to the change
            t += 2
        for p in range(t + 1, size):
            seen[buf[p]] = False
        size = t + 1
        s = moved[s]
        if size < checked:                   # the cat's opening move is never checked
            buf[size] = s
            size += 1
        elif seen[s]:
            continue
        else:
            seen[s] = True
            buf[size] = s
            size += 1
        learner_next = False
        while True:                          # the opponent, then the learner, in turn
            s = moved[s] if learner_next else opp[s]
            if seen[s]:
                break
            seen[s] = True
            buf[size] = s
            size += 1
            learner_next = not learner_next
    for k in range(done - 1, -1, -1):        # the table as it was
        codes[out_s[k]], moved[out_s[k]] = was_code[k], was_move[k]
    for p in range(size):                    # the scratch as it was
        seen[buf[p]] = False
    for s in range(0, nn, n + 1):
        seen[s] = False
    return out_s, out_code


def walk(arena, j: int, count: int, rng: Twister) -> dict | None:
    """``v1.walk`` compiled: ``count`` changes {state: new code} along slot j's game, drawn from
    ``rng`` (``usable``); None if the game consults the learner nowhere (``v1.walk`` then fails
    as the plain walk does)."""
    trace = arena.traces[j]
    q = 0 if arena.learner_first else 1
    if q >= len(trace) - 1:
        return None
    if arena.walk_arrays is None:
        arena.walk_arrays = board_arrays(arena)
    opp = arena.opponent(j)
    states, codes = first_call(
        "catmouse's sequential walks", walk_kernel, rng.state, arena.codes, arena.moved, *arena.walk_arrays,
        np.frombuffer(opp, dtype=np.int16 if opp.typecode == "h" else np.int32),
        np.fromiter(trace, np.int64, len(trace)), q, 2 if arena.board.cat_first else 1,
        arena.side == "cat", arena.board.n, count)
    return dict(zip(states.tolist(), codes.tolist()))
