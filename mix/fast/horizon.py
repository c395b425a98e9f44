"""Fast twin of mix.plain.alphabeta (its nodes near the leaves; the root is mix.fast.alphabeta).

The search's horizon: exact values of the nodes one and two moves from the leaves, with the
*quiet* moves valued together.

``horizon_evaluators`` builds, for one value table, closures over the board's integers. A node
is (``me``, ``opp``): the stones of the side to move and of the other side, whose colour
``sign`` (+1 for X) makes the values the mover's. Threats are masks (``threat``: the slots that
would complete four, memoised per stones). A node one move from the leaves (the *horizon*) is
evaluated exactly: its quiet moves, which make no new threat and touch no threat slot of either
side (neither the slot played nor the one above it), all lead to the same feature state, so one
table look-up covers them, and only the few others are evaluated one by one. Two moves from the
leaves, ``replies`` and ``after`` value the mover's *doubly quiet* moves together. Every value
is a table value, +-1 or +-draw, so the search returns the same floats as the plain one. A
caller that only needs to know whether a node is worth less than ``tau`` passes it: ``horizon``
and ``after`` then stop at the first move worth ``tau`` or more (a lower bound).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from mix.board import Geometry
from mix.features import BitFeatures, CountFeatures, has_mate, raw_threats
from mix.packing import PACKERS

INF = float("inf")


class Horizon(NamedTuple):
    """The evaluators ``mix.fast.alphabeta`` calls (see ``horizon_evaluators``)."""

    threat: Callable[[int], int]        # the slots that would complete four for stones s
    state: Callable[..., int]           # feats.index of a position after a move
    makers: Callable[[int, int], int]   # the empty slots where a stone makes a new threat
    horizon: Callable[..., float]       # the exact value one move from the leaves
    replies: Callable[..., tuple]       # what ``after`` needs (empty when it does not apply)
    after: Callable[..., float]         # ``horizon`` after a doubly quiet move
    quiet_ok: bool                      # quiet moves can be grouped (k = 4, the report's features)


def horizon_evaluators(g: Geometry, values: Sequence[float], feats, draw: float) -> Horizon:
    """The horizon's evaluators for one value table ``values`` over ``feats`` on ``g``."""
    kind = (("strict", "loose")[feats.loose] if type(feats) is BitFeatures else
            "counts" if type(feats) is CountFeatures else "other")
    quiet_ok = g.k == 4 and kind != "other"
    rc, raw = raw_threats(g)   # the threat slots' memo, shared by the evaluators
    threat, mate, state, makers = _readers(g, feats, kind, rc, raw)
    pack = PACKERS.get(kind)
    horizon = _horizon(g, values, draw, quiet_ok, rc, threat, mate, state, pack)
    replies, after = _two_moves(g, values, quiet_ok, threat, mate, state, makers, pack)
    return Horizon(threat, state, makers, horizon, replies, after, quiet_ok)


def _readers(g: Geometry, feats, kind: str, rc: dict, raw) -> tuple:
    """``(threat, mate, state, makers)``: a position's threat slots (memoised in ``rc``, ``raw``
    computes them), whether a side has a mate, its feature state, and the slots where a stone
    makes a new threat slot."""
    h, dirs = g.height, g.dirs
    rc_get = rc.get
    pack, h2, h3 = PACKERS.get(kind), 2 * h, 3 * h

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

    return threat, mate, state, makers


def _horizon(g: Geometry, values: Sequence[float], draw: float, quiet_ok: bool, rc: dict,
             threat, mate, state, pack) -> Callable[..., float]:
    """``horizon(me, opp, sign, rme, made, tau)``: see its docstring (``rc``: ``threat``'s
    memo, read inline)."""
    full, bottom = g.full, g.bottom
    rc_get = rc.get

    def horizon(me: int, opp: int, sign: float, rme: int, made: int, tau: float = INF) -> float:
        """The exact value for the mover of a node one move from the leaves, given the mover's
        threat slots ``rme`` and a superset ``made`` of ``makers(me, empty slots)`` (the
        parent's: a stone of the opponent only closes windows); or, once a move is worth ``tau``
        or more, that move's value (a lower bound: the caller needs no more)."""
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
            if best >= tau:
                return best
        while todo:
            m = todo & -todo
            todo ^= m
            a, e2, f2 = me | m, e ^ m, (f ^ m) | ((m << 1) & full)
            ta = rc_get(a)
            if ta is None:
                ta = threat(a)
            ta, tb2 = ta & e2, tb & e2
            ca, cb = ta & f2, tb2 & f2
            v = sign * values[pack(me_x, ca and mate(a, f2), cb and mate(opp, f2), ca, cb, ta,
                                   tb2)]
            if v > best:
                best = v
                if v >= tau:
                    return v
        return best

    return horizon


def _two_moves(g: Geometry, values: Sequence[float], quiet_ok: bool, threat, mate, state,
               makers, pack) -> tuple:
    """``(replies, after)``: the doubly quiet moves of a node two moves from the leaves valued
    together (see their docstrings)."""
    full = g.full

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

    def after(me: int, opp: int, sign: float, e: int, f: int, m: int, reply: tuple,
              tau: float = INF) -> float:
        """``horizon`` after the mover's doubly quiet move ``m`` (the opponent to move), from
        ``replies``: a reply's leaf is the one it reaches without ``m`` unless ``m`` or the
        slot above it is one of the reply's new threat slots, the quiet replies reach the
        calm leaf, and the reply on top of ``m`` is the only new one (``tau`` as in
        ``horizon``)."""
        _, quiet, calm, leaves, made, both = reply
        o_x, o_sign, b = sign < 0, -sign, me | m
        best = calm if quiet & ~m else -INF
        if best >= tau:
            return best
        for n, v, touched in leaves:
            if n == m:
                continue
            if m & touched:
                v = o_sign * values[state(opp | n, b, o_x, e ^ m ^ n,
                                          (f ^ m ^ n) | ((m << 1) & full) | ((n << 1) & full))]
            if v > best:
                best = v
                if v >= tau:
                    return v
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

    return replies, after
