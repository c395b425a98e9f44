"""Alpha-beta search on a learned evaluation (``mix.evaluation``).

``Search`` looks ``depth`` moves ahead and scores the positions there with a
``LinearEvaluation``. Tactics are read at a glance before any evaluation (``forced``): a mover
who can complete four has won, a mover facing two playable threats has lost, and a single
playable threat must be blocked (the only move searched). The search deepens one ply at a time
to its fixed depth (the previous ply's values order the moves) with a transposition table, so a
move's result depends only on the position and the depth, never on a clock. The self-taught
player (``mix.selftaught_agent``) plays through it.

The search runs on the board's integers, the feature counts packed in one integer and carried
from move to move by one look-up a move (``mix.threatsteps.stepper``), the scores of the
leaves remembered by their counts; a leaf that cannot beat the best of its siblings, by the
change of the window counts' score its move makes, is not scored exactly (it could not change
the result). ``tests/oracles_selftaught.py`` keeps the plain search on a ``Board`` that it
replaced, and the search on the integers before the stepper (``previous_search``): the same
nodes in the same order, the same values and moves; ``bench/bench_mix.py`` times them.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import chain, compress
from operator import getitem, itemgetter, mul
from struct import Struct

from mix.board import Board, X, center_order, column_masks
from mix.evaluation import LinearEvaluation
from mix.threatfeatures import counter
from mix.threatsteps import FIELD, THREAT_COUNTS, WINDOW_COUNTS, stepper

WIN = 1e6   # a won position, plus the plies left to search when it is found (evaluations stay
            # far below it): the quickest win and the slowest loss are preferred
TIE = 1e-9  # values this close count as equal
INF = float("inf")
unpack_counts = Struct("<28H").unpack   # packed window and threat counts
unpack_windows = Struct("<12H").unpack  # packed window counts
unpack_threats = Struct("<16H").unpack  # packed threat counts
THREATS = 1 + len(WINDOW_COUNTS) * FIELD  # the first bit of the packed threat counts
# pack_features' fields in the order of NAMES (from its third feature on)
in_order = itemgetter(*sorted(range(28), key=lambda j: (WINDOW_COUNTS + THREAT_COUNTS)[j]))


@lru_cache(maxsize=32)
def _columns(g) -> tuple[list[int], list[int], int]:
    """Each column's mask, the columns from the centre out, and the mask of the top slots."""
    colmask = column_masks(g)
    return colmask, center_order(g.cols), sum(1 << (c * g.height + g.rows - 1)
                                              for c in range(g.cols))


@lru_cache(maxsize=32)
def _masks_out(g) -> tuple[list[int], dict[int, int]]:
    """The column masks from the centre out, and the rank of each in that order."""
    colmask, centre, _ = _columns(g)
    columns = [colmask[c] for c in centre]
    return columns, {m: i for i, m in enumerate(columns)}


class Search:
    """Fixed-depth alpha-beta (negamax, fail-soft) on ``evaluate``, with a transposition table
    (cleared for every root position) and the best move of the previous ply tried first.

    The nodes are the board's integers, the mover's stones and the other's (``_search``);
    ``tests/oracles_selftaught.py`` keeps the plain search on a ``Board`` that this one
    replaced: the same nodes in the same order, so the same values, moves and ``leaves``
    (positions reached at the search's depth, scored or shown no better than a sibling)."""

    def __init__(self, evaluate: LinearEvaluation):
        self.evaluate, self.leaves = evaluate, 0

    def root(self, b: Board, depth: int, rng: random.Random | None = None) -> dict[int, float]:
        """The mover's value of each move that ties for best after a ``depth``-move search
        (values of the others stay below the best); an immediate win is the only move. With
        ``rng``, the moves are searched in a random order and only the first best is kept
        (the others need only be shown no better, which prunes far more)."""
        self.evaluate.use(b)
        out, leaves = _search(b, depth, rng, self.evaluate)
        self.leaves += leaves
        return out


