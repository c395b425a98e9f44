"""Fast twin of mix.plain.selftaught (PlainEvaluation's leaf scores), for mix.fast.evalsearch.

The leaf scores of the self-taught player's search (``evalsearch``), on packed counts.

A position's feature counts are packed in one integer
(``mix.fast.threatsteps.pack_features``): bit 0 says who moved last, then the window counts,
then the threat counts. The closures made here (``scorers``, ``leaf_scorers``) score such integers
for one root search, remembering the scores in the evaluation's dictionaries
(``LinearEvaluation.counted``, ``threat_scores``, ``memo``), and read a leaf's tactics from its
threat slots first, as ``mix.selftaught.evaluation.forced`` reads them on a ``Board``.
"""

from __future__ import annotations

from itertools import compress
from operator import getitem, itemgetter, mul
from struct import Struct

from mix.board import X
from mix.fast.threatsteps import FIELD, THREAT_COUNTS, WINDOW_COUNTS
from mix.plain.selftaught import INF, TIE, WIN

unpack_counts = Struct("<28H").unpack   # packed window and threat counts
unpack_windows = Struct("<12H").unpack  # packed window counts
unpack_threats = Struct("<16H").unpack  # packed threat counts
THREATS = 1 + len(WINDOW_COUNTS) * FIELD  # the first bit of the packed threat counts
# pack_features' fields in the order of NAMES (from its third feature on)
in_order = itemgetter(*sorted(range(28), key=lambda j: (WINDOW_COUNTS + THREAT_COUNTS)[j]))


def scorers(walk):
    """``(tally, threat_fields, threat_score, step)``: the scores of packed counts and the
    stepper's entries, for the search state ``walk`` (``mix.fast.evalnodes.Walk``)."""
    counted, memory = walk.counted, walk.memory
    terms, window_terms, start = walk.terms, walk.window_terms, walk.start
    threats, threat_counts = walk.threats, walk.threat_counts
    threats_get = threats.get
    threat_scores, threat_units = walk.threat_scores, walk.threat_units
    threat_scores_get = threat_scores.get
    slots, fill = walk.slots, walk.fill

    def tally(ck: int) -> float:
        """The score of the packed counts ``ck`` for the side that moved last (X's, or its
        negation with X to move), remembered: summed in the order of ``NAMES`` as
        ``LinearEvaluation.score`` sums them (the window counts alone when there is no threat
        count; zeros left out)."""
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

    def step(turn: int, x: int, me: int, opp: int, both: int) -> tuple[int, int, float]:
        """The stepper's entry of the move ``x`` (``mix.fast.threatsteps.scored_steps``)."""
        base, mask, steps = slots[turn][x]
        key = both >> base & mask
        try:
            return steps[key]
        except KeyError:
            return fill(turn, x, me, opp, key)

    return tally, threat_fields, threat_score, step


def leaf_scorers(walk, tally, threat_fields, threat_score, step):
    """``(leaf, noisy)``: the mover's value of a position searched no further, and of the
    leaf after a move that makes a threat slot or is near one (``scorers`` gives the rest)."""
    full, bottom, count = walk.full, walk.bottom, walk.count
    memo, memory, shift = walk.memo, walk.memory, walk.shift
    memo_get, counted_get = memo.get, walk.counted.get

    def leaf(me: int, opp: int, turn: int, rme: int, ropp: int, w: int) -> float:
        """The mover's value searched no further (full board: a draw). A remembered score
        is a leaf's: its tactics were read when it was scored."""
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
        count[0] += 1
        return v if turn == X else -v

    def noisy(me: int, opp: int, turn: int, x: int, dw: int | None, new: int, dv: float,
              both: int, rme: int, ropp: int, feas: int, e: int, w: int, bound: float) -> float:
        """The value for ``me`` (``turn`` to move, window counts ``w``) of the leaf after the
        move ``x`` that makes a threat slot or is near one (``dw``, ``new``, ``dv``: its
        stepper entry, or None), or -INF when ``dv`` and the score of its threat counts add up
        to ``bound`` at most (``mix.fast.evalfrontier``)."""
        if ropp & (x << 1):   # the opponent completes four above the move
            return -WIN
        if dw is None:
            dw, new, dv = step(turn, x, me, opp, both)
        r = rme | new
        t = r & ((feas ^ x) | (x << 1))
        if t & (t - 1):     # two threats of ours: the opponent has lost
            return WIN
        count[0] += 1
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

    return leaf, noisy
