"""The exact solver as it was before its exact bounds: null-window negamax on the board's
integers with a transposition table keyed on the position or its mirror image (``mirror``), a
threat memo, the threat moves forced and the moves ordered by the threats they make. ``mix.
solver`` is its fast successor (alive-window and pair bounds that settle nodes at once): the
same game values and best moves; ``bench/bench_mix_solver.py`` times the two. The plain solver
is ``mix.plain.solver``."""

from __future__ import annotations

from mix.board import Board, center_columns, column_masks
from mix.features import raw_threats

_BOUNDS = {(lo, hi): (lo, hi) for lo in (-1, 0, 1) for hi in (-1, 0, 1)}  # shared bound pairs


def solver(g, tt: dict):
    """The fail-soft negamax ``(me, opp, mme, mopp, alpha, beta) -> value`` of a position (the
    mover's stones, the other's, and both mirrored), ``tt`` its table."""
    full, bottom, h, cols = g.full, g.bottom, g.height, g.cols
    rc, raw = raw_threats(g)
    rc_get, tt_get = rc.get, tt.get
    order = [(m, (cols - 1 - 2 * c) * h) for c, m in center_columns(g)]
    win, loss = _BOUNDS[1, 1], _BOUNDS[-1, -1]

    def threat(s: int) -> int:
        r = rc_get(s)
        if r is None:
            r = rc[s] = raw(s)
        return r

    def solve(me: int, opp: int, mme: int, mopp: int, alpha: int, beta: int) -> int:
        occ = me | opp
        if occ == full:
            return 0
        mocc = mme | mopp
        key = min(me | (occ + bottom), mme | (mocc + bottom))
        hit = tt_get(key)
        if hit is not None:
            lo, hi = hit
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        f = (occ + bottom) & full
        if threat(me) & f:
            tt[key] = win
            return 1
        ropp = threat(opp)
        moves = ropp & f
        if moves & (moves - 1):
            tt[key] = loss
            return -1
        moves = (moves or f) & ~(ropp >> 1)
        if not moves:
            tt[key] = loss
            return -1
        a0, best, e, cand = alpha, -2, full ^ occ, []
        for i, (cm, shift) in enumerate(order):
            m = moves & cm
            if m:
                cand.append((-(threat(me | m) & e).bit_count(), i, m, shift))
        if len(cand) > 1:
            cand.sort()
        for _, _, m, shift in cand:
            mm = m << shift if shift >= 0 else m >> -shift
            v = -solve(opp, me | m, mopp, mme | mm, -beta, -alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        lo, hi = tt_get(key, (-1, 1))
        if best <= a0:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        tt[key] = _BOUNDS[lo, hi]
        return best

    return solve


def mirror(s: int, g) -> int:
    """The stones ``s`` mirrored left to right."""
    col, h = (1 << g.height) - 1, g.height
    return sum(((s >> (c * h)) & col) << ((g.cols - 1 - c) * h) for c in range(g.cols))


def solve_position(b: Board, tt: dict | None = None) -> int:
    """+1 / 0 / -1 for the side to move, by two null-window searches."""
    if b.winner is not None:
        return -1
    me, opp = b.stones[b.turn], b.stones[1 - b.turn]
    s = solver(b.g, {} if tt is None else tt)
    mme, mopp = mirror(me, b.g), mirror(opp, b.g)
    if s(me, opp, mme, mopp, -1, 0) < 0:
        return -1
    return 1 if s(me, opp, mme, mopp, 0, 1) > 0 else 0


def best_moves(b: Board, tt: dict | None = None) -> list[int]:
    """The legal moves of the best value, in column order, moves shown worse skipped."""
    if b.winner is not None:
        raise ValueError("the game is over")
    g = b.g
    search = solver(g, {} if tt is None else tt)
    me, opp = b.stones[b.turn], b.stones[1 - b.turn]
    occ, mme, mopp = me | opp, mirror(me, g), mirror(opp, g)
    f, wins = (occ + g.bottom) & g.full, raw_threats(g)[1](me)
    best, out, colmask = -2, [], column_masks(g)
    for c in b.legal_moves():
        m = f & colmask[c]
        if wins & m:
            v = 1
        elif occ | m == g.full:
            v = 0
        else:
            child = (opp, me | m, mopp, mme | mirror(m, g))

            def at_least(t: int, child=child) -> bool:
                return search(*child, -t, 1 - t) <= -t

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
