"""studykit.timing: the fastest of several repeats, in CPU time, and its bad input refused."""

import time

import pytest

from setgame import solver_rates
from studykit.timing import best_cpu_seconds


def spin(seconds: float) -> None:
    """Busy CPU work for about ``seconds`` of CPU time."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def test_the_fastest_repeat_is_kept():
    work = iter([0.3, 0.02, 0.3])
    best = best_cpu_seconds(lambda: spin(next(work)), repeats=3)
    assert 0.02 <= best < 0.1


def test_time_spent_waiting_is_not_counted():
    assert best_cpu_seconds(lambda: time.sleep(0.2), repeats=2) < 0.05


def test_fn_is_called_once_per_repeat():
    calls = []
    best_cpu_seconds(lambda: calls.append(1), repeats=4)
    assert len(calls) == 4


@pytest.mark.parametrize("repeats", [0, -1, 101, True, 2.5, "3", None])
def test_bad_repeats_refused(repeats):
    with pytest.raises((TypeError, ValueError), match="repeats"):
        best_cpu_seconds(lambda: None, repeats=repeats)


def test_a_non_callable_refused():
    with pytest.raises(TypeError, match="fn must be callable"):
        best_cpu_seconds(3)


@pytest.mark.parametrize("repeats", [0, 1.5, False])
def test_solver_rates_refuses_bad_repeats(repeats):
    with pytest.raises((TypeError, ValueError), match="repeats"):
        solver_rates(n_tables=5, batched_tables=10, repeats=repeats)


def test_solver_rates_counts_every_repeat_against_the_step_limit():
    solver_rates(n_cards=21, n_tables=2_000, methods=["pairs"], batched_tables=10, repeats=1)
    with pytest.raises(ValueError, match="100 repeats"):
        solver_rates(n_cards=21, n_tables=2_000, methods=["pairs"], batched_tables=10,
                     repeats=100)