def _search(b: Board, depth: int, rng: random.Random | None,
            evaluate: LinearEvaluation) -> tuple[dict[int, float], int]:
    """``Search.root`` and the number of leaves it reached, by closures over the integers.

    A node is (``me``, ``opp``, ``turn``): the stones of the side to move, of the other side,
    and the mover's colour, with their threat slots ``rme``, ``ropp`` (``Counter.threat``)
    and the node's window counts ``w``, packed as the features (``mix.threatsteps.
    pack_features``; its bit 0, X to move in the counts of its children, is ``turn``); a
    child's are its parent's updated by one look-up of the stepper (the move's change of the
    windows and the threat slots its stone adds: ``LinearEvaluation.steps``, which adds the
    change ``dv`` of the windows' score). Tactics come from the threat slots: a mover with a
    playable threat has won, two playable threats of the other side lose, one must be
    blocked. The nodes one move from the leaves score their children in their own loop, by
    their packed counts (``tally``: the scores are remembered, as most counts recur among the
    leaves of a search). Their quiet moves, which make no threat slot and are not near one,
    all leave the node's threat counts, so such a move's score is the score of the node's
    counts (``calm``) plus its ``dv`` up to rounding (``LinearEvaluation.margin``), and the
    other moves' differ from that by the change of the threat counts' score
    (``threat_score``): once a child is scored, one that cannot rise above the best by these
    is passed over (it would not change the best, the move kept or the cutoff). The moves of
    a node: the legal columns from the centre out (as column masks), by the history of
    cutoffs of its mover (a stable sort, updated at each cutoff), the previous best in
    front."""
    g = b.g
    full, bottom, h = g.full, g.bottom, g.height
    colmask, centre, _ = _columns(g)
    threat = counter(g).threat
    _, _, windows, threat_counts, threats = stepper(g)
    threats_get = threats.get
    slots, fill, margin = evaluate.steps, evaluate.step_fill, evaluate.margin
    memo, memory, shift = evaluate.memo, evaluate.memory, evaluate.shift
    terms, window_terms, start = evaluate.counted_terms, evaluate.window_terms, evaluate.start
    memo_get = memo.get
    counted = evaluate.counted          # packed counts -> the score for who moved last
    counted_get = counted.get
    threat_scores, threat_units = evaluate.threat_scores, evaluate.threat_units
    threat_scores_get = threat_scores.get
    table: dict[int, tuple] = {}
    table_get = table.get
    columns, rank = _masks_out(g)   # the columns (masks) from the centre out, their ranks
    # per colour: cutoffs weighted by depth squared, and the columns by them (centre first on
    # ties)
    history = (dict.fromkeys(columns, 0), dict.fromkeys(columns, 0))
    ordered = [columns, columns]
    leaves = 0
    # whether the board can fill up within the search
    late = full.bit_count() - (b.stones[0] | b.stones[1]).bit_count() <= depth + 1

    def cutoff(turn: int, m: int) -> None:
        """Move column ``m``, whose history just grew, forward in its mover's order, as far as
        a stable sort by history would (a new list: nodes may be looping over the old one)."""
        hist, order = history[turn], ordered[turn]
        i = j = order.index(m)
        hm, rm = hist[m], rank[m]
        while j and (hist[order[j - 1]] < hm
                     or hist[order[j - 1]] == hm and rank[order[j - 1]] > rm):
            j -= 1
        if j < i:
            ordered[turn] = order[:j] + [m] + order[j:i] + order[i + 1:]

    def tally(ck: int) -> float:
        """The score of the packed counts ``ck`` (``pack_features``) for the side that moved
        last (X's, or its negation with X to move), remembered: summed in the order of
        ``NAMES`` as ``LinearEvaluation.score`` sums them (the window counts alone when there
        is no threat count; zeros left out)."""
        if len(counted) >= memory:
            counted.clear()
        if ck >> THREATS:
            n = in_order(unpack_counts((ck >> 1).to_bytes(56, "little")))
            v = sum(compress(map(getitem, terms, n), n), start[ck & 1])
        else:
            n = unpack_windows((ck >> 1).to_bytes(24, "little"))
            v = sum(compress(map(getitem, window_terms, n), n), start[ck & 1])
        v = counted[ck] = -v if ck & 1 else v
        return v

    def threat_fields(t0: int, t1: int, f: int) -> int:
        """The packed threat counts of X's threat slots ``t0`` and O's ``t1`` (empty slots),
        ``f`` the playable slots at or under them (``Stepper.threat_counts``), remembered."""
        key = (t0, t1, f)
        tp = threats_get(key)
        if tp is None:
            if len(threats) >= memory:
                threats.clear()
            tp = threats[key] = threat_counts(t0, t1, f)
        return tp

    def step(turn: int, x: int, me: int, opp: int, both: int) -> tuple[int, int, float]:
        """The stepper's entry of the move ``x`` (``mix.threatsteps.scored_steps``)."""
        base, mask, steps = slots[turn][x]
        key = both >> base & mask
        try:
            return steps[key]
        except KeyError:
            return fill(turn, x, me, opp, key)

    def leaf(me: int, opp: int, turn: int, rme: int, ropp: int, w: int) -> float:
        """The mover's value searched no further (full board: a draw). A remembered score
        is a leaf's: its tactics were read when it was scored."""
        nonlocal leaves
        occ = me | opp
        if occ == full:
            return 0.0
        key = me << shift | opp   # the memory's key: the mover's stones first
        v = memo_get(key)
        if v is None:
            feas = (occ + bottom) & full
            if rme & feas:
                return WIN
            theirs = ropp & feas
            if theirs & (theirs - 1):
                return -WIN
            if len(memo) >= memory:
                memo.clear()
            e = full ^ occ
            tm, to = rme & e, ropp & e
            ck = w ^ 1   # X to move here: O moved last
            if tm | to:   # the threat counts
                tt = tm | to
                f = feas & (tt | tt >> 1)
                ck |= threat_fields(tm, to, f) if turn == X else threat_fields(to, tm, f)
            v = counted_get(ck)
            if v is None:
                v = tally(ck)
            v = memo[key] = v if turn else -v   # X's score (the other side moved last)
        leaves += 1
        return v if turn == X else -v

    def threat_score(tp: int) -> float:
        """The score of the packed threat counts ``tp`` alone, from X's side (up to
        rounding), remembered."""
        v = threat_scores_get(tp)
        if v is None:
            if len(threat_scores) >= memory:
                threat_scores.clear()
            n = unpack_threats((tp >> THREATS).to_bytes(32, "little"))
            v = threat_scores[tp] = sum(map(mul, threat_units, n))
        return v

    def noisy(me: int, opp: int, turn: int, x: int, dw: int | None, new: int, dv: float,
              both: int, rme: int, ropp: int, feas: int, e: int, w: int, bound: float) -> float:
        """The value for ``me`` (``turn`` to move, window counts ``w``) of the leaf after the
        move ``x`` that makes a threat slot or is near one (``dw``, ``new``, ``dv``: its
        stepper entry, or None), or -INF when ``dv`` and the score of its threat counts add up
        to ``bound`` at most (see ``value``)."""
        nonlocal leaves
        if ropp & (x << 1):   # the opponent completes four above the move
            return -WIN
        if dw is None:
            dw, new, dv = step(turn, x, me, opp, both)
        r = rme | new
        t = r & ((feas ^ x) | (x << 1))
        if t & (t - 1):     # two threats of ours: the opponent has lost
            return WIN
        leaves += 1
        ex = e ^ x
        tt = (r | ropp) & ex
        ck = w + dw
        if tt:   # their counts
            f = ((feas ^ x) | ((x << 1) & full)) & (tt | tt >> 1)
            tp = (threat_fields(r & ex, ropp & ex, f) if turn == X
                  else threat_fields(ropp & ex, r & ex, f))
            ck |= tp
            if bound > -INF and dv + (-threat_score(tp) if turn else threat_score(tp)) <= bound:
                return -INF
        elif dv <= bound:
            return -INF
        v = counted_get(ck)
        return tally(ck) if v is None else v

    def value(me: int, opp: int, turn: int, depth: int, alpha: float, beta: float, rme: int,
              ropp: int, w: int) -> float:
        """The mover's value searched ``depth`` >= 1 moves deep (exact inside the window)."""
        nonlocal leaves
        occ = me | opp
        if late and occ == full:
            return 0.0
        feas = (occ + bottom) & full
        if rme & feas:
            return WIN + depth
        theirs = ropp & feas
        if theirs & (theirs - 1):
            return -(WIN + depth)
        # the stones of both sides, as the stepper takes them: one integer per position (the
        # turn follows from the stones), the table's key
        both = (me | opp << shift) << 3
        hit = table_get(both)
        first = None
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
        best = -INF
        best_move = None
        steps = slots[turn]
        if depth == 1:  # the children are leaves, scored here (see ``leaf``)
            e = full ^ occ
            if late and not e & (e - 1):   # one empty slot: the move fills the board, a draw
                best, best_move = -0.0, colmask[(feas.bit_length() - 1) // h]
                if best >= beta:
                    history[turn][best_move] += 1
                    if ordered[turn][0] != best_move:
                        cutoff(turn, best_move)
                order = ()
            te = (rme | ropp) & e   # the threat slots on the board
            # Once a child is scored, a quiet child (below) whose score exceeds the score of
            # this node's counts (``calm``) by ``dv`` (its stepper entry) scores at most best
            # when dv <= ``lim`` = best - calm - margin: it is not scored exactly; nor is a
            # noisy one whose dv and the score of its threat counts add up to ``lim`` plus
            # the score of the quiet moves' threat counts (``tlim``) at most.
            calm, lim = None, -INF
            if not te:   # none: a move that makes none is quiet (its counts are the windows)
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
                        v = noisy(me, opp, turn, x, dw, new, dv, both, rme, ropp, feas, e, w,
                                  lim)
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
            else:
                # a quiet move makes no new threat slot, and neither it nor the slot above it
                # is near a threat slot: the threat counts after it are the same for all
                near = te | te >> 1     # the playable slots there decide the threat counts
                close, fresh, tq, tlim = near | near >> 1, e & ~rme, None, -INF
                for m in order:
                    x = feas & m
                    if not x:
                        continue
                    if x & close:
                        v = noisy(me, opp, turn, x, None, 0, 0.0, both, rme, ropp, feas, e, w,
                                  tlim)
                    else:
                        base, mask, steps_x = steps[x]
                        sk = both >> base & mask
                        try:
                            dw, new, dv = steps_x[sk]
                        except KeyError:
                            dw, new, dv = fill(turn, x, me, opp, sk)
                        if new & fresh:
                            v = noisy(me, opp, turn, x, dw, new, dv, both, rme, ropp, feas, e,
                                      w, tlim)
                        else:   # quiet
                            leaves += 1
                            if dv <= lim:   # at most best
                                continue
                            if tq is None:
                                tq = (threat_fields(rme & e, ropp & e, feas & near)
                                      if turn == X else
                                      threat_fields(ropp & e, rme & e, feas & near))
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
                                tq = (threat_fields(rme & e, ropp & e, feas & near)
                                      if turn == X else
                                      threat_fields(ropp & e, rme & e, feas & near))
                            calm = counted_get(w | tq)
                            if calm is None:
                                calm = tally(w | tq)
                            calm_threats = -threat_score(tq) if turn else threat_score(tq)
                        lim = best - calm - margin
                        tlim = lim + calm_threats   # for the noisy moves, whose threat
                        # counts are not the quiet ones
        else:
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
        if hit is not None and hit[0] == depth:   # the bounds known before, narrowed
            lo, hi = -INF, INF
            if best <= a0:
                hi = best
            elif best >= beta:
                lo = best
            else:
                lo = hi = best
            table[both] = (depth, max(lo, hit[1]), min(hi, hit[2]), best_move)
        elif best >= beta:
            table[both] = (depth, best, INF, best_move)
        elif best <= a0:
            table[both] = (depth, -INF, best, best_move)
        else:
            table[both] = (depth, best, best, best_move)
        return best

    turn = b.turn
    me, opp = b.stones[turn], b.stones[1 - turn]
    occ = me | opp
    feas = (occ + bottom) & full
    moves = [c for c in centre if b.heights[c] < g.rows]
    rme, ropp = threat(me), threat(opp)
    if rme & feas:   # a win now (the first column from the centre out)
        for c in moves:
            if rme & feas & colmask[c]:
                return {c: WIN + depth}, 0
    if rng is not None:
        rng.shuffle(moves)
    w = windows(*b.stones) | 1 - turn   # the children's mover in bit 0
    children = {}
    both = (me | opp << shift) << 3
    for c in moves:
        x = feas & colmask[c]
        dw, new, _ = step(turn, x, me, opp, both)
        children[c] = (me | x, rme | new, w + dw)
    slack = TIE if rng is None else 0.0   # a window just below the best keeps the ties
    values: dict[int, float] = {}
    child = 1 - turn
    for d in range(1, depth + 1):
        values, top = {}, -INF   # top: the best value so far (the first of equal ones)
        for c in moves:
            mine, r, wc = children[c]
            v = values[c] = -(leaf(opp, mine, child, ropp, r, wc) if d == 1
                              else value(opp, mine, child, d - 1, -INF, -(top - slack), ropp,
                                         r, wc))
            top = max(top, v)
        moves = sorted(moves, key=lambda c: -values[c])
    if rng is not None:
        return {moves[0]: values[moves[0]]}, leaves
    top = max(values.values())
    return {c: v for c, v in values.items() if v >= top - TIE}, leaves


def best_moves(b: Board, depth: int, evaluate: LinearEvaluation) -> list[int]:
    """The moves of the highest searched value for the side to move (ties all returned)."""
    if not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a whole number >= 1, got {depth!r}")
    if b.winner is not None or b.is_over():
        raise ValueError("the game is over: no move to choose")
    evaluate.use(b)
    return sorted(Search(evaluate).root(b, depth))
