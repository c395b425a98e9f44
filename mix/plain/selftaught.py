"""The self-taught player's search in plain Python: every position counted from its stones
(``counts``), scored ``weights . features`` (``PlainEvaluation``), searched by fixed-depth
alpha-beta with a transposition table and iterative deepening (``PlainSearch``), to the depth the
agent searches (``search_depth``). ``mix.SelfTaughtAgent(fast=False)`` plays by it;
``mix.fast.evalsearch`` (with ``mix.fast.threatsteps``) is its fast twin: the same
values, nodes and moves."""

from __future__ import annotations

import random

import numpy as np

from mix.board import Board, X, center_order
from mix.features import threat_slots
from mix.selftaught.evaluation import forced
from mix.selftaught.threatfeatures import SCALE, masks, tally

WIN = 1e6   # a won position, plus the plies left to search when it is found (evaluations stay
            # far below it): the quickest win and the slowest loss are preferred
TIE = 1e-9  # values this close count as equal
INF = float("inf")
WIDTH = 20  # the columns of the 10x20 board: the agent's nominal depth is its depth there
MAX_DEPTH = 24


def search_depth(b: Board, depth: int) -> int:
    """The depth that costs about ``depth`` plies with ``WIDTH`` moves to choose from: the
    deepest d >= ``depth`` with moves**d <= WIDTH**depth, never past the board's empty slots
    (nor ``MAX_DEPTH``)."""
    moves, left = len(b.legal_moves()), b.g.rows * b.g.cols - b.moves
    d, budget = min(depth, left), WIDTH ** depth
    while d < min(left, MAX_DEPTH) and moves ** (d + 1) <= budget:
        d += 1
    return d


def lowest_in_column(mask: int, g) -> int:
    """The lowest set slot of ``mask`` in each column (each shift keeps to its column)."""
    m = masks(g)
    above = (mask & m["up1"]) << 1       # slots 1 above a set slot, then 1..2, 1..4, ...
    for k, up in m["climb"]:
        above |= (above & up) << k
    return mask & ~above


def counts(stones, turn: int, g) -> list[int]:
    """The unscaled feature counts (``NAMES``) of a position with ``turn`` to move."""
    m = masks(g)
    s0, s1 = stones
    occ = s0 | s1
    empty = g.full & ~occ
    feas = (occ + g.bottom) & g.full
    above = (feas << 1) & g.full
    t = (threat_slots(s0, empty, g), threat_slots(s1, empty, g))
    lowest = lowest_in_column(t[0] | t[1], g)
    odd = m["odd"]
    wins = ([], [])
    for start, d in ((m["across"], g.height), (m["up"], 1)):
        x = (s0, s0 >> d, s0 >> 2 * d, s0 >> 3 * d)
        o = (s1, s1 >> d, s1 >> 2 * d, s1 >> 3 * d)
        wins[0].extend(tally(*x, start & ~(o[0] | o[1] | o[2] | o[3])))
        wins[1].extend(tally(*o, start & ~(x[0] | x[1] | x[2] | x[3])))
    out = [1, int(turn == X)]
    for p in (0, 1):
        tp = t[p]
        later, low = tp & ~feas, lowest & tp
        out += wins[p]
        out += [(tp & feas).bit_count(), (tp & above).bit_count(),
                (later & odd).bit_count(), (later & ~odd).bit_count(),
                (tp & (tp << 1)).bit_count(), (tp & (t[1 - p] << 1)).bit_count(),
                (low & odd).bit_count(), (low & ~odd).bit_count()]
    return out


class PlainEvaluation:
    """X's score ``weights . features`` of positions, remembered per position (a search meets
    the same position by many move orders) of one board size at a time (``use``)."""

    def __init__(self, weights, memory: int = 200_000):
        self.w, self.memory, self.memo, self.geometry = weights, memory, {}, None
        self.per_count = (np.asarray(weights, dtype=float) / SCALE).tolist()

    def use(self, b: Board) -> None:
        """Forget the remembered scores when ``b`` is of another board size than the last."""
        if b.g != self.geometry:
            self.memo.clear()
            self.geometry = b.g

    def score(self, b: Board) -> float:
        """X's score of ``b``, ``b`` of the board size last passed to ``use``."""
        key = (b.stones[0], b.stones[1])
        v = self.memo.get(key)
        if v is None:
            if len(self.memo) >= self.memory:
                self.memo.clear()
            v = self.memo[key] = sum(n * u for n, u in zip(counts(b.stones, b.turn, b.g),
                                                           self.per_count) if n)
        return v


