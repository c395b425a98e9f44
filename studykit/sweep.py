"""Parameter sweeps: every grid point times every trial, seeded, in parallel, with progress.

``run_sweep`` calls ``trial(**params, seed=seed)`` for each combination. The integer seeds come
from ``numpy.random.SeedSequence(seed).spawn(trials)``: trial ``t`` gets the same seed at every
grid point (common random numbers, so differences between points are not seed noise), and no
seed depends on the number of workers or the order they finish in.

Local processes (joblib's loky backend) by default; inside
``joblib.parallel_config(backend="dask")`` with a ``dask.distributed.Client`` open, the same
call runs on the Dask cluster.
"""

from __future__ import annotations

import itertools
import numbers
from collections.abc import Callable, Iterable, Mapping, Sequence, Sized
from typing import Any

import numpy as np
from joblib import Parallel, delayed
from tqdm.auto import tqdm

from studykit.checks import flag, shown, whole


def grid_points(grid: Mapping[str, Sequence] | Iterable[Mapping[str, Any]]) -> list[dict]:
    """The parameter dictionaries of a grid: a mapping of value lists (cartesian product,
    first key slowest) or an explicit sequence of dictionaries."""
    if isinstance(grid, Mapping):
        size = 1
        for key, values in grid.items():
            _key(key)
            if isinstance(values, (str, bytes)) or not isinstance(values, Iterable) \
                    or not isinstance(values, Sized):
                raise TypeError(f"grid[{key!r}] must be a list of values, got {shown(values)}")
            size *= len(values)
        if size > MAX_CALLS:
            raise ValueError(f"the grid has {size:,} points, more than {MAX_CALLS:,} calls")
        keys = list(grid)
        return [dict(zip(keys, combo)) for combo in itertools.product(*grid.values())]
    if isinstance(grid, (str, bytes)) or not isinstance(grid, Iterable):
        raise TypeError(f"grid must be a mapping of value lists or a list of dicts, got {shown(grid)}")
    if isinstance(grid, Sized) and len(grid) > MAX_CALLS:
        raise ValueError(f"the grid has {len(grid):,} points, more than {MAX_CALLS:,} calls")
    if not isinstance(grid, Sized):                          # an endless iterator stops here
        grid = list(itertools.islice(grid, MAX_ITERATED + 1))
        if len(grid) > MAX_ITERATED:
            raise ValueError(f"the grid iterator gave more than {MAX_ITERATED:,} points: pass "
                             f"a list (up to {MAX_CALLS:,} points) or a mapping of value lists")
    for point in grid:
        if not isinstance(point, Mapping):
            raise TypeError(f"grid must be a list of dicts, got an item {shown(point)}")
        for key in point:
            _key(key)
    return [dict(point) for point in grid]


def _key(key) -> None:
    if not isinstance(key, str) or not key.isidentifier():
        raise TypeError(f"grid keys must be argument names of trial, got {shown(key)}")


RESERVED = ("trial", "seed", "result")
MAX_CALLS = 1_000_000   # calls of one sweep: far beyond any here; trials=10**9 stops at once
MAX_TRIALS = 100_000    # seeds of one sweep (deriving 10**5 takes seconds, 10**7 minutes)
MAX_JOBS = 1024         # workers: far beyond a machine's cores or a small cluster's
MAX_ITERATED = 100_000  # points read from a grid given as an iterator (no length to check first)


def _whole(name: str, value, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, got {value!r}")
    if value < low:
        raise ValueError(f"{name} must be >= {low}, got {value}")
    return int(value)


def trial_seeds(seed: int, trials: int) -> list[int]:
    """One independent 32-bit integer seed per trial, derived with SeedSequence."""
    if seed is None:
        raise TypeError("seed must be a whole number (None would make every run different)")
    _whole("seed", seed, 0)
    _whole("trials", trials, 1)
    if trials > MAX_TRIALS:
        raise ValueError(f"trials={trials:,} is more than {MAX_TRIALS:,} seeds per sweep")
    return [int(s.generate_state(1)[0]) for s in np.random.SeedSequence(seed).spawn(trials)]


def run_sweep(trial: Callable[..., Any], grid, *, trials: int = 1, seed: int = 0,
              n_jobs: int | None = -1, progress: bool = True, desc: str | None = None,
              cost: Callable[[dict], float] | None = None) -> list[dict]:
    """Run ``trial(**params, seed=s)`` over the grid and trials; return one row per call.

    Each row is ``{**params, "trial": t, "seed": s, "result": value}``, in grid order then
    trial order, whatever the backend, the number of workers or ``cost``. ``cost(params)``, a
    rough guess of a grid point's running time, starts the costliest calls first (ties in grid
    order), so that no worker is left with a long call while the others wait: the same rows,
    sooner.
    """
    if not callable(trial):
        raise TypeError(f"trial must be a function, got {trial!r}")
    if n_jobs is not None:
        n_jobs = whole(n_jobs, "n_jobs")
        if not (n_jobs == -1 or 1 <= n_jobs <= MAX_JOBS):
            raise ValueError(f"n_jobs must be -1 (all cores), None, or a number of workers from 1 "
                             f"to {MAX_JOBS}, got {n_jobs:,}")
    progress = flag(progress, "progress")
    if desc is not None and not isinstance(desc, str):
        raise TypeError(f"desc must be text or None, got {type(desc).__name__}")
    points = grid_points(grid)
    if not points:
        raise ValueError("the grid has no point (an empty list of values?)")
    clash = sorted({k for p in points for k in p} & set(RESERVED))
    if clash:
        raise ValueError(f"grid keys {clash} are reserved for the rows ({', '.join(RESERVED)})")
    if len(points) * _whole("trials", trials, 1) > MAX_CALLS:
        raise ValueError(f"{len(points):,} points x {trials:,} trials is more than "
                         f"{MAX_CALLS:,} calls")
    seeds = trial_seeds(seed, trials)
    jobs = [(p, t, s) for p in points for t, s in enumerate(seeds)]
    order = list(range(len(jobs)))
    if cost is not None:
        if not callable(cost):
            raise TypeError(f"cost must be a function of a grid point or None, got {shown(cost)}")
        guess = [_cost(cost, p) for p in points]
        order.sort(key=lambda i: -guess[i // len(seeds)])   # stable: ties keep grid order
    calls = (delayed(trial)(**jobs[i][0], seed=jobs[i][2]) for i in order)
    runner = Parallel(n_jobs=n_jobs, return_as="generator")
    results: list[Any] = [None] * len(jobs)
    # the bar counts each result as it arrives and closes full (green) once all are in
    with tqdm(total=len(jobs), desc=desc, disable=not progress) as bar:
        for i, r in zip(order, runner(calls), strict=True):
            results[i] = r
            bar.update(1)
    return [{**p, "trial": t, "seed": s, "result": r} for (p, t, s), r in zip(jobs, results)]


def _cost(cost: Callable[[dict], float], point: dict) -> float:
    value = cost(dict(point))
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not np.isfinite(value):
        raise TypeError(f"cost must give a finite number for each grid point, got {shown(value)} "
                        f"for {point}")
    return float(value)
