"""``make reproduce``: interrupted or failing runs never leave a result that looks complete."""

import nbformat
import pytest

from studykit import reproduce


def tiny_notebook(path, source):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


def test_a_failing_notebook_leaves_no_result_and_the_report_says_so(tmp_path, monkeypatch):
    results = tmp_path / "results"
    monkeypatch.setenv("GAMEAI_RESULTS", str(results))
    monkeypatch.setenv("GAMEAI_QUICK", "1")
    good = tiny_notebook(tmp_path / "10_good.ipynb", (
        "from studykit import *\nrecord_claims('Good', '10_good', "
        "[beyond_claim('runs', 'yes', 'yes', True, test='it ran')])"))
    bad = tiny_notebook(tmp_path / "20_bad.ipynb", "raise RuntimeError('boom')")
    (results / "notebooks").mkdir(parents=True)
    (results / "notebooks" / "20_bad.ipynb").write_text("{}")  # an older run's result
    (results / "notebooks" / "30_old.partial.ipynb").write_text("{}")  # an interrupted one
    assert reproduce.main([str(good), str(bad)]) == 1
    done = sorted(p.name for p in (results / "notebooks").iterdir())
    assert done == ["10_good.ipynb", "20_bad.failed.ipynb"], \
        "a failed or interrupted execution never stays under a result's name"
    report = (results / "REPORT.md").read_text()
    assert "20_bad: failed (PapermillExecutionError)" in report
    assert "10_good: completed" in report and "quick mode" in report
    assert "| 10_good | quick |" in report


def test_study_selection_by_name():
    every = [p.stem for p in reproduce.select(None)]
    assert [p.stem for p in reproduce.select("mix")] == [s for s in every if "mix" in s]
    assert "40_mix" in [p.stem for p in reproduce.select("mix")]
    assert all("goofspiel" in p.stem for p in reproduce.select("goofspiel"))
    with pytest.raises(SystemExit, match="matches no notebook"):
        reproduce.select("chess")
