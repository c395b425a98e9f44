"""Fuzz of studykit's public entry points and of the shared checks every package uses: any
value either passes as itself or is refused by our own TypeError/ValueError naming the argument,
quickly; plus the issue's cases (a reserved 'trial' key, seed=None, absurd trial counts)."""

import math
import numbers

import numpy as np
import pytest
from fuzzing import FUZZ, bad_whole, not_a_flag, not_whole, refused
from hypothesis import given
from hypothesis import strategies as st

from studykit import results_dir, run_sweep, save_figure, shrink, wilson
from studykit.cache import ResultCache
from studykit.checks import (
    MEMORY_VARIABLE,
    array,
    cell,
    choice,
    file_name,
    flag,
    items,
    memory,
    real,
    seed,
    whole,
)

anything = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
                     st.text(max_size=5), st.lists(st.integers(), max_size=3),
                     st.tuples(st.integers(), st.integers()), st.just(np.int64(3)),
                     st.just(np.float64(2.5)), st.just(np.nan))


def trial(x, seed):
    return x


# ---- the shared checks: every value passes as itself or is refused naming the argument --------

@FUZZ
@given(anything)
def test_whole_passes_whole_numbers_in_range_and_refuses_the_rest(value):
    ok = isinstance(value, numbers.Integral) and not isinstance(value, bool) and 0 <= value <= 10
    if ok:
        assert whole(value, "count", 0, 10) == value
    else:
        refused(lambda: whole(value, "count", 0, 10), "count")


@FUZZ
@given(anything)
def test_real_passes_finite_numbers_in_range_and_refuses_the_rest(value):
    ok = (isinstance(value, numbers.Real) and not isinstance(value, bool)
          and math.isfinite(value) and 0 <= value <= 1)
    if ok:
        assert real(value, "beta", 0, 1) == float(value)
    else:
        refused(lambda: real(value, "beta", 0, 1), "beta")


@FUZZ
@given(anything)
def test_flag_choice_seed_items_and_cell(value):
    if isinstance(value, bool):
        assert flag(value, "progress") is value
    else:
        refused(lambda: flag(value, "progress"), "progress")
    if value in ("a", "b") and isinstance(value, str):
        assert choice(value, "mode", ("a", "b")) == value
    else:
        refused(lambda: choice(value, "mode", ("a", "b")), "mode")
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) and value >= 0:
        assert seed(value) == value
    else:
        refused(lambda: seed(value), "seed")
    if isinstance(value, (list, tuple)):
        assert items(value, "values") == tuple(value)
    else:
        refused(lambda: items(value, "values"), "values")
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        assert cell(value, "start") == tuple(value)
    else:
        refused(lambda: cell(value, "start"), "start")


@FUZZ
@given(st.lists(st.one_of(st.integers(-5, 5), st.floats(allow_nan=True), st.booleans()),
                max_size=6))
def test_array_of_whole_numbers_never_truncates_floats(values):
    arr = np.asarray(values) if values else np.zeros(0, dtype=int)
    if arr.size and (not np.issubdtype(arr.dtype, np.integer)
                     or any(isinstance(v, bool) for v in values)):  # a bool is no card
        refused(lambda: array(values, "cards", kind="integer", low=-5, high=5), "cards")
    else:
        assert array(values, "cards", kind="integer").tolist() == list(values)


@FUZZ
@given(st.lists(st.floats(allow_nan=True, allow_infinity=True), min_size=1, max_size=6))
def test_array_of_reals_refuses_nan_and_infinity(values):
    if all(math.isfinite(v) for v in values):
        assert array(values, "x", kind="real").tolist() == values
    else:
        refused(lambda: array(values, "x", kind="real"), "x")


def test_memory_refuses_beyond_the_machine_and_names_the_override(monkeypatch):
    error = refused(lambda: memory(1e15, "a test run"), "a test run")
    assert MEMORY_VARIABLE in str(error)
    monkeypatch.setenv(MEMORY_VARIABLE, "0.001")
    refused(lambda: memory(2e6, "a small run"), MEMORY_VARIABLE)
    memory(5e5, "a smaller run")
    monkeypatch.setenv(MEMORY_VARIABLE, "lots")
    refused(lambda: memory(1, "anything"), MEMORY_VARIABLE)


# ---- run_sweep -------------------------------------------------------------------------------

