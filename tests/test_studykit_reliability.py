"""Claims that cannot pass by accident, quick mode only for a true value, whole numbers that are
whole, messages that say what is wrong, a progress bar that reaches its total (issues 30, 32)."""

import math
import re
from typing import ClassVar

import numpy as np
import pytest
from fuzzing import refused

from studykit import (
    BEYOND_MET,
    CONSISTENT,
    DIFFERS,
    beyond_claim,
    check_claim,
    count_with_interval,
    exact_claim,
    interval_claim,
    mean_difference,
    quick_mode,
    run_sweep,
    shrink,
    statistical_claim,
    wilson,
)
from studykit.checks import array, cell, is_whole, whole

# ---- item 4: claims take a real bool or a value they test themselves ------------------------


@pytest.mark.parametrize("verdict", ["no", "yes", "", 1, 0, None, 1.0, [True], np.array([True])])
def test_check_and_beyond_claims_refuse_anything_but_a_bool(verdict):
    refused(lambda: check_claim("c", "ref", "ours", verdict, test="t"), "holds")
    refused(lambda: beyond_claim("c", "goal", "ours", verdict, test="t"), "met")


def test_check_and_beyond_claims_take_python_and_numpy_bools():
    assert check_claim("c", "r", "o", np.bool_(True), test="t").status == CONSISTENT
    assert check_claim("c", "r", "o", np.float64(1) > 2, test="t").status == DIFFERS
    assert beyond_claim("c", "g", "o", True, test="t").status == BEYOND_MET


@pytest.mark.parametrize("low, high", [(math.nan, 1.0), (0.0, math.nan), (math.nan, math.nan)])
def test_interval_claim_refuses_nan_bounds(low, high):
    refused(lambda: interval_claim("c", 0.5, 0.5, low, high), "low", "high")


@pytest.mark.parametrize("args", [("x", 0.5, 0, 1), (0.5, "x", 0, 1), (math.nan, 0.5, 0, 1),
                                  (0.5, math.inf, 0, 1), (True, 0.5, 0, 1)])
def test_interval_claim_refuses_what_is_not_a_finite_number(args):
    refused(lambda: interval_claim("c", *args), "reference", "estimate")


@pytest.mark.parametrize("tolerance", [-0.1, math.nan, math.inf, "0", True, None])
def test_exact_claim_refuses_a_negative_or_nan_tolerance(tolerance):
    refused(lambda: exact_claim("c", 1.0, 1.0, tolerance=tolerance), "tolerance")


@pytest.mark.parametrize("kwargs", [{"z": -1}, {"z": math.nan}, {"se": "0.1"}, {"mean": "x"},
                                    {"se": True}])
def test_statistical_claim_refuses_nonsense_numbers(kwargs):
    args = {"reference": 0.5, "mean": 0.5, "se": 0.1, **kwargs}
    refused(lambda: statistical_claim("c", args.pop("reference"), args.pop("mean"),
                                      args.pop("se"), **args), *kwargs)


# ---- item 5: quick mode only for a true value -------------------------------------------------


@pytest.mark.parametrize("text, quick", [("1", True), ("true", True), ("Yes", True),
                                         (" ON ", True), ("", False), ("0", False),
                                         ("false", False), ("No", False), ("off", False)])
def test_quick_mode_reads_true_and_false_words(monkeypatch, text, quick):
    monkeypatch.setenv("GAMEAI_QUICK", text)
    assert quick_mode() is quick


def test_quick_mode_is_off_when_unset(monkeypatch):
    monkeypatch.delenv("GAMEAI_QUICK", raising=False)
    assert quick_mode() is False


@pytest.mark.parametrize("text", ["2", "quick", "y e s", "nope", "-1"])
def test_quick_mode_refuses_other_values_naming_the_variable(monkeypatch, text):
    monkeypatch.setenv("GAMEAI_QUICK", text)
    with pytest.raises(ValueError, match="GAMEAI_QUICK"):
        quick_mode()
    with pytest.raises(ValueError, match="GAMEAI_QUICK"):
        shrink({"N": 1}, N=2)


def test_shrink_lets_a_papermill_value_win_and_only_in_quick_mode(monkeypatch):
    namespace = {"N": 3000, "M": 40, "_ih": ["", "# Parameters\nN = 3000\n", "x = 1"]}
    monkeypatch.setenv("GAMEAI_QUICK", "0")
    assert shrink(namespace, N=20, M=2) == {} and namespace["M"] == 40
    monkeypatch.setenv("GAMEAI_QUICK", "yes")
    assert shrink(namespace, N=20, M=2) == {"M": 2}
    assert namespace["N"] == 3000 and namespace["M"] == 2


# ---- items 9-11: whole numbers, clear messages, bounded workers -------------------------------


def test_integer_checks_accept_numpy_integers_and_never_bools():
    assert whole(np.int64(4), "n", 0, 9) == 4 and type(whole(np.uint8(4), "n")) is int
    assert is_whole(np.int32(2)) and not is_whole(True) and not is_whole(np.bool_(True))
    assert cell((np.int64(1), np.int16(2)), "cell") == (1, 2)
    refused(lambda: cell((True, 2), "cell"), "cell")
    assert array([np.int64(1), 2], "xs", kind="integer").tolist() == [1, 2]
    for bad in ([True, 2], [[1, False]], (2.5, True)):
        refused(lambda bad=bad: array(bad, "xs", kind="integer"), "xs")
        refused(lambda bad=bad: array(bad, "xs", kind="real"), "xs")


