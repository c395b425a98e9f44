"""Many version-1 games of one learner table against pool opponents in one call ("lockstep").

A table is turned into its transition array (the state after its owner moves, for every state);
the games are played one after another by the compiled loop of ``fast.lockstep``, the one lockstep path.
Every game's states are kept, so the states at which the learner was consulted (``play_flat``'s
``used``) are read off only for the games a trainer keeps. Results, states and consulted states
equal ``games.play_flat``'s, game by game (the tests' oracle).
"""

from __future__ import annotations

import numpy as np

from catmouse.fast.lockstep import compiled, first_call
from catmouse.rules import manhattan
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
    """A board's arrays for batched games: moves, captures and end distances by state."""

    def __init__(self, board: FlatBoard):
        self.board = board
        n = board.n
        self.moves = np.array(board.moves, dtype=np.int64)
        s = np.arange(n * n)
        self.cat_cell, self.mouse_cell = s // n, s % n
        self.capture = self.cat_cell == self.mouse_cell
        self.distance = manhattan(self.cat_cell, self.mouse_cell, board.rows)
        self.start = board.start_c * n + board.start_m

    def transitions(self, codes, mover: str) -> np.ndarray:
        """The state after ``mover`` plays its table ``codes`` (flat, by state), for every state."""
        codes = code_array(codes)
        n = self.board.n
        if mover == "cat":
            return (self.moves[self.cat_cell, codes] * n + self.mouse_cell).astype(np.int32)
        return (self.cat_cell * n + self.moves[self.mouse_cell, codes]).astype(np.int32)

    def play(self, learner: np.ndarray, pool: np.ndarray, rows: np.ndarray, cat_learns: bool,
             upper: int = 0, beat: tuple | None = None) -> Games:
        """One game of the learner's transitions against each ``pool[rows]`` (opponents'), compiled
        (``fast.lockstep``). With ``beat``, ``stop`` of the answer is the first game at which
        ``FastArena.scan`` stops a candidate (``upper``: the optimistic count before them; -1:
        none), and the games end there."""
        won, rounds, dist, states, offsets, stop = first_call(
            "catmouse's lockstep games", compiled(),
            np.asarray(learner, dtype=np.int64), pool, np.asarray(rows, dtype=np.int64),
            self.start, self.board.cat_first, cat_learns, self.capture, self.distance, upper,
            *(beat[:2] if beat is not None else (0, 0)), beat is not None)
        games = Games(won, rounds, dist, states, offsets, cat_learns,
                      self.start if cat_learns and self.board.cat_first else None)
        games.stop = stop
        return games


class Games:
    """Outcomes of a batch of games, their states as one flat array with each game's offsets;
    ``used(k)``: the states where game k consulted the learner."""

    def __init__(self, won, rounds, dist, flat, offsets, cat_learns, start):
        self.won, self.rounds, self.dist = won, rounds, dist
        self.flat, self.offsets = flat, offsets
        self.first, self.start = 1 if cat_learns else 0, start

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
        """Game k's states after each half move (from the cat's first move if it moves first, else
        from the start)."""
        return self.flat[self.offsets[k]:self.offsets[k + 1]].tolist()

    def used(self, k: int) -> set:
        """The learner's consulted states in game k: its before-move states, the end excluded
        (added in the order ``play_flat`` adds them, so the set iterates alike)."""
        states = self.flat[self.offsets[k] + self.first:self.offsets[k + 1] - 1:2].tolist()
        if self.start is not None:
            states.insert(0, self.start)
        return set(states)
