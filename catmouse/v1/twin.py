"""Two runs in one: a configuration without early stopping and the same with it.

Early stopping (``stop_after``) only ends a run: until it fires, both runs make the same draws,
keep the same tables and measure the same checkpoints. So one run, measured at every checkpoint
and going on until both are decided, gives both records of ``tuning_trial``: the one stopped at
the first unexploitable checkpoint, and the one stopped where the cat's training score has not
risen for ``stop_after`` iterations (or both at the budget). ``tuning_sweep`` runs notebook 23's
"improved" and "improved + early stopping" this way, each record as the separate run gives it
(tests/test_catmouse_twin.py).
"""

from __future__ import annotations

from dataclasses import replace

from catmouse.exact.policy import exploitability
from catmouse.v1.config import CoevolutionConfig
from catmouse.v1.improved import begin, check_improved
from catmouse.v1.speed import FAST
from studykit.checks import flag


def record(run, it: int, stopped: bool, checkpoint_every: int) -> dict:
    """``tuning_trial``'s record of a run that ends at iteration ``it`` (``stopped``: by early
    stopping): the end measured as ``train_tabular_improved`` measures it, unless ``it`` is a
    checkpoint; the run itself is left as it is (it may go on)."""
    solved_at = run.solved_at
    if run.checkpoints and run.checkpoints[-1].iteration == it:
        final = run.checkpoints[-1].cat.lost_moves
    elif checkpoint_every:
        cat = exploitability(cat_policy=run.letters("cat"), first_move=run.first_move)
        final = cat.lost_moves
        if solved_at is None and cat.wins and cat.lost_moves == 0:
            solved_at = it
    else:
        final = None
    return {"solved_at": solved_at, "stopped_at": it if stopped else None, "iterations": it,
            "final_lost": final, "worse_moves": run.worse_moves}


def with_and_without_stop(rows: int, cols: int, first_move: str, initial_cat: str,
                          iterations: int, seed: int, config: CoevolutionConfig,
                          checkpoint_every: int, stop_when_solved: bool = True) -> tuple[dict, dict]:
    """(the record of ``config`` with ``stop_after`` 0, that of ``config``): as
    ``train_tabular_improved`` runs each (the first with ``stop_when_solved``, the early-stopping
    one without), from one run."""
    if not isinstance(config, CoevolutionConfig) or config.stop_after <= 0:
        raise ValueError(f"config must be a CoevolutionConfig with stop_after > 0 (early "
                         f"stopping), got {config!r}")
    stop_when_solved = flag(stop_when_solved, "stop_when_solved")
    rows, cols, iterations, seed, checkpoint_every = check_improved(
        rows, cols, first_move, initial_cat, iterations, seed, config, checkpoint_every)
    run = begin(rows, cols, first_move, initial_cat, seed, replace(config, stop_after=0), FAST)
    plain = early = None
    it = 0
    for it in range(1, iterations + 1):
        run.iterate(it)
        if checkpoint_every and it % checkpoint_every == 0 and run.measure(it) \
                and stop_when_solved and plain is None:
            plain = record(run, it, False, checkpoint_every)
        if early is None and run.stale["cat"] >= config.stop_after:
            early = record(run, it, True, checkpoint_every)
        if plain is not None and early is not None:
            break
    if plain is None:
        plain = record(run, it, False, checkpoint_every)
    if early is None:
        early = record(run, it, False, checkpoint_every)
    return plain, early
