"""Fast twin of mix.plain.selftaught (PlainSearch's interior nodes), beneath mix.fast.evalsearch.

The interior nodes of the self-taught player's search (``evalsearch``) and its state.

A node is (``me``, ``opp``, ``turn``): the stones of the side to move, of the other side, and the
mover's colour, with their threat slots ``rme``, ``ropp`` (``Counter.threat``) and the node's window
counts ``w``, packed as the features (``mix.fast.threatsteps.pack_features``; its bit 0, X to
move in the counts of its children, is ``turn``). A child's are its parent's updated by one look-up
of the stepper (the move's change of the windows and the threat slots its stone adds). Tactics come
from the threat slots: a mover with a playable threat has won, two playable threats of the other
side lose, one must be blocked. The moves of a node: the legal columns from the centre out (as
column masks), by the history of cutoffs of its mover (a stable sort, updated at each cutoff), the
previous best (transposition table) in front. The nodes one move from the leaves are
``mix.fast.evalfrontier``'s.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from mix.board import center_columns, column_masks
from mix.fast.evalfrontier import calm_frontier, threat_frontier
from mix.fast.evalscores import INF, WIN, leaf_scorers, scorers
from mix.fast.threatsteps import stepper


@lru_cache(maxsize=32)
def columns_out(g) -> tuple[list[int], list[int], list[int], dict[int, int]]:
    """Each column's mask, the columns from the centre out, their masks in that order and the
    rank of each mask in it."""
    pairs = center_columns(g)
    masks = [m for _, m in pairs]
    return column_masks(g), [c for c, _ in pairs], masks, {m: i for i, m in enumerate(masks)}


class Walk:
    """The state of one root search on ``evaluate`` (a ``LinearEvaluation`` in use on ``g``):
    the board's masks, the evaluation's tables, the transposition table, the cutoff history,
    the leaves reached (``count[0]``) and whether the board can fill up within it (``late``)."""

    def __init__(self, g, evaluate, late: bool):
        self.full, self.bottom, self.h, self.late = g.full, g.bottom, g.height, late
        self.colmask, _, self.columns, self.rank = columns_out(g)
        _, _, self.windows, self.threat_counts, self.threats = stepper(g)
        self.slots, self.fill, self.margin = evaluate.steps, evaluate.step_fill, evaluate.margin
        self.memo, self.memory, self.shift = evaluate.memo, evaluate.memory, evaluate.shift
        self.terms, self.window_terms = evaluate.counted_terms, evaluate.window_terms
        self.start, self.counted = evaluate.start, evaluate.counted
        self.threat_scores, self.threat_units = evaluate.threat_scores, evaluate.threat_units
        self.table: dict[int, tuple] = {}
        # per colour: cutoffs weighted by depth squared, and the columns by them (centre first
        # on ties)
        self.history = (dict.fromkeys(self.columns, 0), dict.fromkeys(self.columns, 0))
        self.ordered = [self.columns, self.columns]
        self.count = [0]


def reorder(walk):
    """``cutoff(turn, m)``: move column ``m``, whose history just grew, forward in its mover's
    order, as far as a stable sort by history would (a new list: nodes may be looping over the
    old one)."""
    history, ordered, rank = walk.history, walk.ordered, walk.rank

    def cutoff(turn: int, m: int) -> None:
        hist, order = history[turn], ordered[turn]
        i = j = order.index(m)
        hm, rm = hist[m], rank[m]
        while j and (hist[order[j - 1]] < hm
                     or hist[order[j - 1]] == hm and rank[order[j - 1]] > rm):
            j -= 1
        if j < i:
            ordered[turn] = order[:j] + [m] + order[j:i] + order[i + 1:]

    return cutoff


def bounds(hit, depth: int, best: float, a0: float, beta: float, move) -> tuple:
    """The table entry of a node searched ``depth`` deep in the window (``a0``, ``beta``) to
    ``best`` (fail-soft), the bounds known before (``hit``, at the same depth) narrowed."""
    if hit is not None and hit[0] == depth:
        lo, hi = -INF, INF
        if best <= a0:
            hi = best
        elif best >= beta:
            lo = best
        else:
            lo = hi = best
        return depth, max(lo, hit[1]), min(hi, hit[2]), move
    if best >= beta:
        return depth, best, INF, move
    if best <= a0:
        return depth, -INF, best, move
    return depth, best, best, move


def parts(walk):
    """The closures ``searcher``'s nodes call: ``leaf``, ``step``, ``cutoff`` and the
    frontier's nodes, with and without threat slots on the board."""
    tally, threat_fields, threat_score, step = scorers(walk)
    leaf, noisy = leaf_scorers(walk, tally, threat_fields, threat_score, step)
    cutoff = reorder(walk)
    return (leaf, step, cutoff, calm_frontier(walk, tally, noisy, cutoff),
            threat_frontier(walk, tally, threat_fields, threat_score, noisy, cutoff))


