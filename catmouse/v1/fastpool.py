"""The pool arena with the same scores, found with less work (``FastArena``; ``pool.Arena``, the
tests' oracle). None of these changes alters a score, a kept candidate or a trainer's draws:

* games on transition tables (``v1.transit``), each slot's last game kept as its trace, so a
  candidate's game is replayed from the first state it changes; consulted states are only worked
  out for a committed candidate, in the order the oracle adds them;
* a replay with a score to beat checks first the slots that stopped the latest candidates
  ("killers"), then the games now lost (they use up the optimistic count's slack), then the
  others. Stopping early returns None only when the score is below ``beat`` whatever the order,
  and games are committed in the oracle's order, so index and tallies evolve identically;
* the worst slot is an ``argmin`` over one number per slot, kept up to date; sequential
  proposals walk on transition tables (``v1.walk``, compiled: ``v1.fastwalk``); with
  ``keep_order=False`` a commit only touches the states a game stops or starts consulting.
"""

from __future__ import annotations

from itertools import chain, islice

import numpy as np

from catmouse.v1 import keep, pool
from catmouse.v1.fastscan import compiled_scan
from catmouse.v1.games import FlatBoard
from catmouse.v1.keep import ABSENT, FastReplayed, badness
from catmouse.v1.speed import FAST, Speed
from catmouse.v1.transit import Transit, diverge
from catmouse.v1.walk import walk

KILLERS = 32         # slots remembered for having stopped a candidate
COMPILED_MIN = 8     # with compiled games (``fast.lockstep``): at least this many for a lockstep call
SINGLES = 4          # and the head's first games (killers first) one by one before that call


def unique(items):
    """``items`` without repeats, in order (lazily)."""
    seen = set()
    for j in items:
        if j not in seen:
            seen.add(j)
            yield j


