"""Many version-1 games of one learner table against pool opponents, played in lockstep in numpy.

A table is turned into its transition array (the state after its owner moves, for every state),
so a half move of all running games is one gather. One lookup in a per-game seen array, kept
between calls with the capture states marked ahead, finds both ends (a repeated position, a
capture); games that end are dropped from the running set. Every game's states are kept, so the
states at which the learner was consulted (``play_flat``'s ``used``) are read off only for the
games a trainer keeps. Results equal ``games.play_flat`` (the tests' oracle).
"""

from __future__ import annotations

import numpy as np

from catmouse.rules import manhattan
from catmouse.v1 import jit
from catmouse.v1.games import FlatBoard
from catmouse.v1.transit import code_array


class Store:
    """Opponents' transition arrays in the rows of one array, by slot, filled on demand."""

    def __init__(self, lockstep: Lockstep, mover: str):
        self.lockstep, self.mover = lockstep, mover
        nn = lockstep.board.n ** 2              # int16 halves the memory of a large pool
        self.trans = np.empty((0, nn), dtype=np.int16 if nn <= 2 ** 15 else np.int32)
        self.rows: dict[int, int] = {}
        self.row_of = np.full(64, -1, dtype=np.int64)    # the rows by slot number (-1: none)
        self.free: list[int] = []

    def forget(self, j: int) -> None:
        """Slot j's opponent changed or left."""
        row = self.rows.pop(j, None)
        if row is not None:
            self.free.append(row)
            self.row_of[j] = -1

    def rows_of(self, ids: list, opponent) -> np.ndarray:
        """The rows of slots ``ids``; ``opponent(j)`` gives the table of a slot not stored yet."""
        slots = np.fromiter(ids, np.int64, len(ids))
        if len(slots) and slots.max() < len(self.row_of):
            rows = self.row_of[slots]
            if rows.min() >= 0:
                return rows
        for j in ids:
            if j not in self.rows:
                if not self.free:
                    size = len(self.trans)
                    grown = max(64, 2 * size)
                    self.free = list(range(grown - 1, size - 1, -1))
                    self.trans = np.concatenate(
                        [self.trans, np.empty((grown - size, self.trans.shape[1]),
                                              self.trans.dtype)])
                row = self.rows[j] = self.free.pop()
                self.trans[row] = self.lockstep.transitions(opponent(j), self.mover)
                if j >= len(self.row_of):
                    self.row_of = np.concatenate([self.row_of, np.full(j + len(self.row_of) + 1,
                                                                       -1, np.int64)])
                self.row_of[j] = row
        return np.fromiter(map(self.rows.__getitem__, ids), np.int64, len(ids))


class Lockstep:
    """A board's arrays for batched games: moves, captures and end distances by state;
    ``compiled``: play them with ``v1.jit`` (else in numpy, ``play_numpy``)."""

    def __init__(self, board: FlatBoard, compiled: bool = True):
        self.board, self.compiled = board, compiled
        n = board.n
        self.moves = np.array(board.moves, dtype=np.int64)
        s = np.arange(n * n)
        self.cat_cell, self.mouse_cell = s // n, s % n
        self.capture = self.cat_cell == self.mouse_cell
        self.distance = manhattan(self.cat_cell, self.mouse_cell, board.rows)
        self.start = board.start_c * n + board.start_m
        self.seen = np.zeros(0, dtype=bool)

    def transitions(self, codes, mover: str) -> np.ndarray:
        """The state after ``mover`` plays its table ``codes`` (flat, by state), for every state."""
        codes = code_array(codes)
        n = self.board.n
        if mover == "cat":
            return (self.moves[self.cat_cell, codes] * n + self.mouse_cell).astype(np.int32)
        return (self.cat_cell * n + self.moves[self.mouse_cell, codes]).astype(np.int32)

    def play(self, learner: np.ndarray, pool: np.ndarray, rows: np.ndarray, cat_learns: bool,
             upper: int = 0, beat: tuple | None = None) -> Games:
        """One game of the learner's transitions against each ``pool[rows]`` (opponents'):
        compiled (``v1.jit``) if ``compiled``, else ``play_numpy`` (same games). With ``beat``,
        ``stop`` of the answer is the first game at which ``FastArena.scan`` stops a candidate
        (``upper``: the optimistic count before them; -1: none), and the compiled games end there."""
        if not self.compiled:
            games = self.play_numpy(learner, pool, rows, cat_learns)
            games.stop = -1 if beat is None else first_stop(games, upper, beat, cat_learns)
            return games
        won, rounds, dist, states, offsets, stop = jit.first_call(
            "catmouse's lockstep games", jit.compiled(),
            np.asarray(learner, dtype=np.int64), pool, np.asarray(rows, dtype=np.int64),
            self.start, self.board.cat_first, cat_learns, self.capture, self.distance, upper,
            *(beat[:2] if beat is not None else (0, 0)), beat is not None)
        games = FlatGames(won, rounds, dist, states, offsets, cat_learns,
                          self.start if cat_learns and self.board.cat_first else None)
        games.stop = stop
        return games

    def play_numpy(self, learner: np.ndarray, pool: np.ndarray, rows: np.ndarray,
                   cat_learns: bool) -> Games:
        """``play`` in numpy: all running games one half move per call."""
        nn = self.board.n ** 2
        g = len(rows)
        if len(self.seen) < g * nn:          # True only at capture states between calls
            self.seen = np.zeros(g * nn, dtype=bool)
            self.seen.reshape(g, nn)[:, np.flatnonzero(self.capture)] = True
        seen = self.seen
        flat = pool.reshape(-1)
        act = np.arange(g)
        base, mark = rows.astype(np.int64) * nn, act * nn
        s = np.full(g, self.start, dtype=np.int64)
        if self.board.cat_first:
            s = learner[s] if cat_learns else flat[base + s]
        path = [(act, s)]                    # (games, their states) after each half move
        keys, caught = [], []
        won = np.zeros(g, dtype=bool)
        rounds = np.zeros(g, dtype=np.int64)
        dist = np.zeros(g, dtype=np.int64)
        r = 0
        while act.size:
            for cat_moves in (False, True):
                s = learner[s] if cat_moves == cat_learns else flat[base + s]
                path.append((act, s))
                key = mark + s
                keys.append(key)
                done = seen[key]                 # a repeat, or a capture (marked ahead)
                seen[key] = True
                if np.count_nonzero(done):       # faster than any() on small arrays
                    d, end = act[done], s[done]
                    cap = self.capture[end]
                    caught.append(key[done][cap])
                    won[d] = cap
                    rounds[d] = r
                    dist[d] = np.where(cap, 0, self.distance[end])
                    keep = ~done
                    act, s, base, mark = act[keep], s[keep], base[keep], mark[keep]
                    if not act.size:
                        break
            r += 1
        seen[np.concatenate(keys)] = False
        if caught:
            seen[np.concatenate(caught)] = True
        return Games(won, rounds, dist, path, cat_learns,
                     self.start if cat_learns and self.board.cat_first else None)


