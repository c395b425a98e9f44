"""Fuzz of studykit's public entry points and of the shared checks every package uses: any
value either passes as itself or is refused by our own TypeError/ValueError naming the argument,
quickly; plus the issue's cases (a reserved 'trial' key, seed=None, absurd trial counts)."""

import math
import numbers

import numpy as np
import pytest
from fuzzing import (
    FUZZ,
    bad_whole,
    bools,
    huge_whole,
    nan_like,
    not_a_flag,
    not_whole,
    numpy_floats,
    numpy_integers,
    refused,
    string_booleans,
    whole_numbers,
)
from hypothesis import given
from hypothesis import strategies as st

from studykit import (
    beyond_claim,
    check_claim,
    count_with_interval,
    exact_claim,
    interval_claim,
    mean_difference,
    quick_mode,
    results_dir,
    run_sweep,
    save_figure,
    shrink,
    statistical_claim,
    trial_seeds,
    wilson,
)
from studykit.animation import save_gif, show_animation
from studykit.cache import Field, ResultCache, cache_key, code_fingerprint
from studykit.paths import file_name
from studykit.checks import (
    MEMORY_VARIABLE,
    array,
    cell,
    choice,
    flag,
    is_whole,
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


@FUZZ
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=1, max_size=4),
       st.integers(0, 4), st.integers(309, 500))
def test_array_of_reals_refuses_a_whole_number_beyond_float_range_among_floats(values, at, digits):
    """numpy raised OverflowError for [1.5, 10**400] (not ours, naming nothing)."""
    spoiled = values[:at] + [10**digits] + values[at:]
    refused(lambda: array(spoiled, "weights", kind="real"), "weights")


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
@given(bad_whole(1, 100_000))
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
    refused(lambda: run_sweep(trial, {"x": [1]}, trials=10**9, progress=False), "1,000,000")
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


# ---- issue 30's classes: numpy scalars, bools where a count belongs, text booleans, NaN, huge --



