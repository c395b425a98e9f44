"""Goofspiel's GA benchmarks, the compiled tier against its plain twin, with identical results
checked: the GA's compiled generations (``evolve``'s default, ``goofspiel.fast.ga``) against the
plain GA (``evolve(fast=False)``, ``goofspiel.evolution.ga``) on notebook 30's grid cells and
fixes; children bred per second by the plain breeding-pairs (``goofspiel.evolution.breed``, what
the arena's hidden GA breeds with), alone and as the mutation; GA scoring vectorised against the
plain loop; and (with --grid) the wall time of the full article grid through
studykit.run_sweep.

    .venv/bin/python bench/bench_goofspiel.py [--grid] [--n-jobs 2]
"""
import argparse
import random
import time

import numpy as np

from goofspiel import grid_trial, identity_score
from goofspiel.evolution import breed
from goofspiel.evolution.ga import identity_scores

GRID_CELLS = [{"breeder": b, "mutation": m, "initial": i, "generations": g, "as_published": True}
              for b in ("pairs", "preferences", "random") for m in (0.0, 0.1, 0.3)
              for i in (5, 10) for g in (15, 150)]
FIX_CELLS = [{"breeder": "pairs", "mutate": "children", "mutation": 0.1},
             {"breeder": "pairs", "mutate": "all", "mutation": 0.1},
             {"breeder": "pairs", "mutate": "none", "mutation": 0.0, "immigrants": 3},
             {"breeder": "pairs", "mutate": "children", "mutation": 1.0, "operator": "swap"},
             {"breeder": "preferences", "mutate": "children", "mutation": 0.1},
             {"breeder": "preferences", "mutate": "none", "mutation": 0.0, "as_published": True}]


def history(h) -> tuple:
    return h.best.tolist(), h.mean.tolist(), h.diversity.tolist(), h.population, h.scores.tolist()


def compiled_vs_plain(cells, seeds, generations=None):
    """Each cell's runs as ``grid_trial`` makes them, compiled then plain, interleaved:
    (compiled seconds, plain seconds, identical histories) per breeder."""
    timing = {}
    for cell in cells:
        cell = {"initial": 10, "generations": generations, "as_published": False, **cell}
        t = timing.setdefault(cell["breeder"], [0.0, 0.0, True])
        for seed in seeds:
            start = time.perf_counter()
            fast = grid_trial(seed=seed, **cell)
            middle = time.perf_counter()
            slow = grid_trial(seed=seed, fast=False, **cell)
            t[0] += middle - start
            t[1] += time.perf_counter() - middle
            t[2] &= history(fast) == history(slow)
    return timing


def report(title, timing):
    """Print one line per breeder and the total: plain / compiled seconds."""
    print(title)
    for breeder, (new, old, same) in timing.items():
        print(f"  {breeder:12s} compiled {new:6.2f} s  plain {old:6.2f} s  ratio "
              f"{old / new:5.1f}x  identical: {same}")
    new, old = (sum(v[k] for v in timing.values()) for k in (0, 1))
    print(f"  {'all':12s} compiled {new:6.2f} s  plain {old:6.2f} s  ratio {old / new:5.1f}x  "
          f"identical: {all(v[2] for v in timing.values())}")


def rate(breed_one, n=20, seconds=1.0):
    """Children per second of ``breed_one(mom, dad, rnd)`` on 20-card parents."""
    rnd = random.Random(0)
    rng = np.random.default_rng(0)
    parents = [[int(v) for v in rng.permutation(n)] for _ in range(50)]
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            breed_one(parents[count % 50], parents[(count * 7 + 1) % 50], rnd)
            count += 1
    return count / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--grid", action="store_true", help="also time the full article grid")
    parser.add_argument("--n-jobs", type=int, default=2)
    args = parser.parse_args()
    grid_trial("pairs", 0.0, 5, 15, 0)                    # compile (or load) the kernels first
    report("notebook 30's article grid: 36 of its 60 cells x 3 seeds (grid_trial, fast=True vs "
           "fast=False)", compiled_vs_plain(GRID_CELLS, range(3)))
    report("notebook 30's fixes: 6 of its variants x 3 seeds, 150 generations",
           compiled_vs_plain(FIX_CELLS, range(3), generations=150))
    f = rate(breed.pairs_child)
    m = rate(lambda mom, dad, rnd: breed.reverse_mutation(mom, 0.1, rnd))
    print(f"plain breeding-pairs on 20 cards: {f:9.0f} children/s; as the mutation (0.1): "
          f"{m:9.0f} children/s")
    deck = np.arange(1, 21)
    pop = np.array([np.random.default_rng(k).permutation(20) for k in range(25)])
    reps = 2000
    start = time.perf_counter()
    for _ in range(reps):
        identity_score(pop, deck)
    vec = (time.perf_counter() - start) / reps
    start = time.perf_counter()
    for _ in range(reps // 10):
        identity_scores(pop.tolist(), deck.tolist())
    loop = (time.perf_counter() - start) / (reps // 10)
    print(f"scoring 25 strategies: vectorised {vec * 1e6:.0f} us, plain loop {loop * 1e6:.0f} us, "
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
