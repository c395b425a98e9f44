"""Keeping a trial's games in a ``FastArena`` (``commit``), with the bookkeeping numbers by slot.

A committed candidate's games replace the slots' kept games: results, consulted states (and the
inverted index with them), traces, the tally, and per slot the numbers ``FastArena`` finds its
worst game with. With ``keep_order`` False the index only gains and loses the states a game
starts or stops consulting, and the tally is the one the trial already worked out (the trial's
base checked equal to the arena's tally, else each game is counted again), so a commit costs a
few set operations per game.
"""

from __future__ import annotations

import numpy as np

from catmouse.v1.batch import Games

ABSENT = 2 ** 62     # the worst-slot number of a slot not in use
SCALE = 2 ** 21      # above any round count (a game visits each state at most once)


def badness(side: str, res: tuple) -> int:
    """One number per game ordered as ``pool.Arena.worst`` orders slots (smaller: worse)."""
    won, r, d = res
    if side == "cat":        # evaded with the largest distance, then soonest; else slowest capture
        return 2 ** 50 - r if won else -d * SCALE + r
    return (0 if won else 2 ** 50) + r       # caught soonest


class FastReplayed:
    """A trial's games: results of those played one by one, lockstep ``Games`` of the others, the
    oracle's order of the slots (the order in which they are committed), and the tally after
    them with the tally it started from (``trial`` sets both)."""

    def __init__(self):
        self.order: list = []
        self.single: dict[int, tuple] = {}
        self.batches: list[tuple[list, Games]] = []
        self.tally = self.base = None


def set_arrays(arena, chunk: list, games: Games) -> None:
    """``arena.rank`` and ``arena.results`` of the slots ``chunk`` from their lockstep ``games``."""
    js = np.fromiter(chunk, np.int64, len(chunk))
    won, r, d = games.won, games.rounds, games.dist
    arena.results[:, js] = np.stack([won, r, d])
    if arena.side == "cat":
        arena.rank[js] = np.where(won, 2 ** 50 - r, -d * SCALE + r)
    else:
        arena.rank[js] = np.where(won, 0, 2 ** 50) + r


def commit(arena, changes: dict, replayed: FastReplayed) -> None:
    """Apply a trial's changes to ``arena`` (a ``FastArena``) and keep its games, in the
    oracle's order."""
    arena.apply(changes)
    where = {}
    for chunk, games in replayed.batches:
        where.update(zip(chunk, games.entries()))
    start = arena.transit.start if arena.transit.cat_first else None
    counted = (not arena.keep_order and replayed.base is not None
               and replayed.base.__dict__ == arena.tally.__dict__)
    slots, index, bad, bad_slots = arena.slots, arena.index, arena.bad, arena.bad_slots
    cat = arena.side == "cat"
    for j in replayed.order:
        single = j in replayed.single
        if single:
            res, used, trace = arena.traced(j, changes)
        else:
            res, used, trace = where[j]
            if start is not None:
                trace.insert(0, start)
        arena.traces[j] = trace
        if arena.keep_order:
            opp = slots[j][0]
            arena.unlink(j)
            arena.link(j, opp, res, used)
            continue
        opp, old, was = slots[j]
        for s in was - used:
            ids = index[s]
            ids.discard(j)
            if not ids:
                del index[s]
        for s in used - was:
            index.setdefault(s, set()).add(j)
        if not counted:
            arena.tally.add(old, -1)
            arena.record(j, opp, res, used, single)
            continue
        slots[j] = [opp, res, used]               # ``record`` written out, the tally aside
        bad[j] = b = res[0] != cat
        (bad_slots.add if b else bad_slots.discard)(j)
        if single:
            arena.rank[j] = badness(arena.side, res)
            arena.results[:, j] = res
    if counted:
        arena.tally = replayed.tally.copy()
        arena.reset_caches()
    if not arena.keep_order:
        for chunk, games in replayed.batches:
            set_arrays(arena, chunk, games)
