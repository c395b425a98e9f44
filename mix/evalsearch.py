"""Alpha-beta search on a learned evaluation, and the self-taught player built on it.

``negamax`` looks ``depth`` moves ahead and scores the positions there with a
``LinearEvaluation`` (X's expected outcome in [-1, 1]). Tactics are read at a glance before
any evaluation: a mover who can complete four has won, a mover facing two playable threats
has lost, and a single playable threat must be blocked (the only move searched). The
``SelfTaughtAgent`` plays with the weights learned by ``mix.selftaught``.
"""

from __future__ import annotations

import random

import numpy as np

from mix.board import Board, X
from mix.features import threats
from mix.search import center_order
from mix.threatfeatures import N_FEATURES, features

INF = float("inf")
TIE = 1e-9  # values this close count as equal (batched sums may differ in the last bits)


class LinearEvaluation:
    """X's expected outcome ``tanh(weights . features)`` of positions, remembered per position
    (a search meets the same position by many move orders)."""

    def __init__(self, weights, memory: int = 1_000_000):
        w = np.asarray(weights, dtype=float)
        if w.shape != (N_FEATURES,) or not np.all(np.isfinite(w)):
            raise ValueError(f"weights must be {N_FEATURES} finite numbers, got shape {w.shape}")
        self.w, self.memory, self.memo = w, memory, {}

    def __call__(self, b: Board) -> float:
        key = (b.stones[0], b.stones[1])
        v = self.memo.get(key)
        if v is None:
            v = self.store(key, float(np.tanh(features(b.stones, b.turn, b.g) @ self.w)))
        return v

    def store(self, key: tuple[int, int], value: float) -> float:
        if len(self.memo) >= self.memory:
            self.memo.clear()
        self.memo[key] = value
        return value


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


def negamax(b: Board, depth: int, alpha: float, beta: float, evaluate: LinearEvaluation) -> float:
    """The mover's value of ``b`` searched ``depth`` moves deep (fail-hard alpha-beta)."""
    if b.moves == b.g.rows * b.g.cols:
        return 0.0
    sure, only = forced(b)
    if sure is not None:
        return sure
    if depth == 0:
        return evaluate(b) if b.turn == X else -evaluate(b)
    moves = only or [c for c in center_order(b.g.cols) if b.heights[c] < b.g.rows]
    if depth == 1:
        return best_leaf(b, moves, evaluate)
    moves = ordered(b, moves, evaluate)
    best = -INF
    for c in moves:
        b.play(c)
        v = -negamax(b, depth - 1, -beta, -max(alpha, best), evaluate)
        b.undo(c)
        if v > best:
            best = v
            if best >= beta:
                break
    return best


def child_values(b: Board, moves: list[int], evaluate: LinearEvaluation) -> dict[int, float]:
    """The mover's value of the position after each of ``moves`` (none may win at once): a
    draw on a full board, a result the opponent can force at a glance, else the static value,
    new ones evaluated in one batch. Each move is played once."""
    full, sign = b.g.rows * b.g.cols, (1.0 if b.turn == X else -1.0)
    values, todo, rows = {}, [], []
    for c in moves:
        b.play(c)
        if b.moves == full:
            values[c] = 0.0
        else:
            sure, _ = forced(b)
            if sure is not None:
                values[c] = -sure
            else:
                key = (b.stones[0], b.stones[1])
                v = evaluate.memo.get(key)
                if v is None:
                    todo.append((c, key))
                    rows.append(features(b.stones, b.turn, b.g))
                else:
                    values[c] = sign * v
        b.undo(c)
    if rows:
        for (c, key), v in zip(todo, np.tanh(np.asarray(rows) @ evaluate.w)):
            values[c] = sign * evaluate.store(key, float(v))
    return values


def best_leaf(b: Board, moves: list[int], evaluate: LinearEvaluation) -> float:
    """The mover's best value over ``moves`` whose positions are searched no further."""
    return max(child_values(b, moves, evaluate).values())


def ordered(b: Board, moves: list[int], evaluate: LinearEvaluation) -> list[int]:
    """``moves`` sorted best first for the mover by their values at a glance."""
    if len(moves) < 2:
        return moves
    values = child_values(b, moves, evaluate)
    return sorted(moves, key=lambda c: -values[c])


def best_moves(b: Board, depth: int, evaluate: LinearEvaluation) -> list[int]:
    """The moves of the highest searched value for the side to move (ties all returned)."""
    if depth < 1:
        raise ValueError(f"depth must be >= 1, got {depth}")
    if b.winner is not None or b.is_over():
        raise ValueError("the game is over: no move to choose")
    moves = [c for c in center_order(b.g.cols) if b.heights[c] < b.g.rows]
    for c in moves:
        if b.play(c):
            b.undo(c)
            return [c]
        b.undo(c)
    values = {}
    for c in ordered(b, moves, evaluate):
        b.play(c)
        # a window just below the best so far keeps the ties and prunes the rest
        bound = max(values.values(), default=-INF) - TIE
        values[c] = -negamax(b, depth - 1, -INF, -bound, evaluate)
        b.undo(c)
    top = max(values.values())
    return [c for c, v in values.items() if v >= top - TIE]


class SelfTaughtAgent:
    """Alpha-beta to ``depth`` on the self-taught evaluation; ties broken by ``rng``."""

    def __init__(self, weights, depth: int = 4, name: str | None = None):
        if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= 8:
            raise ValueError(f"depth must be a whole number from 1 to 8, got {depth!r}")
        self.evaluate = LinearEvaluation(weights)
        self.weights, self.depth = self.evaluate.w, depth
        self.name = name or f"selftaught:{depth}"

    def choose(self, b: Board, rng: random.Random) -> int:
        return rng.choice(best_moves(b, self.depth, self.evaluate))
