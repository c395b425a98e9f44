"""Goofspiel benchmarks: the GA's compiled generations (``goofspiel.fastga``) against the
pure-Python ones they replaced (``oracles_goofspiel.plain_evolve``) on notebook 30's grid cells
and fixes, side by side with identical histories checked; children bred per second by each breeder against a straightforward
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
    plain_evolve,
    plain_identity_scores,
    plain_pairs,
    plain_preferences,
    plain_random,
)

from goofspiel import grid_trial, identity_score
from goofspiel.breed import BREEDERS, breed_pairs, breed_preferences, breed_random


def ga_runs(breeder, trials=10):
    """The notebook's slowest GA cells (pairs, 150 generations; as published, and mutating
    children) in pure Python with ``breeder`` as the breeding-pairs loop: (seconds, results)."""
    fast = BREEDERS["pairs"]
    BREEDERS["pairs"] = breeder
    try:
        start = time.perf_counter()
        out = [plain_evolve("pairs", 0.1, mutate, 10, 150, seed=seed, as_published=published)[0]
               for seed in range(trials) for mutate, published in
               (("none", True), ("children", False))]
        return time.perf_counter() - start, out
    finally:
        BREEDERS["pairs"] = fast


GRID_CELLS = [{"breeder": b, "mutation": m, "initial": i, "generations": g, "as_published": True}
              for b in ("pairs", "preferences", "random") for m in (0.0, 0.1, 0.3)
              for i in (5, 10) for g in (15, 150)]
FIX_CELLS = [{"breeder": "pairs", "mutate": "children", "mutation": 0.1},
             {"breeder": "pairs", "mutate": "all", "mutation": 0.1},
             {"breeder": "pairs", "mutate": "none", "mutation": 0.0, "immigrants": 3},
             {"breeder": "pairs", "mutate": "children", "mutation": 1.0, "operator": "swap"},
             {"breeder": "preferences", "mutate": "children", "mutation": 0.1},
             {"breeder": "preferences", "mutate": "none", "mutation": 0.0, "as_published": True}]


def compiled_vs_python(cells, seeds, generations=None):
    """Each cell's runs as ``grid_trial`` makes them, compiled then pure Python, interleaved:
    (compiled seconds, Python seconds, identical histories) per breeder."""
    timing = {}
    for cell in cells:
        cell = {"initial": 10, "generations": generations, "as_published": False, **cell}
        t = timing.setdefault(cell["breeder"], [0.0, 0.0, True])
        for seed in seeds:
            mixed = int(np.random.SeedSequence([seed, round(cell["mutation"] * 10**6)])
                        .generate_state(1)[0])
            start = time.perf_counter()
            h = grid_trial(seed=seed, **cell)
            middle = time.perf_counter()
            old = plain_evolve(seed=mixed, **cell)
            t[0] += middle - start
            t[1] += time.perf_counter() - middle
            t[2] &= (h.best.tolist(), h.mean.tolist(), h.diversity.tolist(), h.population,
                     h.scores.tolist()) == old
    return timing


def report(title, timing):
    """Print one line per breeder and the total: Python / compiled seconds."""
    print(title)
    for breeder, (new, old, same) in timing.items():
        print(f"  {breeder:12s} compiled {new:6.2f} s  Python {old:6.2f} s  ratio "
              f"{old / new:5.1f}x  identical: {same}")
    new, old = (sum(v[k] for v in timing.values()) for k in (0, 1))
    print(f"  {'all':12s} compiled {new:6.2f} s  Python {old:6.2f} s  ratio {old / new:5.1f}x  "
          f"identical: {all(v[2] for v in timing.values())}")


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
    grid_trial("pairs", 0.0, 5, 15, 0)                    # compile (or load) the kernels first
    report("notebook 30's article grid: 36 of its 60 cells x 3 seeds (grid_trial vs plain_evolve)",
           compiled_vs_python(GRID_CELLS, range(3)))
    report("notebook 30's fixes: 6 of its variants x 3 seeds, 150 generations",
           compiled_vs_python(FIX_CELLS, range(3), generations=150))
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
    print(f"GA in Python, pairs, 150 generations (20 runs): chunked {t_fast:.2f} s  one bit at a time "
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
