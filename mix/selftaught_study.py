"""Measurements of the self-taught player: how long its moves take, where it goes wrong against
perfect play on small boards, and its weights arranged by colour and feature."""

from __future__ import annotations

import random
import time

import numpy as np
import pandas as pd

from mix.agents import PerfectAgent, make_agent
from mix.board import Board, Geometry
from mix.search import solve_position
from mix.threatfeatures import N_FEATURES, NAMES, PER_COLOUR, SCALE


def timed_moves(agent, opponent, games: int, seed: int = 0, rows: int = 10,
                cols: int = 20) -> pd.DataFrame:
    """Every move of ``agent`` (a ``SelfTaughtAgent``) in ``games`` seeded games against
    ``opponent``, seats alternating (``agent`` is X in the even games): wall and CPU seconds,
    the depth searched, the legal moves and the move number."""
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    opponent, g = make_agent(opponent), Geometry(rows, cols, 4)
    out = []
    for i, s in enumerate(np.random.SeedSequence(seed).generate_state(games)):
        rng, b = random.Random(int(s)), Board(geometry=g)
        seat = i % 2
        while not b.is_over():
            if b.turn != seat:
                b.play(opponent.choose(b, rng))
                continue
            depth, moves = agent.depth_at(b), len(b.legal_moves())
            wall, cpu = time.perf_counter(), time.process_time()
            c = agent.choose(b, rng)
            out.append({"game": i, "move": b.moves + 1, "seconds": time.perf_counter() - wall,
                        "cpu": time.process_time() - cpu, "depth": depth, "legal": moves})
            b.play(c)
    return pd.DataFrame(out)


def against_perfect(agent, rows: int, cols: int, games: int, seed: int = 0) -> pd.DataFrame:
    """``agent`` against perfect play for ``games`` seeded games in each seat on a small board.

    One row per game: the agent's seat, its result (win, draw, loss), the solved value of the
    start for the side to move, and the agent's first mistake (a move that lowered its solved
    value): the move number, the empty slots left after it and the depth it searched (none when
    it made no mistake)."""
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    perfect, g = PerfectAgent(), Geometry(rows, cols, 4)
    start = solve_position(Board(geometry=g), perfect.tt)
    out = []
    for seat in (0, 1):
        for s in np.random.SeedSequence([seed, seat]).generate_state(games):
            rng, b, first = random.Random(int(s)), Board(geometry=g), None
            while not b.is_over():
                if b.turn != seat:
                    b.play(perfect.choose(b, rng))
                    continue
                before, depth = solve_position(b, perfect.tt), agent.depth_at(b)
                won = b.play(agent.choose(b, rng))
                after = 1 if won else 0 if b.is_over() else -solve_position(b, perfect.tt)
                if after < before and first is None:
                    first = {"mistake_move": b.moves, "left": g.rows * g.cols - b.moves,
                             "depth": depth}
            result = "draw" if b.winner is None else "win" if b.winner == seat else "loss"
            out.append({"seat": "XO"[seat], "result": result, "start": start,
                        **(first or {"mistake_move": None, "left": None, "depth": None})})
    return pd.DataFrame(out)


def weights_table(weights) -> pd.DataFrame:
    """The weights per unit of each count (the change of the score, before tanh, for one more
    window, threat, ...), one row per feature and a column per colour."""
    w = np.asarray(weights, dtype=float)
    if w.shape != (N_FEATURES,):
        raise ValueError(f"weights must be {N_FEATURES} numbers, got shape {w.shape}")
    unit = w / SCALE
    n = len(PER_COLOUR)
    table = pd.DataFrame({"X": unit[2:2 + n], "O": unit[2 + n:]}, index=list(PER_COLOUR))
    table.index.name = "per unit of"
    shared = pd.DataFrame({"X": unit[:2], "O": [np.nan, np.nan]}, index=list(NAMES[:2]))
    return pd.concat([shared, table])