@FUZZ
@given(bad_whole(1, 10_000_000))
def test_run_sweep_refuses_bad_trial_counts_before_running(trials):
    refused(lambda: run_sweep(trial, {"x": [1]}, trials=trials, progress=False), "trials")


@FUZZ
@given(st.one_of(not_whole(), st.integers(max_value=-1)))
def test_run_sweep_refuses_bad_seeds(value):
    refused(lambda: run_sweep(trial, {"x": [1]}, seed=value, progress=False), "seed")


@FUZZ
@given(st.one_of(st.sampled_from(["trial", "seed", "result"]), st.integers(),
                 st.just("not an identifier")))
def test_run_sweep_refuses_reserved_and_impossible_grid_keys(key):
    refused(lambda: run_sweep(trial, {key: [1, 2]}, progress=False), "grid", "reserved")


@FUZZ
@given(st.one_of(st.text(max_size=3), st.integers(), st.none(), st.just([1, 2])))
def test_run_sweep_refuses_grids_that_are_not_grids(grid):
    refused(lambda: run_sweep(trial, grid, progress=False), "grid")


def test_run_sweep_issue_cases():
    refused(lambda: run_sweep(trial, {"trial": [1]}, progress=False), "reserved")
    refused(lambda: run_sweep(trial, {"x": [1]}, seed=None, progress=False), "None")
    refused(lambda: run_sweep(trial, {"x": [1]}, trials=10**9, progress=False), "10,000,000")
    refused(lambda: run_sweep(trial, {"x": range(10**5), "y": range(10**5)}, progress=False),
            "points")
    refused(lambda: run_sweep(trial, iter(lambda: {"x": 1}, None), progress=False), "points")
    refused(lambda: run_sweep(trial, {"x": [1]}, n_jobs=0, progress=False), "n_jobs")
    refused(lambda: run_sweep(trial, {"x": [1]}, progress="yes"), "progress")
    refused(lambda: run_sweep("trial", {"x": [1]}, progress=False), "trial")


# ---- wilson, shrink, paths, cache ---------------------------------------------------------------

@FUZZ
@given(st.one_of(st.none(), st.text(max_size=3), st.booleans(), st.floats(max_value=-0.1),
                 st.just(math.nan), st.just(math.inf), st.integers(max_value=-1)),
       st.integers(1, 100))
def test_wilson_refuses_nan_negative_and_text_successes(k, n):
    refused(lambda: wilson(k, n), "successes", "k <= n")


@FUZZ
@given(st.one_of(st.none(), st.text(max_size=3), st.booleans(), st.just(math.nan),
                 st.just(math.inf)), st.integers(0, 5))
def test_wilson_refuses_bad_n_and_confidence(value, k):
    refused(lambda: wilson(k, value), "n", "k <= n")
    refused(lambda: wilson(k, 10, confidence=value), "confidence")


@FUZZ
@given(st.integers(0, 50), st.integers(1, 50), st.floats(0.01, 0.99))
def test_wilson_holds_the_proportion(k, n, confidence):
    if k > n:
        refused(lambda: wilson(k, n), "successes <= n")
    else:
        lo, hi = wilson(k, n, confidence)
        assert 0 <= lo <= k / n <= hi <= 1


@FUZZ
@given(st.one_of(st.just(".."), st.just("/etc"), st.just("a/b"), st.just(""), st.integers(),
                 st.none()))
def test_results_paths_stay_under_results(part):
    refused(lambda: results_dir(part), "part")
    refused(lambda: save_figure(object(), "x"), "fig")
    refused(lambda: file_name(part, "name"), "name")


def test_shrink_and_cache_refuse_bad_arguments(tmp_path):
    refused(lambda: shrink([1, 2], N=3), "namespace")
    refused(lambda: ResultCache(tmp_path, ""), "code")
    refused(lambda: ResultCache(5, "abc"), "folder")
    refused(lambda: ResultCache(tmp_path, "abc", check="yes"), "check")
    cache = ResultCache(tmp_path, "abc")
    refused(lambda: cache.put("../escape", {"a": 1}, 1), "name")
    refused(lambda: cache.call("not a function"), "fn")


@FUZZ
@given(not_a_flag)
def test_flags_are_never_truthy_text(value):
    refused(lambda: run_sweep(trial, {"x": [1]}, progress=value), "progress")


@pytest.mark.parametrize("limit", [10, 10_000])
def test_whole_names_its_limit(limit):
    error = refused(lambda: whole(limit + 1, "steps", 0, limit), "steps")
    assert f"{limit:,}" in str(error)
