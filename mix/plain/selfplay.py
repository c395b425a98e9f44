"""The self-taught player's TD(0) self-play in plain Python: a ``Board`` played and undone, every
position counted from its stones (``mix.plain.selftaught.counts``). ``mix.selftaught.selfplay`` is
its fast twin on the board's integers: the same counts, values and random draws, so the same weights
bit for bit."""

from __future__ import annotations

import math
import random

import numpy as np

from mix.board import Board, Geometry, X
from mix.plain.selftaught import counts
from mix.selftaught.evaluation import forced
from mix.selftaught.selfplay import update
from mix.selftaught.threatfeatures import N_FEATURES, SCALE


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


def train_selftaught(config, seed: int) -> tuple[np.ndarray, list[int], list[int]]:
    """``mix.selftaught.training.train_selftaught``'s loop on the plain game (``config`` a
    ``TDConfig``): the final weights, each game's result and length."""
    rng, g = random.Random(seed), Geometry(config.rows, config.cols, 4)
    w, results, lengths = [0.0] * N_FEATURES, [], []
    for n in range(1, config.games + 1):
        result, moves = self_play_game(w, g, rng, config.epsilon,
                                       config.alpha / (1.0 + n / config.half))
        results.append(result)
        lengths.append(moves)
    return np.array(w), results, lengths
