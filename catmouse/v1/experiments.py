"""Experiments on the improved version-1 trainer: named configurations, one seeded trial each,
and the shares of runs that reached an unexploitable cat.

``VARIANTS`` turns the article's fixes on one at a time (the ablation); ``TUNING`` tries its two
other proposals, simulated annealing and early stopping (``v1.anneal``), on top of the improved
trainer. Each ``*_trial`` is a pure function of its parameters and seed returning a JSON record,
so sweeps can run it in parallel and keep it on disk (``catmouse.v1.runcache``).
``paired_solve_difference`` compares two variants' times to an unexploitable cat run by run (same
board and seed, which the sweeps share), with a paired bootstrap interval.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from dataclasses import dataclass, replace

import numpy as np

from catmouse.arguments import MAX_ITERATIONS, MAX_SIDE, count, number
from catmouse.arguments import seed as seed_arg
from catmouse.exact.policy import exploitability
from catmouse.parity import parity_rule_cat_wins, winnable_first_move
from catmouse.v1.article import train_tabular
from catmouse.v1.config import ARTICLE, IMPROVED, CoevolutionConfig
from catmouse.v1.improved import check_improved, train_tabular_improved
from catmouse.v1.twin import with_and_without_stop
from studykit.checks import choice, is_whole, items, memory, shown, whole

VARIANTS = {
    "article's scheme": ARTICLE,
    "+ several changes": CoevolutionConfig(max_changes=3, sequential=True),
    "+ stagnation: jumps, restarts, drift": CoevolutionConfig(max_changes=3, sequential=True,
                                                             patience=50, restart_after=300,
                                                             drift=True),
    "+ both sides learn": CoevolutionConfig(max_changes=3, sequential=True, patience=50,
                                           restart_after=300, drift=True, both_learn=True),
    "+ hall of fame (all four)": IMPROVED,
    "hall of fame alone": CoevolutionConfig(hall_of_fame=10_000),
}

TEMPERATURE = 2.0            # a mouse candidate 2 rounds worse is accepted with p = 1/e at first
HALF_LIFE = 10_000
STOP_AFTER = 2_000           # iterations without the cat improving before early stopping

TUNING = {
    "improved": IMPROVED,
    "improved + annealing": replace(IMPROVED, temperature=TEMPERATURE, half_life=HALF_LIFE),
    "annealing instead of restarts and drift": replace(IMPROVED, restart_after=0, drift=False,
                                                       temperature=TEMPERATURE,
                                                       half_life=HALF_LIFE),
    "improved + early stopping": replace(IMPROVED, stop_after=STOP_AFTER),
}


def check_trial(rows: int, cols: int, first_move: str, checkpoint_every: int) -> int:
    """A trial's board is one the cat can win (else it is never unexploitable and its lost moves
    are undefined) and it measures at checkpoints; returns ``checkpoint_every``."""
    if not parity_rule_cat_wins(rows, cols, first_move):
        raise ValueError(f"first_move={first_move!r} on {rows}x{cols}: the cat cannot force a "
                         "capture there, so a trial has nothing to measure; use first_move="
                         f"{winnable_first_move(rows, cols)!r} (winnable_first_move)")
    return count(checkpoint_every, "checkpoint_every", 1, MAX_ITERATIONS)


def variant_trial(rows: int, cols: int, first_move: str, variant: str, iterations: int, seed: int,
                  checkpoint_every: int = 1_000) -> dict:
    """One run of a named ``VARIANTS`` config from the WEAK cat: ``lost`` (iteration, the cat's
    moves lost to the optimum, inf: never catches) at every checkpoint, and ``solved_at`` (None:
    never)."""
    checkpoint_every = check_trial(rows, cols, first_move, checkpoint_every)
    variant = choice(variant, "variant", VARIANTS)
    run = train_tabular_improved(rows, cols, first_move, "WEAK", iterations, seed,
                                 VARIANTS[variant], checkpoint_every, stop_when_solved=True)
    return {"lost": [(c.iteration, c.cat.lost_moves) for c in run.checkpoints],
            "solved_at": run.solved_at}


def compare_trainers_trial(rows: int, cols: int, first_move: str, seed: int,
                           iterations: int = 100_000, checkpoint_every: int = 1_000,
                           config: CoevolutionConfig = IMPROVED) -> dict:
    """The article's trainer and ``config`` on the same board and seed, measured exactly.

    Both start from the WEAK cat. Returns the cat's lost moves at every checkpoint for each
    (``article``, ``improved``: lists of (iteration, lost moves)), the first checkpoint at which
    each cat was unexploitable (``solved_at``, ``article_solved_at``; None: never) and the
    improved run's ``hall_of_fame`` size. The improved run stops once solved; the article's runs
    its full budget (modern generator). Lost moves are inf where the cat never catches.
    """
    checkpoint_every = check_trial(rows, cols, first_move, checkpoint_every)
    rows, cols, iterations, seed, checkpoint_every = check_improved(
        rows, cols, first_move, "WEAK", iterations, seed, config, checkpoint_every)
    base = train_tabular(rows, cols, first_move, "WEAK", iterations, seed, mode="fast",
                         snapshot_every=checkpoint_every)
    snaps = dict(base.snapshot_policies)
    snaps[iterations] = (base.cat_policy, base.mouse_policy)
    article = [(it, exploitability(cat_policy=cat, first_move=first_move).lost_moves)
               for it, (cat, _) in sorted(snaps.items()) if it]
    run = train_tabular_improved(rows, cols, first_move, "WEAK", iterations, seed, config,
                                 checkpoint_every, stop_when_solved=True)
    improved = [(c.iteration, c.cat.lost_moves) for c in run.checkpoints]
    return {"article": article, "improved": improved, "solved_at": run.solved_at,
            "article_solved_at": next((it for it, lost in article if lost == 0), None),
            "hall_of_fame": run.pool_sizes[0] - 1}


compare_trainers = compare_trainers_trial    # the name notebook 23 was written with


def tuning_trial(rows: int, cols: int, first_move: str, variant: str, iterations: int, seed: int,
                 checkpoint_every: int = 1_000) -> dict:
    """One run of a named ``TUNING`` configuration, from the WEAK cat, measured at checkpoints.

    The early-stopping variant trains until its own rule stops it (or the budget runs out) and
    reports where it stopped and the cat's lost moves there; the others stop at the first
    checkpoint where the cat is unexploitable. Returns ``solved_at`` (first unexploitable
    checkpoint, None: never), ``stopped_at`` (early stop, None: not stopped), ``iterations``
    run, ``final_lost`` (the cat's moves lost to the optimum at the end, inf: never catches),
    ``worse_moves`` (worse mouse candidates accepted by annealing).
    """
    checkpoint_every = check_trial(rows, cols, first_move, checkpoint_every)
    variant = choice(variant, "variant", TUNING)
    early = TUNING[variant].stop_after > 0
    run = train_tabular_improved(rows, cols, first_move, "WEAK", iterations, seed, TUNING[variant],
                                 checkpoint_every, stop_when_solved=not early)
    final = run.checkpoints[-1].cat.lost_moves if run.checkpoints else None
    return {"solved_at": run.solved_at, "stopped_at": run.stopped_at, "iterations": run.iterations,
            "final_lost": final, "worse_moves": run.worse_moves}


TWIN = ("improved", "improved + early stopping")    # the same run until early stopping fires


def tuning_twin_trial(rows: int, cols: int, first_move: str, iterations: int, seed: int,
                      checkpoint_every: int = 1_000) -> dict:
    """``tuning_trial`` of both ``TWIN`` variants, from one run (``v1.twin``): {variant: its
    record}, each as the variant's own trial returns it."""
    checkpoint_every = check_trial(rows, cols, first_move, checkpoint_every)
    plain, early = with_and_without_stop(rows, cols, first_move, "WEAK", iterations, seed,
                                         TUNING[TWIN[1]], checkpoint_every)
    return dict(zip(TWIN, (plain, early)))


def check_trial_call(fn, arguments: Mapping) -> None:
    """Check the arguments of a call of ``variant_trial``, ``compare_trainers_trial`` or
    ``tuning_trial`` as the trial would, without running it (the run cache does this before it
    computes the code fingerprint, so a bad call is refused at once)."""
    if fn not in (variant_trial, compare_trainers_trial, tuning_trial):
        raise TypeError(f"fn must be variant_trial, compare_trainers_trial or tuning_trial, got "
                        f"{getattr(fn, '__name__', type(fn).__name__)}")
    bound = inspect.signature(fn).bind(**arguments)
    bound.apply_defaults()
    a = bound.arguments
    checkpoint_every = check_trial(a["rows"], a["cols"], a["first_move"], a["checkpoint_every"])
    config = a.get("config", IMPROVED)
    if fn is not compare_trainers_trial:
        names = VARIANTS if fn is variant_trial else TUNING
        config = names[choice(a["variant"], "variant", names)]
    check_improved(a["rows"], a["cols"], a["first_move"], "WEAK", a["iterations"], a["seed"],
                   config, checkpoint_every)


def solved_counts(rows: list[dict], by: tuple[str, ...]) -> dict[tuple, tuple[int, int]]:
    """Sweep rows (``run_sweep``: parameters and a ``result`` with ``solved_at``) grouped by the
    parameters named in ``by``: {group: (runs with an unexploitable cat, runs)}, first-seen order."""
    by = items(by, "by")
    for k, row in enumerate(items(rows, "rows")):
        if not isinstance(row, Mapping) or not isinstance(row.get("result"), Mapping) or \
                "solved_at" not in row["result"] or any(key not in row for key in by):
            raise ValueError(f"rows[{k}] must be a sweep row with the keys {list(by)} and a "
                             f"'result' holding 'solved_at', got {shown(row)}")
    out: dict[tuple, list[int]] = {}
    for row in rows:
        group = tuple(row[k] for k in by)
        counts = out.setdefault(group, [0, 0])
        counts[0] += row["result"]["solved_at"] is not None
        counts[1] += 1
    return {g: (k, n) for g, (k, n) in out.items()}


def solved_share(solved_at, budget: int, step: int):
    """The share of runs with an unexploitable cat by each point of ``0, step, ..., budget``
    iterations (``solved_at``: each run's first solving iteration, or None): (grid, shares)."""
    step = whole(step, "step", 1, MAX_ITERATIONS)
    budget = whole(budget, "budget", 0, MAX_ITERATIONS)
    solved_at = items(solved_at, "solved_at")
    points = budget // step + 1
    if points * max(len(solved_at), 1) > 100_000_000:         # before reading every run
        raise ValueError(f"budget={budget:,} in steps of {step:,} over {len(solved_at):,} runs "
                         "means more than 100 million points; use a larger step")
    solved_at = [s if s is None else whole(s, f"solved_at[{k}]", 0)
                 for k, s in enumerate(solved_at)]
    grid = np.arange(0, budget + 1, step)
    done = np.array([np.inf if s is None else s for s in solved_at], dtype=float)
    if done.size == 0:
        return grid, np.zeros(len(grid))
    return grid, (done[None, :] <= grid[:, None]).mean(axis=1)


def board_area(point: Mapping) -> int:
    """A sweep point's rough cost for ``studykit.run_sweep(cost=...)``: its board's area (runs
    on larger boards last longer, so they start first and no worker idles at the end)."""
    if not isinstance(point, Mapping) or "rows" not in point or "cols" not in point:
        raise TypeError(f"board_area needs a grid point with 'rows' and 'cols', got {shown(point)}")
    return whole(point["rows"], "rows", 1, MAX_SIDE) * whole(point["cols"], "cols", 1, MAX_SIDE)


@dataclass(frozen=True)
class SolveDifference:
    """Mean of (variant - reference) iterations to an unexploitable cat over matched runs, its
    bootstrap interval, and how many runs of each side never got there (counted as the budget)."""

    mean: float
    low: float
    high: float
    pairs: int
    unsolved_variant: int
    unsolved_reference: int

    def describe(self) -> str:
        censored = ""
        if self.unsolved_variant or self.unsolved_reference:
            censored = (f"; unsolved runs counted as the budget: {self.unsolved_variant} vs "
                        f"{self.unsolved_reference}")
        return (f"{self.mean:+,.0f} iterations, 95% interval [{self.low:+,.0f}, {self.high:+,.0f}] "
                f"over {self.pairs} matched runs{censored}")


MAX_REPS = 1_000_000          # bootstrap resamples: far past what a 95% interval needs


def solve_times(rows, variant: str, budget: int) -> dict[tuple, tuple[float, bool]]:
    """{(rows, cols, seed): (iterations to an unexploitable cat, or ``budget`` if never; whether
    it got there)} for the sweep rows of one variant."""
    out = {}
    for k, row in enumerate(items(rows, "rows")):
        if not isinstance(row, Mapping) or not isinstance(row.get("result"), Mapping) or \
                any(key not in row for key in ("rows", "cols", "seed", "variant")) or \
                not all(is_whole(row[key]) for key in ("rows", "cols", "seed")):
            raise ValueError(f"rows[{k}] must be a sweep row with rows, cols, seed (whole "
                             f"numbers), variant and a result, got {shown(row)}")
        if row["variant"] == variant:
            solved = row["result"].get("solved_at")
            if solved is not None and not is_whole(solved):
                raise ValueError(f"rows[{k}]: solved_at must be a whole number of iterations or "
                                 f"None, got {shown(solved)}")
            out[row["rows"], row["cols"], row["seed"]] = (
                float(budget if solved is None else min(solved, budget)), solved is not None)
    return out


def paired_solve_difference(rows, variant: str, reference: str, budget: int, *,
                            reps: int = 10_000, seed: int = 0,
                            confidence: float = 0.95) -> SolveDifference:
    """``variant`` minus ``reference``: iterations to an unexploitable cat, matched by board and
    seed; the mean difference with a percentile bootstrap interval (negative: the variant is
    sooner)."""
    budget = count(budget, "budget", 1)                 # the trainers' most iterations
    reps = whole(reps, "reps", 100, MAX_REPS)
    seed = seed_arg(seed)
    confidence = number(confidence, "confidence", above=0, below=1)
    a, b = solve_times(rows, variant, budget), solve_times(rows, reference, budget)
    keys = sorted(set(a) & set(b))
    if not keys:
        raise ValueError(f"no matched runs (same board and seed) of {variant!r} and {reference!r}")
    memory(16 * reps * len(keys), f"{reps:,} bootstrap resamples of {len(keys):,} matched runs")
    d = np.array([a[k][0] - b[k][0] for k in keys])
    rng = np.random.default_rng(seed)
    means = d[rng.integers(0, len(d), size=(reps, len(d)))].mean(axis=1)
    tail = 100 * (1 - confidence) / 2
    low, high = np.percentile(means, [tail, 100 - tail])
    return SolveDifference(float(d.mean()), float(low), float(high), len(keys),
                           sum(not a[k][1] for k in keys), sum(not b[k][1] for k in keys))