@FUZZ
@given(numpy_integers(0, 10))
def test_numpy_integers_pass_wherever_python_ints_do(n):
    assert whole(n, "count", 0, 10) == int(n) and is_whole(n)
    assert seed(n) == int(n) and cell((n, n), "start") == (int(n), int(n))
    assert trial_seeds(n, 2) == trial_seeds(int(n), 2)
    if n >= 1:
        assert wilson(n // 2, n) == wilson(int(n) // 2, int(n))
        assert count_with_interval(n // 2, n) == count_with_interval(int(n) // 2, int(n))
    assert cache_key({"n": n}) == {"n": int(n)} and type(cache_key(n)) is int


@FUZZ
@given(bools)
def test_a_bool_never_counts_as_a_whole_number(flag_value):
    refused(lambda: whole(flag_value, "count"), "count")
    refused(lambda: seed(flag_value), "seed")
    refused(lambda: wilson(flag_value, 3), "successes")
    refused(lambda: wilson(1, flag_value), "n")
    refused(lambda: trial_seeds(flag_value, 2), "seed")
    refused(lambda: run_sweep(trial, {"x": [1]}, trials=flag_value, progress=False), "trials")
    refused(lambda: run_sweep(trial, {"x": [1]}, n_jobs=flag_value, progress=False), "n_jobs")
    refused(lambda: save_figure(object(), "x", dpi=flag_value), "fig", "dpi")
    refused(lambda: array([1, flag_value], "cards", kind="integer"), "cards")


@FUZZ
@given(st.one_of(string_booleans, st.integers(), st.none(), st.floats(allow_nan=True),
                 st.lists(st.booleans(), max_size=2), bools))
def test_claims_take_only_a_real_verdict(value):
    if isinstance(value, (bool, np.bool_)):
        assert check_claim("c", "r", "o", value, test="t").status in ("consistent within error",
                                                                       "differs")
        assert beyond_claim("c", "g", "o", value, test="t").status.startswith("beyond")
    else:
        refused(lambda: check_claim("c", "r", "o", value, test="t"), "holds")
        refused(lambda: beyond_claim("c", "g", "o", value, test="t"), "met")


@FUZZ
@given(nan_like, st.integers(0, 3))
def test_claims_refuse_nan_and_infinity_wherever_a_number_goes(bad, where):
    args = [0.5, 0.5, 0.0, 1.0]
    args[where] = bad
    refused(lambda: interval_claim("c", *args), "reference", "estimate", "low", "high")
    stat = [0.5, 0.5, 0.1]
    stat[where % 3] = bad
    refused(lambda: statistical_claim("c", *stat), "reference", "mean", "se")
    refused(lambda: exact_claim("c", 1, 1, tolerance=bad), "tolerance")
    refused(lambda: mean_difference((bad, 0.1), (1.0, 0.1)), "a")
    refused(lambda: statistical_claim("c", 0.5, 0.5, 0.1, z=bad), "z")


@FUZZ
@given(st.one_of(st.text(max_size=6), string_booleans))
def test_quick_mode_reads_only_true_and_false_words(monkeypatch_text):
    import os

    before = os.environ.get("GAMEAI_QUICK")
    os.environ["GAMEAI_QUICK"] = monkeypatch_text.replace("\0", "")
    try:
        word = os.environ["GAMEAI_QUICK"].strip().lower()
        if word in ("1", "true", "yes", "on"):
            assert quick_mode() is True
        elif word in ("", "0", "false", "no", "off"):
            assert quick_mode() is False
        else:
            refused(quick_mode, "GAMEAI_QUICK")
    finally:
        if before is None:
            del os.environ["GAMEAI_QUICK"]
        else:
            os.environ["GAMEAI_QUICK"] = before


@FUZZ
@given(huge_whole)
def test_huge_sizes_are_refused_at_once(size):
    refused(lambda: run_sweep(trial, {"x": [1]}, trials=size, progress=False), "trials")
    refused(lambda: trial_seeds(0, size), "trials")
    refused(lambda: run_sweep(trial, {"x": [1]}, n_jobs=size, progress=False), "n_jobs")
    refused(lambda: run_sweep(trial, [{"x": 1}] * 2, trials=int(size) // 2 + 1,
                              progress=False), "trials", "calls")
    refused(lambda: whole(size, "steps", 0, 10**5), "steps")
    refused(lambda: save_figure(object(), "x", dpi=size), "fig", "dpi")
    if size < 2**63:
        refused(lambda: wilson(size + 1, size), "successes")


@FUZZ
@given(st.one_of(nan_like, numpy_floats.filter(lambda v: not np.isfinite(v))))
def test_nan_is_never_a_cache_key_a_count_or_a_bound(bad):
    refused(lambda: cache_key({"x": bad}), "NaN")
    refused(lambda: wilson(bad, 3), "successes")
    refused(lambda: Field("float", low=bad), "low")
    refused(lambda: real(bad, "beta"), "beta")


@FUZZ
@given(st.one_of(st.just(object()), st.just({1, 2}), st.just(b"bytes"), st.just(1j),
                 st.just(np.array([object()])), st.just({1: "x"})))
def test_objects_without_an_identity_are_never_keyed_by_their_class(value):
    refused(lambda: cache_key(value), "cache_key()", "keys must be texts", "objects")
    refused(lambda: cache_key([1, {"a": value}]), "cache_key()", "keys must be texts", "objects")


@FUZZ
@given(st.one_of(st.integers(), st.none(), st.just(""), st.just("no such.module"),
                 st.just(["studykit"]), st.just(1.5)))
def test_code_fingerprint_refuses_what_is_not_a_root(root):
    refused(lambda: code_fingerprint(root), "root")


@FUZZ
@given(st.one_of(bools, st.integers(max_value=0), st.integers(min_value=101), string_booleans,
                 nan_like))
def test_animation_entries_refuse_bad_fps_and_objects(fps):
    refused(lambda: save_gif(object(), "x"), "anim")
    refused(lambda: show_animation(object()), "anim")

    from matplotlib.animation import Animation

    class Still(Animation):                       # refused before anything is drawn
        def __init__(self):
            pass

    refused(lambda: save_gif(Still(), "x", fps=fps), "fps")
    refused(lambda: save_gif(Still(), "x", publish="yes"), "publish")


@FUZZ
@given(whole_numbers(1, 50))
def test_run_sweep_takes_numpy_counts(trials):
    rows = run_sweep(trial, {"x": [1]}, trials=trials, seed=np.int64(3), n_jobs=1,
                     progress=False)
    assert len(rows) == int(trials)


# ---- issue 41: a correct result or our clear error, never anything else -----------------------
import json  # noqa: E402
import warnings  # noqa: E402

from fuzzing import INT_DTYPES, in_dtypes  # noqa: E402

from studykit.cache import CorruptEntryWarning  # noqa: E402
from studykit.formats import number_format  # noqa: E402
from studykit.comparisons import share_se  # noqa: E402

REFUSED = object()


def result_or_refusal(call, *names):
    """``call()``'s result, or REFUSED when it raised our TypeError/ValueError naming one of
    ``names`` (any other exception fails the test)."""
    try:
        return call()
    except (TypeError, ValueError):
        refused(call, *names)
        return REFUSED


any_integer = st.one_of(st.integers(), st.sampled_from([10**400, -10**400, 2**1024, 2**64]))
numpy_scalar = st.tuples(st.sampled_from(INT_DTYPES), st.integers(-2**63, 2**64 - 1)).filter(
    lambda p: np.iinfo(p[0]).min <= p[1] <= np.iinfo(p[0]).max).map(lambda p: p[0](p[1]))


@FUZZ
@given(any_integer, st.one_of(st.none(), st.integers(-10, 10)))
def test_real_of_any_integer_is_its_float_or_our_value_error(value, low):
    got = result_or_refusal(lambda: real(value, "BETA", low=low), "BETA")
    if got is REFUSED:
        assert abs(value) > 1.7e308 or (low is not None and value < low)
    else:
        assert got == float(value) and type(got) is float


@FUZZ
@given(st.integers(-2**63, 2**64 - 1))
def test_every_dtype_of_an_integer_checks_as_the_python_int(value):
    for v in in_dtypes(value):
        assert whole(v, "N") == value and type(whole(v, "N")) is int
        assert seed(v, "SEED") == value if value >= 0 else True
        assert real(v, "X") == float(value)


@FUZZ
@given(st.lists(st.one_of(st.integers(-2**62, 2**62), numpy_scalar), min_size=1, max_size=6))
def test_a_list_of_python_and_numpy_integers_is_an_integer_array_of_the_same_values(values):
    arr = array(values, "cards", kind="integer")
    assert [int(v) for v in arr] == [int(v) for v in values]
    assert arr.dtype == np.int64 or arr.dtype == object
    assert array(values, "values").dtype.kind in "iO"               # never read as floats


@FUZZ
@given(st.integers(0, 60), st.integers(1, 60))
def test_wilson_and_its_text_give_numpy_counts_the_python_answer(k, n):
    k = min(k, n)
    want = wilson(k, n)
    for a, b in zip(in_dtypes(k), in_dtypes(n)):
        assert wilson(a, b) == want
        assert count_with_interval(a, b) == count_with_interval(k, n)
        assert share_se(0.5, b) == share_se(0.5, n)


@FUZZ
@given(anything, anything, st.one_of(st.just("{:.3f}"), st.text(max_size=6), st.integers()))
def test_mean_difference_is_a_verdict_or_our_error(a, b, fmt):
    got = result_or_refusal(lambda: mean_difference(a, b, fmt=fmt), "a", "b", "fmt")
    if got is not REFUSED:
        holds, text = got
        assert isinstance(holds, bool) and " vs " in text


@FUZZ
@given(st.one_of(st.text(max_size=8), st.integers(), st.none()))
def test_number_format_passes_a_pattern_that_formats_or_refuses_it(fmt):
    got = result_or_refusal(lambda: number_format(fmt, "fmt"), "fmt")
    if got is not REFUSED:
        assert isinstance(fmt.format(2.5), str)


json_values = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(),
                                     st.floats(allow_nan=False), st.text(max_size=4)),
                           lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                   st.dictionaries(st.text(max_size=3), inner,
                                                                   max_size=3)),
                           max_leaves=8)
