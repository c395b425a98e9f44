"""Fast twin of mix.plain.selftaught (its PlainSearch): the root of the self-taught player's search.

Alpha-beta search on a learned evaluation (``mix.fast.evaluation``).

``Search`` looks ``depth`` moves ahead and scores the positions there with a
``LinearEvaluation``. Tactics are read at a glance before any evaluation (``forced``): a mover
who can complete four has won, a mover facing two playable threats has lost, and a single
playable threat must be blocked (the only move searched). The search deepens one ply at a time
to its fixed depth (the previous ply's values order the moves) with a transposition table, so a
move's result depends only on the position and the depth, never on a clock. The self-taught
player (``mix.selftaught.agent``) plays through it.

Plain first: ``mix.plain.selftaught`` is this search written on a ``Board`` that plays and undoes
moves; the tests check this one visits the same nodes in the same order, with the same values and
moves, and ``bench/bench_mix.py`` times the two. This one runs on the board's integers, the feature
counts packed in one integer and carried from move to move by one look-up a move
(``mix.fast.threatsteps.stepper``), the scores of the leaves remembered by their counts
(``mix.fast.evalscores``); the interior nodes are ``mix.fast.evalnodes``'s, and a node
one move from the leaves scores its children in its own loop, passing over those that could not beat
the best (``mix.fast.evalfrontier``). Here: the root.
"""

from __future__ import annotations

import random

from mix.board import Board
from mix.fast.evalnodes import Walk, columns_out, searcher
from mix.fast.evalscores import INF, TIE, WIN
from mix.fast.evaluation import LinearEvaluation
from mix.selftaught.threatfeatures import counter

__all__ = ["INF", "TIE", "WIN", "Search", "best_moves"]


class Search:
    """Fixed-depth alpha-beta (negamax, fail-soft) on ``evaluate``, with a transposition table
    (cleared for every root position) and the best move of the previous ply tried first.

    The nodes are the board's integers, the mover's stones and the other's (``_search``);
    ``mix.plain.selftaught.PlainSearch`` is the same search on a ``Board``: the same nodes in
    the same order, so the same values, moves and ``leaves`` (positions reached at the
    search's depth, scored or shown no better than a sibling)."""

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
    """``Search.root`` and the number of leaves it reached: the root's moves deepened one ply
    at a time, each ply's values ordering the next (``mix.fast.evalnodes`` searches below)."""
    g = b.g
    colmask, centre, _, _ = columns_out(g)
    # whether the board can fill up within the search
    late = g.full.bit_count() - (b.stones[0] | b.stones[1]).bit_count() <= depth + 1
    walk = Walk(g, evaluate, late)
    value, leaf, step = searcher(walk)
    turn = b.turn
    me, opp = b.stones[turn], b.stones[1 - turn]
    feas = ((me | opp) + g.bottom) & g.full
    moves = [c for c in centre if b.heights[c] < g.rows]
    threat = counter(g).threat
    rme, ropp = threat(me), threat(opp)
    if rme & feas:   # a win now (the first column from the centre out)
        for c in moves:
            if rme & feas & colmask[c]:
                return {c: WIN + depth}, 0
    if rng is not None:
        rng.shuffle(moves)
    w = walk.windows(*b.stones) | 1 - turn   # the children's mover in bit 0
    children = {}
    both = (me | opp << walk.shift) << 3
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
    leaves = walk.count[0]
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
