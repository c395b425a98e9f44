"""Goofspiel benchmarks: children bred per second by each breeder against a straightforward
implementation, GA scoring vectorised against a per-strategy loop, and (with --grid) the wall
time of the full article grid through studykit.run_sweep.

    .venv/bin/python bench/bench_goofspiel.py [--grid] [--n-jobs 2]
"""
import argparse
import itertools
import random
import time

import numpy as np

from goofspiel import grid_trial, identity_score
from goofspiel.breed import breed_pairs, breed_preferences, breed_random


def plain_pairs(mom, dad, rnd):
    """Straightforward breeding-pairs: a set of ordered pairs, closed by repeated transitivity."""
    n = len(mom)
    less = set()
    pairs = list(itertools.combinations(range(n), 2))
    rnd.shuffle(pairs)
    for a, b in pairs:
        if (a, b) in less or (b, a) in less:
            continue
        src = mom if rnd.random() < 0.5 else dad
        if src[a] > src[b]:
            a, b = b, a
        less.add((a, b))
        changed = True
        while changed:
            new = {(x, z) for (x, y) in less for (y2, z) in less if y == y2} - less
            changed = bool(new)
            less |= new
    return [sum(1 for x in range(n) if (x, c) in less) for c in range(n)]


def plain_preferences(mom, dad, rnd):
    n = len(mom)
    pm = [mom.index(k) for k in range(n)]
    pd = [dad.index(k) for k in range(n)]
    i, j = sorted(rnd.sample(range(n + 1), 2))
    child = [None] * n
    child[i:j] = pm[i:j]
    rest = [c for c in pd if c not in child]
    for k in range(n):
        if child[k] is None:
            child[k] = rest.pop(0)
    return [child.index(c) for c in range(n)]


def plain_random(mom, dad, rnd):
    return [int(v) for v in np.random.default_rng(rnd.getrandbits(32)).permutation(len(mom))]


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
    deck = np.arange(1, 21)
    pop = np.array([np.random.default_rng(k).permutation(20) for k in range(25)])
    reps = 2000
    start = time.perf_counter()
    for _ in range(reps):
        identity_score(pop, deck)
    vec = (time.perf_counter() - start) / reps
    start = time.perf_counter()
    for _ in range(reps // 10):
        [sum(min(p, deck[r]) - deck[r] for p, r in zip(deck.tolist(), row)) for row in pop.tolist()]
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