SQUARE = {"n": Field("int", 0, 100), "square": Field("int", 0)}


def squared(n):
    return {"n": n, "square": n * n}


def read_without_a_crash(cache, n):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = cache.call(squared, n=n)
    assert got == squared(n)
    return [w for w in caught if issubclass(w.category, CorruptEntryWarning)]


@FUZZ
@given(st.one_of(st.binary(max_size=80), json_values.map(lambda v: json.dumps(v).encode())),
       st.booleans())
def test_any_damaged_entry_is_recomputed_with_a_warning(tmp_path_factory, content, keyed):
    cache = ResultCache(tmp_path_factory.mktemp("c"), "code", schema=SQUARE,
                        check=lambda v: v["square"] == v["n"] ** 2)
    path = cache.call_path(squared, n=3)
    if keyed:                                    # the right key, a damaged value
        key = json.dumps(cache.full_key(*cache.call_key(squared, n=3))).encode()
        content = b'{"key": ' + key + b', "value": ' + content + b"}"
    path.write_bytes(content)
    warned = read_without_a_crash(cache, 3)
    if content != path.read_bytes():             # what was there was not a valid entry
        assert warned
    assert read_without_a_crash(cache, 3) == []  # stored again: read back with no warning


@FUZZ
@given(st.integers(0, 100), st.integers(0, 100))
def test_an_entry_is_only_ever_read_for_its_own_key(tmp_path_factory, a, b):
    cache = ResultCache(tmp_path_factory.mktemp("c"), "code", schema=SQUARE)
    cache.call(squared, n=a)
    cache.call_path(squared, n=b).write_bytes(cache.call_path(squared, n=a).read_bytes())
    warned = read_without_a_crash(cache, b)
    assert bool(warned) == (a != b)


