"""Alpha-beta search on a learned evaluation, and the self-taught player built on it.

``Search`` looks ``depth`` moves ahead and scores the positions there with a
``LinearEvaluation`` (``weights . features``, X's view: positive favours X; the learner's
value is its tanh, so both order positions alike). Tactics are read at a glance before any
evaluation: a mover who can complete four has won, a mover facing two playable threats has
lost, and a single playable threat must be blocked (the only move searched). The search
deepens one ply at a time to its fixed depth (the previous ply's values order the moves) with
a transposition table, so a move's result depends only on the position and the depth, never on
a clock. The ``SelfTaughtAgent`` plays with the weights learned by ``mix.selftaught``; it
searches deeper when few columns are open, for about the effort of its nominal depth with all
20 columns of the 10x20 board open (``search_depth``).
"""

from __future__ import annotations

import random

import numpy as np

from mix.board import Board, X
from mix.features import threats
from mix.search import center_order
from mix.threatfeatures import N_FEATURES, SCALE, counts

WIDTH = 20  # the columns of the 10x20 board: the agent's nominal depth is its depth there
MAX_DEPTH = 24
WIN = 1e6   # a won position, plus the plies left to search when it is found (evaluations stay
            # far below it): the quickest win and the slowest loss are preferred
TIE = 1e-9  # values this close count as equal
INF = float("inf")


class LinearEvaluation:
    """X's score ``weights . features`` of positions, remembered per position (a search meets
    the same position by many move orders) of one board size at a time (``use``)."""

    def __init__(self, weights, memory: int = 200_000):
        w = np.asarray(weights, dtype=float)
        if w.shape != (N_FEATURES,) or not np.all(np.isfinite(w)):
            raise ValueError(f"weights must be {N_FEATURES} finite numbers, got shape {w.shape}")
        self.w, self.memory, self.memo, self.geometry = w, memory, {}, None
        self.per_count = (w / SCALE).tolist()    # the weight of one unit of each count

    def use(self, b: Board) -> None:
        """Forget the remembered scores when ``b`` is of another board size than the last."""
        if b.g != self.geometry:
            self.memo.clear()
            self.geometry = b.g

    def score(self, b: Board) -> float:
        """X's score of ``b`` (the learner's value is its tanh), ``b`` of the board size last
        passed to ``use``."""
        key = (b.stones[0], b.stones[1])
        v = self.memo.get(key)
        if v is None:
            if len(self.memo) >= self.memory:
                self.memo.clear()
            v = self.memo[key] = sum(n * u for n, u in zip(counts(b.stones, b.turn, b.g),
                                                           self.per_count) if n)
        return v

    def __call__(self, b: Board) -> float:
        """X's expected outcome in [-1, 1], ``tanh`` of the score."""
        self.use(b)
        return float(np.tanh(self.score(b)))


def forced(b: Board) -> tuple[float | None, list[int] | None]:
    """Tactics at a glance: (1.0, None) when the mover can complete four now, (-1.0, None) when
    the opponent has two playable threats, (None, [col]) when one must be blocked, else
    (None, None)."""
    g, me = b.g, b.turn
    occ = b.stones[0] | b.stones[1]
    empty = g.full & ~occ
    feas = (occ + g.bottom) & g.full
    if threats(b.stones[me], empty, g) & feas:
        return 1.0, None
    theirs = threats(b.stones[1 - me], empty, g) & feas
    if not theirs:
        return None, None
    if theirs.bit_count() > 1:
        return -1.0, None
    return None, [(theirs.bit_length() - 1) // g.height]


class Search:
    """Fixed-depth alpha-beta (negamax, fail-soft) on ``evaluate``, with a transposition table
    (cleared for every root position) and the best move of the previous ply tried first."""

    def __init__(self, evaluate: LinearEvaluation):
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
        ``rng``, the moves are searched in a random order and only the first best is kept
        (the others need only be shown no better, which prunes far more)."""
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


def best_moves(b: Board, depth: int, evaluate: LinearEvaluation) -> list[int]:
    """The moves of the highest searched value for the side to move (ties all returned)."""
    if not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a whole number >= 1, got {depth!r}")
    if b.winner is not None or b.is_over():
        raise ValueError("the game is over: no move to choose")
    evaluate.use(b)
    return sorted(Search(evaluate).root(b, depth))


def search_depth(b: Board, depth: int) -> int:
    """The depth that costs about ``depth`` plies with ``WIDTH`` moves to choose from: the
    deepest d >= ``depth`` with moves**d <= WIDTH**depth, never past the board's empty slots
    (nor ``MAX_DEPTH``)."""
    moves, left = len(b.legal_moves()), b.g.rows * b.g.cols - b.moves
    d, budget = min(depth, left), WIDTH ** depth
    while d < min(left, MAX_DEPTH) and moves ** (d + 1) <= budget:
        d += 1
    return d


class SelfTaughtAgent:
    """Alpha-beta on the self-taught evaluation, ``depth`` plies deep with all 20 columns open
    and deeper when fewer are (``search_depth``); ``fixed=True`` keeps ``depth`` everywhere.
    Ties are broken by ``rng``."""

    def __init__(self, weights, depth: int = 4, name: str | None = None, fixed: bool = False):
        if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= 8:
            raise ValueError(f"depth must be a whole number from 1 to 8, got {depth!r}")
        self.evaluate = LinearEvaluation(weights)
        self.weights, self.depth, self.fixed = self.evaluate.w, depth, bool(fixed)
        self.name = name or f"selftaught:{depth}" + ("-fixed" if fixed else "")

    def depth_at(self, b: Board) -> int:
        """The depth searched from ``b``."""
        return self.depth if self.fixed else search_depth(b, self.depth)

    def choose(self, b: Board, rng: random.Random) -> int:
        """One of the best moves, the moves searched in an order drawn from ``rng``."""
        if b.winner is not None or b.is_over():
            raise ValueError("the game is over: no move to choose")
        self.evaluate.use(b)
        return next(iter(Search(self.evaluate).root(b, self.depth_at(b), rng)))
