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
from catmouse.v1.transit import diverge

ABSENT = 2 ** 62     # the worst-slot number of a slot not in use
SCALE = 2 ** 21      # above any round count (a game visits each state at most once)


def badness(side: str, res: tuple) -> int:
    """One number per game ordered as ``tally.worst_first`` orders them (smaller: worse)."""
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
    where, flats = {}, {}
    for chunk, games in replayed.batches:
        if not arena.keep_order:
            flat, offsets, results = games.flat.tolist(), games.offsets.tolist(), games.results()
            flats.update((j, (results[k], flat, offsets[k], offsets[k + 1]))
                         for k, j in enumerate(chunk))
        else:
            where.update((j, (games, k)) for k, j in enumerate(chunk))
    start = arena.transit.start if arena.transit.cat_first else None
    counted = (not arena.keep_order and replayed.base is not None
               and replayed.base.__dict__ == arena.tally.__dict__)
    slots, index = arena.slots, arena.index
    cat = arena.side == "cat"
    q = 0 if arena.learner_first else 1          # trace positions where the learner moves
    again = 2 if arena.transit.cat_first else 1
    for j in replayed.order:
        single = j in replayed.single
        if j in flats:
            res, flat, a, b = flats[j]
            trace = flat[a:b]
            if start is not None:
                trace.insert(0, start)
            was = slots[j][2]
            used, removed, added = changed_states(arena.traces[j], trace, was, changes, q, again)
            relink(index, j, removed, added)
            arena.traces[j] = trace
            keep_game(arena, j, res, used, counted, single, cat)
            continue
        if single:
            res, used, trace = arena.traced(j, changes)
        else:
            games, k = where[j]
            res, used, trace = games.result(k), games.used(k), games.states(k)
            if start is not None:
                trace.insert(0, start)
        arena.traces[j] = trace
        if arena.keep_order:
            opp = slots[j][0]
            arena.unlink(j)
            arena.link(j, opp, res, used)
            continue
        was = slots[j][2]
        relink(index, j, was - used, used - was)
        keep_game(arena, j, res, used, counted, single, cat)
    if counted:
        arena.tally = replayed.tally.copy()
        arena.reset_caches()
    if not arena.keep_order:
        for chunk, games in replayed.batches:
            set_arrays(arena, chunk, games)


def relink(index: dict, j: int, removed, added) -> None:
    """Slot j's game no longer consults ``removed`` and now consults ``added``: the index
    ({state: slots}) updated, in the order of both."""
    for s in removed:
        ids = index[s]
        ids.discard(j)
        if not ids:
            del index[s]
    for s in added:
        index.setdefault(s, set()).add(j)


def changed_states(old: list, new: list, was: set, changes: dict, q: int,
                   again: int) -> tuple[set, set, set]:
    """A replayed game's consulted states from its kept ones: (used, removed, added). ``old`` and
    ``new``: the kept and the new trace, the same up to the first changed state where the learner
    moves (``transit.diverge``); ``was``: the kept consulted states (left unchanged); ``q``: the
    first position where the learner moves; positions below ``again`` hold the states a game may
    pass twice (never checked for a repeat: the start and, if the cat moves first, the state
    after its first move); a game passes every other state once."""
    t = diverge(old, was, changes)
    if t is None:                                # (not in a replay) all of them
        t = q
    before, after = set(old[t:len(old) - 1:2]), set(new[t:len(new) - 1:2])
    removed, added = before - after, after - before
    for p in range(min(again, t)):               # states a game may pass twice, before t
        if (t - p) % 2 == 0:
            removed.discard(old[p])
            added.discard(old[p])
    used = was.copy()
    used.difference_update(removed)
    used.update(added)
    return used, removed, added


def keep_game(arena, j: int, res: tuple, used: set, counted: bool, single: bool, cat: bool) -> None:
    """Slot j's new game (its index entries already updated): ``record`` written out when the
    trial's tally is kept (``counted``), else ``record`` with the game counted."""
    opp, old, _ = arena.slots[j]
    if not counted:
        arena.tally.add(old, -1)
        arena.record(j, opp, res, used, single)
        return
    arena.slots[j] = [opp, res, used]
    arena.bad[j] = b = res[0] != cat
    (arena.bad_slots.add if b else arena.bad_slots.discard)(j)
    if single:
        arena.rank[j] = badness(arena.side, res)
        arena.results[:, j] = res


def commit_whole(arena, changes: dict, replayed: FastReplayed) -> None:
    """``commit`` as first written (the benchmark's baseline): every kept game's states and
    consulted set read whole, the index diffed on whole sets, every game counted again."""
    arena.apply(changes)
    where = {j: (games, k) for chunk, games in replayed.batches for k, j in enumerate(chunk)}
    for j in replayed.order:
        if j in replayed.single:
            res, used, trace = arena.traced(j, changes)
        else:
            games, k = where[j]
            res, used, trace = games.result(k), games.used(k), games.states(k)
            if arena.transit.cat_first:
                trace.insert(0, arena.transit.start)
        arena.traces[j] = trace
        opp, old, was = arena.slots[j]
        if arena.keep_order:
            arena.unlink(j)
            arena.link(j, opp, res, used)
            continue
        arena.tally.add(old, -1)
        relink(arena.index, j, was - used, used - was)
        arena.record(j, opp, res, used)