# ---- issue 41, kind 5: claim helpers give a true row or our error naming an argument ---------
from fractions import Fraction  # noqa: E402

from studykit import claims as C  # noqa: E402

printed_texts = st.sampled_from(["26.546", "54,760", "\u22121.5", "43%", "never", "1e400", "",
                                 "1.0", "1,00", "+3", "nan", "inf", " 12 ", "6 and 3"])
claim_values = st.one_of(anything, printed_texts, numpy_scalar, numpy_floats,
                         st.floats(-1e6, 1e6), st.integers(-10**30, 10**30))
any_text = st.one_of(st.text(max_size=6), printed_texts)
field_values = st.one_of(any_text, anything)


def is_number(v):
    return isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_))


def a_true_row(row):
    """Every field a text, the status one of ours, a test whenever a test decided it."""
    assert isinstance(row, C.Claim) and row.status in C.STATUSES
    assert all(isinstance(getattr(row, f), str) for f in
               ("claim", "source", "reference", "ours", "status", "test", "reason"))
    return row


@FUZZ
@given(claim_values, claim_values, st.one_of(st.just(0.0), st.floats(0, 10), anything))
def test_exact_claim_is_a_true_row_or_our_error(reference, ours, tolerance):
    got = result_or_refusal(lambda: C.exact_claim("c", reference, ours, tolerance=tolerance),
                            "reference", "ours", "tolerance")
    if got is REFUSED:
        ok = [isinstance(v, str) or (is_number(v) and abs(float(v)) < 1e308
                                     and math.isfinite(v)) for v in (reference, ours)]
        if all(ok) and is_number(tolerance) and math.isfinite(tolerance) and tolerance >= 0:
            assert "43%" in (reference, ours)               # a share as text against a number
        return
    a_true_row(got)
    assert not any(isinstance(v, (bool, np.bool_)) or v is None for v in (reference, ours))
    if is_number(reference) and is_number(ours):
        close = abs(Fraction(reference) - Fraction(ours)) <= Fraction(float(tolerance))
        assert (got.status == C.EXACT) == close
    if isinstance(reference, str) and reference == ours:
        assert got.status == C.EXACT


@FUZZ
@given(st.one_of(st.floats(-1e6, 1e6), st.integers(-10**6, 10**6), numpy_scalar),
       st.sampled_from([str, repr, lambda v: f"{v:,}"]))
def test_a_number_against_its_own_printed_text_is_reproduced(value, show):
    printed = show(int(value) if isinstance(value, np.integer) else value)
    assert C.exact_claim("c", printed, value).status == C.EXACT
    assert C.exact_claim("c", value, printed, source="derived: x").status == C.CONSISTENT


mostly_numbers = st.one_of(st.floats(-10, 10), st.floats(-10, 10), claim_values)


