"""The exact solver: alpha-beta negamax to the end of the game with a transposition table of
(lo, hi) bounds keyed on the position, centre-first move order; and the public calls on it
(``solve_position``, ``best_moves``, ``solve``, ``solve_both``, ``solve_boards``), whose one
argument ``fast`` (True by default) chooses its fast twin ``mix.fast.solver`` (threat memo, exact
bounds), which gives the same game values and best moves. A table ``tt`` belongs to one of the
two: their keys differ."""

from __future__ import annotations

from dataclasses import dataclass

from mix.board import Board, center_order
from mix.checks import SOLVE_MAX_SLOTS, check_boards, check_jobs, check_position, check_solve
from mix.fast import solver as fast_solver
from mix.fast.solver import clear_tables, shared_table
from studykit.checks import choice, flag

__all__ = ["SolvedBoard", "best_moves", "clear_tables", "shared_table", "solve", "solve_boards",
           "solve_both", "solve_position"]

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


def _value(b: Board, tt: dict) -> int:
    """The plain game value of ``b`` for the side to move."""
    if b.winner is not None:
        return -1
    return _solve(b, -1, 1, tt, center_order(b.g.cols), b.g.cols * b.g.height)


def solve_position(b: Board, tt: dict | None = None, fast: bool = True) -> int:
    """+1 / 0 / -1: the side to move wins / draws / loses under perfect play; ``tt`` (a dict
    kept between calls on the same board size, by the same ``fast``) makes repeated solving
    fast. Its keys are one integer per position and its values shared (lo, hi) bound pairs."""
    check_position(b, tt)
    tt = {} if tt is None else tt
    if flag(fast, "fast"):
        return fast_solver.solve_position(b, tt)
    return _value(b, tt)


def best_moves(b: Board, tt: dict | None = None, fast: bool = True) -> list[int]:
    """The legal moves of the best game value for the side to move, in column order (what a
    perfect player chooses among); ``tt`` as in ``solve_position``."""
    check_position(b, tt)
    if b.winner is not None:
        raise ValueError("the game is over")
    tt = {} if tt is None else tt
    if flag(fast, "fast"):
        return fast_solver.best_moves(b, tt)
    best, out = -2, []
    for c in b.legal_moves():
        v = 1 if b.play(c) else (0 if b.is_over() else -_value(b, tt))
        b.undo(c)
        if v > best:
            best, out = v, [c]
        elif v == best:
            out.append(c)
    return out


def solve(rows: int, cols: int, diagonals: bool = False, k: int = 4, fast: bool = True) -> int:
    """+1 / 0 / -1 for a first-player win / draw / second-player win on the empty board."""
    return solve_position(Board(geometry=check_solve(rows, cols, diagonals, k)), fast=fast)


@dataclass(frozen=True)
class SolvedBoard:
    """The empty ``rows`` x ``cols`` board under perfect play, +1 / 0 / -1 for a first-player
    win / draw / second-player win: under MIX rules (``mix``) and with diagonals."""

    rows: int
    cols: int
    mix: int
    diagonals: int


def solve_both(rows: int, cols: int, seed: int = 0, fast: bool = True) -> SolvedBoard:
    """The empty ``rows`` x ``cols`` board solved under MIX rules and with diagonals (a
    picklable trial for ``studykit.run_sweep``; ``seed`` is unused: solving is exact)."""
    g = check_solve(rows, cols)
    return SolvedBoard(g.rows, g.cols, solve(g.rows, g.cols, fast=fast),
                       solve(g.rows, g.cols, diagonals=True, fast=fast))


def solve_boards(boards, n_jobs: int | None = 1, backend: str | None = "multiprocessing",
                 fast: bool = True) -> list[SolvedBoard]:
    """``solve_both`` for each ``(rows, cols)`` of ``boards``, in parallel, in their order. The
    default backend is joblib's "multiprocessing", because the tables of the larger boards pass
    300 MB, where joblib's default (loky) workers restart with a warning."""
    from joblib import Parallel, delayed

    boards = check_boards(boards, "boards", SOLVE_MAX_SLOTS)  # before any worker starts
    n_jobs, fast = check_jobs(n_jobs), flag(fast, "fast")
    if backend is not None:
        backend = choice(backend, "backend", ("loky", "multiprocessing", "threading",
                                              "sequential"))
    return Parallel(n_jobs=n_jobs, backend=backend)(delayed(solve_both)(r, c, fast=fast)
                                                    for r, c in boards)
