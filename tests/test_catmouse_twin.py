"""One run for two tuning variants (``v1.twin``, ``v1.tuningsweep``) gives what separate runs give."""

from dataclasses import replace

import pytest

from catmouse.parity import winnable_first_move
from catmouse.v1.config import IMPROVED, CoevolutionConfig
from catmouse.v1.experiments import TUNING, TWIN, tuning_trial, tuning_twin_trial
from catmouse.v1.improved import train_tabular_improved
from catmouse.v1.runcache import is_cached, tuning_run_cached
from catmouse.v1.tuningsweep import tuning_sweep
from catmouse.v1.twin import with_and_without_stop
from studykit import run_sweep

FIRST = winnable_first_move(4, 5)


def separate(config, iterations, seed, checkpoint_every, stop_when_solved):
    """``tuning_trial``'s record of one separate run (the oracle)."""
    run = train_tabular_improved(4, 5, FIRST, "WEAK", iterations, seed, config, checkpoint_every,
                                 stop_when_solved=stop_when_solved)
    return {"solved_at": run.solved_at, "stopped_at": run.stopped_at, "iterations": run.iterations,
            "final_lost": run.checkpoints[-1].cat.lost_moves, "worse_moves": run.worse_moves}


@pytest.mark.parametrize("config, iterations, checkpoint_every, stop_when_solved", [
    (replace(IMPROVED, stop_after=2), 400, 7, True),             # stops long before solved
    (replace(IMPROVED, stop_after=60), 1_500, 50, True),
    (replace(IMPROVED, stop_after=60), 1_500, 13, False),        # the plain run to the budget
    (replace(IMPROVED, stop_after=2_000), 2_500, 250, True),     # the budget first (no stop)
    (CoevolutionConfig(max_changes=3, sequential=True, patience=50, restart_after=300,
                       drift=True, both_learn=True, stop_after=25), 800, 33, True),
])
@pytest.mark.parametrize("seed", [0, 5])
def test_one_run_gives_both_separate_runs(config, iterations, checkpoint_every, stop_when_solved,
                                          seed):
    plain, early = with_and_without_stop(4, 5, FIRST, "WEAK", iterations, seed, config,
                                         checkpoint_every, stop_when_solved)
    assert plain == separate(replace(config, stop_after=0), iterations, seed, checkpoint_every,
                             stop_when_solved)
    assert early == separate(config, iterations, seed, checkpoint_every, False)


def test_the_cases_above_include_a_stop_before_and_after_solving():
    ends = [with_and_without_stop(4, 5, FIRST, "WEAK", 1_500, seed,
                                  replace(IMPROVED, stop_after=k), 50) for seed in (0, 5)
            for k in (2, 60)]
    never = 10**9                        # never solved / never stopped
    assert any((e["stopped_at"] or never) < (p["solved_at"] or never) for p, e in ends)
    assert any(e["stopped_at"] is not None and p["solved_at"] is not None
               and e["stopped_at"] > p["solved_at"] for p, e in ends)


def test_twin_variants_differ_only_by_early_stopping():
    assert replace(TUNING[TWIN[1]], stop_after=0) == TUNING[TWIN[0]]
    assert TUNING[TWIN[1]].stop_after > 0


def test_refuses_a_config_without_early_stopping():
    with pytest.raises(ValueError, match="config must be a CoevolutionConfig with stop_after"):
        with_and_without_stop(4, 5, FIRST, "WEAK", 10, 0, IMPROVED, 5)


@pytest.mark.parametrize("seed", [1, 2])
def test_twin_trial_equals_each_tuning_trial(seed):
    both = tuning_twin_trial(rows=4, cols=5, first_move=FIRST, iterations=3_000, seed=seed,
                             checkpoint_every=250)
    for variant in TWIN:
        assert both[variant] == tuning_trial(rows=4, cols=5, first_move=FIRST, variant=variant,
                                             iterations=3_000, seed=seed, checkpoint_every=250)


def test_tuning_sweep_gives_run_sweeps_rows(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path / "twin"))
    kwargs = {"iterations": 2_500, "checkpoint_every": 250}
    rows = tuning_sweep([(4, 5)], trials=2, seed=3, n_jobs=1, progress=False, **kwargs)
    for variant in TWIN:         # stored where tuning_run_cached looks for them
        assert is_cached(tuning_trial, rows=4, cols=5, first_move=FIRST, variant=variant,
                         seed=rows[0]["seed"], **kwargs)
    again = tuning_sweep([(4, 5)], trials=2, seed=3, n_jobs=1, progress=False, **kwargs)
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path / "separate"))
    grid = [{"rows": 4, "cols": 5, "first_move": FIRST, "variant": v, **kwargs} for v in TUNING]
    expected = run_sweep(tuning_run_cached, grid, trials=2, seed=3, n_jobs=1, progress=False)
    assert rows == expected == again
    assert len(rows) == 2 * len(TUNING)
