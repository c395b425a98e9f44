"""Measured speed of the solvers: tables solved per second, on the same random tables, from the
fastest of a few repeats in CPU time (``studykit.timing``), so two runs on one machine agree."""

from __future__ import annotations

import math

import numpy as np

from setgame.arguments import capped_count, count, scalar
from setgame.batch import check_table_count, count_sets, random_tables
from setgame.cards import DECK_SIZE, decode_unchecked
from setgame.solvers import SOLVERS, UNCHECKED_SOLVERS
from studykit.checks import choice, sequence
from studykit.checks import seed as check_seed
from studykit.checks import whole
from studykit.timing import MAX_REPEATS, best_cpu_seconds

MAX_TABLES = 1_000_000    # single-table solvers: brute force runs ~10,000 tables a second
MAX_BATCHED = 100_000_000  # count_sets's timing tables (about a minute at ~2 million a second)


MAX_STEPS = 30_000_000     # numpy steps of the single-table solvers (~300,000 a second)
REPEATS = 3                # passes over the tables per timing, the fastest kept


def check_speed_tables(n_tables, name: str = "n_tables", n_cards: int = 12,
                       methods=tuple(SOLVERS), repeats: int = REPEATS) -> int:
    """Tables each single-table solver is timed on: 1..``MAX_TABLES``, and at most
    ``MAX_STEPS`` steps in all for ``methods`` on ``n_cards`` cards (brute force tests every
    triple, pairs and recursive every pair, one numpy step each; the blog-style brute force
    and recursive ones count two per triple), each pass counted ``repeats`` times; ``name``:
    the error's."""
    n_tables = capped_count(n_tables, name, 1, MAX_TABLES,
                            "the single-table solvers are timed one table at a time")
    per_table = {"brute": math.comb(n_cards, 3), "pairs": math.comb(n_cards, 2),
                 "recursive": math.comb(n_cards, 2), "fast": 1,
                 "brute_attributes": 2 * math.comb(n_cards, 3),     # up to 4 unique calls,
                 "recursive_triples": 2 * math.comb(n_cards, 3)}    # ~1.5 on average
    steps = n_tables * sum(per_table[m] for m in methods) * repeats
    if steps > MAX_STEPS:
        raise ValueError(f"{name}={n_tables:,} tables of {n_cards} cards are {steps:,} solver "
                         f"steps ({', '.join(methods)}; {repeats} repeats), more than the limit "
                         f"{MAX_STEPS:,} "
                         f"(about 300,000 a second)")
    return n_tables


def solver_rates(n_cards: int = 12, n_tables: int = 300, seed: int = 0,
                 methods=tuple(SOLVERS), batched_tables: int = 200_000,
                 repeats: int = REPEATS) -> dict[str, float]:
    """Tables per second for each single-table solver and for the batched ``count_sets``.

    Every solver sees the same ``n_tables`` random tables of ``n_cards`` cards; ``count_sets``
    is timed on ``batched_tables`` tables (it is meant for many at once). Each time is the least
    CPU time of ``repeats`` passes over the tables (``studykit.timing.best_cpu_seconds``).
    """
    n_cards = count(n_cards, "n_cards", 0, DECK_SIZE)
    seed = check_seed(scalar(seed))
    methods = sequence(methods, "methods", lambda m, name: choice(m, name, SOLVERS), min_len=0,
                       distinct=True)
    repeats = whole(repeats, "repeats", 1, MAX_REPEATS)
    n_tables = check_speed_tables(n_tables, "n_tables", n_cards, methods, repeats)
    batched_tables = check_table_count(capped_count(
        batched_tables, "batched_tables", 1, MAX_BATCHED // repeats,
        "count_sets is timed on them at once, once per repeat"), "batched_tables")
    rng = np.random.default_rng(seed)
    tables = decode_unchecked(random_tables(n_tables, n_cards, rng))
    rates = {}
    for method in methods:
        solve = UNCHECKED_SOLVERS[method]
        rates[method] = n_tables / best_cpu_seconds(lambda: [solve(t) for t in tables], repeats)
    many = random_tables(batched_tables, n_cards, rng)
    rates["count_sets"] = batched_tables / best_cpu_seconds(lambda: count_sets(many), repeats)
    return rates
