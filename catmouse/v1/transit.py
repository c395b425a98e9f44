"""Version-1 games on transition tables: ``games.play_flat``'s game with one lookup per half move.

A table is turned into its transitions (``trans[s]``: the state after its owner moves from state
``s = cat cell * n + mouse cell``), so a half move is one index instead of a cell lookup, a move
lookup and a multiplication. ``outcome`` plays for the result only (what scoring a candidate
needs); ``consulted`` also returns the states where the learner was consulted, built in the same
order as ``games.play_flat`` (so the sets are equal and iterate alike). Results equal
``play_flat`` (the tests' oracle).
"""

from __future__ import annotations

from array import array

import numpy as np

from catmouse.rules import manhattan
from catmouse.v1.games import FlatBoard


def code_array(codes) -> np.ndarray:
    """A table's direction codes (0..3) as a numpy array; a list goes through ``bytearray``, ten
    times faster than ``np.asarray`` (the trainers convert a 4,096-cell table per new opponent)."""
    if isinstance(codes, list):
        return np.frombuffer(bytearray(codes), dtype=np.uint8)
    if isinstance(codes, (bytes, bytearray)):      # (``FastArena`` keeps its opponents so)
        return np.frombuffer(codes, dtype=np.uint8)
    return np.asarray(codes, dtype=np.int64)


class Transit:
    """What the transition games need of a board: the start, end distances, and table converters."""

    def __init__(self, board: FlatBoard):
        n = board.n
        self.board, self.n1 = board, n + 1          # s % (n + 1) == 0 exactly when cat == mouse
        self.start = board.start_c * n + board.start_m
        self.cat_first = board.cat_first
        s = np.arange(n * n)
        self.cat_cell, self.mouse_cell = s // n, s % n
        self.dist = manhattan(self.cat_cell, self.mouse_cell, board.rows).tolist()
        self.moves = np.array(board.moves, dtype=np.int64)
        self.typecode = "h" if n * n <= 2 ** 15 else "i"

    def transitions(self, codes, mover: str) -> np.ndarray:
        """``mover``'s table ``codes`` (flat) as transitions, for every state."""
        codes = code_array(codes)
        n = self.board.n
        if mover == "cat":
            return self.moves[self.cat_cell, codes] * n + self.mouse_cell
        return self.cat_cell * n + self.moves[self.mouse_cell, codes]

    def compact(self, codes, mover: str) -> array:
        """Transitions as a compact ``array`` (an opponent's, kept for many games)."""
        return array(self.typecode, self.transitions(codes, mover).astype(self.typecode).tobytes())

    def steps(self, mover: str) -> list:
        """``steps(mover)[code][s]``: the state after ``mover`` plays ``code`` in state ``s`` (for
        illegal moves a value never read)."""
        n = self.board.n
        return [self.compact(np.full(n * n, code), mover) for code in range(4)]

    def outcome(self, cat_t, mouse_t) -> tuple:
        """(cat won, rounds, distance) of the game between two transition tables."""
        s = cat_t[self.start] if self.cat_first else self.start
        return self.play_on(cat_t, mouse_t, s, set(), 0)

    def play_on(self, cat_t, mouse_t, s: int, seen: set, r: int) -> tuple:
        """``outcome`` of the game from state ``s`` with the mouse to move in round ``r``,
        ``seen`` holding the states already passed (updated in place)."""
        n1, dist = self.n1, self.dist
        while True:          # the two half moves written out, as in ``play_flat``
            s = mouse_t[s]
            if s in seen:
                return (False, r, dist[s])
            seen.add(s)
            if not s % n1:
                return (True, r, 0)
            s = cat_t[s]
            if s in seen:
                return (False, r, dist[s])
            seen.add(s)
            if not s % n1:
                return (True, r, 0)
            r += 1

    def consulted(self, cat_t, mouse_t, cat_learns: bool) -> tuple[tuple, set]:
        """``outcome`` and the states where the learner was consulted (``play_flat``'s ``used``)."""
        n1, dist = self.n1, self.dist
        seen, used = set(), set()
        s = self.start
        if self.cat_first:
            if cat_learns:
                used.add(s)
            s = cat_t[s]
        r = 0
        while True:
            if not cat_learns:
                used.add(s)
            s = mouse_t[s]
            if s in seen:
                return (False, r, dist[s]), used
            seen.add(s)
            if not s % n1:
                return (True, r, 0), used
            if cat_learns:
                used.add(s)
            s = cat_t[s]
            if s in seen:
                return (False, r, dist[s]), used
            seen.add(s)
            if not s % n1:
                return (True, r, 0), used
            r += 1

    def resume(self, cat_t, mouse_t, trace: list, t: int, cat_learns: bool) -> tuple:
        """``outcome`` of a game that repeats ``trace`` (an earlier game's states, the start first)
        up to position ``t``, where the learner is to move, and goes on with the tables given
        (they differ from the earlier game's only from there on)."""
        if t == 0 and self.cat_first:                  # the cat's first move is never checked
            return self.outcome(cat_t, mouse_t)
        cat_first, n1, dist = self.cat_first, self.n1, self.dist
        seen = set(trace[2 if cat_first else 1:t + 1])
        r = (t - 1) // 2 if cat_first else t // 2
        s = trace[t]
        if cat_learns:
            s = cat_t[s]
            if s in seen:
                return (False, r, dist[s])
            seen.add(s)
            if not s % n1:
                return (True, r, 0)
            r += 1
        return self.play_on(cat_t, mouse_t, s, seen, r)

    def traced(self, cat_t, mouse_t, cat_learns: bool, trace: list | None = None,
               t: int = 0) -> tuple:
        """``resume`` (from the start if no ``trace``) with the consulted states, in
        ``play_flat``'s order, and the new game's trace: (result, used, trace)."""
        cat_first, start = self.cat_first, self.start
        if trace is None or (t == 0 and cat_first):
            trace = [start]
            if cat_first:
                trace.append(cat_t[start])
                used = {start} if cat_learns else {trace[1]}
            else:
                used = set() if cat_learns else {start}
            seen, r, cat_next = set(), 0, False
        else:
            q = 0 if cat_learns == cat_first else 1    # positions where the learner is to move
            used = set(trace[q:t + 1:2])
            seen = set(trace[2 if cat_first else 1:t + 1])
            trace = trace[:t + 1]
            r = (t - 1) // 2 if cat_first else t // 2
            cat_next = cat_learns
        n1, dist = self.n1, self.dist
        s = trace[-1]
        while True:
            s = cat_t[s] if cat_next else mouse_t[s]
            trace.append(s)
            if s in seen:
                return (False, r, dist[s]), used, trace
            seen.add(s)
            if not s % n1:
                return (True, r, 0), used, trace
            if cat_next:
                r += 1
            cat_next = not cat_next
            if cat_next == cat_learns:
                used.add(s)


def diverge(trace: list, used: set, changed) -> int | None:
    """The first position of ``trace`` where the learner is to move on one of the ``changed``
    states (None: the game does not consult them). That is the first position of any of them in
    ``used``: a half move changes the Manhattan distance by exactly one, so a state (its distance
    fixed) always comes with the same side to move, and each state of ``used`` (the learner's)
    comes before the game's end."""
    hits = used.intersection(changed)
    return min(map(trace.index, hits)) if hits else None