class PlainSearch:
    """Fixed-depth alpha-beta (negamax, fail-soft) on ``evaluate``, with a transposition table
    (cleared for every root position) and the best move of the previous ply tried first."""

    def __init__(self, evaluate: PlainEvaluation):
        self.evaluate, self.table, self.leaves = evaluate, {}, 0
        self.history: dict[tuple[int, int], int] = {}

    def leaf(self, b: Board) -> float:
        """The mover's value of ``b`` searched no further (full board: a draw)."""
        if b.moves == b.g.rows * b.g.cols:
            return 0.0
        sure, _ = forced(b)
        if sure is not None:
            return sure * WIN
        self.leaves += 1
        v = self.evaluate.score(b)
        return v if b.turn == X else -v

    def value(self, b: Board, depth: int, alpha: float, beta: float) -> float:
        """The mover's value of ``b`` searched ``depth`` moves deep (exact inside the window)."""
        if b.moves == b.g.rows * b.g.cols:
            return 0.0
        sure, only = forced(b)
        if sure is not None:
            return sure * (WIN + depth)
        if depth == 0:
            self.leaves += 1
            v = self.evaluate.score(b)
            return v if b.turn == X else -v
        key = (b.stones[0], b.stones[1])
        hit = self.table.get(key)
        first = None
        if hit is not None:
            d, lo, hi, first = hit
            if d == depth:
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        moves = only or self.moves(b, first)
        a0, best, best_move = alpha, -INF, moves[0]
        for c in moves:
            b.play(c)
            v = -(self.leaf(b) if depth == 1
                  else self.value(b, depth - 1, -beta, -max(alpha, best)))
            b.undo(c)
            if v > best:
                best, best_move = v, c
                if best >= beta:
                    k = (b.turn, c)
                    self.history[k] = self.history.get(k, 0) + depth * depth
                    break
        lo, hi = -INF, INF
        if best <= a0:
            hi = best
        elif best >= beta:
            lo = best
        else:
            lo = hi = best
        if hit is not None and hit[0] == depth:
            lo, hi = max(lo, hit[1]), min(hi, hit[2])
        self.table[key] = (depth, lo, hi, best_move)
        return best

    def moves(self, b: Board, first: int | None) -> list[int]:
        """Legal columns from the centre out, ``first`` (a previous best) in front."""
        rows, heights = b.g.rows, b.heights
        order = [c for c in center_order(b.g.cols) if heights[c] < rows]
        h, me = self.history, b.turn
        order.sort(key=lambda c: -h.get((me, c), 0))
        if first is not None and first in order:
            order.remove(first)
            order.insert(0, first)
        return order

    def root(self, b: Board, depth: int, rng: random.Random | None = None) -> dict[int, float]:
        """The mover's value of each move that ties for best after a ``depth``-move search
        (values of the others stay below the best); an immediate win is the only move. With
        ``rng``, the moves are searched in a random order and only the first best is kept."""
        moves = [c for c in center_order(b.g.cols) if b.heights[c] < b.g.rows]
        for c in moves:
            if b.play(c):
                b.undo(c)
                return {c: WIN + depth}
            b.undo(c)
        if rng is not None:
            rng.shuffle(moves)
        self.table.clear()
        self.history.clear()
        slack = TIE if rng is None else 0.0   # a window just below the best keeps the ties
        values = {}
        for d in range(1, depth + 1):
            values = {}
            for c in moves:
                b.play(c)
                bound = max(values.values(), default=-INF) - slack
                values[c] = -(self.leaf(b) if d == 1 else self.value(b, d - 1, -INF, -bound))
                b.undo(c)
            moves = sorted(moves, key=lambda c: -values[c])
        if rng is not None:
            return {moves[0]: values[moves[0]]}
        top = max(values.values())
        return {c: v for c, v in values.items() if v >= top - TIE}
