"""Fast twin of mix.plain.selftaught (PlainSearch one move from the leaves), under fast.evalsearch.

The nodes one move from the leaves in the self-taught player's search (``evalsearch``).

Such a node scores its children in its own loop, by their packed counts
(``mix.fast.evalscores``). Its quiet moves, which make no threat slot and are not near one,
all leave the node's threat counts, so such a move's score is the score of the node's counts
(``calm``) plus its change of the windows' score ``dv`` (its stepper entry) up to rounding
(``LinearEvaluation.margin``); the other moves' differ from that by the change of the threat counts'
score. Once a child is scored, a quiet one with ``dv <= lim = best - calm - margin`` scores at most
the best and is passed over (it would not change the best, the move kept or the cutoff), and so is a
noisy one whose ``dv`` and threat counts' score add up to ``lim`` plus the quiet moves' threat
counts' score (``tlim``) at most. A passed-over child still counts as a leaf reached.
"""

from __future__ import annotations

from itertools import compress
from operator import getitem

from mix.board import X
from mix.fast.evalscores import INF, unpack_windows


def calm_frontier(walk, tally, noisy, cutoff):
    """``calm_nodes``: the best value and move of a node one move from the leaves with no
    threat slot on the board (``walk``: the search's state, ``mix.fast.evalnodes.Walk``; the
    rest its scorers and its move ordering's ``cutoff``)."""
    slots, fill, margin, count = walk.slots, walk.fill, walk.margin, walk.count
    counted, memory, history, ordered = walk.counted, walk.memory, walk.history, walk.ordered
    counted_get, window_terms, start = counted.get, walk.window_terms, walk.start

    def calm_nodes(me: int, opp: int, turn: int, order, both: int, rme: int, ropp: int,
                   w: int, feas: int, e: int, beta: float) -> tuple[float, int | None]:
        """No threat slot on the board: a move that makes none is quiet (its counts are the
        windows alone)."""
        best, best_move, leaves, steps = -INF, None, 0, slots[turn]
        calm, lim = None, -INF
        for m in order:
            x = feas & m
            if not x:
                continue
            base, mask, steps_x = steps[x]
            sk = both >> base & mask
            try:
                dw, new, dv = steps_x[sk]
            except KeyError:
                dw, new, dv = fill(turn, x, me, opp, sk)
            if new & e:
                v = noisy(me, opp, turn, x, dw, new, dv, both, rme, ropp, feas, e, w, lim)
            else:
                leaves += 1
                if dv <= lim:   # at most best
                    continue
                ck = w + dw
                v = counted_get(ck)
                if v is None:   # ``tally`` (window counts alone), inlined
                    if len(counted) >= memory:
                        counted.clear()
                    n = unpack_windows((ck >> 1).to_bytes(24, "little"))
                    v = sum(compress(map(getitem, window_terms, n), n), start[turn])
                    v = counted[ck] = -v if turn else v
            if v > best:
                best, best_move = v, m
                if best >= beta:
                    history[turn][m] += 1
                    if ordered[turn][0] != m:
                        cutoff(turn, m)
                    break
                if calm is None:
                    calm = counted_get(w)
                    if calm is None:
                        calm = tally(w)
                lim = best - calm - margin
        count[0] += leaves
        return best, best_move

    return calm_nodes


def threat_frontier(walk, tally, threat_fields, threat_score, noisy, cutoff):
    """``threat_nodes``: as ``calm_frontier``'s nodes, with threat slots on the board."""
    slots, fill, margin, count = walk.slots, walk.fill, walk.margin, walk.count
    history, ordered, counted_get = walk.history, walk.ordered, walk.counted.get

    def threat_nodes(me: int, opp: int, turn: int, order, both: int, rme: int, ropp: int,
                     w: int, feas: int, e: int, beta: float, te: int) -> tuple[float, int | None]:
        """Threat slots ``te`` on the board: a quiet move makes no new threat slot, and neither
        it nor the slot above it is near one, so the threat counts after it are the same for
        all (``tq``)."""
        best, best_move, leaves, steps = -INF, None, 0, slots[turn]
        calm, lim = None, -INF
        near = te | te >> 1     # the playable slots there decide the threat counts
        close, fresh, tq, tlim = near | near >> 1, e & ~rme, None, -INF
        for m in order:
            x = feas & m
            if not x:
                continue
            if x & close:
                v = noisy(me, opp, turn, x, None, 0, 0.0, both, rme, ropp, feas, e, w, tlim)
            else:
                base, mask, steps_x = steps[x]
                sk = both >> base & mask
                try:
                    dw, new, dv = steps_x[sk]
                except KeyError:
                    dw, new, dv = fill(turn, x, me, opp, sk)
                if new & fresh:
                    v = noisy(me, opp, turn, x, dw, new, dv, both, rme, ropp, feas, e, w, tlim)
                else:   # quiet
                    leaves += 1
                    if dv <= lim:   # at most best
                        continue
                    if tq is None:
                        tq = (threat_fields(rme & e, ropp & e, feas & near) if turn == X
                              else threat_fields(ropp & e, rme & e, feas & near))
                    ck = w + dw | tq
                    v = counted_get(ck)
                    if v is None:
                        v = tally(ck)
            if v > best:
                best, best_move = v, m
                if best >= beta:
                    history[turn][m] += 1
                    if ordered[turn][0] != m:
                        cutoff(turn, m)
                    break
                if calm is None:
                    if tq is None:
                        tq = (threat_fields(rme & e, ropp & e, feas & near) if turn == X
                              else threat_fields(ropp & e, rme & e, feas & near))
                    calm = counted_get(w | tq)
                    if calm is None:
                        calm = tally(w | tq)
                    calm_threats = -threat_score(tq) if turn else threat_score(tq)
                lim = best - calm - margin
                tlim = lim + calm_threats   # for the noisy moves, whose threat counts are
                # not the quiet ones
        count[0] += leaves
        return best, best_move

    return threat_nodes
