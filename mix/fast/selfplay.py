"""Fast twin of mix.plain.selfplay: one game of the self-taught player's self-play, on integers.

``mix.selftaught.training.train_selftaught`` chooses it by ``fast=True``. Both sides play the
same weights, one move ahead: a winning move when there is one, otherwise the move whose
position is best for the mover (a random move with probability ``epsilon``); after every move
the value of the previous position moves toward the new one's (the plain module's ``update``).
``mix.plain.selfplay`` is the same game on a ``Board`` played and undone.
"""

from __future__ import annotations

import math
import random
from operator import mul

from mix.board import Geometry, X, column_masks
from mix.plain.selfplay import update
from mix.selftaught.threatfeatures import SCALE, counter


def self_play_game(w: list[float], g: Geometry, rng: random.Random, epsilon: float,
                   alpha: float) -> tuple[int, int]:
    """One self-play game, updating the list ``w`` in place; returns its result (+1 X won, -1
    O won, 0 a draw) and its number of moves.

    The position is kept as the board's integers: the stones, threat slots and packed window
    counts of each side, updated by each move (``mix.selftaught.threatfeatures.Counter``), and each
    move's position is counted from them; ``mix.plain.selfplay`` is the plain game on a
    ``Board`` (the same counts, values and random draws, so the same weights bit for bit)."""
    c = counter(g)
    grown, moved, finish = c.grown, c.moved, c.finish
    full, bottom, size, scale = g.full, g.bottom, g.rows * g.cols, SCALE.tolist()
    colmask = column_masks(g)
    stones, raw, turn, played, windows = [0, 0], [0, 0], X, 0, 0
    prev = None                     # (counts, value) of the previous position
    while True:
        per = [wi / s for wi, s in zip(w, scale)]    # the weight of one unit of each count
        me, opp, rme, ropp = stones[turn], stones[1 - turn], raw[turn], raw[1 - turn]
        occ = me | opp
        feas = (occ + bottom) & full
        moves = [col for col in range(g.cols) if feas & colmask[col]]
        sign, win = (1.0 if turn == X else -1.0), None
        rows, values, mine = [], [], []   # each move's counts, value, and value for the mover
        for col in moves:
            x = feas & colmask[col]
            if rme & x:                   # the move completes four
                win = col
                break
            r = grown(rme, me, x)
            f = (feas ^ x) | ((x << 1) & full)
            n = (finish(me | x, opp, 0, r, ropp, moved(windows, turn, x, me, opp)) if turn == X
                 else finish(opp, me | x, 1, ropp, r, moved(windows, turn, x, me, opp)))
            v = math.tanh(sum(map(mul, n, per)))     # sum(k * u for k, u in zip(n, per))
            # the opponent wins now, or faces two threats (``mix.selftaught.evaluation.forced``)
            t = r & f
            sure = 1.0 if ropp & f else (-1.0 if t & (t - 1) else None)
            rows.append(n)
            values.append(v)
            mine.append(sign * v if sure is None else -sure)
        if win is not None:
            played += 1
            target, now = sign, None
        else:
            if rng.random() < epsilon:
                k = rng.randrange(len(moves))
            else:
                top = max(mine)
                best = [i for i, v in enumerate(mine) if v >= top]
                k = best[rng.randrange(len(best))]
            x = feas & colmask[moves[k]]
            windows = moved(windows, turn, x, me, opp)
            stones[turn], raw[turn] = me | x, grown(rme, me, x)
            turn, played = 1 - turn, played + 1
            now = (rows[k], values[k])
            target = 0.0 if played == size else sign * mine[k]
        if prev is not None:
            update(w, prev, target, alpha, scale)
        if now is None or played == size:
            if now is not None:     # the last move filled the board: a draw
                update(w, now, 0.0, alpha, scale)
            return (0 if win is None else int(sign)), played
        prev = now
