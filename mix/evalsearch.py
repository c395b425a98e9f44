"""Alpha-beta search on a learned evaluation, and the self-taught player built on it.

``Search`` looks ``depth`` moves ahead and scores the positions there with a
``LinearEvaluation`` (``weights . features``, X's view: positive favours X; the learner's
value is its tanh, so both order positions alike). Tactics are read at a glance before any
evaluation: a mover who can complete four has won, a mover facing two playable threats has
lost, and a single playable threat must be blocked (the only move searched). The search
deepens one ply at a time to its fixed depth (the previous ply's values order the moves) with
a transposition table, so a move's result depends only on the position and the depth, never on
a clock. The ``SelfTaughtAgent`` plays with the weights learned by ``mix.selftaught``; it
searches deeper when few columns are open, for about the effort of its nominal depth with all
20 columns of the 10x20 board open (``search_depth``).

The search runs on the board's integers, the feature counts carried from move to move
(``mix.threatfeatures.Counter``); ``tests/oracles_mix.py`` keeps the plain search on a ``Board``
that it replaced (the same nodes in the same order: the same values and moves), and
``bench/bench_mix.py`` times one against the other.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import chain, compress
from operator import getitem

import numpy as np

from mix.board import Board, X
from mix.features import threats
from mix.search import center_order
from mix.threatfeatures import N_FEATURES, SCALE, counter

WIDTH = 20  # the columns of the 10x20 board: the agent's nominal depth is its depth there
MAX_DEPTH = 24
WIN = 1e6   # a won position, plus the plies left to search when it is found (evaluations stay
            # far below it): the quickest win and the slowest loss are preferred
TIE = 1e-9  # values this close count as equal
INF = float("inf")


class LinearEvaluation:
    """X's score ``weights . features`` of positions, with a memory of the positions searches
    scored (a search meets the same position by many move orders, and the next search many
    of the last one's): the leaves, which passed the tactics at a glance (``forced``), keyed
    by the mover's stones then the other side's, of one board size at a time (``use``). It
    starts afresh past ``memory`` positions and is not pickled (a copy sent to a worker starts
    empty)."""

    def __init__(self, weights, memory: int = 200_000):
        w = np.asarray(weights, dtype=float)
        if w.shape != (N_FEATURES,) or not np.all(np.isfinite(w)):
            raise ValueError(f"weights must be {N_FEATURES} finite numbers, got shape {w.shape}")
        self.w, self.memory, self.memo, self.geometry, self.shift = w, memory, {}, None, 0
        self.per_count = (w / SCALE).tolist()    # the weight of one unit of each count
        self.terms: list[tuple[float, ...]] = []  # per feature: n * its per_count, n = 0, 1, ...

    def __getstate__(self) -> dict:
        return {**self.__dict__, "memo": {}, "geometry": None, "terms": []}  # remade by use

    def use(self, b: Board) -> None:
        """Forget the remembered scores when ``b`` is of another board size than the last."""
        if b.g != self.geometry:
            self.memo.clear()
            self.geometry, self.shift = b.g, b.g.cols * b.g.height
            self.terms = [tuple(n * u for n in range(b.g.rows * b.g.cols + 1))
                          for u in self.per_count]   # no count exceeds the number of slots

    def score(self, b: Board) -> float:
        """X's score of ``b`` (the learner's value is its tanh)."""
        self.use(b)
        s0, s1 = b.stones
        v = self.memo.get(b.stones[b.turn] << self.shift | b.stones[1 - b.turn])
        if v is None:  # not added to the memory, which holds the searches' leaves only
            c = counter(b.g)
            n = c.count(s0, s1, int(b.turn == X), c.threat(s0), c.threat(s1))
            v = sum(compress(map(getitem, self.terms, n), n))
        return v

    def __call__(self, b: Board) -> float:
        """X's expected outcome in [-1, 1], ``tanh`` of the score."""
        return float(np.tanh(self.score(b)))


