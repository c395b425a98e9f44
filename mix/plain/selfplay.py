"""The self-taught player's TD(0) self-play in plain Python: one game on a ``Board`` played and
undone, every position counted from its stones (``mix.plain.selftaught.counts``), and the TD step
(``update``). ``mix.fast.selfplay`` is its fast twin on the board's integers (the same counts,
values and random draws, so the same weights bit for bit); ``mix.train_selftaught`` plays either,
chosen by ``fast``."""

from __future__ import annotations

import math
import random

from mix.board import Board, X
from mix.plain.selftaught import counts
from mix.selftaught.evaluation import forced
from mix.selftaught.threatfeatures import SCALE


def self_play_game(w: list[float], g, rng: random.Random, epsilon: float,
                   alpha: float) -> tuple[int, int]:
    """One self-play game, updating the list ``w`` in place; returns its result (+1 X won, -1
    O won, 0 a draw) and its number of moves."""
    b = Board(geometry=g)
    full, scale = g.rows * g.cols, SCALE.tolist()
    prev = None                     # (counts, value) of the previous position
    while True:
        per = [wi / s for wi, s in zip(w, scale)]    # the weight of one unit of each count
        moves, sign, win = b.legal_moves(), (1.0 if b.turn == X else -1.0), None
        rows, values, mine = [], [], []   # each move's counts, value, and value for the mover
        for c in moves:
            if b.play(c):
                win = c
            else:
                n = counts(b.stones, b.turn, g)
                v = math.tanh(sum(k * u for k, u in zip(n, per)))
                sure, _ = forced(b)       # the opponent wins now, or faces two threats
                rows.append(n)
                values.append(v)
                mine.append(sign * v if sure is None else -sure)
            b.undo(c)
            if win is not None:
                break
        if win is not None:
            b.play(win)
            target, now = sign, None
        else:
            if rng.random() < epsilon:
                k = rng.randrange(len(moves))
            else:
                top = max(mine)
                best = [i for i, v in enumerate(mine) if v >= top]
                k = best[rng.randrange(len(best))]
            b.play(moves[k])
            now = (rows[k], values[k])
            target = 0.0 if b.moves == full else sign * mine[k]
        if prev is not None:
            update(w, prev, target, alpha, scale)
        if now is None or b.moves == full:
            if now is not None:     # the last move filled the board: a draw
                update(w, now, 0.0, alpha, scale)
            return (0 if win is None else int(sign)), b.moves
        prev = now

def update(w: list[float], position: tuple[list[int], float], target: float, alpha: float,
           scale: list[float]) -> None:
    """Move the value of ``position`` (its counts and value) toward ``target``: one TD step
    on ``tanh(w . counts / scale)``."""
    n, v = position
    step = alpha * (target - v) * (1.0 - v * v)
    for i, (k, s) in enumerate(zip(n, scale)):
        if k:
            w[i] += step * (k / s)
