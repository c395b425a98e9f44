"""The MIX solver against its plain twin (``mix.plain.solver``: alpha-beta to the end with a
bounds table), side by side in one run, identical results checked.

- (a) empty boards solved from scratch (the threat memo emptied before each solve): 5x5 and
  6x4, and with --all the other boards of notebook 40's ``solve_boards``, with and without
  diagonals;
- (b) seeded games of the self-taught player against perfect play (``against_perfect``, every
  position before and after its moves solved) on 4x5 and 5x5: the current code against the
  plain one (the plain solver, every position solved from an empty table); the
  rows of both must be equal. The new code runs first, so the old gets warm player caches
  (a game on 4x4 before, untimed, sets the player up).

    .venv/bin/python bench/bench_mix_solver.py [--games N] [--all]
"""

import random
import sys
import time

import numpy as np
import pandas as pd

from mix.board import Board, Geometry
from mix.features import clear_memo
from mix.plain.solver import best_moves, clear_tables, solve_position
from mix.selftaught.agent import SelfTaughtAgent
from mix.selftaught.study import against_perfect
from mix.selftaught.training import load_weights

BOARDS = ((5, 5, False), (6, 4, False))
ALL_BOARDS = tuple((r, c, d) for r, c in ((4, 4), (4, 5), (4, 6), (4, 7), (5, 4), (5, 5), (5, 6),
                                          (6, 4)) for d in (False, True))


def old_against_perfect(agent, rows: int, cols: int, games: int, seed: int = 0) -> pd.DataFrame:
    """``against_perfect`` on the plain solver, before/after solved in empty tables."""
    g, tt = Geometry(rows, cols, 4), {}
    start = solve_position(Board(geometry=g), None, fast=False)
    out = []
    for seat in (0, 1):
        for s in np.random.SeedSequence([seed, seat]).generate_state(games):
            rng, b, first = random.Random(int(s)), Board(geometry=g), None
            while not b.is_over():
                if b.turn != seat:
                    b.play(rng.choice(best_moves(b, tt, fast=False)))
                    continue
                before, depth = solve_position(b, None, fast=False), agent.depth_at(b)
                won = b.play(agent.choose(b, rng))
                after = 1 if won else 0 if b.is_over() else -solve_position(b, None, fast=False)
                if after < before and first is None:
                    first = {"mistake_move": b.moves, "left": g.rows * g.cols - b.moves,
                             "depth": depth}
            result = "draw" if b.winner is None else "win" if b.winner == seat else "loss"
            out.append({"seat": "XO"[seat], "result": result, "start": start,
                        **(first or {"mistake_move": None, "left": None, "depth": None})})
    return pd.DataFrame(out)


def cpu(f, *args):
    """(result, CPU seconds) of ``f(*args)``."""
    t = time.process_time()
    out = f(*args)
    return out, time.process_time() - t


def bench_solves(boards) -> None:
    tot_old = tot_new = 0.0
    for r, c, d in boards:
        g = Geometry(r, c, 4, d)
        clear_memo()
        clear_tables()
        new, t_new = cpu(solve_position, Board(geometry=g), {})
        clear_memo()
        old, t_old = cpu(solve_position, Board(geometry=g), {}, False)
        assert new == old, (r, c, d)
        tot_old, tot_new = tot_old + t_old, tot_new + t_new
        print(f"  {r}x{c}{' diagonals' if d else ''}: value {new:+d}, plain {t_old:6.2f} s, "
              f"fast {t_new:6.2f} s, {t_old / t_new:4.1f}x", flush=True)
    print(f"  all: {tot_old / tot_new:.2f}x")


def bench_games(games: int) -> None:
    w = load_weights()
    against_perfect(SelfTaughtAgent(w, 4), 4, 4, 1)  # untimed: the player's one-off set-up
    for r, c in ((4, 5), (5, 5)):
        clear_memo()
        clear_tables()
        new, t_new = cpu(against_perfect, SelfTaughtAgent(w, 4), r, c, games, 3)
        clear_memo()
        old, t_old = cpu(old_against_perfect, SelfTaughtAgent(w, 4), r, c, games, 3)
        assert new.equals(old), (r, c)
        print(f"  {r}x{c}, {games} games per seat: {(new.result == 'loss').sum()} lost, "
              f"plain {t_old:6.2f} s, fast {t_new:6.2f} s, {t_old / t_new:4.1f}x", flush=True)


if __name__ == "__main__":
    n = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 5
    print("(a) empty boards solved from scratch, CPU seconds, identical values")
    bench_solves(ALL_BOARDS if "--all" in sys.argv else BOARDS)
    print("(b) against_perfect (self-taught depth 4, seed 3), CPU seconds, identical rows")
    bench_games(n)
