"""Fast twin of mix.plain.alphabeta: the same moves and values, on the board's integers.

Depth-limited alpha-beta negamax on a state-value table.

Values are from X's point of view (X maximises); a win is worth +-1 like the learner's terminal
states. The exact solver for small boards is ``mix.plain.solver``. The nodes one and two moves from
the leaves are valued by ``mix.fast.horizon``, which stops at the first reply that makes a move no
better than the best already found (``tau``: the move's exact value is not needed).
Its arguments are checked by ``mix.plain.alphabeta``'s public calls, which choose it by
``fast=True``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from math import nextafter

from mix.board import Board, Geometry, X, center_columns, center_order, column_masks
from mix.fast.horizon import horizon_evaluators

INF = float("inf")


@lru_cache(maxsize=64)
def _columns(g: Geometry) -> tuple[list[int], dict[int, list[tuple[int, int]]]]:
    """Each column's mask, and for each column ``k`` the (column, mask) pairs in search order:
    ``k`` first, then the others centre first."""
    colmask, order = column_masks(g), center_columns(g)
    return colmask, {k: [(k, colmask[k])] + [pair for pair in order if pair[0] != k]
                     for k, _ in order}


def _searcher(g: Geometry, values: Sequence[float], feats, draw: float
              ) -> Callable[[Board, int], dict[int, float]]:
    """``search_values`` for one value table, as closures over the board's integers.

    A node is (``me``, ``opp``): the stones of the side to move and of the other side, whose
    colour ``sign`` (+1 for X) makes the values the mover's. A move on one of the mover's
    threat slots wins, and below depth 2 a move that leaves the opponent a playable threat, or
    makes one playable above it, loses at once without a search. The nodes one move from the
    leaves are valued by ``mix.fast.horizon`` and remembered per position (``_frontier``), those
    deeper by ``_negamax``, the root by ``_root``.
    """
    parts = horizon_evaluators(g, values, feats, draw)
    tried: list[list[tuple[int, int]]] = []  # per depth: (column, mask), last cutoff first

    def reorder(depth: int, c: int) -> None:
        """Move column ``c``, which just cut off, to the front of ``depth``'s order."""
        moves = tried[depth]
        if moves[0][0] != c:
            moves.insert(0, moves.pop(next(i for i, x in enumerate(moves) if x[0] == c)))

    frontier = _frontier(g, parts, draw, tried, reorder)
    negamax = _negamax(g, parts.threat, draw, tried, reorder, frontier)
    return _root(g, values, parts, draw, tried, frontier, negamax)


def _frontier(g: Geometry, parts, draw: float, tried: list, reorder) -> Callable[..., float]:
    """``frontier(me, opp, sign, alpha, beta, rme)``: see its docstring (``parts``: the
    horizon's evaluators; ``tried``: the move orders by depth, ``reorder`` updates them)."""
    full, bottom = g.full, g.bottom
    threat, makers, horizon, replies, after, quiet_ok = (
        parts.threat, parts.makers, parts.horizon, parts.replies, parts.after, parts.quiet_ok)
    memo: dict = {}
    memo_get = memo.get

    def frontier(me: int, opp: int, sign: float, alpha: float, beta: float, rme: int) -> float:
        """The mover's value two moves from the leaves (fail-soft alpha-beta). From the second
        move searched on, the *doubly quiet* moves (they make no threat of the mover's, block
        none of the opponent's, and the slot above them is nobody's threat slot) are valued
        together by ``replies`` and ``after``: such a move changes the leaves the opponent can
        reach only where it touches a reply's new threats. Once a move is valued, the next
        ones' replies are searched only until one of them shows the move no better (only
        exact values are remembered). ``rme``: the mover's threat slots."""
        occ = me | opp
        if occ == full:
            return sign * draw
        f = (occ + bottom) & full
        if rme & f:
            return 1.0
        ropp = threat(opp)
        copp, best, e = ropp & f, -INF, full ^ occ
        made, reply = -1, None  # computed when first needed
        for c, cm in tried[2]:
            m = f & cm
            if not m:
                continue
            if (copp & ~m) or (ropp & (m << 1) & full):  # the opponent will complete four
                v = -1.0
            else:
                key = (opp, me | m)
                v = memo_get(key)
                if v is None:
                    if made < 0:
                        made = makers(opp, e) if quiet_ok else 0
                    elif reply is None:
                        reply = replies(me, opp, sign, e, f, rme, ropp, made)
                    # a reply worth -best or more is enough: this move is no better
                    if reply and m & reply[0]:
                        v = after(me, opp, sign, e, f, m, reply, -best)
                    else:
                        v = horizon(opp, me | m, -sign, ropp, made, -best)
                    if v < -best:   # exact (remembered)
                        memo[key] = v
                v = -v
            if v > best:
                best = v
                if v >= beta:
                    reorder(2, c)
                    break
        return best

    return frontier


