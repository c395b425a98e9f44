"""Speed of the cat-and-mouse trainers against straightforward implementations (same results).

Version 1: the straightforward trainer deep-copies the nested-list table for every candidate and
plays every candidate's game; ours replays only candidates that touch a consulted cell, in place.
Version 2: the straightforward evaluation plays the 1,000 games of each candidate one at a time,
reseeding a legacy generator per game and calling ``choice`` per draw (as the article); ours
plays all candidates' games as one numpy batch. The straightforward versions are the tests'
oracles (``tests/oracles_catmouse.py``).
Run: .venv/bin/python bench/bench_catmouse.py [v1_iterations] [v2_iterations]
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from oracles_catmouse import plain_v2_scores, train_plain

from catmouse import train_local, train_tabular
from catmouse.stream import LegacyStream
from catmouse.v2.article import candidate_tables, summarize
from catmouse.v2.games import evaluate_batch, game_streams
from catmouse.v2.window import initial_window_table


def main():
    n1 = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    n2 = int(sys.argv[2]) if len(sys.argv) > 2 else 1
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
