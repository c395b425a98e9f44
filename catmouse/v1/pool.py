"""One learner's games against a pool of opponent tables, scored incrementally.

A score is lexicographic over the games' results (``cat_key``, ``mouse_key``) and reduces to the
article's acceptance rules for a single game. An inverted index (learner state -> games that
consult it) finds the games a change to the learner's table can affect; only those are
replayed (``Arena.replay``, the one place where pool games are played for a candidate). Large
replays are played in lockstep, compiled (``v1.batch``), with the same results.
"""

from __future__ import annotations

import numpy as np

from catmouse.v1.batch import Games, Lockstep, Store
from catmouse.v1.games import FlatBoard, other_moves, play_flat
from catmouse.v1.speed import FAST, Speed
from catmouse.v1.tally import Tally, cat_key, mouse_key, worst_first


class Arena:
    """The learner's (``side``'s) flat table against opponent tables in numbered slots (slot 0:
    the opponent's current table, then the hall of fame in order of entry).

    ``slots[j]`` is ``[opponent, result, used states]``; ``index`` maps each state to the slots
    whose game consults it. ``speed``: whether and how replays play games in lockstep.
    """

    def __init__(self, side: str, table: list, board: FlatBoard, speed: Speed = FAST):
        self.side, self.table, self.board, self.speed = side, table, board, speed
        self.key = cat_key if side == "cat" else mouse_key
        self.slots: dict[int, list] = {}
        self.index: dict[int, set] = {}
        self.tally = Tally()
        self.next_id = 1
        self._cells = None
        self._worst = None
        self.store = None                  # opponents' transitions for lockstep games
        self.bad = bytearray()             # by slot: 1 if its game is lost (cat) / caught (mouse)
        self.others = other_moves(board)   # [cell][code]: the other legal codes (candidates)
        self.ids = None                    # the slot numbers in order (kept until slots change)

    def game(self, opponent: list) -> tuple[tuple, set]:
        """The learner's table as it stands against ``opponent``: (result, states it consults)."""
        if self.side == "cat":
            return play_flat(self.table, opponent, self.board, True, start_seen=False)
        return play_flat(opponent, self.table, self.board, False, start_seen=False)

    def consulted(self, j: int, changed=None, after=None) -> tuple:
        """Slot j's game with the learner's table as it stands: (result, states it consults);
        ``changed`` and ``after`` (what changed since the kept game or since an earlier answer:
        hints for faster arenas) are not needed here."""
        return self.game(self.slots[j][0])

    def apply(self, changes: dict) -> None:
        """Set cells of the learner's table ({state: code})."""
        for s, code in changes.items():
            self.table[s] = code

    def unlink(self, j: int) -> None:
        _, res, used = self.slots[j]
        self.tally.add(res, -1)
        for s in used:
            ids = self.index[s]
            ids.discard(j)
            if not ids:
                del self.index[s]

    def link(self, j: int, opponent, res, used) -> None:
        self.record(j, opponent, res, used)
        for s in used:
            self.index.setdefault(s, set()).add(j)

    def record(self, j: int, opponent, res, used) -> None:
        """Slot j's game and its result, counted in the tally (the index is ``link``'s)."""
        if j not in self.slots:
            self.ids = None
        self.slots[j] = [opponent, res, used]
        if j >= len(self.bad):
            self.bad.extend(bytes(j + 1))
        self.bad[j] = res[0] != (self.side == "cat")
        self.tally.add(res)
        self._cells = self._worst = None

    def set_slot(self, j: int, opponent: list) -> None:
        """Put ``opponent`` in slot j (0: current opponent) and play its game."""
        if j in self.slots:
            self.unlink(j)
            self.forget(j)
        self.link(j, opponent, *self.game(opponent))

    def add(self, opponent: list) -> int:
        """A new slot for ``opponent``; returns its number."""
        j, self.next_id = self.next_id, self.next_id + 1
        self.set_slot(j, opponent)
        return j

    def drop_oldest(self) -> None:
        """Remove the longest-serving opponent of the hall of fame."""
        j = min(k for k in self.slots if k)
        self.unlink(j)
        self.forget(j)
        del self.slots[j]
        self._cells = self._worst = self.ids = None

    def slot_ids(self) -> list:
        """The slot numbers in order (slot 0, then the hall of fame in order of entry)."""
        if self.ids is None:
            self.ids = list(self.slots)
        return self.ids

    def replay_all(self) -> None:
        """Play every slot's game again (after the learner's table was replaced)."""
        for j, (opp, _, _) in list(self.slots.items()):
            self.set_slot(j, opp)

    def result(self, j: int) -> tuple:
        return self.slots[j][1]

    def pool(self) -> int:
        return len(self.slots)

    def cells(self) -> list:
        """States of the learner's table consulted by at least one scoring game."""
        if self._cells is None:
            self._cells = list(self.index)
        return self._cells

    def worst(self) -> int:
        """The slot whose game is the learner's worst."""
        if self._worst is None:
            self._worst = min(self.slots, key=lambda j: worst_first(self.side, self.slots[j][1]))
        return self._worst

    def score(self) -> tuple:
        return self.key(self.tally)

    def forget(self, j: int) -> None:
        if self.store is not None:
            self.store.forget(j)

    def _play(self, ids: list, learner: list) -> tuple[list, object]:
        """The games of slots ``ids``: (results, used sets) or, in lockstep, (None, ``Games``);
        ``learner`` caches the learner's transitions over one replay."""
        if not self.speed.lockstep or len(ids) < self.speed.arena_chunks.lockstep_min:
            games = [self.game(self.slots[j][0]) for j in ids]
            return [g[0] for g in games], [g[1] for g in games]
        if not learner:
            learner.append(self.lockstep_store().lockstep.transitions(self.table, self.side))
        return None, self.lockstep(ids, learner[0])

    def lockstep_store(self) -> Store:
        """The opponents' transitions for lockstep games (made on first use)."""
        if self.store is None:
            self.store = Store(Lockstep(self.board),
                               "mouse" if self.side == "cat" else "cat")
        return self.store

    def lockstep(self, ids: list, learner: np.ndarray, upper: int = 0,
                 beat: tuple | None = None) -> Games:
        """The games of slots ``ids`` in lockstep, the learner's transitions given (``upper`` and
        ``beat``: ``batch.Lockstep.play``'s early stop)."""
        store = self.lockstep_store()
        rows = store.rows_of(ids, lambda j: self.slots[j][0])
        return store.lockstep.play(learner, store.trans, rows, self.side == "cat", upper, beat)

    def _check(self, games, upper: int, beat: tuple | None) -> int | None:
        """``replay``'s early stop over a lockstep chunk: the count left, None to stop."""
        cat = self.side == "cat"
        seq = upper - np.cumsum(games.won != cat)
        if beat is not None:
            bad = games.won & (games.rounds > -beat[1] if cat else games.rounds < beat[1])
            if ((seq < beat[0]) | ((seq == beat[0]) & bad)).any():
                return None
        return int(seq[-1])

    def replay(self, ids, beat: tuple | None = None) -> Replayed | None:
        """The games of slots ``ids`` with the learner's table as it stands (``Replayed``).

        With ``beat``, None as soon as the score can no longer exceed it: too many games lost
        (cat) or caught (mouse), or a game already worse than beat's worst. Such a score would be
        below ``beat``, so stopping early never changes which candidate a trainer keeps. Games
        are checked in the order of ``ids``, in ``speed.arena_chunks``, with the same stopping point
        as one by one.
        """
        cat = self.side == "cat"
        ids = list(ids)
        good = self.tally.won if cat else self.tally.games - self.tally.won   # captures / evasions
        upper = good + sum(map(self.bad.__getitem__, ids))
        replayed, learner = Replayed(), []
        plan = self.speed.arena_chunks
        start, size = 0, (plan.head if beat is not None else len(ids))
        while start < len(ids):
            chunk = ids[start:start + size]
            size = plan.first if start == 0 else size * plan.growth
            start += len(chunk)
            results, used = self._play(chunk, learner)
            if not isinstance(used, list):   # lockstep: the same checks on arrays
                upper = self._check(used, upper, beat)
                if upper is None:
                    return None
                replayed.parts.append((chunk, None, used))
                continue
            replayed.parts.append((chunk, results, used))
            for res in results:
                if res[0] != cat:            # not good now: the optimistic count drops
                    upper -= 1
                if beat is None:
                    continue
                if upper < beat[0]:
                    return None
                if upper == beat[0] and res[0] and (res[1] > -beat[1] if cat else res[1] < beat[1]):
                    return None
        return replayed

    def trial(self, changes: dict, beat: tuple | None = None):
        """Score the table with ``changes`` applied: (key, its ``Replayed`` games), or
        (None, None) when it cannot exceed ``beat`` (see ``replay``)."""
        old = {s: self.table[s] for s in changes}
        for s, code in changes.items():
            self.table[s] = code
        try:
            replayed = self.replay(set().union(*(self.index.get(s, ()) for s in changes)), beat)
        finally:
            for s, code in old.items():
                self.table[s] = code
        if replayed is None:
            return None, None
        tally = self.tally.copy()
        for chunk, results, games in replayed.parts:
            for j in chunk:
                tally.add(self.slots[j][1], -1)
            if results is None:
                games.add_to(tally)
            else:
                for res in results:
                    tally.add(res)
        return self.key(tally), replayed

    def commit(self, changes: dict, replayed: Replayed) -> None:
        """Apply a trial's changes and keep its replayed games."""
        for s, code in changes.items():
            self.table[s] = code
        for j, res, used in replayed.games():
            opp = self.slots[j][0]
            self.unlink(j)
            self.link(j, opp, res, used)


class Replayed:
    """A trial's replayed games in order, as parts (slots, results, used sets) or, played in
    lockstep, (slots, None, ``Games``) whose results and used states are read when committed."""

    def __init__(self):
        self.parts = []

    def games(self):
        """Every game as (slot, result, used), in the order played."""
        for chunk, results, used in self.parts:
            if results is None:
                results, games = used.results(), used
                used = (games.used(k) for k in range(len(chunk)))
            yield from zip(chunk, results, used)
