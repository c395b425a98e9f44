"""Speed of the cat-and-mouse trainers against straightforward implementations (same results).

Version 1: the straightforward trainer deep-copies the nested-list table for every candidate and
plays every candidate's game; ours replays only candidates that touch a consulted cell, in place.
Version 2: the straightforward evaluation plays the 1,000 games of each candidate one at a time,
reseeding a legacy generator per game and calling ``choice`` per draw (as the article); ours
plays all candidates' games as one numpy batch. The straightforward versions are the tests'
oracles (``tests/oracles_catmouse.py``).
Improved version-1 trainer: a cat's iterations (candidates scored on a hall of fame of 4,000 mice
on 8x8) with the pool games played one by one (``play_flat``) and in lockstep (``v1.batch``),
interleaved in one run, identical results; then the whole trainer (notebook 20's call, on 8x7
from the WEAK cat) with the arena it had before (``pool.Arena``, lockstep replays) and with
``FastArena`` (``v1.fastpool``), identical tables and checkpoints.
Run: .venv/bin/python bench/bench_catmouse.py [v1_iterations] [v2_iterations] [pool_rounds]
[trainer_iterations]
"""

import os
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from oracles_catmouse import plain_v2_scores, train_plain

from catmouse import train_local, train_tabular
from catmouse.stream import LegacyStream
from catmouse.tables import greedy_table, to_codes
from catmouse.v1 import improved, pool
from catmouse.v1.config import IMPROVED
from catmouse.v1.fastpool import FastArena
from catmouse.v1.kernel import flat_board
from catmouse.v1.mutations import propose_changes
from catmouse.v2.article import candidate_tables, summarize
from catmouse.v2.games import evaluate_batch, game_streams
from catmouse.v2.window import initial_window_table