def forced(b: Board) -> tuple[float | None, list[int] | None]:
    """Tactics at a glance: (1.0, None) when the mover can complete four now, (-1.0, None) when
    the opponent has two playable threats, (None, [col]) when one must be blocked, else
    (None, None)."""
    g, me = b.g, b.turn
    occ = b.stones[0] | b.stones[1]
    empty = g.full & ~occ
    feas = (occ + g.bottom) & g.full
    if threats(b.stones[me], empty, g) & feas:
        return 1.0, None
    theirs = threats(b.stones[1 - me], empty, g) & feas
    if not theirs:
        return None, None
    if theirs.bit_count() > 1:
        return -1.0, None
    return None, [(theirs.bit_length() - 1) // g.height]


@lru_cache(maxsize=32)
def _columns(g) -> tuple[list[int], list[int], int]:
    """Each column's mask, the columns from the centre out, and the mask of the top slots."""
    colmask = [((1 << g.rows) - 1) << (c * g.height) for c in range(g.cols)]
    return colmask, center_order(g.cols), sum(1 << (c * g.height + g.rows - 1)
                                              for c in range(g.cols))


class Search:
    """Fixed-depth alpha-beta (negamax, fail-soft) on ``evaluate``, with a transposition table
    (cleared for every root position) and the best move of the previous ply tried first.

    The nodes are the board's integers, the mover's stones and the other's (``_search``);
    ``tests/oracles_mix.py`` keeps the plain search on a ``Board`` that this one replaced: the
    same nodes in the same order, so the same values, moves and ``leaves`` (positions
    scored)."""

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
    """``Search.root`` and the number of positions it scored, by closures over the integers.

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
    colmask, centre, tops = _columns(g)
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


def best_moves(b: Board, depth: int, evaluate: LinearEvaluation) -> list[int]:
    """The moves of the highest searched value for the side to move (ties all returned)."""
    if not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a whole number >= 1, got {depth!r}")
    if b.winner is not None or b.is_over():
        raise ValueError("the game is over: no move to choose")
    evaluate.use(b)
    return sorted(Search(evaluate).root(b, depth))


def search_depth(b: Board, depth: int) -> int:
    """The depth that costs about ``depth`` plies with ``WIDTH`` moves to choose from: the
    deepest d >= ``depth`` with moves**d <= WIDTH**depth, never past the board's empty slots
    (nor ``MAX_DEPTH``)."""
    moves, left = len(b.legal_moves()), b.g.rows * b.g.cols - b.moves
    d, budget = min(depth, left), WIDTH ** depth
    while d < min(left, MAX_DEPTH) and moves ** (d + 1) <= budget:
        d += 1
    return d


class SelfTaughtAgent:
    """Alpha-beta on the self-taught evaluation, ``depth`` plies deep with all 20 columns open
    and deeper when fewer are (``search_depth``); ``fixed=True`` keeps ``depth`` everywhere.
    Ties are broken by ``rng``."""

    def __init__(self, weights, depth: int = 4, name: str | None = None, fixed: bool = False):
        if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= 8:
            raise ValueError(f"depth must be a whole number from 1 to 8, got {depth!r}")
        self.evaluate = LinearEvaluation(weights)
        self.weights, self.depth, self.fixed = self.evaluate.w, depth, bool(fixed)
        self.name = name or f"selftaught:{depth}" + ("-fixed" if fixed else "")

    def depth_at(self, b: Board) -> int:
        """The depth searched from ``b``."""
        return self.depth if self.fixed else search_depth(b, self.depth)

    def choose(self, b: Board, rng: random.Random) -> int:
        """One of the best moves, the moves searched in an order drawn from ``rng``."""
        if b.winner is not None or b.is_over():
            raise ValueError("the game is over: no move to choose")
        self.evaluate.use(b)
        return next(iter(Search(self.evaluate).root(b, self.depth_at(b), rng)))
