"""Fast twin of mix.plain.solver: the same game values and best moves, on the board's integers.

Negamax with alpha-beta over the game values +1 / 0 / -1 and a transposition table.
Threats are masks (the slots completing k in a row, memoised), which settle much without
searching: the mover wins at once on one of its threat slots; it loses when the opponent has two
playable threat slots, or one it cannot block; and a move directly under an opponent's threat
slot loses (the opponent plays on top of it), so only the other moves are searched, those that
make the most threat slots first, then centre first. A position is keyed by one integer, the
mover's stones plus a marker above each column's top stone, and its mirror image (columns
reversed), which has the same value, shares its entry. A value is found by two null-window
searches (at least a draw? a win?), which prune more than one search with the full window, and
settle more at once. The mover never wins without k cells in a row free of the other's stones;
nor, when an even number of cells is empty, without k in a row among its stones, the empty cells
of the columns with an odd number of them and the lower cell of each pair of the other columns:
the other side answers on top of each move, and when the mover fills an odd column, starts
another (one is left: odd columns come in pairs). With two empty cells left, what passed the
threat rules is a draw.
The arguments are checked by the public calls of ``mix.plain.solver``, which choose this module
by ``fast=True``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from mix.board import Board, Geometry, center_order, column_masks, has_line
from mix.features import raw_threats

_BOUNDS = {(lo, hi): (lo, hi) for lo in (-1, 0, 1) for hi in (-1, 0, 1)}  # shared bound pairs
WIN, LOSS, DRAW, OPEN = _BOUNDS[1, 1], _BOUNDS[-1, -1], _BOUNDS[0, 0], _BOUNDS[-1, 1]
_TABLES: dict = {}  # geometry -> the table shared by this process's perfect players
TABLE_LIMIT = 8_000_000  # entries (about 1.2 GB) before a shared table starts afresh


def shared_table(g: Geometry) -> dict:
    """The transposition table of ``g`` shared by every perfect player of this process (its
    entries are exact bounds, true whoever asks: the matches of a sweep that run in the same
    worker reuse each other's work). Emptied when it grows past ``TABLE_LIMIT`` entries."""
    tt = _TABLES.get(g)
    if tt is None or len(tt) > TABLE_LIMIT:
        tt = _TABLES[g] = {}
    return tt


_MEMOS: dict = {}  # geometry -> {stones: their threat slots on empty cells}: the last board's
MEMO_LIMIT = 1_000_000  # entries, checked as a search starts, before the memo starts afresh


def _threat_memo(g: Geometry) -> tuple[dict, Callable[[int], int]]:
    """A memo of the search's threat slots and the function it is filled by: ``threat_slots``
    on every empty cell, not on every filled one (k = 4: a vertical window only ends on the
    slot above its three stones when that slot is empty, so the others are left out)."""
    memo = _MEMOS.get(g)
    if memo is None or len(memo) > MEMO_LIMIT:
        _MEMOS.clear()
        memo = _MEMOS[g] = {}
    if g.k != 4:
        return memo, raw_threats(g)[1]
    flat, full = tuple(d for d in g.dirs if d != 1), g.full

    def raw(s: int) -> int:
        """Threat slots of ``s`` (the empty ones right)."""
        r = (s << 1) & (s << 2) & (s << 3)
        for d in flat:
            up1, dn1 = s >> d, s << d
            up2, dn2 = up1 & (s >> 2 * d), dn1 & (s << 2 * d)
            r |= (up2 & (dn1 | (s >> 3 * d))) | (dn2 & (up1 | (s << 3 * d)))
        return r & full

    return memo, raw


def clear_tables() -> None:
    """Forget the shared tables and the search's threat memos (e.g. to time solving from
    scratch); results never depend on them."""
    _TABLES.clear()
    _MEMOS.clear()


@lru_cache(maxsize=64)
def _layout(g: Geometry) -> tuple:
    """``_solver``'s masks: ``pairs`` (k <= 4 in a row along d: free cells at x, x + d and two
    at x + (k - 2) d), ``odd`` (rows off g.rows' parity, with the guard row: the marker of a
    full column), ``lower`` (the pairs' lower cells when each column has an even number of empty
    cells), ``rank`` (slot -> its column's centre rank and the shift to the mirror column) and
    ``sh`` (a move's sort key: its rank less its new threat slots times 2 ** sh)."""
    h, cols = g.height, g.cols
    pairs = tuple((d, (g.k - 2) * d) for d in g.dirs) if g.k <= 4 else ()
    par = sum(1 << (c * h + r) for c in range(cols) for r in range(h) if (g.rows - r) % 2 == 0)
    rank = {1 << (c * h + r): (i, (cols - 1 - 2 * c) * h)
            for i, c in enumerate(center_order(cols)) for r in range(g.rows)}
    return pairs, ((1 << (h * cols)) - 1) ^ par, par & g.full, cols.bit_length(), rank


def _solver(g: Geometry, tt: dict):
    """The fail-soft negamax ``(me, opp, mme, mopp, tme, topp, alpha, beta) -> value`` of ``g``
    with the table ``tt``: the mover's stones and the other's, their mirror images (for the key)
    and their threat slots (``threat_slots``); the window is null (``alpha + 1 == beta``)."""
    full, bottom = g.full, g.bottom
    pairs, odd, lower, sh, rank = _layout(g)
    rc, raw = _threat_memo(g)
    rc_get, tt_get = rc.get, tt.get

    def solve(me: int, opp: int, mme: int, mopp: int, tme: int, topp: int, alpha: int,
              beta: int) -> int:
        occ = me | opp
        if occ == full:
            return 0
        nxt = occ + bottom  # the lowest empty slot of each column (or its guard bit)
        key, mkey = me | nxt, mme | ((mme | mopp) + bottom)
        if mkey < key:  # noqa: PLR1730 (no call to min in the hot path)
            key = mkey
        lo, hi = tt_get(key, OPEN)
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        e = full ^ occ
        if beta > 0:  # "a win?" needs k in a row of the cells the mover may still get (see the
            # module's docstring; e + the odd columns' markers takes their empty cells away)
            if e.bit_count() & 1:
                free = full ^ opp
            else:
                free = me | e & lower | e ^ ((e + (nxt & odd)) & full)
            for a, b2 in pairs:
                m = free & (free >> a)
                if m & (m >> b2):
                    break
            else:
                if pairs or not has_line(free, g):  # (k > 4: no pairs, the plain test)
                    tt[key] = _BOUNDS[lo, 0]
                    return 0
        f = nxt & full
        if tme & f:
            tt[key] = WIN
            return 1
        moves = topp & f  # an opponent's playable threat must be blocked
        if moves & (moves - 1):  # two cannot be
            tt[key] = LOSS
            return -1
        moves = (moves or f) & ~(topp >> 1)  # and a move under its threat slot loses
        if not moves:
            tt[key] = LOSS
            return -1
        if e.bit_count() <= 2:  # the other side's last move cannot win: those rules said so
            tt[key] = DRAW
            return 0
        best, cand = -2, []
        while moves:  # the threat slots each move makes, then the centre order
            m = moves & -moves
            moves ^= m
            i, shift = rank[m]
            s = me | m
            t = rc_get(s)
            if t is None:
                t = rc[s] = raw(s)
            cand.append((i - ((t & e).bit_count() << sh), m, shift, t))
        if len(cand) > 1:
            cand.sort()
        for _, m, shift, t in cand:
            mm = m << shift if shift >= 0 else m >> -shift
            v = -solve(opp, me | m, mopp, mme | mm, topp, t, -beta, -alpha)
            if v > best:
                best = v
                if v >= beta:
                    break
        if best <= alpha:
            hi = min(hi, best)
        else:
            lo = max(lo, best)
        tt[key] = _BOUNDS[lo, hi]
        return best

    return solve


def mirror(s: int, g: Geometry) -> int:
    """The stones ``s`` with the columns in reverse order."""
    col, h = (1 << g.height) - 1, g.height
    return sum(((s >> (c * h)) & col) << ((g.cols - 1 - c) * h) for c in range(g.cols))


def solve_position(b: Board, tt: dict | None = None) -> int:
    """+1 / 0 / -1: the side to move wins / draws / loses under perfect play; ``tt`` (a dict
    kept between calls on the same board size) makes repeated solving fast. Its keys are one
    integer per position and its values shared (lo, hi) bound pairs, to keep it small."""
    if b.winner is not None:
        return -1
    g, me, opp = b.g, b.stones[b.turn], b.stones[1 - b.turn]
    s = _solver(g, {} if tt is None else tt)
    root = me, opp, mirror(me, g), mirror(opp, g), threat_slots(me, g), threat_slots(opp, g)
    if s(*root, -1, 0) < 0:
        return -1
    return 1 if s(*root, 0, 1) > 0 else 0


def best_moves(b: Board, tt: dict | None = None) -> list[int]:
    """The legal moves of the best game value for the side to move, in column order (what a
    perfect player chooses among). Only the moves that may tie or beat the best so far are
    solved exactly; the others are only shown to be worse, by a null-window search."""
    g, me, opp = b.g, b.stones[b.turn], b.stones[1 - b.turn]
    solver = _solver(g, {} if tt is None else tt)
    occ, mme, mopp = me | opp, mirror(me, g), mirror(opp, g)
    f, wins = (occ + g.bottom) & g.full, threat_slots(me, g)
    best, out, colmask = -2, [], column_masks(g)
    for c in b.legal_moves():
        m = f & colmask[c]
        if wins & m:
            v = 1
        elif occ | m == g.full:
            v = 0
        else:
            child = (opp, me | m, mopp, mme | mirror(m, g), threat_slots(opp, g),
                     threat_slots(me | m, g))

            def at_least(t: int, child=child) -> bool:
                """Is the move worth ``t`` or more (the child ``-t`` or less)?"""
                return solver(*child, -t, 1 - t) <= -t

            if best == -2:
                v = 1 if at_least(1) else 0 if at_least(0) else -1
            elif best > -1 and not at_least(best):
                continue
            else:
                v = best + 1 if best < 1 and at_least(best + 1) else best
                if v > best and v < 1 and at_least(1):
                    v = 1
        if v > best:
            best, out = v, [c]
        elif v == best:
            out.append(c)
    return out


def threat_slots(s: int, g: Geometry) -> int:
    """The slots, empty or not, that would complete k in a row for the stones ``s``."""
    rc, raw = raw_threats(g)
    r = rc.get(s)
    if r is None:
        r = rc[s] = raw(s)
    return r
