"""The plain exact solver: alpha-beta negamax to the end of the game with a
transposition table of (lo, hi) bounds keyed on the position, centre-first move order.
``mix.search.solver`` is its fast twin (threat memo, exact bounds): the same game values."""

from __future__ import annotations

from mix.board import Board, center_order

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
