"""``FastArena.scan`` as one compiled call per candidate (``fast.scan``), the arena's default
with lockstep games (``Speed.compiled_scan``); ``fastpool.FastArena.scan`` stays the definition.

The same answers as ``scan``: None when the candidate cannot beat the score (its stopping game
then becomes a killer), else every game of the slots in the union of ``sets``, kept as one
lockstep batch (``keep.commit`` keeps them in the oracle's order, as it keeps ``scan``'s).
"""

from __future__ import annotations

import numpy as np

from catmouse.fast import scan
from catmouse.fast.lockstep import first_call
from catmouse.v1.batch import Games
from catmouse.v1.keep import FastReplayed


def compiled_scan(arena, sets: list, beat: tuple | None) -> FastReplayed | None:
    """``arena.scan(sets, beat)`` (``arena``: a ``FastArena``) with its games played by
    ``fast.scan.scan_games`` (``scan`` itself without lockstep games: ``Speed.lockstep``)."""
    if not arena.speed.lockstep:
        return arena.scan(sets, beat)
    union = sets[0] if len(sets) == 1 else set().union(*sets)
    out = FastReplayed()
    out.order = list(union)
    if not union:
        return out
    ids = np.array(out.order, dtype=np.int64)
    store = arena.lockstep_store()
    if ids.max() >= len(store.row_of) or store.row_of[ids].min() < 0:
        store.rows_of(out.order, lambda j: arena.slots[j][0])    # opponents not stored yet
    lock, cat = store.lockstep, arena.side == "cat"
    good = arena.tally.won if cat else arena.tally.games - arena.tally.won
    cat_first = lock.board.cat_first
    order, won, rounds, dist, states, offsets, stop = first_call(
        "catmouse's compiled scans", scan.compiled(), arena.moved, store.trans, store.row_of,
        ids, np.array(arena.killers, dtype=np.int64), np.frombuffer(arena.bad, np.uint8), good,
        lock.start, cat_first, cat, lock.capture, lock.distance,
        *(beat[:2] if beat is not None else (0, 0)), beat is not None)
    if stop >= 0:
        arena.promote(int(order[stop]))
        return None
    first = lock.start if cat and cat_first else None
    games = Games(won, rounds, dist, states, offsets, cat, first)
    games.stop = -1
    out.batches.append((order.tolist(), games))
    return out
