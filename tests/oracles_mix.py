"""The straightforward MIX search, solver and self-taught player, kept as the oracles of the
fast ones: the tests check the fast search chooses the same moves and values, the fast solver
the same game values, the fast self-taught search the same values and moves and its training
the same weights, and ``bench/bench_mix.py`` times one against the other.

This is the code ``mix.search`` ran before it was made fast (alpha-beta with killer moves over a
``Board`` that plays and undoes moves, feature indices computed per leaf; the solver keyed on the
position, centre-first order), unchanged but for the names; and below, the self-taught player's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mix.board import Board, X
from mix.search import center_order

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
