"""Speed of the cat-and-mouse trainers against straightforward implementations (same results).

Version 1: the straightforward trainer deep-copies the nested-list table for every candidate and
plays every candidate's game; ours replays only candidates that touch a consulted cell, in place.
Version 2: the straightforward evaluation plays the 1,000 games of each candidate one at a time,
reseeding a legacy generator per game and calling ``choice`` per draw (as the article); ours
plays all candidates' games as one numpy batch. The straightforward versions are the library's
plain twins (``v1.plain``, ``v2.plain``, ``fixpoint.over_moves_plain``, ``keep.commit_whole``).
Improved version-1 trainer: a cat's iterations (candidates scored on a hall of fame of 4,000 mice
on 8x8, 1-3 changes per candidate as normally, 1-48 as once the cat has stalled) with the
per-game arena (``pool.Arena``, every game by ``play_flat``), ``FastArena`` (``v1.fastpool``)
with the plain sequential walk (``mutations.follow_game``) and ``FastArena`` with ``v1.walk``,
each in a block of iterations, identical candidates, keys and tables, on two pools: random mice
against a noisy greedy cat (most games played out: the pool games dominate), and the pool notebook 23's
trainer has after 40,000 iterations on 8x8 (most candidates stopped after a few games: the
proposals' walks weigh); "+ keep": ``v1.keep``'s commits (every game by ``play_flat``),
"+ jit": long replays in compiled lockstep games (``fast.lockstep``), "+ compiled walk": proposals walked by ``v1.fastwalk`` from a
``studykit.twister.Twister`` (the same draws as ``random.Random``; both: now); the columns
before commit as first written (``keep.commit_whole``). CPU time (the cores are shared),
garbage collection frozen while timed.
Then the whole trainer (notebook 20's call, 8x7, WEAK cat) with each ``Speed``: identical results;
and notebook 22's two-cat climb with ``fixpoint.over_moves`` as first written and now
(``hill_climb_team(plain=True)``).
Run: .venv/bin/python bench/bench_catmouse.py [v1_iterations] [v2_iterations] [pool_rounds]
[trainer_iterations]
"""

import gc
import os
import random
import sys
import time

import numba
import numpy as np

from catmouse import Board, train_local, train_tabular
from catmouse.cat_climb import hill_climb_team
from catmouse.tables import greedy_table, to_codes
from catmouse.v1 import improved, pool
from catmouse.v1.batch import Lockstep
from catmouse.v1.config import IMPROVED
from catmouse.v1.fastpool import FastArena
from catmouse.v1.games import flat_board
from catmouse.v1.keep import commit_whole
from catmouse.v1.mutations import propose_changes
from catmouse.v1.plain import train_plain
from catmouse.v1.speed import FAST, INDEXED, Speed
from catmouse.v2.article import candidate_tables, summarize
from catmouse.v2.games import evaluate_batch, game_streams
from catmouse.v2.plain import plain_scores
from catmouse.v2.window import initial_window_table
from studykit.legacy_numpy import LegacyStream
from studykit.sweep import trial_seeds
from studykit.twister import Twister


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


def warm(arena: pool.Arena) -> pool.Arena:
    """``arena`` with its opponents' lockstep rows made (as they are in a long run)."""
    arena.lockstep_store().rows_of(arena.slot_ids(), lambda j: arena.slots[j][0])
    return arena


class PlainWalkArena(FastArena):
    """``FastArena`` proposing by the plain walk (``mutations.follow_game``), as before ``v1.walk``."""

    walk = None


class WholeCommitArena(FastArena):
    """``FastArena`` with its commit as first written (``keep.commit_whole``)."""

    commit = commit_whole


def fast(kind=FastArena, speed: Speed = FAST):
    """A maker of ``kind`` arenas (``FastArena`` or a subclass) as the trainer makes them."""
    return lambda side, table, board: kind(side, table, board, keep_order=False, speed=speed)