def first_stop(games: Games, upper: int, beat: tuple, cat: bool) -> int:
    """The first game at which ``FastArena.scan``'s rule stops a candidate (-1: none)."""
    seq = upper - np.cumsum(games.won != cat)
    slow = games.won & (games.rounds > -beat[1] if cat else games.rounds < beat[1])
    stop = (seq < beat[0]) | ((seq == beat[0]) & slow)
    return int(np.argmax(stop)) if stop.any() else -1


class Games:
    """Outcomes of a batch of games; ``used(k)``: the states where game k consulted the learner."""

    def __init__(self, won, rounds, dist, path, cat_learns, start):
        self.won, self.rounds, self.dist, self.path = won, rounds, dist, path
        self.first, self.start = 1 if cat_learns else 0, start
        self.hist = self.length = None

    def _states(self) -> None:
        """Each game's states in a row (built once, when the first used set is asked for)."""
        g = len(self.won)
        self.hist = np.empty((g, len(self.path)), dtype=np.int64)
        self.length = np.zeros(g, dtype=np.int64)
        for t, (act, s) in enumerate(self.path):
            self.hist[act, t] = s
            self.length[act] = t + 1

    def add_to(self, tally, sign: int = 1) -> None:
        """Add (or with sign -1 remove) all results to a ``tally.Tally`` at once."""
        tally.add_arrays(self.won, self.rounds, self.dist, sign)

    def results(self) -> list:
        """(cat won, rounds, distance) per game, as ``play_flat`` returns them."""
        return list(zip(self.won.tolist(), self.rounds.tolist(), self.dist.tolist()))

    def result(self, k: int) -> tuple:
        """Game k's (cat won, rounds, distance)."""
        return (bool(self.won[k]), int(self.rounds[k]), int(self.dist[k]))

    def states(self, k: int) -> list:
        """Game k's states after each half move (from the cat's first move if it moves first)."""
        if self.hist is None:
            self._states()
        return self.hist[k, :self.length[k]].tolist()

    def used(self, k: int) -> set:
        """The learner's consulted states in game k: its before-move states, the end excluded
        (added in the order ``play_flat`` adds them, so the set iterates alike)."""
        if self.hist is None:
            self._states()
        states = self.hist[k, self.first:self.length[k] - 1:2].tolist()
        if self.start is not None:
            states.insert(0, self.start)
        return set(states)


class FlatGames(Games):
    """``Games`` whose states come as one flat array with each game's offsets (``v1.jit``)."""

    def __init__(self, won, rounds, dist, flat, offsets, cat_learns, start):
        super().__init__(won, rounds, dist, None, cat_learns, start)
        self.flat, self.offsets = flat, offsets

    def states(self, k: int) -> list:
        return self.flat[self.offsets[k]:self.offsets[k + 1]].tolist()

    def used(self, k: int) -> set:
        states = self.flat[self.offsets[k] + self.first:self.offsets[k + 1] - 1:2].tolist()
        if self.start is not None:
            states.insert(0, self.start)
        return set(states)
