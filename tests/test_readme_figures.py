"""README figures measured by notebooks agree with the committed notebooks' saved outputs
(studykit.readme_figures): checked on the real README, and on small fixtures for each way a
figure can go wrong (edited by hand, an anchor finding nothing or two values, a quick run)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studykit.readme_figures import anchors, check, main, output_text, rewrite
from studykit.report import MIME

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
NOTEBOOKS = ROOT / "notebooks"


def write_notebook(folder: Path, name: str, *, quick: bool = False) -> Path:
    """A small executed notebook: a stream, an HTML table, a claim table, a plain output."""
    table = ("<style>td {}</style><table><thead><tr><th></th><th>tables per second</th></tr>"
             "</thead><tbody><tr><th>pairs</th>\n<td>417.2</td></tr>"
             "<tr><th>fast</th><td>6417.8</td></tr></tbody></table>")
    outputs = [
        {"output_type": "stream", "name": "stdout",
         "text": ["100,000 iterations in 0.6 s (180,441 per second)\n"]},
        {"output_type": "execute_result", "execution_count": 2, "metadata": {},
         "data": {"text/html": table, "text/plain": "ignored when a table is shown"}},
        {"output_type": "display_data", "metadata": {},
         "data": {MIME: {"kind": "claims", "quick": quick, "rows": []},
                  "text/markdown": "| claim | ours |\n|---|---|\n| share | 0.4374 ± 0.0004 |"}},
        {"output_type": "execute_result", "execution_count": 3, "metadata": {},
         "data": {"text/plain": "seed 0: 12 moves\nseed 1: 14 moves"}},
    ]
    nb = {"cells": [{"cell_type": "code", "source": "", "metadata": {}, "execution_count": 1,
                     "outputs": outputs}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = folder / f"{name}.ipynb"
    path.write_text(json.dumps(nb))
    return path


FIXTURE = ("Speed: <!--nb 10 = \\(([\\d,]+) per second-->180,441 iterations per second, pairs "
           "<!--nb 10 ,.0f ^pairs \\| ([\\d.]+) \\|-->417 tables per second, a share of "
           "<!--nb 10 .1% \\| share \\| ([\\d.]+) ±-->43.7%, fast in "
           "<!--nb 10 = ^\\(?[\\d,]+ iterations in ([\\d.]+) s-->0.6% of a second.\n")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    write_notebook(tmp_path, "10_setgame")
    return tmp_path


def test_every_marked_readme_figure_matches_its_committed_notebook():
    text = README.read_text(encoding="utf-8")
    found, malformed = anchors(text)
    assert not malformed, malformed
    assert len(found) >= 220, f"only {len(found)} README figures are marked"
    assert {a.notebook for a in found} >= {"10", "20", "21", "22", "23", "24", "30", "31", "33",
                                           "40", "41", "50", "51"}
    problems = check(text, NOTEBOOKS)
    assert not problems, "README figures differ from the notebooks; run `make report`:\n" + \
        "\n".join(problems)


def test_output_text_reads_streams_html_tables_markdown_and_plain_text(folder):
    text = output_text(folder / "10_setgame.ipynb")
    assert "(180,441 per second)" in text
    assert "pairs | 417.2 |" in text.splitlines()
    assert "| share | 0.4374 ± 0.0004 |" in text
    assert "seed 1: 14 moves" in text
    assert "ignored when a table is shown" not in text and "td {}" not in text


def test_a_fixture_that_agrees_passes_and_rewrites_to_itself(folder):
    assert check(FIXTURE, folder) == []
    assert rewrite(FIXTURE, folder) == (FIXTURE, [])
    found, _ = anchors(FIXTURE)
    assert [a.figure for a in found] == ["180,441", "417", "43.7%", "0.6"]


@pytest.mark.parametrize(("old", "new"), [("-->417 tables", "-->418 tables"),
                                        ("-->43.7%,", "-->43.8%,"),
                                        ("-->180,441 iter", "-->180,000 iter")])
def test_a_figure_edited_by_hand_fails_and_make_report_writes_it_back(folder, old, new):
    hand = FIXTURE.replace(old, new)
    problems = check(hand, folder)
    assert len(problems) == 1, problems
    assert f"{new[3:].split()[0].rstrip(',')} where notebook 10 gives" in problems[0], problems
    assert rewrite(hand, folder) == (FIXTURE, [])


@pytest.mark.parametrize(("pattern", "message"), [
    ("^brute \\| ([\\d.]+) \\|", "found 0 distinct values"),
    ("^seed \\d: (\\d+) moves", "found 2 distinct values"),
    ("^pairs \\| [\\d.]+ \\|", "exactly one group"),
    ("^pairs ([", "bad regular expression"),
])
def test_an_anchor_that_finds_nothing_or_two_values_fails(folder, pattern, message):
    text = f"a figure <!--nb 10 = {pattern}-->12 here"
    problems = check(text, folder)
    assert len(problems) == 1 and message in problems[0], problems
    assert rewrite(text, folder) == (text, problems)


def test_a_repeated_equal_value_is_one_value(tmp_path):
    path = write_notebook(tmp_path, "20_x")
    nb = json.loads(path.read_text())
    nb["cells"][0]["outputs"][0]["text"].append("again: (180,441 per second)\n")
    path.write_text(json.dumps(nb))
    assert check("x <!--nb 20 = \\(([\\d,]+) per second-->180,441", tmp_path) == []


def test_malformed_anchors_and_missing_or_quick_notebooks_fail(folder):
    assert "no figure right after" in check("x <!--nb 10 = (\\d+)--> 12", folder)[0]
    assert "anchors opened" in check("x <!--nb 10 (\\d+)-->12", folder)[0]
    assert "may not contain `--`" in check("x <!--nb 10 = ^(\\d+) -- x-->12", folder)[0]
    assert "end with `-`" in check("x <!--nb 10 = ^(\\d+) \\+--->12", folder)[0]
    assert "opens the line" in check("x\n  <!--nb 10 = ^pairs \\| ([\\d.]+) \\|-->417.2", folder)[0]
    assert "0 files 99_*.ipynb" in check("x <!--nb 99 = (\\d+)-->12", folder)[0]
    write_notebook(folder, "30_quick", quick=True)
    problems = check("x <!--nb 30 ,.0f ^pairs \\| ([\\d.]+) \\|-->417", folder)
    assert problems == ["30_quick.ipynb: its recorded run is a quick one"]


def test_main_writes_the_readme_and_check_mode_reports(folder, tmp_path, capsys):
    readme = tmp_path / "README.md"
    readme.write_text(FIXTURE.replace("-->417", "-->1,000"))
    args = ["--readme", str(readme), "--notebooks", str(folder)]
    assert main([*args, "--check"]) == 1
    assert "1,000 where notebook 10 gives 417" in capsys.readouterr().err
    assert main(args) == 0
    assert readme.read_text() == FIXTURE
    assert main([*args, "--check"]) == 0
