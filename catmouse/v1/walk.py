"""Sequential proposals on transition tables: ``mutations.follow_game``'s walk along one game, with
the same draws and the same changes, for ``FastArena``.

A sequential candidate of the improved trainer changes up to 48 cells, one after another along
one pool game: each change is drawn among the learner's consulted states of the game as it stands
after the changes before it, so the game is replayed after every change but the last. Profiling
notebook 23's sweep showed these replays, not the pool games, taking most of the trainer's time.
Here a replay keeps the game's states up to the changed one and plays on from there with one
lookup per half move into transition tables; it needs no result, only where the game ends, so
captures sit in the set of seen states and end a game like a repeat. The consulted states are a
slice of the game's states, and a state's first position one ``list.index`` (a state always
comes with the same side to move: see ``transit.diverge``). The draws are ``random.Random.randrange``'s, made with its own algorithm on ``getrandbits``
(the tests check they are ``randrange``'s), so the stream is consumed exactly as by the plain walk
(tests compare both).
"""

from __future__ import annotations

import random

from catmouse.v1 import fastwalk
from catmouse.v1.mutations import follow_game


def exact(rng) -> bool:
    """Whether ``walk`` draws from ``rng`` exactly what ``randrange`` would: a ``random.Random``
    itself, not a subclass (else it walks with ``mutations.follow_game``)."""
    return type(rng) is random.Random


def walk(arena, j: int, count: int, rng: random.Random) -> dict:
    """``mutations.follow_game`` on a ``FastArena``: ``count`` changes {state: new code} along
    slot j's game, the learner's table as it stands (left unchanged on return); compiled
    (``v1.fastwalk``) if ``rng`` is a ``Twister`` it can use, else with ``follow_game`` itself
    unless ``rng`` is ``exact``."""
    if fastwalk.usable(rng):
        changes = fastwalk.walk(arena, j, count, rng)
        if changes is not None:
            return changes
    if not exact(rng):
        return follow_game(arena, j, count, rng)
    getrandbits = rng.getrandbits                # draws: ``draw_below`` written out (hot loop)
    table, trans, steps, others = arena.table, arena.trans, arena.steps, arena.others
    n = arena.board.n
    cat = arena.side == "cat"
    opp = arena.opponent(j)
    trace = arena.traces[j][:-1]                 # the game's states but its last (the end)
    q = 0 if arena.learner_first else 1          # positions where the learner is to move
    checked = 2 if arena.board.cat_first else 1  # positions from here on end a game on a repeat
    seen = set(range(0, n * n, n + 1))           # so a capture ends it like a repeat
    seen.update(trace[checked:])
    single = q >= checked                        # else the first learner state may come again
    learner = trace[q::2]                        # the learner's consulted states, in order
    if not learner:                              # (no board allows it) the plain walk's error
        return follow_game(arena, j, count, rng)
    changes, old = {}, {}
    for k in range(count):
        cells = sorted(learner if single or learner.count(learner[0]) == 1 else set(learner))
        m = len(cells)
        b = m.bit_length()
        i = getrandbits(b)
        while i >= m:
            i = getrandbits(b)
        s = cells[i]
        was = table[s]
        if s not in old:
            old[s] = was
        legal = others[s // n if cat else s % n][was]
        m = len(legal)
        b = m.bit_length()
        i = getrandbits(b)
        while i >= m:
            i = getrandbits(b)
        changes[s] = code = legal[i]
        table[s], trans[s] = code, steps[code][s]
        if k == count - 1:
            break
        t = q + 2 * learner.index(s)             # the game is the same up to here
        seen.difference_update(trace[t + 1:])    # (none a capture, none also seen up to t)
        del trace[t + 1:]
        s = trans[s]
        if t + 1 < checked:                      # the cat's opening move is never checked
            trace.append(s)
        elif s in seen:
            learner = trace[q::2]
            continue
        else:
            seen.add(s)
            trace.append(s)
        while True:                              # the opponent, then the learner
            s = opp[s]
            if s in seen:
                break
            seen.add(s)
            trace.append(s)
            s = trans[s]
            if s in seen:
                break
            seen.add(s)
            trace.append(s)
        learner = trace[q::2]
    for s, code in old.items():
        table[s], trans[s] = code, steps[code][s]
    return changes