class FastArena(pool.Arena):
    """``pool.Arena`` with resumed transition-table games, killer-first replays, a kept worst."""

    def __init__(self, side: str, table: list, board: FlatBoard, keep_order: bool = True,
                 speed: Speed = FAST):
        """``keep_order``: the index in ``pool.Arena``'s order, which ``cells`` (non-sequential
        proposals) reads; False: same contents, other orders, and ``cells`` refuses."""
        super().__init__(side, table, board, speed)
        self.keep_order = keep_order
        self.transit = Transit(board)
        self.mover = "mouse" if side == "cat" else "cat"
        self.moved = self.transit.transitions(table, side)    # = trans, as an array
        self.codes = np.array(table, dtype=np.int64)          # = table, as an array
        self.walk_arrays = None                      # the compiled walk's (``v1.fastwalk``)
        self.trans = self.moved.tolist()
        self.steps = self.transit.steps(side)        # [code][state]: the learner's next state
        self.opponents: dict[int, object] = {}      # slot -> its opponent's compact transitions
        self.rank = np.full(64, ABSENT, dtype=np.int64)
        self.results = np.zeros((3, 64), dtype=np.int64)   # by slot: won, rounds, distance
        self.top = -1                               # the largest slot number used so far
        self.ascending = True                       # slots entered in increasing order
        self.killers: list[int] = []
        self.traces: dict[int, list] = {}            # slot -> its game's states, the start first
        self.changed: dict = {}                      # the cells a trial changes
        self.learner_first = (side == "cat") == board.cat_first
        self.bad_slots: set[int] = set()            # slots whose game is lost (cat) / caught (mouse)

    def record(self, j: int, opponent, res, used, arrays: bool = True) -> None:
        """``pool.Arena.record``; ``arrays`` False: the caller sets ``rank`` and ``results``
        (``set_arrays``) for slot j, already in use."""
        if not arrays:
            pool.Arena.record(self, j, opponent, res, used)
            (self.bad_slots.add if self.bad[j] else self.bad_slots.discard)(j)
            return
        if j not in self.slots:
            self.ascending &= j > self.top
            self.top = max(self.top, j)
            if j >= len(self.rank):
                size = len(self.rank)
                self.rank = np.concatenate([self.rank, np.full(size + j, ABSENT, np.int64)])
                self.results = np.concatenate([self.results, np.zeros((3, size + j), np.int64)],
                                              axis=1)
        super().record(j, opponent, res, used)
        self.rank[j] = badness(self.side, res)
        self.results[:, j] = res
        (self.bad_slots.add if self.bad[j] else self.bad_slots.discard)(j)

    def reset_caches(self) -> None:
        """Forget the consulted cells and the worst slot (games changed)."""
        self._cells = self._worst = None

    def forget(self, j: int) -> None:
        super().forget(j)
        self.opponents.pop(j, None)
        self.traces.pop(j, None)
        self.rank[j] = ABSENT
        self.bad_slots.discard(j)

    def cells(self) -> list:
        if not self.keep_order:
            raise RuntimeError("cells() needs the index in pool.Arena's order: keep_order=True")
        return super().cells()

    def worst(self) -> int:
        if not self.ascending:
            return super().worst()
        if self._worst is None:          # (reset by ``record`` and ``drop_oldest``)
            self._worst = int(np.argmin(self.rank[:self.top + 1]))
        return self._worst

    def replay_all(self) -> None:
        self.moved = self.transit.transitions(self.table, self.side)
        self.codes = np.array(self.table, dtype=np.int64)
        self.trans = self.moved.tolist()
        super().replay_all()

    def apply(self, changes: dict) -> None:
        """Set cells of the learner's table, and its transitions with them."""
        table, trans, steps, moved = self.table, self.trans, self.steps, self.moved
        codes = self.codes
        for s, code in changes.items():
            table[s] = codes[s] = code
            trans[s] = moved[s] = steps[code][s]

    def opponent(self, j: int):
        """Slot j's opponent as compact transitions (made once)."""
        t = self.opponents.get(j)
        if t is None:
            t = self.opponents[j] = self.transit.compact(self.slots[j][0], self.mover)
        return t

    def tables(self, j: int) -> tuple:
        """(cat, mouse) transitions of slot j's game with the learner's table as it stands."""
        opp = self.opponent(j)
        return (self.trans, opp) if self.side == "cat" else (opp, self.trans)

    def outcome(self, j: int) -> tuple:
        """The result of slot j's game with the learner's table as it stands (changed at
        ``self.changed`` since the game was kept): replayed from the first changed state on."""
        trace = self.traces[j]
        t = diverge(trace, self.slots[j][2], self.changed)
        return self.transit.resume(*self.tables(j), trace, t or 0, self.side == "cat")

    def traced(self, j: int, changed=None, after=None) -> tuple:
        """Slot j's game: (result, the learner's consulted states as ``game`` gives them, trace);
        ``changed``: the states changed since the game was kept (None: not known), or since the
        game ``after`` (an earlier answer for slot j)."""
        trace, used = (self.traces[j], self.slots[j][2]) if after is None else after[2:0:-1]
        t = None if changed is None else diverge(trace, used, changed)
        return self.transit.traced(*self.tables(j), self.side == "cat",
                                   None if t is None else trace, t or 0)

    consulted = traced
    walk = walk                          # sequential proposals: ``v1.walk``, the same changes

    def set_slot(self, j: int, opponent: list) -> None:
        if isinstance(opponent, list):       # kept as bytes (a 4,096-cell list takes 32 KB)
            opponent = bytes(opponent)
        if j in self.slots:
            self.unlink(j)
            self.forget(j)
        self.opponents[j] = self.transit.compact(opponent, self.mover)
        res, used, self.traces[j] = self.transit.traced(*self.tables(j), self.side == "cat")
        self.link(j, opponent, res, used)

    def promote(self, j: int) -> None:
        """Slot j stopped a candidate: check it first from now on."""
        if j in self.killers:
            self.killers.remove(j)
        self.killers.insert(0, j)
        del self.killers[KILLERS:]

    def each(self, js, done: dict, upper: int, beat: tuple | None, limit: int) -> int | None:
        """Play the games of slots ``js`` not in ``done`` one by one, until ``done`` holds
        ``limit``: the optimistic count of good games after them, or None as soon as ``beat`` can
        no longer be exceeded (``pool.Arena.replay``'s rule)."""
        cat = self.side == "cat"
        for j in js:
            if len(done) >= limit:
                break
            if j in done:
                continue
            res = done[j] = self.outcome(j)
            if res[0] != cat:                # not good now: the optimistic count drops
                upper -= 1
            if beat is not None and (upper < beat[0] or (upper == beat[0] and res[0] and (
                    res[1] > -beat[1] if cat else res[1] < beat[1]))):
                self.promote(j)
                return None
        return upper

    def scan(self, sets: list, beat: tuple | None) -> FastReplayed | None:
        """The games of the slots in the union of ``sets`` with ``pool.Arena.replay``'s stopping
        rule, checked in another order: the killers, then the games now lost (cat) or caught
        (mouse), which use up the slack of the optimistic count, then the others; the union is
        only made for a candidate that is not stopped among the head's games; chunks as
        ``speed.scan_chunks`` says."""
        cat = self.side == "cat"
        one = sets[0] if len(sets) == 1 else None
        if one is not None:
            bad, size = self.bad_slots & one, len(one)
        else:
            bad = set().union(*(self.bad_slots & ids for ids in sets))
            size = sum(map(len, sets))                 # at least the union's size
        good = self.tally.won if cat else self.tally.games - self.tally.won
        upper = good + len(bad)
        out = FastReplayed()
        done = out.single
        plan, lock = self.speed.scan_chunks, self.speed.lockstep
        fewest = COMPILED_MIN if lock else plan.lockstep_min
        head = plan.head if size >= plan.lockstep_min else size
        if beat is None and lock and size >= plan.lockstep_min:
            head = 0                         # nothing to stop: all in lockstep
        taken = ()                           # the head's slots when played in one compiled call
        if head:
            first = (j for j in self.killers if any(j in ids for ids in sets))   # lazily: the
            slots = chain(first, bad, *sets)                                      # first may stop
            if lock and head >= fewest:  # the killers one by one (a
                slots = unique(slots)        # candidate often stops there), then the others
                upper = self.each(islice(slots, SINGLES), done, upper, beat, SINGLES)
                if upper is not None:        # (else stopped: no need to draw the others)
                    taken = dict.fromkeys(islice(slots, head - len(done)))
                    upper = self.batch(list(taken), upper, beat, out) if taken else upper
            else:
                upper = self.each(slots, done, upper, beat, head)
            if upper is None:
                return None
        ids = one if one is not None else set().union(*sets)
        rest = [j for j in ids if j not in done and j not in taken]
        start, width = 0, plan.first
        while start < len(rest):
            chunk = rest[start:start + width]
            start, width = start + len(chunk), width * plan.growth
            if len(chunk) < fewest or not lock:    # too few for a lockstep call
                upper = self.each(chunk, done, upper, beat, len(done) + len(chunk))
            else:
                upper = self.batch(chunk, upper, beat, out)
            if upper is None:
                return None
        out.order = list(ids)
        return out

    def single(self, changes: dict, beat: tuple | None) -> FastReplayed | None:
        """``scan`` in an arena of one slot: its game, if it consults a changed state (``replay``
        is ``pool.Arena``'s: a trial only scans)."""
        out, j = FastReplayed(), self.slot_ids()[0]
        if any(s in self.index for s in changes):
            good = self.tally.won if self.side == "cat" else self.tally.games - self.tally.won
            if self.each((j,), out.single, good + self.bad[j], beat, 1) is None:
                return None
            out.order = [j]
        return out

    def batch(self, chunk: list, upper: int, beat: tuple | None, out: FastReplayed) -> int | None:
        """``each`` for the slots ``chunk`` in one lockstep call, its games kept in ``out``."""
        games = self.lockstep(chunk, self.moved, upper, beat)
        if games.stop >= 0:
            self.promote(chunk[games.stop])
            return None
        out.batches.append((chunk, games))
        return upper - int(np.count_nonzero(games.won != (self.side == "cat")))

    def trial(self, changes: dict, beat: tuple | None = None):
        """``pool.Arena.trial``: (key, games) of the table with ``changes``, or (None, None)."""
        one = len(self.slots) == 1           # one game (the mouse's): no scan needed
        sets = [] if one else [self.index[s] for s in changes if s in self.index]
        trans, moved, steps, table = self.trans, self.moved, self.steps, self.table
        for s, code in changes.items():      # the games read only the transitions
            trans[s] = moved[s] = steps[code][s]
        self.changed = changes
        try:
            scan = compiled_scan if self.speed.compiled_scan else FastArena.scan
            replayed = self.single(changes, beat) if one else scan(self, sets or [set()], beat)
        finally:
            for s in changes:
                trans[s] = moved[s] = steps[table[s]][s]
            self.changed = {}
        if replayed is None:
            return None, None
        if len(sets) == 1:                   # the oracle's order: that of a copy, not of the index
            replayed.order = list(set().union(sets[0]))
        tally = self.tally.copy()
        replayed.base = None if self.keep_order else self.tally.copy()
        for j, res in replayed.single.items():
            tally.add(self.slots[j][1], -1)
            tally.add(res)
        for chunk, games in replayed.batches:
            won, rounds, dist = self.results[:, np.fromiter(chunk, np.int64, len(chunk))]
            tally.add_arrays(won.astype(bool), rounds, dist, -1)
            games.add_to(tally)
        replayed.tally = tally
        return self.key(tally), replayed

    def commit(self, changes: dict, replayed: FastReplayed) -> None:
        """Apply a trial's changes and keep its games, in the oracle's order (``v1.keep``)."""
        keep.commit(self, changes, replayed)
