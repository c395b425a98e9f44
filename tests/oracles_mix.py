"""MIX test inputs and snapshots kept for the tests only (the plain twins of the fast code are in
the library, ``mix.plain``): random positions, the follow-up pair rule of ``mix.search.solver``
written out plainly (``mover_cells``), and ``previous_search_values`` (``PreviousSearchAgent``), the
fast search as it was before its horizon stopped at a reply good enough for the caller
(``mix.search.horizon``'s ``tau``): the horizon's evaluators, called without ``tau``, are the ones
it ran.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from mix.board import Board, Geometry, X, center_order, column_masks
from mix.search.horizon import horizon_evaluators

INF = float("inf")


def _columns(g: Geometry) -> tuple[list[int], dict[int, list[tuple[int, int]]]]:
    """Each column's mask, and for each column ``k`` the (column, mask) pairs in search order:
    ``k`` first, then the others centre first (as ``mix.search.alphabeta`` orders them)."""
    colmask, order = column_masks(g), center_order(g.cols)
    return colmask, {k: [(k, colmask[k])] + [(c, colmask[c]) for c in order if c != k]
                     for k in order}


def random_positions(rng: random.Random, g, n: int, most: int | None = None) -> list[Board]:
    """``n`` positions of random games on ``g`` (the oracles' test inputs), each after 0 to
    ``most`` random moves (at most every slot but one), none of them over."""
    most = g.rows * g.cols - 1 if most is None else most
    out = []
    while len(out) < n:
        b = Board(geometry=g)
        for _ in range(rng.randint(0, most)):
            if b.is_over():
                break
            b.play(rng.choice(b.legal_moves()))
        if not b.is_over():
            out.append(b)
    return out


def mover_cells(b: Board) -> int:
    """The cells the side to move may still get when an even number of cells is empty and the other
    side answers on top of each move (starting another odd column when the mover fills one): its
    stones, the lower cell of each pair of the even columns, the odd columns' empty cells. Without k
    in a row among them it cannot win (``mix.search.solver``'s bound, spelled out)."""
    g, me, opp = b.g, b.stones[b.turn], b.stones[1 - b.turn]
    occ = me | opp
    e = g.full ^ occ
    if e.bit_count() % 2:
        raise ValueError("an odd number of cells is empty: the other side cannot answer on top")
    out = me
    for c, h in enumerate(b.heights):
        odd = (g.rows - h) % 2
        out |= sum(g.bit(r, c) for r in range(h, g.rows) if odd or (g.rows - r) % 2 == 0)
    return out


def previous_searcher(g: Geometry, values: Sequence[float], feats, draw: float
                      ) -> Callable[[Board, int], dict[int, float]]:
    """``mix.search.alphabeta``'s ``search_values`` before its horizon stopped at a good enough
    reply (``previous_search_values``), as closures over the board's integers.

    A node is (``me``, ``opp``): the stones of the side to move and of the other side, whose
    colour ``sign`` (+1 for X) makes the values the mover's. A move on one of the mover's
    threat slots wins, and below depth 2 a move that leaves the opponent a playable threat, or
    makes one playable above it, loses at once without a search. The nodes one move from the
    leaves are valued by ``mix.search.horizon`` and remembered per position.
    """
    full, bottom = g.full, g.bottom
    colmask, orders = _columns(g)
    threat, state, makers, horizon, replies, after, quiet_ok = horizon_evaluators(
        g, values, feats, draw)
    memo: dict = {}
    memo_get = memo.get
    tried: list[list[tuple[int, int]]] = []  # per depth: (column, mask), last cutoff first

    def reorder(depth: int, c: int) -> None:
        """Move column ``c``, which just cut off, to the front of ``depth``'s order."""
        moves = tried[depth]
        if moves[0][0] != c:
            moves.insert(0, moves.pop(next(i for i, x in enumerate(moves) if x[0] == c)))

    def frontier(me: int, opp: int, sign: float, alpha: float, beta: float, rme: int) -> float:
        """The mover's value two moves from the leaves (fail-soft alpha-beta). From the second
        move searched on, the *doubly quiet* moves (they make no threat of the mover's, block
        none of the opponent's, and the slot above them is nobody's threat slot) are valued
        together by ``replies`` and ``after``: such a move changes the leaves the opponent can
        reach only where it touches a reply's new threats. ``rme``: the mover's threat slots."""
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
                    if reply and m & reply[0]:
                        v = memo[key] = after(me, opp, sign, e, f, m, reply)
                    else:
                        v = memo[key] = horizon(opp, me | m, -sign, ropp, made)
                v = -v
            if v > best:
                best = v
                if v >= beta:
                    reorder(2, c)
                    break
        return best

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
            elif depth == 2:
                v = -(after(me, opp, sign, e, f, m, reply) if reply and m & reply[0] else
                      horizon(opp, me | m, -sign, ropp, made))
            elif depth == 3:
                v = -frontier(opp, me | m, -sign, -INF, -(best - 1e-12), ropp)
            else:
                v = -negamax(opp, me | m, -sign, depth - 1, -INF, -(best - 1e-12))
            if v >= best - 1e-12:
                best = max(best, v)
                out[c] = v
        return {c: v for c, v in out.items() if v >= best - 1e-12}

    return root


def previous_search_values(b: Board, depth: int, values: Sequence[float], feats,
                           draw: float = 0.0) -> dict[int, float]:
    """``mix.search.alphabeta.search_values`` on ``previous_searcher``."""
    if depth < 1:
        raise ValueError(f"depth must be >= 1, got {depth}")
    return previous_searcher(b.g, values, feats, draw)(b, depth)


class PreviousSearchAgent:
    """``mix.play.agents.SearchAgent`` (``agent``'s table, features and depth) on
    ``previous_search_values``: the same moves and random draws."""

    def __init__(self, agent):
        self.a, self.name = agent, agent.name

    def choose(self, b: Board, rng: random.Random) -> int:
        a = self.a
        return rng.choice(sorted(previous_search_values(b, a.depth, a.values, a.feats, a.draw)))
