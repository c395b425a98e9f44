"""Plain alpha-beta on a state-value table: depth-limited negamax with killer moves over a ``Board``
that plays and undoes moves, a leaf's feature index computed per leaf (remembered by position within
one root search). Values are from the mover's point of view; a win is worth 1. Its public calls
(``search_values``, ``search_move``) check their arguments once and choose its fast twin
``mix.fast.alphabeta`` (with ``mix.fast.horizon``: the same moves and values) by ``fast=True``."""

from __future__ import annotations

import random
from collections.abc import Sequence

from mix.board import Board, X, center_order
from mix.checks import MAX_DEPTH, check_search
from mix.fast import alphabeta as fast_alphabeta
from studykit.checks import flag

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
                  draw: float = 0.0, fast: bool = True) -> dict[int, float]:
    """Mover's value of each move that ties for best (others are bounded below it)."""
    depth, values, draw = check_search(b, depth, values, feats, draw, MAX_DEPTH)
    if flag(fast, "fast"):
        return fast_alphabeta.search_values(b, depth, values, feats, draw)
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
                draw: float = 0.0, fast: bool = True) -> int:
    """A best move by depth-``depth`` minimax over ``values``; ties broken by ``rng``."""
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}")
    return rng.choice(sorted(search_values(b, depth, values, feats, draw, fast)))