def searcher(walk):
    """``(value, leaf, step)`` for the search state ``walk``: ``value`` the mover's value of a
    node searched ``depth`` >= 1 moves deep (exact inside the window), ``leaf`` searched no
    further, ``step`` a move's stepper entry."""
    leaf, step, cutoff, calm_nodes, threat_nodes = parts(walk)
    full, bottom, h, late, colmask = walk.full, walk.bottom, walk.h, walk.late, walk.colmask
    shift, slots, fill, table = walk.shift, walk.slots, walk.fill, walk.table
    history, ordered, table_get = walk.history, walk.ordered, walk.table.get

    def value(me: int, opp: int, turn: int, depth: int, alpha: float, beta: float, rme: int,
              ropp: int, w: int) -> float:
        occ = me | opp
        if late and occ == full:
            return 0.0
        feas = (occ + bottom) & full
        if rme & feas:
            return WIN + depth
        theirs = ropp & feas
        if theirs & (theirs - 1):
            return -(WIN + depth)
        both = (me | opp << shift) << 3   # both sides' stones, as the stepper takes them
        hit, first = table_get(both), None
        if hit is not None:
            d, lo, hi, first = hit
            if d == depth:
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        if theirs:   # a threat of the opponent's to block
            order = (colmask[(theirs.bit_length() - 1) // h],)
        else:   # full columns are skipped in the loops (no playable slot)
            order = ordered[turn]
            if first is not None and order[0] != first:
                order = chain((first,), filter(first.__ne__, order))
        a0 = alpha
        if depth == 1:  # the children are leaves, scored by the frontier's loops
            e = full ^ occ
            if late and not e & (e - 1):   # one empty slot: the move fills the board, a draw
                best, best_move = -0.0, colmask[(feas.bit_length() - 1) // h]
                if best >= beta:
                    history[turn][best_move] += 1
                    if ordered[turn][0] != best_move:
                        cutoff(turn, best_move)
            elif te := (rme | ropp) & e:   # the threat slots on the board
                best, best_move = threat_nodes(me, opp, turn, order, both, rme, ropp, w, feas,
                                               e, beta, te)
            else:
                best, best_move = calm_nodes(me, opp, turn, order, both, rme, ropp, w, feas, e,
                                             beta)
        else:
            best, best_move, steps = -INF, None, slots[turn]
            # the children's window, mover (bit 0 of their counts) and counts before the move
            lower, upper, child, wc = -beta, -alpha, 1 - turn, w ^ 1
            for m in order:
                x = feas & m
                if not x:
                    continue
                base, mask, steps_x = steps[x]
                sk = both >> base & mask
                try:
                    dw, new, _ = steps_x[sk]
                except KeyError:
                    dw, new, _ = fill(turn, x, me, opp, sk)
                v = -value(opp, me | x, child, depth - 1, lower, upper, ropp, rme | new, wc + dw)
                if v > best:
                    best, best_move = v, m
                    if best >= beta:
                        history[turn][m] += depth * depth
                        if ordered[turn][0] != m:
                            cutoff(turn, m)
                        break
                    if best > alpha:   # the window is (max(alpha, best), beta)
                        upper = -best
        table[both] = bounds(hit, depth, best, a0, beta, best_move)
        return best

    return value, leaf, step
