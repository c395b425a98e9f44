"""Goofspiel benchmarks: children bred per second by each breeder against a straightforward
implementation (the tests' oracles, ``tests/oracles_goofspiel.py``); the breeding-pairs loop
(chunked bit sets, inlined shuffle) against the one it replaced (one bit at a time,
Random.shuffle), alone and inside the notebook's 150-generation GA run, with identical results;
GA scoring vectorised against a per-strategy loop; and (with --grid) the wall time of the full
article grid through studykit.run_sweep.

    .venv/bin/python bench/bench_goofspiel.py [--grid] [--n-jobs 2]
"""
import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracles_goofspiel import (
    bitwise_pairs,
    plain_identity_scores,
    plain_pairs,
    plain_preferences,
    plain_random,
)

from goofspiel import grid_trial, identity_score
from goofspiel.breed import BREEDERS, breed_pairs, breed_preferences, breed_random


def ga_runs(breeder, trials=10):
    """The notebook's slowest GA cells (pairs, 150 generations; as published, and mutating
    children) with ``breeder`` as the breeding-pairs loop: (seconds, results)."""
    fast = BREEDERS["pairs"]
    BREEDERS["pairs"] = breeder
    try:
        start = time.perf_counter()
        out = [grid_trial("pairs", 0.1, 10, 150, seed, mutate=mutate, as_published=published).best
               .tolist() for seed in range(trials) for mutate, published in
               (("none", True), ("children", False))]
        return time.perf_counter() - start, out
    finally:
        BREEDERS["pairs"] = fast


def rate(breed, n=20, seconds=1.0):
    rnd = random.Random(0)
    rng = np.random.default_rng(0)
    parents = [list(rng.permutation(n)) for _ in range(50)]
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            breed(parents[count % 50], parents[(count * 7 + 1) % 50], rnd)
            count += 1
    return count / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--grid", action="store_true", help="also time the full article grid")
    parser.add_argument("--n-jobs", type=int, default=2)
    args = parser.parse_args()
    for name, fast, plain in [("pairs", breed_pairs, plain_pairs),
                              ("preferences", breed_preferences, plain_preferences),
                              ("random", breed_random, plain_random)]:
        f, p = rate(fast), rate(plain)
        print(f"{name:12s} children/s: fast {f:9.0f}  plain {p:9.0f}  ratio {f / p:6.1f}x")
    f, p = rate(BREEDERS["pairs"]), rate(bitwise_pairs)          # both without argument checks
    rnd_f, rnd_p = random.Random(1), random.Random(1)
    moms = [list(np.random.default_rng(k).permutation(20)) for k in range(200)]
    same = all(breed_pairs(m, d, rnd_f) == bitwise_pairs(m, d, rnd_p) for m in moms for d in moms[:5])
    print(f"pairs loop   children/s: chunked {f:9.0f}  one bit at a time {p:9.0f}  ratio "
          f"{f / p:5.1f}x  identical children and streams: {same and rnd_f.random() == rnd_p.random()}")
    t_fast, r_fast = ga_runs(BREEDERS["pairs"])
    t_old, r_old = ga_runs(bitwise_pairs)
    print(f"GA, pairs, 150 generations (20 runs): chunked {t_fast:.2f} s  one bit at a time "
          f"{t_old:.2f} s  ratio {t_old / t_fast:.1f}x  identical histories: {r_fast == r_old}")
    deck = np.arange(1, 21)
    pop = np.array([np.random.default_rng(k).permutation(20) for k in range(25)])
    reps = 2000
    start = time.perf_counter()
    for _ in range(reps):
        identity_score(pop, deck)
    vec = (time.perf_counter() - start) / reps
    start = time.perf_counter()
    for _ in range(reps // 10):
        plain_identity_scores(pop.tolist(), deck.tolist())
    loop = (time.perf_counter() - start) / (reps // 10)
    print(f"scoring 25 strategies: vectorised {vec * 1e6:.0f} us, loop {loop * 1e6:.0f} us, "
          f"ratio {loop / vec:.1f}x")
    if args.grid:
        from studykit import run_sweep
        grid = {"breeder": ["pairs", "preferences", "random"], "mutation": [0.0, 0.1, 0.2, 0.3, 0.4],
                "initial": [5, 10], "generations": [15, 150], "as_published": [True]}
        start = time.perf_counter()
        run_sweep(grid_trial, grid, trials=100, seed=0, n_jobs=args.n_jobs, progress=True)
        print(f"full article grid (6,000 GA runs), n_jobs={args.n_jobs}: "
              f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
