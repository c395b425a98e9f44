"""The straightforward MIX search, solver and self-taught player, kept as the oracles of the
fast ones: the tests check the fast search chooses the same moves and values, the fast solver
the same game values, the fast self-taught search the same values and moves and its training
the same weights, and ``bench/bench_mix.py`` times one against the other.

This is the code ``mix.search`` ran before it was made fast (alpha-beta with killer moves over a
``Board`` that plays and undoes moves, feature indices computed per leaf; the solver keyed on the
position, centre-first order), unchanged but for the names; and below, the self-taught player's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import numpy as np

from mix.board import Board, Geometry, X
from mix.evalsearch import TIE, WIN, forced, search_depth
from mix.features import threats
from mix.search import center_order
from mix.selftaught import update
from mix.threatfeatures import N_FEATURES, SCALE, masks, tally

INF = float("inf")
_LEAF: dict = {}  # leaf states of the current root search (positions repeat by transposition)


def _negamax(b: Board, depth: int, alpha: float, beta: float, values: Sequence[float],
             feats, draw: float, orders: dict[int, list[int]], killers: list[int]) -> float:
    """Value for the side to move; leaves are ``values[state]`` signed for the mover.
    ``killers[depth]``: the move that last cut off at this depth, tried first
    (``orders[k]``: the columns, centre first, with ``k`` moved to the front)."""
    sign = 1.0 if b.turn == X else -1.0
    full = b.g.rows * b.g.cols
    if b.moves == full:
        return sign * draw
    rows, heights, best = b.g.rows, b.heights, -INF
    moves = orders[killers[depth]]
    if depth == 1:  # the children are leaves: evaluate them here (no call per leaf)
        stones, g = b.stones, b.g
        for c in moves:
            if heights[c] >= rows:
                continue
            if b.play(c):
                b.undo(c)
                return 1.0
            if b.moves == full:
                v = sign * draw
            else:
                key = (stones[0], stones[1])
                s = _LEAF.get(key)
                if s is None:
                    s = _LEAF[key] = feats.index(stones, b.turn, g)
                v = sign * values[s]
            b.undo(c)
            if v > best:
                best = v
                if v >= beta:
                    killers[1] = c
                    break
        return best
    for c in moves:
        if heights[c] >= rows:
            continue
        if b.play(c):
            b.undo(c)
            return 1.0
        v = -_negamax(b, depth - 1, -beta, -max(alpha, best), values, feats, draw, orders, killers)
        b.undo(c)
        if v > best:
            best = v
            if v >= beta:
                killers[depth] = c
                break
    return best


def search_values(b: Board, depth: int, values: Sequence[float], feats,
                  draw: float = 0.0) -> dict[int, float]:
    """Mover's value of each move that ties for best (others are bounded below it)."""
    if depth < 1:
        raise ValueError(f"depth must be >= 1, got {depth}")
    order = [c for c in center_order(b.g.cols) if b.heights[c] < b.g.rows]
    for c in order:  # immediate wins are taken
        if b.play(c):
            b.undo(c)
            return {c: 1.0}
        b.undo(c)
    out, best = {}, -INF
    sign = 1.0 if b.turn == X else -1.0
    killers = [order[0]] * (depth + 1)
    orders = {k: [k] + [c for c in order if c != k] for k in order}
    _LEAF.clear()
    for c in order:
        b.play(c)
        if b.is_over():  # a full board: a draw
            v = sign * draw
        elif depth == 1:
            v = sign * values[feats.index(b.stones, b.turn, b.g)]
        else:
            v = -_negamax(b, depth - 1, -INF, -(best - 1e-12), values, feats, draw, orders,
                          killers)
        b.undo(c)
        if v >= best - 1e-12:
            best = max(best, v)
            out[c] = v
    return {c: v for c, v in out.items() if v >= best - 1e-12}


def search_move(b: Board, depth: int, values: Sequence[float], feats, rng: random.Random,
                draw: float = 0.0) -> int:
    """A best move by depth-``depth`` minimax over ``values``; ties broken by ``rng``."""
    return rng.choice(sorted(search_values(b, depth, values, feats, draw)))


_BOUNDS = {(lo, hi): (lo, hi) for lo in (-1, 0, 1) for hi in (-1, 0, 1)}  # shared bound pairs


def _solve(b: Board, alpha: int, beta: int, tt: dict, order: list[int], shift: int) -> int:
    if b.moves == b.g.rows * b.g.cols:
        return 0
    key = b.stones[b.turn] << shift | b.stones[1 - b.turn]
    hit = tt.get(key)
    if hit is not None:
        lo, hi = hit
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
    rows = b.g.rows
    moves = [c for c in order if b.heights[c] < rows]
    for c in moves:
        if b.play(c):
            b.undo(c)
            tt[key] = _BOUNDS[1, 1]
            return 1
        b.undo(c)
    a0, best = alpha, -2
    for c in moves:
        b.play(c)
        v = -_solve(b, -beta, -alpha, tt, order, shift)
        b.undo(c)
        if v > best:
            best = v
            alpha = max(alpha, v)
            if alpha >= beta:
                break
    lo, hi = tt.get(key, (-1, 1))
    if best <= a0:
        hi = min(hi, best)
    elif best >= beta:
        lo = max(lo, best)
    else:
        lo = hi = best
    tt[key] = _BOUNDS[lo, hi]
    return best


