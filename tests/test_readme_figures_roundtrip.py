"""readme_figures round-trips every format it accepts (issue 41, kind 6): a figure written once
and written again is the same text, and it reads back as the number it was formatted as; a
format whose figures could not be read back is refused, naming it."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studykit.readme_figures import anchors, check, figure_format, number, readable, rewrite
from studykit.report import MIME

ROUNDS = settings(max_examples=300, deadline=None, derandomize=True, database=None)
KINDS = "dfFeEgG%"
TAILS = ["", " tables per second", ".", ". Next", ",", ", 12", "%", ")", "-3", " e+03", "e",
         "x", "\n"]


def notebook(folder, printed: str):
    """``folder/10_x.ipynb`` whose saved output prints ``value: <printed>``."""
    outputs = [{"output_type": "stream", "name": "stdout", "text": [f"value: {printed}\n"]},
               {"output_type": "display_data", "metadata": {},
                "data": {MIME: {"kind": "claims", "quick": False, "rows": []},
                         "text/markdown": "| claim |\n|---|"}}]
    nb = {"cells": [{"cell_type": "code", "source": "", "metadata": {}, "execution_count": 1,
                     "outputs": outputs}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (folder / "10_x.ipynb").write_text(json.dumps(nb))
    return folder


def readme(fmt: str, figure: str, tail: str) -> str:
    return f"the value <!--nb 10 {fmt} ^value: (.+)$-->{figure}{tail}"


formats = st.builds(lambda sign, group, precision, kind: sign + group + (
    "" if precision is None or kind == "d" else f".{precision}") + kind,
    st.sampled_from(["", "+", "-"]), st.sampled_from(["", ","]),
    st.one_of(st.none(), st.integers(0, 12)), st.sampled_from(KINDS))
finite = st.floats(allow_nan=False, allow_infinity=False)
values = st.one_of(finite, st.integers(-10**20, 10**20),
                   st.sampled_from([0.0, -0.0, 1e-300, 1234.5, 1.23e3, -1e16, 0.5, 2.5]))


@ROUNDS
@given(formats, values, st.sampled_from(TAILS), st.sampled_from(["0", "-1.5", "7"]))
def test_writing_a_figure_twice_writes_it_once(tmp_path_factory, fmt, value, tail, old):
    if fmt.endswith("d"):
        value = int(value) if not isinstance(value, float) or math.isfinite(value) else 0
    folder = notebook(tmp_path_factory.mktemp("nb"), repr(value))
    want = format(value, fmt)
    before = readme(fmt, old if fmt[-1] != "%" else old + "%", tail)
    once, problems = rewrite(before, folder)
    if not readable(want, fmt):                               # only 1e308 as a share: inf%
        assert not math.isfinite(number(want)) and once == before and problems
        return
    assert problems == [], problems
    assert once == readme(fmt, want, tail)                   # only the figure changed
    assert rewrite(once, folder) == (once, [])                # written again: the same text
    assert check(once, folder) == []
    (anchor,), _ = anchors(once)
    assert anchor.figure == want and number(anchor.figure) == number(want)


@ROUNDS
@given(st.one_of(finite, st.integers(-10**6, 10**6)).map(repr), st.sampled_from(TAILS))
def test_a_plain_figure_as_printed_round_trips(tmp_path_factory, printed, tail):
    folder = notebook(tmp_path_factory.mktemp("nb"), printed)
    once, problems = rewrite(readme("=", "0", tail), folder)
    assert problems == [] and once == readme("=", printed, tail)
    assert rewrite(once, folder) == (once, [])
    assert number(anchors(once)[0][0].figure) == number(printed)


@pytest.mark.parametrize("fmt", [">10.2f", "10d", "_d", "#.2f", " .2f", "z.1f", "x", "b", "n",
                                 ".2", ",", "*^8.1%", ".3d", "08.2f", "s"])
def test_a_format_that_cannot_round_trip_is_refused_naming_it(fmt):
    with pytest.raises(ValueError, match="fmt"):
        figure_format(fmt)
    problems = anchors(readme(fmt, "1.00", " x"))[1]
    assert len(problems) == 1 and (f"fmt {fmt!r}" in problems[0] or " " in fmt), problems
    with pytest.raises(TypeError, match="fmt"):
        figure_format(2)


@pytest.mark.parametrize(("fmt", "printed"), [(".2f", "inf"), (".2e", "nan"), ("=", "12 s"),
                                              ("=", "inf"), ("=", "43%")])
def test_a_value_that_is_no_figure_is_a_problem_and_the_text_stays(tmp_path, fmt, printed):
    folder = notebook(tmp_path, printed)
    text = readme(fmt, "1.00", " x")
    new, problems = rewrite(text, folder)
    assert new == text and len(problems) == 1 and "read back" in problems[0], problems


def test_the_issue_case_an_exponent_figure_no_longer_grows(tmp_path):
    folder = notebook(tmp_path, "1234.5")
    text = readme(".2e", "1.23e+03", " tables")
    assert rewrite(text, folder) == (text, [])
    assert rewrite(readme(".2e", "9.99e+99", " tables"), folder) == (text, [])
