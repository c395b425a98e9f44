"""Goofspiel equilibria beyond the n! LP: measured times, exploitability and certificates.

    .venv/bin/python bench/bench_goofspiel_equilibria.py margin            # Birkhoff LP, 7..30 cards
    .venv/bin/python bench/bench_goofspiel_equilibria.py factorial         # agreement with the n! LP at 7 cards (slow LPs)
    .venv/bin/python bench/bench_goofspiel_equilibria.py replies           # MILP against branch and bound
    .venv/bin/python bench/bench_goofspiel_equilibria.py winloss 7 8 9     # double oracle, 100 iterations per deck

Heavy: run one part at a time. Certificates for n <= 9 are re-checked by the plain best reply,
every one of the n! replies tried (``goofspiel.plain.bestreply``, independent of the branch and
bound and of the Birkhoff assignment).

Measured 2026-11-24 on 2 cores shared with other jobs (load 4-15, so times are pessimistic):
margin, 20 cards: 0.24 s, 201 permutations, exploitability 2.9e-11 (independent 2.9e-11);
30 cards 1.1 s. 7 cards: margin n! LP 32.7 s against 0.004 s; win/loss n! LP 29.5 s against
1.5 s for the double oracle, same 143 strategies, probabilities within 1.6e-12. 6-card
certificate: MILP 20.8 s, branch and bound 0.001 s. Win/loss double oracle: 8 cards certified
in 203 s (certificate 1.7e-13, brute force 1.7e-13; 397 strategies, 55 iterations, LP 199.5 s);
9 cards not certified: best reply still gains 0.061 after 10 min (499 strategies) and 0.027
after 25.5 min (767 strategies, still growing), LP 1529 of 1532 s.
The same solvers through ``goofspiel.equilibria.equilibrium`` in notebook 31's full runs (2 cores, load
5-7): 8 cards certified in 75 s and 137 s (397 strategies, LP 98% of the time).
Budgets, not clocks (2026-12-02, load 4 on 2 cores): 8 cards certified in 50 iterations (864
strategies generated, 397 in support, 135 s); 9 cards after 40 iterations: a reply still gains
0.056 (1,063 strategies generated, 451 in support, 191 s), no exact search yet.
"""
import argparse
import time

import numpy as np

from goofspiel.equilibria.birkhoff import margin_equilibrium, margin_exploitability
from goofspiel.equilibria.doubleoracle import winloss_equilibrium
from goofspiel.equilibria.equilibrium import equilibrium
from goofspiel.equilibria.matrixgame import all_ranks, payoff_matrix
from goofspiel.equilibria.mixture import Mixture, as_mixture
from goofspiel.equilibria.winloss import branch_best_response, winloss_best_response
from goofspiel.plain.bestreply import enumerated_gain


def bench_margin(sizes=(7, 10, 13, 16, 20, 25, 30)) -> None:
    print("cards  solve s  permutations  bound  value       exploitability  all n! replies")
    for n in sizes:
        e = margin_equilibrium(n)
        check = f"{enumerated_gain(e.mixture, 'margin'):+.2e}" if n <= 9 else "-"
        print(f"{n:5d}  {e.seconds:7.3f}  {len(e.mixture.probs):12d}  {(n - 1) ** 2 + 1:5d}  "
              f"{e.value:+.2e}  {margin_exploitability(e.mixture):+.2e}       {check}")


def bench_factorial(n: int = 7) -> None:
    start = time.perf_counter()
    a = payoff_matrix(n, "margin")
    lp = equilibrium(n, "margin", matrix=a)
    slow = time.perf_counter() - start
    ours = margin_equilibrium(n)
    x = np.zeros(len(a))
    index = {tuple(r): k for k, r in enumerate(all_ranks(n).astype(np.int64).tolist())}
    for row, p in zip(ours.mixture.ranks.tolist(), ours.mixture.probs):
        x[index[tuple(row)]] += p
    print(f"margin {n} cards: n! LP {slow:.1f} s value {lp.value:+.2e}; Birkhoff LP {ours.seconds:.3f} s "
          f"value {ours.value:+.2e} (ratio {slow / ours.seconds:.0f}x); our mix judged by the n! "
          f"matrix {(a @ x).max():+.2e}; n! LP mix judged by assignment "
          f"{margin_exploitability(as_mixture(lp.strategy, n)):+.2e}")
    start = time.perf_counter()
    lp = equilibrium(n, "winloss")
    slow = time.perf_counter() - start
    ours = winloss_equilibrium(n, progress=False)
    same = set(lp.strategy) == set(ours.strategy)
    diff = max(abs(lp.strategy[b] - ours.strategy.get(b, 0.0)) for b in lp.strategy)
    print(f"win/loss {n} cards: n! LP {slow:.1f} s, {len(lp.strategy)} strategies; double oracle "
          f"{ours.seconds:.1f} s, {ours.support} strategies; same support {same}, largest "
          f"probability difference {diff:.1e}")


def bench_replies(n: int = 6) -> None:
    lp = equilibrium(n, "winloss")
    mix = as_mixture(lp.strategy, n)
    rng = np.random.default_rng(0)
    perturbed = Mixture(mix.deck, mix.ranks, rng.dirichlet(np.ones(len(mix.probs))))
    for name, m in [("equilibrium (certificate)", mix), ("random weights on its support", perturbed)]:
        slow = winloss_best_response(m)
        fast = branch_best_response(m)
        print(f"{n} cards, {name}, {len(m.probs)} opponents: MILP {slow.seconds:.2f} s gain "
              f"{slow.gain:+.3e} (optimal {slow.optimal}); branch and bound {fast.seconds:.3f} s gain "
              f"{fast.gain:+.3e}; ratio {slow.seconds / fast.seconds:.0f}x")


def bench_winloss(sizes, iterations: int, batch: int, starts: int) -> None:
    print("cards  seconds  certified  certificate  iterations  population  support  lp s  reply s  all n! replies")
    for n in sizes:
        e = winloss_equilibrium(n, iterations=iterations, batch=batch, starts=starts, progress=False)
        lp = sum(h.lp_seconds for h in e.history)
        reply = sum(h.reply_seconds for h in e.history)
        check = f"{enumerated_gain(e.mixture):+.2e}" if n <= 9 else "-"
        print(f"{n:5d}  {e.seconds:7.1f}  {e.certified!s:9}  {e.certificate:+.2e}    {e.iterations:10d}  "
              f"{e.population:10d}  {e.support:7d}  {lp:5.1f}  {reply:7.1f}  {check}", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", nargs="?", default="margin", choices=["margin", "factorial", "replies", "winloss"],
                        help="which part to time (default: margin, the quick one `make bench` runs)")
    parser.add_argument("sizes", nargs="*", type=int, default=[7, 8])
    parser.add_argument("--iterations", type=int, default=100,
                        help="the double oracle's work budget per deck (8 cards need 55)")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--starts", type=int, default=32)
    args = parser.parse_args()
    if args.part == "margin":
        bench_margin()
    elif args.part == "factorial":
        bench_factorial()
    elif args.part == "replies":
        bench_replies()
    else:
        bench_winloss(args.sizes, args.iterations, args.batch, args.starts)
