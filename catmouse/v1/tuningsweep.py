"""Notebook 23's sweep of the ``TUNING`` variants, each ``TWIN`` pair from one run.

``tuning_sweep`` returns the rows ``run_sweep(tuning_run_cached, grid, ...)`` returns for the grid
of every board and ``TUNING`` variant, the same records in the same order, the results kept in
the same cache entries; only "improved" and "improved + early stopping", which make the same
draws until early stopping fires, come from one run per board and seed (``v1.twin``).
"""

from __future__ import annotations

from collections.abc import Mapping

from catmouse.parity import winnable_first_move
from catmouse.v1.experiments import TUNING, TWIN, board_area
from catmouse.v1.runcache import tuning_run_cached, tuning_twin_cached
from studykit.checks import cell, items, whole
from studykit.sweep import run_sweep

JOBS = tuple(v for v in TUNING if v not in TWIN) + ("twin",)


def tuning_job(rows: int, cols: int, first_move: str, job: str, iterations: int, seed: int,
               checkpoint_every: int) -> dict:
    """One call of ``tuning_sweep``: {variant: result} of one ``TUNING`` variant, or of both
    ``TWIN`` variants (``job="twin"``), through the disk cache (picklable)."""
    common = {"rows": rows, "cols": cols, "first_move": first_move, "iterations": iterations,
              "seed": seed, "checkpoint_every": checkpoint_every}
    if job == "twin":
        return tuning_twin_cached(**common)
    return {job: tuning_run_cached(variant=job, **common)}


def job_cost(point: Mapping) -> float:
    """A job's rough cost: its board's area, twice that for a twin (its early-stopping run is
    the longest), so the twins start first and no worker idles at the end."""
    return board_area(point) * (2 if point.get("job") == "twin" else 1)


def tuning_sweep(boards, iterations: int, checkpoint_every: int, trials: int, seed: int,
                 n_jobs: int | None = -1, desc: str | None = "tuning",
                 progress: bool = True) -> list[dict]:
    """``run_sweep(tuning_run_cached, grid, trials=trials, seed=seed, ...)``'s rows for the grid
    of every board (rows, cols) of ``boards`` and ``TUNING`` variant, board first."""
    boards = [tuple(cell(b, f"boards[{k}]")) for k, b in enumerate(items(boards, "boards"))]
    iterations = whole(iterations, "iterations", 1)                 # Python ints in the rows;
    checkpoint_every = whole(checkpoint_every, "checkpoint_every", 1)   # the runs check limits
    grid = [{"rows": r, "cols": c, "first_move": winnable_first_move(r, c), "job": job,
             "iterations": iterations, "checkpoint_every": checkpoint_every}
            for r, c in boards for job in JOBS]
    done = run_sweep(tuning_job, grid, trials=trials, seed=seed, n_jobs=n_jobs, desc=desc,
                     progress=progress, cost=job_cost)
    found: dict[tuple, dict] = {}
    for row in done:
        found.setdefault((row["rows"], row["cols"], row["trial"]), {}).update(row["result"])
    seeds = {row["trial"]: row["seed"] for row in done}
    return [{"rows": r, "cols": c, "first_move": winnable_first_move(r, c), "variant": v,
             "iterations": iterations, "checkpoint_every": checkpoint_every, "trial": t,
             "seed": s, "result": found[r, c, t][v]}
            for r, c in boards for v in TUNING for t, s in sorted(seeds.items())]