@FUZZ
@given(mostly_numbers, mostly_numbers, mostly_numbers, mostly_numbers)
def test_interval_claim_is_a_true_row_or_our_error(reference, estimate, low, high):
    got = result_or_refusal(lambda: C.interval_claim("c", reference, estimate, low, high),
                            "reference", "estimate", "low", "high", "interval")
    if got is REFUSED:
        return
    a_true_row(got)
    low, high, estimate, reference = map(float, (low, high, estimate, reference))
    assert low <= high and low - 1e-9 * max(1, abs(low), abs(high)) <= estimate
    assert estimate <= high + 1e-9 * max(1, abs(low), abs(high))
    assert (got.status == C.CONSISTENT) == (low <= reference <= high)


@FUZZ
@given(st.floats(-10, 10), st.floats(0, 1), st.floats(0, 1))
def test_an_interval_around_its_estimate_is_always_accepted(estimate, below, above):
    row = C.interval_claim("c", estimate, estimate, estimate - below, estimate + above)
    assert row.status == C.CONSISTENT


@FUZZ
@given(st.lists(field_values, min_size=7, max_size=7))
def test_a_claim_row_takes_only_texts(fields):
    names = ("claim", "source", "reference", "ours", "status", "test", "reason")
    for source, status in (("article", C.CONSISTENT), ("derived: x", C.DIFFERS)):
        row = dict(zip(names, fields), source=source, status=status)
        got = result_or_refusal(lambda: C.Claim(**row), *names)
        texts = all(isinstance(v, str) for v in row.values())
        if got is not REFUSED:
            a_true_row(got)
            assert texts and row["claim"].strip() and row["test"]


@FUZZ
@given(field_values, field_values, field_values, st.one_of(bools, anything), field_values)
def test_check_beyond_and_regression_claims_are_true_rows_or_our_error(reference, ours, test,
                                                                      holds, reason):
    calls = [lambda: C.check_claim("c", reference, ours, holds, test=test, reason=reason),
             lambda: C.beyond_claim("c", reference, ours, holds, test=test, reason=reason),
             lambda: C.regression_claim("c", reference, ours, holds, test=test, reason=reason,
                                        earlier="run 1")]
    for call in calls:
        got = result_or_refusal(call, "reference", "goal", "ours", "test", "holds", "met",
                                "reason")
        if got is not REFUSED:
            a_true_row(got)
            assert isinstance(holds, (bool, np.bool_)) and got.test == test
            assert got.ours == ours and got.reference == reference


@FUZZ
@given(st.one_of(st.floats(-1, 2), anything), st.one_of(st.floats(-1, 2), anything),
       st.one_of(st.floats(0, 1), anything),
       st.one_of(st.just("{:.3f}"), st.text(max_size=6), st.integers(), st.none()),
       st.one_of(st.none(), any_text, anything))
def test_statistical_claim_is_a_true_row_or_our_error(reference, mean, se, fmt, reference_text):
    got = result_or_refusal(
        lambda: C.statistical_claim("c", reference, mean, se, fmt=fmt,
                                    reference_text=reference_text),
        "reference", "mean", "se", "fmt", "reference_text")
    if got is not REFUSED:
        a_true_row(got)
        assert reference_text is None or got.reference == reference_text


@FUZZ
@given(st.one_of(st.dictionaries(st.sampled_from("ABC"), claim_values, max_size=3), anything),
       st.one_of(st.dictionaries(st.sampled_from("ABC"), claim_values, max_size=3), anything),
       st.one_of(st.just("article"), field_values))
def test_compare_setting_is_a_setting_or_our_error(ours, article, label):
    got = result_or_refusal(lambda: C.compare_setting(ours, article, label=label),
                            "ours", "article", "label", "compare_setting")
    if got is not REFUSED:
        assert isinstance(got, C.Setting) and got.label == label
        assert all(isinstance(d, str) for d in got.differences)


@FUZZ
@given(st.one_of(st.integers(0, 50), claim_values), st.one_of(st.integers(1, 50), claim_values),
       st.one_of(st.integers(0, 4), anything))