NO_JIT = Speed(lockstep=False)              # every game by play_flat (one lockstep path: jit)
WALKER = Twister                                   # compiled walks draw from a Twister
ARENAS = {          # the pool arenas compared: (make, generator)
    "per-game": (lambda *a: pool.Arena(*a, INDEXED), random.Random),
    "FastArena, plain walk": (fast(PlainWalkArena, NO_JIT), random.Random),
    "FastArena + walk": (fast(WholeCommitArena, NO_JIT), random.Random),
    "+ keep": (fast(speed=NO_JIT), random.Random),
    "+ keep + jit": (fast(), random.Random),
    "+ keep + compiled walk": (fast(speed=NO_JIT), WALKER),
    "+ keep + jit + compiled walk (now)": (fast(), WALKER),
}


def cat_iteration(arena: pool.Arena, rng: random.Random, max_changes: int = 3) -> list:
    """One improved-trainer iteration of the cat (``v1.improved``): 1-10 sequential candidates of
    1..``max_changes`` changes (3 normally, up to 48 once the cat has stalled), the best kept;
    returns the candidates' changes and keys (None: stopped early) and the final score."""
    best, best_trial, out = arena.score(), None, []
    for _ in range(rng.randint(1, 10)):
        changes = propose_changes(arena, rng.randint(1, max_changes), rng, True)
        key, replayed = arena.trial(changes, best)
        out.append((list(changes.items()), key))
        if key is not None and key > best:
            best, best_trial = key, (changes, replayed)
    if best_trial is not None:
        arena.commit(*best_trial)
    return out + [arena.score()]


def trained_pool(iterations: int = 40_000, rows: int = 8, cols: int = 8):
    """The cat's pool as notebook 23's improved trainer leaves it on its largest board (8x8, mouse
    first, the sweep's first seed) after ``iterations``: ``build(make)`` puts the same cat table
    against the same mice (slot 0, then the hall of fame in order) in an arena made by ``make``."""
    kept = {}
    improved.train_tabular_improved(rows, cols, "mouse", "WEAK", iterations,
                                    trial_seeds(2025, 5)[0], IMPROVED, 0, arenas=kept)
    grown = kept["cat"]

    def build(make) -> pool.Arena:
        arena = make("cat", list(grown.table), grown.board)
        for k, j in enumerate(grown.slot_ids()):
            opponent = list(grown.slots[j][0])
            arena.set_slot(0, opponent) if k == 0 else arena.add(opponent)
        return warm(arena)

    return build


