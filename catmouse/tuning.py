"""The article's two other proposals tried on top of the improved trainer: annealing, early stopping.

``TUNING`` names four configurations of ``train_tabular_improved``: the improved trainer itself,
with simulated annealing for the mouse added, with annealing in place of the mouse's restarts and
drift, and with early stopping (see ``catmouse.anneal``). ``tuning_run`` runs one of them on one
board and seed and measures it exactly (the solver never steers training).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from catmouse.coevolve import IMPROVED, train_tabular_improved

TEMPERATURE = 2.0            # a mouse candidate 2 rounds worse is accepted with p = 1/e at first
HALF_LIFE = 10_000
STOP_AFTER = 2_000           # iterations without the cat improving before early stopping

TUNING = {
    "improved": IMPROVED,
    "improved + annealing": replace(IMPROVED, temperature=TEMPERATURE, half_life=HALF_LIFE),
    "annealing instead of restarts and drift": replace(IMPROVED, restart_after=0, drift=False,
                                                       temperature=TEMPERATURE, half_life=HALF_LIFE),
    "improved + early stopping": replace(IMPROVED, stop_after=STOP_AFTER),
}


def tuning_run(rows: int, cols: int, first_move: str, variant: str, iterations: int, seed: int,
               checkpoint_every: int = 1_000) -> dict:
    """One run of a named ``TUNING`` configuration, from the WEAK cat, measured at checkpoints.

    The early-stopping variant trains until its own rule stops it (or the budget runs out) and
    reports where it stopped and the cat's lost moves there; the others stop at the first
    checkpoint where the cat is unexploitable. Returns a dict: ``solved_at`` (first unexploitable
    checkpoint, None: never), ``stopped_at`` (early stop, None: not stopped), ``iterations``
    run, ``final_lost`` (the cat's moves lost to the optimum at the end, inf: never catches),
    ``worse_moves`` (worse mouse candidates accepted by annealing).
    """
    if variant not in TUNING:
        raise ValueError(f"variant must be one of {list(TUNING)}, got {variant!r}")
    early = TUNING[variant].stop_after > 0
    run = train_tabular_improved(rows, cols, first_move, "WEAK", iterations, seed, TUNING[variant],
                                 checkpoint_every, stop_when_solved=not early)
    final = run.checkpoints[-1][1]["lost_moves"] if run.checkpoints else None
    return {"solved_at": run.solved_at, "stopped_at": run.stopped_at, "iterations": run.iterations,
            "final_lost": final, "worse_moves": run.worse_moves}


def solved_counts(rows: list[dict], by: tuple[str, ...]) -> dict[tuple, tuple[int, int]]:
    """Sweep rows (``run_sweep``: parameters and a ``result`` with ``solved_at``) grouped by the
    parameters named in ``by``: {group: (runs with an unexploitable cat, runs)}, in first-seen order."""
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
    if step < 1 or budget < 0:
        raise ValueError(f"need step >= 1 and budget >= 0, got step={step}, budget={budget}")
    grid = np.arange(0, budget + 1, step)
    done = np.array([np.inf if s is None else s for s in solved_at], dtype=float)
    if done.size == 0:
        return grid, np.zeros(len(grid))
    return grid, (done[None, :] <= grid[:, None]).mean(axis=1)