def test_count_with_interval_and_share_se_are_a_result_or_our_error(k, n, digits):
    got = result_or_refusal(lambda: count_with_interval(k, n, digits), "successes", "n",
                            "digits")
    if got is not REFUSED:
        low, high = wilson(k, n)
        assert got == f"{int(k)}/{int(n)} [{low:.{int(digits)}f}, {high:.{int(digits)}f}]"
    share = k / 50 if is_number(k) and 0 <= k <= 50 else k
    got = result_or_refusal(lambda: share_se(share, n), "share", "n")
    if got is not REFUSED:
        assert got == math.sqrt(share * (1 - share) / int(n))


# ---- issue 44: small samples, inconclusive effects, other readings ---------------------------
from studykit.stats import Estimate  # noqa: E402
from studykit.verdicts import effect_claim, estimate_claim, with_alternative  # noqa: E402


@FUZZ
@given(st.floats(-1, 2), st.floats(-1, 2), st.floats(0, 1), st.floats(0, 0.3),
       st.one_of(st.integers(30, 10**6), st.none()))
def test_a_large_or_unstated_sample_reads_as_before(reference, mean, se, reference_se, n):
    before = C.statistical_claim("c", reference, mean, se, reference_se=reference_se)
    assert C.statistical_claim("c", reference, mean, se, reference_se=reference_se, n=n,
                               reference_n=n) == before
    assert before.test.startswith("|z| <= 2 on our")


@FUZZ
@given(st.floats(-1, 2), st.floats(-1, 2), st.floats(1e-6, 1), st.integers(2, 29),
       st.one_of(st.integers(-3, 40), anything))
def test_a_small_sample_is_never_read_more_strictly_than_the_normal_test(reference, mean, se, n,
                                                                         reference_n):
    normal = C.statistical_claim("c", reference, mean, se)
    small = C.statistical_claim("c", reference, mean, se, n=n)
    assert "Student's t" in small.test and f"n = {n};" in small.test
    assert normal.status != C.CONSISTENT or small.status == C.CONSISTENT   # t's tails are wider
    got = result_or_refusal(lambda: C.statistical_claim("c", reference, mean, se, n=n,
                                                        reference_se=se, reference_n=reference_n),
                            "reference_n")
    if got is not REFUSED:
        a_true_row(got)


@FUZZ
@given(st.floats(-1e6, 1e6), st.floats(0, 1e3), st.floats(0, 1e3), st.floats(-1e6, 1e6),
       st.sampled_from(["above", "below"]))
def test_an_effect_is_consistent_differs_or_inconclusive_by_where_its_interval_lies(
        estimate, below, above, null, direction):
    low, high = estimate - below, estimate + above
    row = a_true_row(effect_claim("c", "r", estimate, low, high, null=null, direction=direction))
    claimed, opposite = (low > null, high < null)[::1 if direction == "above" else -1]
    assert row.status == (C.CONSISTENT if claimed else C.DIFFERS if opposite else C.INCONCLUSIVE)


@FUZZ
@given(st.lists(st.floats(-1e3, 1e3), min_size=1, max_size=12), st.floats(-1e3, 1e3))
def test_estimate_claims_and_effects_give_a_row_or_refuse_a_mean_with_no_error(values, reference):
    estimate = Estimate.of(values)
    for call in (lambda: estimate_claim("c", reference, estimate),
                 lambda: effect_claim("c", "r", estimate, null=reference)):
        got = result_or_refusal(call, "estimate", "standard error")
        assert (got is REFUSED) == (len(values) == 1 or estimate.se == 0)    # no error: none
        if got is not REFUSED:
            a_true_row(got)


@FUZZ
@given(st.one_of(any_text, anything), st.one_of(any_text, anything),
       st.sampled_from(C.STATUSES), st.one_of(any_text, anything))
def test_an_alternative_is_a_checked_row_or_our_error(choice, reading, status, test):
    base = C.check_claim("c", "r", "o", True, test="t")
    got = result_or_refusal(lambda: with_alternative(base, choice=choice, reading=reading,
                                                     ours="o2", status=status, test=test),
                            "choice", "reading", "status", "test", "alternative", "not compared")
    if got is not REFUSED:
        a_true_row(got)
        assert got.alternative.status == status and status not in (C.VARIANT, *C.STATUSES[-2:])