def pool_arena(rows=8, cols=8, mice=4_000, seed=0, make=pool.Arena) -> pool.Arena:
    """A cat (the greedy table with 600 random cells) against ``mice`` random mouse tables."""
    board = flat_board(rows, cols, "cat")
    rng = np.random.default_rng(seed)
    n = board.n
    cat = to_codes(greedy_table(rows, cols)).ravel().tolist()
    for s in rng.choice(n * n, 600, replace=False).tolist():
        cat[s] = int(rng.choice([k for k in range(4) if board.moves[s // n][k] >= 0]))
    arena = make("cat", cat, board)
    legal = np.array(board.moves)[np.arange(n * n) % n] >= 0
    for _ in range(mice):
        arena.add((rng.random((n * n, 4)) * legal).argmax(axis=1).tolist())
    return arena


def cat_iteration(arena: pool.Arena, rng: random.Random, max_changes: int = 3) -> list:
    """One improved-trainer iteration of the cat (``v1.improved``): 1-10 sequential candidates,
    the best kept; returns the candidates' keys (None: stopped early) and the final score."""
    best, best_trial, keys = arena.score(), None, []
    for _ in range(rng.randint(1, 10)):
        changes = propose_changes(arena, rng.randint(1, max_changes), rng, True)
        key, replayed = arena.trial(changes, best)
        keys.append(key)
        if key is not None and key > best:
            best, best_trial = key, (changes, replayed)
    if best_trial is not None:
        arena.commit(*best_trial)
    return keys + [arena.score()]


def bench_pool(rounds: int) -> None:
    """Per-game vs lockstep pool games vs ``FastArena``, one iteration each in turn, same seeds."""
    fast = "fast"
    arenas = {None: pool_arena(), pool.BATCH_MIN: pool_arena(),
              fast: pool_arena(make=lambda *a: FastArena(*a, keep_order=False))}
    times = {mode: 0.0 for mode in arenas}
    default = pool.BATCH_MIN
    for r in range(rounds + 1):              # round 0 warms up (fills the lockstep store)
        out = {}
        for mode, arena in arenas.items():
            pool.BATCH_MIN = default if mode == fast else mode
            t = time.perf_counter()
            out[mode] = cat_iteration(arena, random.Random(r))
            if r:
                times[mode] += time.perf_counter() - t
        assert out[None] == out[default], r
        assert out[None][-1] == out[fast][-1] and arenas[None].table == arenas[fast].table, r
    pool.BATCH_MIN = default
    assert arenas[None].table == arenas[default].table == arenas[fast].table
    plain, lock, quick = (times[m] / rounds for m in (None, default, fast))
    print(f"improved trainer, 8x8, cat vs a pool of 4,000 mice: per-game {plain:.3f} s per "
          f"iteration, lockstep {lock:.3f} s, FastArena {quick:.3f} s; ratios "
          f"{plain / lock:.1f}x and {plain / quick:.1f}x ({rounds} iterations each, interleaved, "
          f"identical results; load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


def bench_trainer(iterations: int, rows: int = 8, cols: int = 7) -> None:
    """The improved trainer with the arena it had before and with ``FastArena``: same results."""
    runs, times = {}, {}
    default = improved.ARENA
    for name, arena in (("before", pool.Arena), ("now", FastArena)):
        improved.ARENA = arena
        t = time.perf_counter()
        runs[name] = improved.train_tabular_improved(rows, cols, "cat", "WEAK", iterations, 0,
                                                     IMPROVED, 1_000, stop_when_solved=True)
        times[name] = time.perf_counter() - t
    improved.ARENA = default
    a, b = runs["before"], runs["now"]
    assert np.array_equal(a.cat_policy, b.cat_policy) and np.array_equal(a.mouse_policy,
                                                                          b.mouse_policy)
    assert repr(a.checkpoints) == repr(b.checkpoints) and a.pool_sizes == b.pool_sizes
    print(f"improved trainer, {rows}x{cols} from the WEAK cat, {a.iterations:,} iterations (hall "
          f"of fame {a.pool_sizes[0] - 1:,} mice): before (pool.Arena, lockstep) "
          f"{times['before']:.1f} s, now (FastArena) {times['now']:.1f} s; ratio "
          f"{times['before'] / times['now']:.1f}x (identical tables and checkpoints; load "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


def main():
    n1 = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    n2 = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    bench_pool(int(sys.argv[3]) if len(sys.argv) > 3 else 20)
    bench_trainer(int(sys.argv[4]) if len(sys.argv) > 4 else 6_000)
    t = time.perf_counter()
    plain_tally = train_plain(iterations=n1).tally
    t_plain = (time.perf_counter() - t) / n1
    fast = train_tabular(iterations=n1, snapshot_every=0)
    assert fast.tally == plain_tally
    t = time.perf_counter()
    full = train_tabular(iterations=100_000, snapshot_every=0)
    t_full = time.perf_counter() - t
    assert full.tally == {"mouse": 54_760, "cat": 45_240}
    t_fast = t_full / 100_000
    print(f"version 1: straightforward {1 / t_plain:,.0f} it/s ({n1} iterations), ours "
          f"{1 / t_fast:,.0f} it/s; ratio {t_plain / t_fast:,.0f}x; full 100,000-iteration run "
          f"{t_full:.2f} s (straightforward, extrapolated: {100_000 * t_plain / 60:.0f} min)")

    table = initial_window_table()
    t = time.perf_counter()
    for it in range(n2):
        cands, plain_scores = plain_v2_scores(table, it)
    t_plain2 = (time.perf_counter() - t) / n2
    t = time.perf_counter()
    game_streams(1000, 16 * 20 + 64, "article", 0)     # drawn once per training run
    t_streams = time.perf_counter() - t
    repeats = 5                                        # ours is fast: repeat the same iterations
    t = time.perf_counter()
    for _ in range(repeats):
        for it in range(n2):
            cands = candidate_tables(table, LegacyStream(it).below, 100 - (it + 1), 10)
            out = evaluate_batch(cands, 5, 5, 1000, "random")
    t_fast2 = (time.perf_counter() - t) / (n2 * repeats)
    assert [summarize(out.won[k], out.rounds[k], out.figure[k]) for k in range(10)] == plain_scores
    t = time.perf_counter()
    run = train_local(mode="article")
    t_full2 = time.perf_counter() - t
    assert run.phase1_iterations == 30
    print(f"version 2: straightforward {t_plain2:.2f} s per iteration (10 x 1000 games, first {n2} "
          f"iterations), ours {t_fast2:.3f} s (plus {t_streams:.2f} s once per run to draw the game "
          f"streams); ratio {t_plain2 / t_fast2:,.0f}x; full training (30 + 200 iterations) "
          f"{t_full2:.2f} s, {t_full2 / 230:.3f} s per iteration")


if __name__ == "__main__":
    main()
