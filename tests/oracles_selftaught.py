"""A snapshot of the self-taught MIX player's earlier fast search, kept for the tests only (its
plain features, evaluation, search and self-play are in the library: ``mix.plain.selftaught``,
``mix.plain.selfplay``).

``previous_search`` (``PreviousSearch``, ``PreviousSelfTaught``) is the search on the board's
integers that ``mix.selftaught.evalsearch`` ran before its leaves were scored through
``mix.selftaught.threatsteps.stepper`` (one look-up per move, the counts packed in one integer and
their scores remembered, leaves that cannot beat a sibling passed over), unchanged but for the
names: the tests check that both play the same moves."""

from __future__ import annotations

import random
from itertools import chain, compress
from operator import getitem

from mix.board import Board, X
from mix.selftaught.agent import search_depth
from mix.selftaught.evalnodes import columns_out
from mix.selftaught.evalscores import INF, TIE, WIN
from mix.selftaught.evaluation import LinearEvaluation
from mix.selftaught.threatfeatures import counter


def previous_search(b: Board, depth: int, rng: random.Random | None,
                    evaluate: LinearEvaluation) -> tuple[dict[int, float], int]:
    """``PreviousSearch.root`` and the number of positions it scored, by closures over the
    integers.

    A node is (``me``, ``opp``, ``turn``): the stones of the side to move, of the other side,
    and the mover's colour, with their threat slots ``rme``, ``ropp`` (``Counter.threat``;
    a child's are its parent's, one of them ``grown`` by the move), its parent's packed window
    counts ``wp`` and the slot ``xp`` just played (``Counter.moved`` gives the node's own
    counts when they are needed: to score a position the memory does not know, or to pass on
    to the children). Tactics come from the threat slots: a mover with a playable threat has
    won, two playable threats of the other side lose, one must be blocked. The nodes one move
    from the leaves score their children in their own loop; a leaf the memory knows is taken
    at once (its tactics were read when it was scored). The moves of a node: the legal columns
    from the centre out, by the history of cutoffs of its mover (a stable sort, updated at
    each cutoff), the previous best in front."""
    g = b.g
    full, bottom, h = g.full, g.bottom, g.height
    colmask, centre, _, _ = columns_out(g)
    tops = sum(1 << (c * g.height + g.rows - 1) for c in range(g.cols))   # the top slots
    threat, _, windows, moved, grown, finish, _ = counter(g)
    terms, memo, memory, shift = evaluate.terms, evaluate.memo, evaluate.memory, evaluate.shift
    memo_get = memo.get
    table: dict[int, tuple] = {}
    table_get = table.get
    history = ([0] * g.cols, [0] * g.cols)     # per colour: cutoffs weighted by depth squared
    ordered = [centre, centre]       # per colour: the columns by history, centre first on ties
    rank = {c: i for i, c in enumerate(centre)}
    leaves = 0

    def cutoff(turn: int, c: int, weight: int) -> None:
        """Add ``weight`` to the history of ``c`` and move it forward in its mover's order,
        as far as a stable sort by history would (a new list: nodes may be looping over the
        old one)."""
        hist, order = history[turn], ordered[turn]
        hist[c] += weight
        if order[0] == c:
            return
        i = j = order.index(c)
        hc, rc = hist[c], rank[c]
        while j and (hist[order[j - 1]] < hc
                     or hist[order[j - 1]] == hc and rank[order[j - 1]] > rc):
            j -= 1
        if j < i:
            ordered[turn] = order[:j] + [c] + order[j:i] + order[i + 1:]

    def leaf(me: int, opp: int, turn: int, rme: int, ropp: int, wp: int, xp: int) -> float:
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
            w = moved(wp, 1 - turn, xp, opp ^ xp, me)
            n = (finish(me, opp, 1, rme, ropp, w) if turn == X
                 else finish(opp, me, 0, ropp, rme, w))
            v = memo[key] = sum(compress(map(getitem, terms, n), n))  # sum(n * per_count if n)
        leaves += 1
        return v if turn == X else -v

    def value(me: int, opp: int, turn: int, depth: int, alpha: float, beta: float, rme: int,
              ropp: int, wp: int, xp: int) -> float:
        """The mover's value searched ``depth`` >= 1 moves deep (exact inside the window)."""
        nonlocal leaves
        occ = me | opp
        if occ == full:
            return 0.0
        feas = (occ + bottom) & full
        if rme & feas:
            return WIN + depth
        theirs = ropp & feas
        only = None
        if theirs:
            if theirs & (theirs - 1):
                return -(WIN + depth)
            only = ((theirs.bit_length() - 1) // h,)
        key = me << shift | opp   # one integer per position (turn follows from the stones)
        hit = table_get(key)
        first = None
        if hit is not None:
            d, lo, hi, first = hit
            if d == depth:
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        if only:
            order = only
        else:
            order = ordered[turn]
            if occ & tops:   # full columns
                order = [c for c in order if not occ & tops & colmask[c]]
            if first is not None and order[0] != first:
                order = chain((first,), filter(first.__ne__, order))
        a0, best, best_move = alpha, -INF, None
        w = None   # this node's packed window counts, when first needed
        if depth == 1:  # the children are leaves, scored here (see ``leaf``)
            e = full ^ occ
            filling = not e & (e - 1)   # one empty slot: the move fills the board, a draw
            for c in order:
                x = feas & colmask[c]
                if filling:
                    v = -0.0
                else:
                    mine = me | x
                    k = opp << shift | mine
                    v = memo_get(k)
                    if v is not None:   # a leaf scored before
                        leaves += 1
                        if turn:
                            v = -v
                    elif ropp & (x << 1):   # the opponent completes four above the move
                        v = -WIN
                    else:
                        r = grown(rme, me, x)
                        t = r & ((feas ^ x) | (x << 1))
                        if t & (t - 1):     # two threats of ours: the opponent has lost
                            v = WIN
                        else:
                            leaves += 1
                            if len(memo) >= memory:
                                memo.clear()
                            if w is None:
                                w = moved(wp, 1 - turn, xp, opp ^ xp, me)
                            wc = moved(w, turn, x, me, opp)
                            n = (finish(mine, opp, 0, r, ropp, wc) if turn == X
                                 else finish(opp, mine, 1, ropp, r, wc))
                            v = memo[k] = sum(compress(map(getitem, terms, n), n))
                            if turn:
                                v = -v
                if v > best:
                    best, best_move = v, c
                    if best >= beta:
                        cutoff(turn, c, 1)
                        break
        else:
            w = moved(wp, 1 - turn, xp, opp ^ xp, me)
            for c in order:
                x = feas & colmask[c]
                v = -value(opp, me | x, 1 - turn, depth - 1, -beta, -max(alpha, best), ropp,
                           grown(rme, me, x), w, x)
                if v > best:
                    best, best_move = v, c
                    if best >= beta:
                        cutoff(turn, c, depth * depth)
                        break
        lo, hi = -INF, INF
        if best <= a0:
            hi = best
        elif best >= beta:
            lo = best
        else:
            lo = hi = best
        if hit is not None and hit[0] == depth:
            lo, hi = max(lo, hit[1]), min(hi, hit[2])
        table[key] = (depth, lo, hi, best_move)
        return best

    turn = b.turn
    me, opp = b.stones[turn], b.stones[1 - turn]
    occ = me | opp
    feas = (occ + bottom) & full
    moves = [c for c in centre if b.heights[c] < g.rows]
    rme, ropp = threat(me), threat(opp)
    for c in moves:
        if rme & feas & colmask[c]:
            return {c: WIN + depth}, 0
    if rng is not None:
        rng.shuffle(moves)
    w = windows(*b.stones)
    slack = TIE if rng is None else 0.0   # a window just below the best keeps the ties
    values: dict[int, float] = {}
    for d in range(1, depth + 1):
        values = {}
        for c in moves:
            x = feas & colmask[c]
            r = grown(rme, me, x)
            bound = max(values.values(), default=-INF) - slack
            values[c] = -(leaf(opp, me | x, 1 - turn, ropp, r, w, x) if d == 1
                          else value(opp, me | x, 1 - turn, d - 1, -INF, -bound, ropp, r, w, x))
        moves = sorted(moves, key=lambda c: -values[c])
    if rng is not None:
        return {moves[0]: values[moves[0]]}, leaves
    top = max(values.values())
    return {c: v for c, v in values.items() if v >= top - TIE}, leaves


class PreviousSearch:
    """``mix.selftaught.evalsearch.Search`` as it was before the stepper (``previous_search``)."""

    def __init__(self, evaluate: LinearEvaluation):
        self.evaluate, self.leaves = evaluate, 0

    def root(self, b: Board, depth: int, rng: random.Random | None = None) -> dict[int, float]:
        self.evaluate.use(b)
        out, leaves = previous_search(b, depth, rng, self.evaluate)
        self.leaves += leaves
        return out


class PreviousSelfTaught:
    """``mix.selftaught.agent.SelfTaughtAgent`` on ``PreviousSearch`` (the same depths, rng
    draws and memory of scores kept from move to move)."""

    def __init__(self, weights, depth: int = 4, fixed: bool = False):
        self.evaluate, self.depth, self.fixed = LinearEvaluation(weights), depth, fixed

    def depth_at(self, b: Board) -> int:
        return self.depth if self.fixed else search_depth(b, self.depth)

    def choose(self, b: Board, rng: random.Random) -> int:
        self.evaluate.use(b)
        return next(iter(PreviousSearch(self.evaluate).root(b, self.depth_at(b), rng)))