def bench_pool(rounds: int, max_changes: int = 3, build=None, what: str = "") -> None:
    """One cat iteration after another with each arena (per-game, ``FastArena`` with the plain
    walk, with ``v1.walk``, ...), the same seeds, then identical candidates, keys and tables
    asserted. Each arena runs its rounds in a block after a warm-up round, as a trainer does: the
    pool games are bound by memory reads, and arenas taking turns would find their tables out of
    the caches. ``build(make)``: the arena (default: ``pool_arena``, a cat against 4,000 random
    mice)."""
    build = build or (lambda make: warm(pool_arena(make=make)))
    arenas = {name: build(make) for name, (make, _) in ARENAS.items()}
    times, outs = {}, {}
    for name, arena in arenas.items():
        generator = ARENAS[name][1]
        outs[name] = [cat_iteration(arena, generator(0), max_changes)]   # warm-up (fills stores)
        gc.collect()
        gc.freeze()                          # the pools' millions of objects: no full GC passes
        t = time.process_time()              # CPU time: other processes share the cores
        outs[name] += [cat_iteration(arena, generator(r), max_changes)
                       for r in range(1, rounds + 1)]
        times[name] = time.process_time() - t
        gc.unfreeze()
    first = outs["per-game"]
    assert all(o == first for o in outs.values())
    assert all(a.table == arenas["per-game"].table for a in arenas.values())
    plain = times["per-game"] / rounds
    mice = arenas["per-game"].pool() - 1
    columns = ", ".join(f"{name} {times[name] / rounds:.4f} s ({plain * rounds / times[name]:.1f}x)"
                        for name in ARENAS)
    print(f"improved trainer, 8x8, cat vs {what or 'random mice'} (a pool of {mice:,}), "
          f"1-{max_changes} changes per candidate, CPU time per iteration: {columns}; "
          f"{rounds} iterations each in a block, identical candidates, keys and tables; load "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def bench_trainer(iterations: int, rows: int = 8, cols: int = 7) -> None:
    """The improved trainer with each set of speed-ups: identical tables, checkpoints and pools."""
    runs, times = {}, {}
    for name, speed in (("pool.Arena", INDEXED),
                        ("FastArena", Speed(lockstep=False, compiled_walk=False)),
                        ("+ jit", Speed(compiled_walk=False)), ("+ compiled walk", FAST)):
        t = time.process_time()
        runs[name] = improved.train_tabular_improved(rows, cols, "cat", "WEAK", iterations, 0,
                                                     IMPROVED, 1_000, stop_when_solved=True,
                                                     speed=speed)
        times[name] = time.process_time() - t
    a = runs["pool.Arena"]
    for b in runs.values():
        assert np.array_equal(a.cat_policy, b.cat_policy) and np.array_equal(a.mouse_policy,
                                                                              b.mouse_policy)
        assert repr(a.checkpoints) == repr(b.checkpoints) and a.pool_sizes == b.pool_sizes
    plain, walked, compiled, now = times.values()
    print(f"improved trainer, {rows}x{cols} from the WEAK cat, {a.iterations:,} iterations (hall "
          f"of fame {a.pool_sizes[0] - 1:,} mice): pool.Arena {plain:.1f} s, FastArena (walk, "
          f"keep) {walked:.1f} s, + jit {compiled:.1f} s, + the compiled walk (now) {now:.1f} s; "
          f"ratios {plain / walked:.1f}x, {plain / compiled:.1f}x and {plain / now:.1f}x "
          f"({walked / compiled:.2f}x from the compiled games; CPU time; "
          f"identical tables and checkpoints; load {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores)")


def bench_over_moves(iterations: int = 40) -> None:
    """Notebook 22's two-cat climb (open 5x5), ``over_moves`` as first written and now."""
    board = Board(5, 5, (), ((0, 0), (0, 0)), (4, 4))
    times, runs = {}, {}
    for name in ("plain", "now") * 2:
        t = time.process_time()
        run = hill_climb_team(board, "cat", iterations=iterations, seed=0, plain=name == "plain")
        times[name] = times.get(name, 0.0) + time.process_time() - t
        runs.setdefault(name, []).append((repr(run.history), run.best.tobytes()))
    assert runs["plain"][0] == runs["now"][0] == runs["now"][1]
    print(f"two-cat climb, open 5x5, {iterations} iterations (twice each): over_moves as first "
          f"written {times['plain'] / 2:.2f} s, now {times['now'] / 2:.2f} s (CPU); ratio "
          f"{times['plain'] / times['now']:.1f}x (identical climbs; load "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


def jit_compile_time() -> float:
    """Seconds to get the compiled games ready (compiled, or loaded from numba's disk cache)."""
    lock = Lockstep(flat_board(4, 4, "cat"))
    t = time.perf_counter()
    learner = lock.transitions(to_codes(greedy_table(4, 4)).ravel().tolist(), "cat")
    lock.play(learner, lock.transitions([0] * 256, "mouse")[None].astype(np.int16),
              np.zeros(1, np.int64), True)
    return time.perf_counter() - t


def main():
    n1 = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    n2 = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    print(f"compiled games (numba {numba.__version__}): ready in "
          f"{jit_compile_time():.2f} s (compiled, or loaded from numba's cache)")
    bench_over_moves()
    bench_pool(rounds)
    bench_pool(max(rounds // 2, 1), max_changes=48)
    build = trained_pool()                   # about a millisecond per iteration: more of them
    what = "the mice of notebook 23's trainer after 40,000 iterations"
    bench_pool(10 * rounds, 3, build, what)
    bench_pool(10 * rounds, 48, build, what + ", stalled")
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
        cands, plain = plain_scores(table, it)
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
    assert [summarize(out.won[k], out.rounds[k], out.figure[k]) for k in range(10)] == plain
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