@pytest.mark.parametrize("successes, n", [(1.5, 3), (1, 2.5), (np.array([1.0, 0.5]), 3),
                                          (True, 3), (1, True), (-1, 3), (4, 3), (0, 0)])
def test_wilson_needs_whole_counts(successes, n):
    refused(lambda: wilson(successes, n), "successes", "n")


def test_wilson_takes_numpy_counts_and_float_counts_that_are_whole():
    assert wilson(np.int64(3), np.int64(10)) == wilson(3, 10)
    shares = np.array([0.1, 0.3, 0.7])
    assert np.allclose(wilson(shares * 10, 10)[0], wilson(np.array([1, 3, 7]), 10)[0])
    assert count_with_interval(np.int64(3), 10).startswith("3/10")


@pytest.mark.parametrize("a, b", [([], []), ((1.0,), (1.0, 0.1)), ("ab", (1.0, 0.1)),
                                  ((1.0, 0.1, 2), (1.0, 0.1)), (None, (1.0, 0.1)),
                                  (("x", 0.1), (1.0, 0.1)), ((1.0, 0.1), (1.0, -0.1))])
def test_mean_difference_says_what_it_needs(a, b):
    error = refused(lambda: mean_difference(a, b), "a", "b")
    assert "unpack" not in str(error)


def trial(x, seed):
    return x


@pytest.mark.parametrize("n_jobs", [10**6, 10**18, -2, -100, 0])
def test_run_sweep_refuses_absurd_worker_counts_with_our_message(n_jobs):
    error = refused(lambda: run_sweep(trial, {"x": [1]}, n_jobs=n_jobs, progress=False),
                    "n_jobs")
    assert re.search(r"-1|1 to", str(error))


def test_run_sweep_takes_numpy_worker_counts():
    rows = run_sweep(trial, {"x": [1, 2]}, n_jobs=np.int64(1), progress=False)
    assert [r["result"] for r in rows] == [1, 2]


# ---- issue 32: the sweep's bar reaches its total and closes -----------------------------------


class Bars:
    """Stand-in for tqdm recording what each bar reached."""

    made: ClassVar[list] = []

    def __init__(self, iterable=None, total=None, **kwargs):
        self.iterable, self.total, self.n, self.closed = iterable, total, 0, False
        Bars.made.append(self)

    def __iter__(self):
        for item in self.iterable:
            yield item
            self.n += 1

    def update(self, k=1):
        self.n += k

    def close(self):
        self.closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


@pytest.mark.parametrize("points, trials", [([1], 1), ([1, 2, 3], 4), ([5, 6], 7)])
def test_the_sweep_bar_reaches_its_total_and_closes(monkeypatch, points, trials):
    import studykit.sweep

    Bars.made = []
    monkeypatch.setattr(studykit.sweep, "tqdm", Bars)
    run_sweep(trial, {"x": points}, trials=trials, n_jobs=1, progress=True)
    (bar,) = Bars.made
    assert bar.total == len(points) * trials and bar.n == bar.total and bar.closed


def test_the_real_bar_ends_full(capsys):
    from tqdm import tqdm as real_tqdm

    import studykit.sweep

    seen = []

    class Spy(real_tqdm):
        def close(self):
            seen.append((self.n, self.total))
            super().close()

    studykit.sweep.tqdm, before = Spy, studykit.sweep.tqdm
    try:
        run_sweep(trial, {"x": [1, 2, 3]}, trials=2, n_jobs=1, progress=True)
    finally:
        studykit.sweep.tqdm = before
    assert seen and seen[0] == (6, 6)


def test_a_papermill_value_wins_over_quick_mode_in_a_real_run(tmp_path, monkeypatch):
    """Notebooks can rely on ``shrink``: ``-p N 7`` in quick mode runs N = 7, the constants not
    given shrink, and GAMEAI_QUICK=0 is full mode."""
    import nbformat
    import papermill

    params = nbformat.v4.new_code_cell("N = 3000\nM = 40")
    params.metadata["tags"] = ["parameters"]
    nb = nbformat.v4.new_notebook(cells=[params, nbformat.v4.new_code_cell(
        "from studykit import shrink\nshrink(globals(), N=20, M=2)\nprint(N, M)")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    source = tmp_path / "nb.ipynb"
    nbformat.write(nb, source)

    def printed(quick):
        monkeypatch.setenv("GAMEAI_QUICK", quick)
        out = papermill.execute_notebook(str(source), str(tmp_path / "out.ipynb"),
                                         parameters={"N": 7}, progress_bar=False,
                                         kernel_name="python3")
        return [o["text"] for c in out.cells for o in c.get("outputs", []) if "text" in o][-1]

    assert printed("1").split() == ["7", "2"]
    assert printed("0").split() == ["7", "40"]