def _negamax(g: Geometry, threat, draw: float, tried: list, reorder, frontier
             ) -> Callable[..., float]:
    """``negamax(me, opp, sign, depth, alpha, beta)``: see its docstring."""
    full, bottom = g.full, g.bottom

    def negamax(me: int, opp: int, sign: float, depth: int, alpha: float, beta: float) -> float:
        """The mover's value at ``depth`` >= 3 (fail-soft alpha-beta; the moves of each depth are
        tried in the order of their last cutoffs, move to front, centre first at the start)."""
        occ = me | opp
        if occ == full:
            return sign * draw
        f = (occ + bottom) & full
        if threat(me) & f:
            return 1.0
        ropp = threat(opp)
        copp, best = ropp & f, -INF
        for c, cm in tried[depth]:
            m = f & cm
            if not m:
                continue
            if (copp & ~m) or (ropp & (m << 1) & full):  # the opponent will complete four
                v = -1.0
            elif depth == 3:
                v = -frontier(opp, me | m, -sign, -beta, -max(alpha, best), ropp)
            else:
                v = -negamax(opp, me | m, -sign, depth - 1, -beta,
                             -max(alpha, best))
            if v > best:
                best = v
                if v >= beta:
                    reorder(depth, c)
                    break
        return best

    return negamax


def _root(g: Geometry, values: Sequence[float], parts, draw: float, tried: list, frontier,
          negamax) -> Callable[[Board, int], dict[int, float]]:
    """``root(b, depth)``: ``search_values`` on the node searchers above."""
    full, bottom = g.full, g.bottom
    colmask, orders = _columns(g)
    threat, state, makers, horizon, replies, after, quiet_ok = parts

    def root(b: Board, depth: int) -> dict[int, float]:
        """The plain search's root loop (the same order, windows and ties)."""
        moves = [c for c in center_order(g.cols) if b.heights[c] < g.rows]
        if b.winner is not None or not moves:
            raise ValueError("the game is over")
        turn = b.turn
        me, opp = b.stones[turn], b.stones[1 - turn]
        occ = me | opp
        f = (occ + bottom) & full
        rme = threat(me)
        for c in moves:  # immediate wins are taken
            if f & colmask[c] & rme:
                return {c: 1.0}
        sign = 1.0 if turn == X else -1.0
        ropp = threat(opp)
        copp, e = ropp & f, full ^ occ
        made = makers(opp, e) if depth == 2 and quiet_ok else 0
        reply = replies(me, opp, sign, e, f, rme, ropp, made) if depth == 2 else ()
        tried[:] = [list(orders[moves[0]]) for _ in range(depth + 1)]
        out, best = {}, -INF
        for c in moves:
            m = f & colmask[c]
            if occ | m == full:  # a full board: a draw
                v = sign * draw
            elif depth == 1:
                v = sign * values[state(me | m, opp, turn == X, e ^ m, (f ^ m) | ((m << 1) & full))]
            elif (copp & ~m) or (ropp & (m << 1) & full):
                v = -1.0
            elif depth == 2:   # (a value below the ties' window need not be exact)
                tau = nextafter(-(best - 1e-12), INF)
                v = -(after(me, opp, sign, e, f, m, reply, tau) if reply and m & reply[0] else
                      horizon(opp, me | m, -sign, ropp, made, tau))
            elif depth == 3:
                v = -frontier(opp, me | m, -sign, -INF, -(best - 1e-12), ropp)
            else:
                v = -negamax(opp, me | m, -sign, depth - 1, -INF, -(best - 1e-12))
            if v >= best - 1e-12:
                best = max(best, v)
                out[c] = v
        return {c: v for c, v in out.items() if v >= best - 1e-12}

    return root


def search_values(b: Board, depth: int, values: Sequence[float], feats,
                  draw: float = 0.0) -> dict[int, float]:
    """Mover's value of each move that ties for best (others are bounded below it); the
    arguments as ``mix.plain.alphabeta.search_values`` converted them."""
    return _searcher(b.g, values, feats, draw)(b, depth)
