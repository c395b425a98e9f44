"""Set solvers side by side: 12-card tables solved per second, and ratios to the pairs solver.

The "pairs" solver is the blog's idea written straightforwardly (a Python loop over pairs
with a numpy comparison per pair); count_sets is the batched numpy counter.
"""

import time

import numpy as np

from setgame import count_sets, random_tables
from setgame.speed import solver_rates


def main() -> None:
    rates = solver_rates(n_cards=12, n_tables=1000, seed=0, batched_tables=1_000_000)
    print(f"{'solver':<12}{'tables/s':>14}{'x pairs':>10}")
    for name, rate in rates.items():
        print(f"{name:<12}{rate:>14,.0f}{rate / rates['pairs']:>10.1f}")
    print(f"pairs vs brute force: {rates['pairs'] / rates['brute']:.1f}x (blog: about 6x)")
    tables = random_tables(1_000_000, 12, np.random.default_rng(1))
    start = time.perf_counter()
    count_sets(tables)
    print(f"count_sets on 1,000,000 tables of 12: {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
