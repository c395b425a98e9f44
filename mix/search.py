"""Search: depth-limited alpha-beta negamax on a state-value table.

Values are from X's point of view (X maximises); a win is worth +-1 like the learner's
terminal states. The exact solver for small boards is ``mix.solver`` (its functions can be
imported from here too). ``tests/oracles_mix.py`` keeps the plain search this one replaces:
both return the same moves and values.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from mix.board import Board, Geometry, X, center_order
from mix.features import BitFeatures, CountFeatures, has_mate, raw_threats
from mix.solver import solve, solve_boards, solve_both, solve_position  # noqa: F401

INF = float("inf")


@lru_cache(maxsize=64)
def _columns(g: Geometry) -> tuple[list[int], dict[int, list[tuple[int, int]]]]:
    """Each column's mask, and for each column ``k`` the (column, mask) pairs in search order:
    ``k`` first, then the others centre first."""
    colmask = [((1 << g.rows) - 1) << (c * g.height) for c in range(g.cols)]
    order = center_order(g.cols)
    return colmask, {k: [(k, colmask[k])] + [(c, colmask[c]) for c in order if c != k]
                     for k in order}


def _pack_strict(a_x, ma, mb, ca: int, cb: int, ta: int, tb: int) -> int:
    """``BitFeatures(loose=False)``'s state after ``a`` moved (``a_x``: ``a`` is X) with ``b``
    to move, from the mates, the chess slots and the threat slots of each side."""
    if a_x:  # O to move
        return (1 | ma << 1 | mb << 2 | (ca != 0) << 3 | (cb != 0) << 4 | (ta != ca) << 5
                | (tb != cb) << 6)
    return mb << 1 | ma << 2 | (cb != 0) << 3 | (ca != 0) << 4 | (tb != cb) << 5 | (ta != ca) << 6


def _pack_loose(a_x, ma, mb, ca: int, cb: int, ta: int, tb: int) -> int:
    """``_pack_strict`` for ``BitFeatures(loose=True)`` (every threat slot is a potential)."""
    if a_x:
        return (1 | ma << 1 | mb << 2 | (ca != 0) << 3 | (cb != 0) << 4 | (ta != 0) << 5
                | (tb != 0) << 6)
    return mb << 1 | ma << 2 | (cb != 0) << 3 | (ca != 0) << 4 | (tb != 0) << 5 | (ta != 0) << 6


def _pack_counts(a_x, ma, mb, ca: int, cb: int, ta: int, tb: int) -> int:
    """``_pack_strict`` for ``CountFeatures`` (chesses and potentials counted 0, 1, 2+)."""
    na, nb = min(ca.bit_count(), 2), min(cb.bit_count(), 2)
    qa, qb = min((ta ^ ca).bit_count(), 2), min((tb ^ cb).bit_count(), 2)
    if a_x:
        return (((((2 + ma) * 2 + mb) * 3 + na) * 3 + nb) * 3 + qa) * 3 + qb
    return ((((mb * 2 + ma) * 3 + nb) * 3 + na) * 3 + qb) * 3 + qa


_PACK = {"strict": _pack_strict, "loose": _pack_loose, "counts": _pack_counts}


def _searcher(g: Geometry, values: Sequence[float], feats, draw: float
              ) -> Callable[[Board, int], dict[int, float]]:
    """``search_values`` for one value table, as closures over the board's integers.

    A node is (``me``, ``opp``): the stones of the side to move and of the other side, whose
    colour ``sign`` (+1 for X) makes the values the mover's. Threats are masks (``raw``: the
    slots that would complete four, memoised per stones): a move on one of the mover's threat
    slots wins, and below depth 2 a move that leaves the opponent a playable threat, or makes
    one playable above it, loses at once without a search. A node one move from the leaves
    (the *horizon*) is evaluated exactly and remembered per position: its *quiet* moves, which
    make no new threat and touch no threat slot of either side (neither the slot played nor the
    one above it), all lead to the same feature state, so one table look-up covers them, and
    only the few others are evaluated one by one. Every value is a table value, +-1 or +-draw,
    so the search returns the same floats as the plain one.
    """
    full, bottom, h, dirs = g.full, g.bottom, g.height, g.dirs
    colmask, orders = _columns(g)
    rc, raw = raw_threats(g)
    rc_get = rc.get
    kind = (("strict", "loose")[feats.loose] if type(feats) is BitFeatures else
            "counts" if type(feats) is CountFeatures else "other")
    quiet_ok = g.k == 4 and kind != "other"
    pack, h2, h3 = _PACK.get(kind), 2 * h, 3 * h
    memo: dict = {}
    memo_get = memo.get
    tried: list[list[tuple[int, int]]] = []  # per depth: (column, mask), last cutoff first

    def threat(s: int) -> int:
        r = rc_get(s)
        if r is None:
            r = rc[s] = raw(s)
        return r

    if g.k == 4 and not g.diagonals:
        def mate(s: int, f: int) -> bool:
            """``has_mate``: a run of three across whose two ends are playable."""
            return bool(s & (s >> h) & (s >> h2) & (f << h) & (f >> h3))
    else:
        def mate(s: int, f: int) -> bool:
            return has_mate(s, f, g)

    def state(a: int, b: int, a_x: bool, e: int, f: int) -> int:
        """``feats.index`` of the position (``a`` just moved; ``e`` empty, ``f`` playable)."""
        if kind == "other":
            return feats.index((a, b) if a_x else (b, a), 1 if a_x else 0, g)
        ta, tb = threat(a) & e, threat(b) & e
        ca, cb = ta & f, tb & f
        return pack(a_x, ca and mate(a, f), cb and mate(b, f), ca, cb, ta, tb)

    def makers(a: int, e: int) -> int:
        """The empty slots where a stone of ``a`` would make a new threat slot: the empty cells
        of the windows of four holding two stones of ``a`` and two empty slots."""
        out = 0
        for d in dirs:
            a1, a2, a3 = a >> d, a >> 2 * d, a >> 3 * d
            s1, c1, s2, c2 = a ^ a1, a & a1, a2 ^ a3, a2 & a3
            w = (((c1 ^ c2) & ~(s1 | s2)) | (s1 & s2)) & (a | e)
            if w:
                w &= (a1 | e >> d) & (a2 | e >> 2 * d) & (a3 | e >> 3 * d)
                if w:
                    out |= w | (w << d) | (w << 2 * d) | (w << 3 * d)
        return out & e

    def horizon(me: int, opp: int, sign: float, rme: int, made: int) -> float:
        """The exact value for the mover of a node one move from the leaves, given the mover's
        threat slots ``rme`` and a superset ``made`` of ``makers(me, empty slots)`` (the
        parent's: a stone of the opponent only closes windows)."""
        occ = me | opp
        if occ == full:
            return sign * draw
        f = (occ + bottom) & full
        if rme & f:
            return 1.0
        ropp, e, me_x = threat(opp), full ^ occ, sign > 0
        if not quiet_ok or not e & (e - 1):  # every move one by one (one may end the game)
            best, todo = -INF, f
            while todo:
                m = todo & -todo
                todo ^= m
                v = sign * (draw if occ | m == full else
                            values[state(me | m, opp, me_x, e ^ m, (f ^ m) | ((m << 1) & full))])
                if v > best:  # noqa: PLR1730 (cheaper than max() in the hottest loops)
                    best = v
            return best
        tb = ropp & e
        todo = f & (made | ropp | ((rme | ropp) & full) >> 1)
        if todo == f:
            best = -INF
        else:  # the quiet moves: no chess for the mover, the rest as it is
            cb = tb & f
            best = sign * values[pack(me_x, 0, cb and mate(opp, f), 0, cb, rme & e, tb)]
        while todo:
            m = todo & -todo
            todo ^= m
            a, e2, f2 = me | m, e ^ m, (f ^ m) | ((m << 1) & full)
            ta, tb2 = threat(a) & e2, tb & e2
            ca, cb = ta & f2, tb2 & f2
            v = sign * values[pack(me_x, ca and mate(a, f2), cb and mate(opp, f2), ca, cb, ta,
                                   tb2)]
            if v > best:  # noqa: PLR1730 (cheaper than max() in the hottest loops)
                best = v
        return best

    def reorder(depth: int, c: int) -> None:
        """Move column ``c``, which just cut off, to the front of ``depth``'s order."""
        moves = tried[depth]
        if moves[0][0] != c:
            moves.insert(0, moves.pop(next(i for i, x in enumerate(moves) if x[0] == c)))

    def replies(me: int, opp: int, sign: float, e: int, f: int, rme: int, ropp: int,
                made: int) -> tuple:
        """What ``after`` needs to value the mover's doubly quiet moves at once: those moves,
        the opponent's quiet replies and their value, and each noisy reply with the value of
        its leaf and the slots whose occupation would change that leaf (its new threat slots
        and the slots under them). Empty when quiet moves cannot be told apart (a game ending
        within two moves, or features other than the report's)."""
        if not quiet_ok or not (e & (e - 1)) & ((e & (e - 1)) - 1):  # 3 empty slots at least
            return ()
        under = ((rme | ropp) & full) >> 1
        doubly = f & ~(makers(me, e) | ropp | under)
        if not doubly:
            return ()
        noisy = f & (made | rme | under)
        o_x, o_sign = sign < 0, -sign
        calm = o_sign * values[pack(o_x, 0, 0, 0, 0, ropp & e, rme & e)]
        leaves, todo = [], noisy
        while todo:
            n = todo & -todo
            todo ^= n
            a, e2, f2 = opp | n, e ^ n, (f ^ n) | ((n << 1) & full)
            ra = threat(a)
            ta, tb = ra & e2, rme & e2
            ca, cb = ta & f2, tb & f2
            new = ra & e & ~ropp
            leaves.append((n, o_sign * values[pack(o_x, ca and mate(a, f2), cb and mate(me, f2),
                                                   ca, cb, ta, tb)], new | new >> 1))
        return doubly, f & ~noisy, calm, leaves, made, rme | ropp

    def after(me: int, opp: int, sign: float, e: int, f: int, m: int, reply: tuple) -> float:
        """``horizon`` after the mover's doubly quiet move ``m`` (the opponent to move), from
        ``replies``: a reply's leaf is the one it reaches without ``m`` unless ``m`` or the
        slot above it is one of the reply's new threat slots, the quiet replies reach the
        calm leaf, and the reply on top of ``m`` is the only new one."""
        _, quiet, calm, leaves, made, both = reply
        o_x, o_sign, b = sign < 0, -sign, me | m
        best = calm if quiet & ~m else -INF
        for n, v, touched in leaves:
            if n == m:
                continue
            if m & touched:
                v = o_sign * values[state(opp | n, b, o_x, e ^ m ^ n,
                                          (f ^ m ^ n) | ((m << 1) & full) | ((n << 1) & full))]
            if v > best:  # noqa: PLR1730 (cheaper than max() in the hottest loops)
                best = v
        u = (m << 1) & full
        if u:  # the reply on top of m: quiet unless it makes a threat or sits under one
            up = (u << 1) & full
            if u & made or up & both:
                v = o_sign * values[state(opp | u, b, o_x, e ^ m ^ u, (f ^ m) | up)]
            else:
                v = calm
            if v > best:  # noqa: PLR1730 (cheaper than max() in the hottest loops)
                best = v
        return best

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


def search_values(b: Board, depth: int, values: Sequence[float], feats,
                  draw: float = 0.0) -> dict[int, float]:
    """Mover's value of each move that ties for best (others are bounded below it)."""
    if depth < 1:
        raise ValueError(f"depth must be >= 1, got {depth}")
    return _searcher(b.g, values, feats, draw)(b, depth)


def search_move(b: Board, depth: int, values: Sequence[float], feats, rng: random.Random,
                draw: float = 0.0) -> int:
    """A best move by depth-``depth`` minimax over ``values``; ties broken by ``rng``."""
    return rng.choice(sorted(search_values(b, depth, values, feats, draw)))