def solve_position(b: Board, tt: dict | None = None) -> int:
    """+1 / 0 / -1: the side to move wins / draws / loses under perfect play; ``tt`` (a dict
    kept between calls on the same board size) makes repeated solving fast. Its keys are one
    integer per position and its values shared (lo, hi) bound pairs, to keep it small."""
    if b.winner is not None:
        return -1
    return _solve(b, -1, 1, {} if tt is None else tt, center_order(b.g.cols),
                  b.g.cols * b.g.height)


def solve(rows: int, cols: int, diagonals: bool = False, k: int = 4) -> int:
    """+1 / 0 / -1 for a first-player win / draw / second-player win on the empty board."""
    return solve_position(Board(rows, cols, k, diagonals))


def best_moves(b: Board, tt: dict | None = None) -> list[int]:
    """The moves the plain perfect player chose among: every legal move solved exactly."""
    tt = {} if tt is None else tt
    best, out = -2, []
    for c in b.legal_moves():
        v = 1 if b.play(c) else (0 if b.is_over() else -solve_position(b, tt))
        b.undo(c)
        if v > best:
            best, out = v, [c]
        elif v == best:
            out.append(c)
    return out


# The self-taught player: its features, evaluation, search and self-play training as they were
# before ``mix.threatfeatures.counter``, ``mix.evalsearch._search`` and ``mix.selftaught.
# self_play_game`` were made fast (a ``Board`` played and undone, every position counted from
# its stones), unchanged but for the names.

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
    t = (threats(s0, empty, g), threats(s1, empty, g))
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


class PlainSelfTaught:
    """``mix.evalsearch.SelfTaughtAgent`` on the plain search (the same depths and rng draws)."""

    def __init__(self, weights, depth: int = 4, fixed: bool = False):
        self.evaluate, self.depth, self.fixed = PlainEvaluation(weights), depth, fixed

    def depth_at(self, b: Board) -> int:
        return self.depth if self.fixed else search_depth(b, self.depth)

    def choose(self, b: Board, rng: random.Random) -> int:
        self.evaluate.use(b)
        return next(iter(PlainSearch(self.evaluate).root(b, self.depth_at(b), rng)))


def self_play_game(w: list[float], g, rng: random.Random, epsilon: float,
                   alpha: float) -> tuple[int, int]:
    """One self-play game, updating the list ``w`` in place; returns its result (+1 X won, -1
    O won, 0 a draw) and its number of moves."""
    b = Board(geometry=g)
    full, scale = g.rows * g.cols, SCALE.tolist()
    prev = None                     # (counts, value) of the previous position
    while True:
        per = [wi / s for wi, s in zip(w, scale)]    # the weight of one unit of each count
        moves, sign, win = b.legal_moves(), (1.0 if b.turn == X else -1.0), None
        rows, values, mine = [], [], []   # each move's counts, value, and value for the mover
        for c in moves:
            if b.play(c):
                win = c
            else:
                n = counts(b.stones, b.turn, g)
                v = math.tanh(sum(k * u for k, u in zip(n, per)))
                sure, _ = forced(b)       # the opponent wins now, or faces two threats
                rows.append(n)
                values.append(v)
                mine.append(sign * v if sure is None else -sure)
            b.undo(c)
            if win is not None:
                break
        if win is not None:
            b.play(win)
            target, now = sign, None
        else:
            if rng.random() < epsilon:
                k = rng.randrange(len(moves))
            else:
                top = max(mine)
                best = [i for i, v in enumerate(mine) if v >= top]
                k = best[rng.randrange(len(best))]
            b.play(moves[k])
            now = (rows[k], values[k])
            target = 0.0 if b.moves == full else sign * mine[k]
        if prev is not None:
            update(w, prev, target, alpha, scale)
        if now is None or b.moves == full:
            if now is not None:     # the last move filled the board: a draw
                update(w, now, 0.0, alpha, scale)
            return (0 if win is None else int(sign)), b.moves
        prev = now


def train_selftaught(config, seed: int) -> tuple[np.ndarray, list[int], list[int]]:
    """``mix.selftaught.train_selftaught``'s loop on the plain game: the final weights, each
    game's result and length."""
    rng, g = random.Random(seed), Geometry(config.rows, config.cols, 4)
    w, results, lengths = [0.0] * N_FEATURES, [], []
    for n in range(1, config.games + 1):
        result, moves = self_play_game(w, g, rng, config.epsilon,
                                       config.alpha / (1.0 + n / config.half))
        results.append(result)
        lengths.append(moves)
    return np.array(w), results, lengths
