"""The measured run times: what a Stopwatch counts, which runs may be adopted, and the text
`make report` writes from them (README's table, each notebook's line)."""

import json
import subprocess
import sys

import jupytext
import nbformat
import pytest

from studykit.runtime_text import (
    LINE,
    minutes,
    notebook_line,
    table,
    with_line,
    write_notebook_line,
)
from studykit.runtimes import Stopwatch, Timing, adopt, adopted, checked_run, run_record

NAMES = ["10_a", "20_b"]


def run(mode="full", rows=None, status=None):
    rows = rows if rows is not None else [Timing("10_a", 30.0, 55.5, 1.2),
                                          Timing("20_b", 400.0, 790.0, 2.0)]
    status = status if status is not None else {t.notebook: "completed" for t in rows}
    return run_record(mode, "2026-12-03 07:00 UTC", rows, status)


def test_the_stopwatch_counts_the_cpu_of_a_grandchild_the_child_waited_for():
    busy = ("import subprocess, sys; subprocess.run([sys.executable, '-c', "
            "'import time\\nt = time.process_time()\\nwhile time.process_time() - t < 0.6: pass'])")
    with Stopwatch("x") as clock:
        subprocess.run([sys.executable, "-c", busy], check=True)
    assert clock.timing.notebook == "x"
    assert clock.timing.cpu_s >= 0.6
    assert clock.timing.wall_s >= 0.6 * 0.9
    assert clock.timing.load_end >= 0


@pytest.mark.parametrize("spoil, message", [
    (lambda r: r["status"].update({"20_b": "failed (CellExecutionError)"}), "20_b did not complete"),
    (lambda r: r["notebooks"].pop(), "missing \\['20_b'\\]"),
    (lambda r: r["notebooks"].append(dict(r["notebooks"][0])), "timed twice"),
    (lambda r: r["notebooks"][0].update(wall_s=-1.0), "wall_s=-1.0"),
    (lambda r: r["notebooks"][0].update(cpu_s=float("nan")), "cpu_s=nan"),
    (lambda r: r["notebooks"][0].update(load_end=True), "load_end=True"),
    (lambda r: r["notebooks"][0].update(extra=1), "fields"),
    (lambda r: r.update(mode="fast"), "mode must be"),
    (lambda r: r.update(notebooks={"10_a": 1}), "must be a list"),
])
def test_only_a_complete_well_formed_run_of_every_notebook_is_accepted(spoil, message):
    record = json.loads(json.dumps(run()))
    assert checked_run(record, NAMES, "here") == record
    spoil(record)
    with pytest.raises(ValueError, match=message):
        checked_run(record, NAMES, "here")


def test_adopting_keeps_one_run_per_mode_and_refuses_what_is_not_a_runtimes_file(tmp_path):
    target, source = tmp_path / "runtimes.json", tmp_path / "run.json"
    assert adopted(target, NAMES) == {}
    for mode in ("full", "quick", "full"):
        source.write_text(json.dumps(run(mode)))
        assert adopt(source, target, NAMES) == mode
    assert sorted(adopted(target, NAMES)) == ["full", "quick"]
    for text, message in [("[1, 2]", "JSON object"), ("{", "not JSON"),
                          ("[" * 100_000 + "]" * 100_000, "not JSON|too large"),
                          (" " * 1_000_001, "too large")]:
        source.write_text(text)
        with pytest.raises(ValueError, match=message):
            adopt(source, target, NAMES)
    target.write_text(json.dumps({"quick": run("full")}))
    with pytest.raises(ValueError, match="not a run of that mode"):
        adopted(target, NAMES)
    with pytest.raises(ValueError, match="no such runtimes file"):
        adopt(tmp_path / "absent.json", target, NAMES)


def test_the_table_shows_each_notebook_and_the_totals_of_both_modes():
    quick = run("quick", [Timing("10_a", 5.0, 6.0, 0.5), Timing("20_b", 9.4, 12.0, 0.7)])
    text = table({"full": run(), "quick": quick})
    assert minutes(119.4) == "119 s" and minutes(120) == "2.0 min"
    assert text.splitlines()[0] == (
        "One `make reproduce` from a clean clone with nothing else running took in full mode "
        "7.2 min of notebooks (14.1 min of CPU; started 2026-12-03 07:00 UTC on "
        f"{run()['cores']} cores); in quick mode 14 s of notebooks (18 s of CPU; started "
        f"2026-12-03 07:00 UTC on {run()['cores']} cores).")
    assert "| 10_a | 30 s | 56 s | 1.2 | 5 s |" in text
    assert "| 20_b | 6.7 min | 13.2 min | 2.0 | 9 s |" in text
    assert table({}) == "No complete `make reproduce` run has been adopted yet."


def test_a_notebook_line_is_added_once_then_replaced_in_the_notebook_and_its_twin(tmp_path):
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Title\n\nIntro paragraph."),
        nbformat.v4.new_code_cell("X = 1", metadata={"tags": ["parameters"]}),
        nbformat.v4.new_markdown_cell("Later prose.")])
    path = tmp_path / "10_a.ipynb"
    nbformat.write(notebook, path)
    jupytext.write(notebook, path.with_suffix(".py"), fmt="py:percent")
    runs = {"full": run()}
    line = notebook_line("10_a", runs)
    assert line == (f"<!-- runtime -->*Run time:* 30 s at full settings (measured in one "
                    f"`make reproduce`, {run()['cores']} cores).<!-- /runtime -->")
    assert write_notebook_line(path, line) is True
    assert write_notebook_line(path, line) is False  # already there: nothing rewritten

    def shape(nb):
        return [(c.cell_type, c.source.strip()) for c in nb.cells]

    assert shape(nbformat.read(path, as_version=4)) == shape(jupytext.read(path.with_suffix(".py")))
    first = nbformat.read(path, as_version=4).cells[0].source
    assert first == "# Title\n\nIntro paragraph.\n\n" + line
    runs["quick"] = run("quick", [Timing("10_a", 4.0, 4.0, 0.1), Timing("20_b", 4.0, 4.0, 0.1)])
    newer = notebook_line("10_a", runs)
    assert "30 s at full settings, 4 s in quick mode" in newer
    assert write_notebook_line(path, newer) is True
    twin = jupytext.read(path.with_suffix(".py"))
    assert [LINE.findall(c.source) for c in twin.cells] == [[newer], [], []]
    assert with_line("text " + line, newer) == "text " + newer
    assert notebook_line("10_a", {}) == "<!-- runtime -->*Run time:* not measured yet.<!-- /runtime -->"


def test_the_committed_run_times_are_those_of_the_adopted_run():
    """README's table and every notebook's introduction (and its twin) say what
    docs/runtimes.json holds: a run adopted without `make report`, or a line edited by hand,
    fails here."""
    from studykit.runtime_text import TABLE
    from studykit.runtimes import ADOPTED, ROOT

    runs = adopted(ADOPTED)
    block = TABLE.search((ROOT / "README.md").read_text())
    assert block, "README.md has no runtimes block"
    assert block.group(0) == block.group(1) + table(runs) + "\n" + block.group(2), (
        "README's run-time table is stale: run `make report`")
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        line = notebook_line(path.stem, runs)
        intro = next(c for c in nbformat.read(path, as_version=4).cells
                     if c.cell_type == "markdown")
        assert line in intro.source, f"{path.name}: run-time line stale, run `make report`"
        assert line in path.with_suffix(".py").read_text(), f"{path.stem}.py: run-time line stale"
