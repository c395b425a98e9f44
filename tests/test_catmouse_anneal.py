"""Simulated annealing and early stopping for the co-evolution trainer (catmouse.v1.anneal, the
TUNING trials)."""

import math
import random

import pytest

from catmouse.v1.anneal import accept_worse, check_schedule, mouse_energy, temperature_at
from catmouse.v1.config import IMPROVED, CoevolutionConfig
from catmouse.v1.experiments import TUNING, tuning_trial
from catmouse.v1.improved import train_tabular_improved
from catmouse.v1.tally import key_of


def test_temperature_halves_every_half_life():
    assert temperature_at(0, 2.0, 100) == 2.0
    assert temperature_at(100, 2.0, 100) == 1.0
    assert temperature_at(300, 2.0, 100) == 0.25
    assert temperature_at(50, 0.0, 100) == 0.0


@pytest.mark.parametrize("temperature,half_life", [(-1.0, 10), (math.nan, 10), (math.inf, 10), (1.0, 0)])
def test_bad_schedules_are_refused(temperature, half_life):
    with pytest.raises(ValueError, match="temperature|half_life"):
        check_schedule(temperature, half_life)
    with pytest.raises(ValueError, match="temperature|half_life"):
        CoevolutionConfig(temperature=temperature, half_life=half_life)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="iteration"):
        temperature_at(-1, 1.0, 10)
    with pytest.raises(ValueError, match="bound"):
        mouse_energy((0, 3, 3), 0)
    with pytest.raises(ValueError, match="stop_after"):
        CoevolutionConfig(stop_after=-1)
    with pytest.raises(ValueError, match="variant"):
        tuning_trial(4, 5, "cat", "no such variant", 10, 0)


def test_mouse_energy_orders_single_games_like_the_mouse_key():
    rng = random.Random(1)
    bound = 30
    for _ in range(2000):
        a, b = [(rng.random() < 0.5, rng.randrange(bound), 0) for _ in range(2)]
        ka, kb = key_of("mouse", [a]), key_of("mouse", [b])
        assert (ka > kb) == (mouse_energy(ka, bound) > mouse_energy(kb, bound))
    assert mouse_energy((1, 10 ** 9, 7), 30) == 37


def test_metropolis_rule():
    rng = random.Random(0)
    assert accept_worse(0, 0.0, rng) and accept_worse(-3, 1.0, rng)
    state = rng.getstate()
    assert not accept_worse(1, 0.0, rng)
    assert rng.getstate() == state                     # nothing drawn when annealing is off
    hits = sum(accept_worse(2, 2.0, rng) for _ in range(20_000))
    assert abs(hits / 20_000 - math.exp(-1)) < 0.01


def test_annealing_off_and_no_early_stop_change_nothing():
    """Temperature 0 and stop_after 0 are the improved trainer, bit for bit."""
    a = train_tabular_improved(5, 5, "mouse", iterations=600, seed=4, config=IMPROVED, checkpoint_every=200)
    b = train_tabular_improved(5, 5, "mouse", iterations=600, seed=4, checkpoint_every=200,
                               config=CoevolutionConfig(**{**IMPROVED.__dict__, "temperature": 0.0,
                                                           "stop_after": 0}))
    assert (a.cat_policy == b.cat_policy).all() and (a.mouse_policy == b.mouse_policy).all()
    assert a.checkpoints == b.checkpoints and b.worse_moves == 0 and b.stopped_at is None


def test_annealing_accepts_worse_mouse_moves_and_still_solves_a_small_board():
    result = tuning_trial(5, 5, "mouse", "annealing instead of restarts and drift", 20_000, 3, 500)
    assert result["worse_moves"] > 0
    assert result["solved_at"] is not None and result["final_lost"] == 0


def test_early_stopping_stops_after_the_cat_stalls():
    config = CoevolutionConfig(**{**IMPROVED.__dict__, "stop_after": 300})
    run = train_tabular_improved(4, 5, "cat", iterations=20_000, seed=1, config=config, checkpoint_every=100)
    assert run.stopped_at is not None and run.iterations == run.stopped_at < 20_000
    assert run.checkpoints[-1].iteration == run.stopped_at            # measured where it stopped
    # the same run without the rule, 300 iterations earlier, already had the final cat
    earlier = train_tabular_improved(4, 5, "cat", iterations=run.stopped_at - 300, seed=1,
                                     config=IMPROVED, checkpoint_every=0)
    assert (earlier.cat_policy == run.cat_policy).all()
    before = train_tabular_improved(4, 5, "cat", iterations=run.stopped_at - 301, seed=1,
                                    config=IMPROVED, checkpoint_every=0)
    assert (before.cat_policy != run.cat_policy).any()     # ... and it had just changed
    result = tuning_trial(4, 5, "cat", "improved + early stopping", 20_000, 1, 100)
    assert result["stopped_at"] is not None and set(TUNING) >= {"improved + early stopping"}


def test_solved_counts_group_sweep_rows():
    from catmouse.v1.experiments import solved_counts
    rows = [{"variant": v, "rows": r, "result": {"solved_at": s}}
            for v, r, s in [("a", 6, 1000), ("a", 6, None), ("b", 6, None), ("a", 7, 3000)]]
    assert solved_counts(rows, ("variant",)) == {("a",): (2, 3), ("b",): (0, 1)}
    assert solved_counts(rows, ("rows", "variant")) == {(6, "a"): (1, 2), (6, "b"): (0, 1), (7, "a"): (1, 1)}
    assert solved_counts([], ("variant",)) == {}


def test_solved_share_counts_runs_done_by_each_checkpoint():
    from catmouse.v1.experiments import solved_share
    grid, share = solved_share([0, 250, None, 1000], budget=1000, step=500)
    assert grid.tolist() == [0, 500, 1000]
    assert share.tolist() == [0.25, 0.5, 0.75]            # the unsolved run never counts
    assert solved_share([], 10, 5)[1].tolist() == [0, 0, 0]
    with pytest.raises(ValueError, match="step"):
        solved_share([1], 10, 0)


def test_board_area_ranks_sweep_points_by_their_board():
    from catmouse.v1.experiments import board_area
    points = [{"rows": 4, "cols": 4, "variant": "a"}, {"rows": 8, "cols": 7}, {"rows": 6, "cols": 6}]
    assert [board_area(p) for p in points] == [16, 56, 36]
    with pytest.raises(ValueError):
        board_area({"rows": 0, "cols": 5})
