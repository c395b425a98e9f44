"""``make reproduce``: interrupted or failing runs never leave a result that looks complete."""

import json

import nbformat
import pytest

from studykit import reproduce
from studykit.runtimes import checked_run


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
    done = sorted(p.name for p in (results / "notebooks").glob("*.ipynb"))
    assert done == ["10_good.ipynb", "20_bad.failed.ipynb"], \
        "a failed or interrupted execution never stays under a result's name"
    assert not (results / "notebooks" / "10_good.kernel.log").exists()
    assert (results / "notebooks" / "20_bad.kernel.log").exists()  # kept: it did not complete
    report = (results / "REPORT.md").read_text()
    assert "20_bad: failed (PapermillExecutionError)" in report
    assert "10_good: completed" in report and "quick mode" in report
    assert "| 10_good | quick |" in report
    timings = json.loads((results / "runtimes.json").read_text())
    assert timings["mode"] == "quick"
    assert timings["status"] == {"10_good": "completed", "20_bad": "failed (PapermillExecutionError)"}
    assert [t["notebook"] for t in timings["notebooks"]] == ["10_good"]  # only what completed
    assert 0 < timings["notebooks"][0]["wall_s"] < 600
    assert timings["notebooks"][0]["cpu_s"] > 0  # the kernel's own CPU, counted once it exited
    with pytest.raises(ValueError, match="20_bad did not complete"):
        checked_run(timings, ["10_good", "20_bad"], "run")


def test_study_selection_by_name():
    every = [p.stem for p in reproduce.select(None)]
    assert [p.stem for p in reproduce.select("mix")] == [s for s in every if "mix" in s]
    assert "40_mix" in [p.stem for p in reproduce.select("mix")]
    assert all("goofspiel" in p.stem for p in reproduce.select("goofspiel"))
    with pytest.raises(SystemExit, match="matches no notebook"):
        reproduce.select("chess")


def test_ctrl_c_ends_the_run_cleanly_and_names_the_interrupted_notebook(tmp_path):
    """Issue 30 item 12: Ctrl-C in a terminal (SIGINT to the foreground process group) while a
    notebook runs: no traceback from us or the kernel, the notebook is 'interrupted' (not 'not
    reached'), the next one 'not reached', no partial result, exit status 130."""
    import os
    import signal
    import subprocess
    import sys
    import time

    marker = tmp_path / "started"
    slow = tiny_notebook(tmp_path / "10_slow.ipynb",
                         f"import pathlib, time\npathlib.Path({str(marker)!r}).touch()\n"
                         "time.sleep(120)")
    nxt = tiny_notebook(tmp_path / "20_next.ipynb", "x = 1")
    results = tmp_path / "results"
    env = {**os.environ, "GAMEAI_RESULTS": str(results), "GAMEAI_QUICK": "1"}
    run = subprocess.Popen([sys.executable, "-m", "studykit.reproduce", str(slow), str(nxt)],
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           start_new_session=True)
    try:
        deadline = time.monotonic() + 180
        while not marker.exists():
            assert run.poll() is None and time.monotonic() < deadline, "the notebook never ran"
            time.sleep(0.2)
        os.killpg(run.pid, signal.SIGINT)
        out, _ = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 130, out
    assert "Traceback" not in out and "Error" not in out, out
    assert "10_slow: interrupted" in out and "20_next: not reached" in out
    report = (results / "REPORT.md").read_text()
    assert "10_slow: interrupted, 20_next: not reached" in report
    assert not list((results / "notebooks").glob("*.ipynb")), "no partial or complete result"
    assert (results / "notebooks" / "10_slow.kernel.log").exists()


def test_a_bad_quick_value_stops_before_any_notebook(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path / "results"))
    monkeypatch.setenv("GAMEAI_QUICK", "maybe")
    nb = tiny_notebook(tmp_path / "10_x.ipynb", "x = 1")
    with pytest.raises(ValueError, match="GAMEAI_QUICK"):
        reproduce.main([str(nb)])
    assert not (tmp_path / "results").exists()


STALE = {"application/vnd.jupyter.widget-state+json": {"version_major": 2, "version_minor": 0,
         "state": {"abc": {"model_name": "FloatProgressModel", "model_module": "@jupyter-widgets/controls",
                           "model_module_version": "2.0.0",
                           "state": {"bar_style": "danger", "value": 30.0, "max": 1000.0}}}}}


def test_a_rerun_keeps_no_widget_state_of_an_earlier_run(tmp_path, monkeypatch):
    """A notebook that makes no widget any more must not keep an old run's (red) bar."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["widgets"] = STALE
    path = tmp_path / "stale.ipynb"
    nbformat.write(nb, path)
    assert "widgets" not in reproduce.without_widget_state(path).metadata
    assert "widgets" in nbformat.read(path, as_version=4).metadata   # the file is left alone
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path / "results"))
    monkeypatch.delenv("GAMEAI_QUICK", raising=False)
    assert reproduce.run([str(path)]) == 0
    done = nbformat.read(tmp_path / "results" / "notebooks" / "stale.ipynb", as_version=4)
    assert "widgets" not in done.metadata
    reproduce.clear_widget_state(path)                                 # the maintainers' rerun
    cleared = nbformat.read(path, as_version=4)
    assert "widgets" not in cleared.metadata and cleared.cells[0].source == "x = 1"


def test_an_executed_notebook_names_its_input_instead_of_holding_it(tmp_path):
    """papermill given a notebook object stored all of it (the previous run's outputs, 4.7 MB for
    notebook 51) as metadata.papermill.input_path; each committed notebook names its input."""
    import nbformat as nbf

    from studykit.reproduce import ROOT, name_the_input

    path = tmp_path / "x.ipynb"
    nb = nbf.v4.new_notebook()
    nb.metadata["papermill"] = {"input_path": {"cells": ["old outputs"]}, "output_path": "y"}
    nbf.write(nb, path)
    name_the_input(path, "x.ipynb")
    assert nbf.read(path, as_version=4).metadata.papermill.input_path == "x.ipynb"
    for committed in sorted((ROOT / "notebooks").glob("*.ipynb")):
        record = nbf.read(committed, as_version=4).metadata.get("papermill", {})
        assert record.get("input_path") in (None, committed.name), committed.name
