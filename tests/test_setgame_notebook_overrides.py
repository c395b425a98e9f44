"""Notebook 10's first cells under papermill: a constant the user gives wins over quick mode's
small value (and so is checked), quick mode is on only for a true GAMEAI_QUICK, and no cell
reads the variable by hand. Only the first cells run (up to the checks), so each case takes a
kernel start, not a whole notebook."""

import json
from pathlib import Path

import nbformat
import pytest

papermill = pytest.importorskip("papermill")

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "10_setgame.ipynb"
CONSTANTS = ("SEED", "TABLE_SIZE", "N_RANDOM_TABLES", "N_GAMES", "N_TABLES_PER_SIZE",
             "SPEED_TABLES", "ANIMATION_GAME")
SHOW = f"import json\nprint(json.dumps({{name: globals()[name] for name in {CONSTANTS!r}}}))"


def first_cells(tmp_path) -> Path:
    """Notebook 10 cut after its checks cell, plus a cell printing the constants as JSON."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = [k for k, c in enumerate(nb.cells) if c.cell_type == "code"]
    checks = next(k for k in code if "notebook_settings" in nb.cells[k].source)
    nb.cells = nb.cells[:checks + 1] + [nbformat.v4.new_code_cell(SHOW)]
    path = tmp_path / "first_cells.ipynb"
    nbformat.write(nb, path)
    return path


def constants(tmp_path, monkeypatch, quick: str, **parameters) -> dict:
    monkeypatch.setenv("GAMEAI_QUICK", quick)
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path))
    out = tmp_path / "out.ipynb"
    papermill.execute_notebook(str(first_cells(tmp_path)), str(out), parameters=parameters,
                               cwd=str(NOTEBOOK.parent), kernel_name="python3",
                               progress_bar=False)
    last = nbformat.read(out, as_version=4).cells[-1]
    return json.loads("".join(o["text"] for o in last.outputs if o.get("name") == "stdout"))


@pytest.mark.notebook
def test_quick_mode_keeps_a_value_given_to_papermill(tmp_path, monkeypatch):
    got = constants(tmp_path, monkeypatch, "1", N_GAMES=3000, SEED=7)
    assert got["N_GAMES"] == 3000 and got["SEED"] == 7           # the user's values win
    assert got["N_RANDOM_TABLES"] == 20_000 and got["SPEED_TABLES"] == 20   # the rest shrinks


@pytest.mark.notebook
@pytest.mark.parametrize("value, error", [(-1, "ValueError"), (2.5, "TypeError")])
def test_quick_mode_checks_an_invalid_value_given_to_papermill(value, error, tmp_path,
                                                                monkeypatch):
    with pytest.raises(papermill.PapermillExecutionError) as raised:
        constants(tmp_path, monkeypatch, "1", N_GAMES=value)
    assert raised.value.ename == error and "N_GAMES" in raised.value.evalue   # studykit.checks


@pytest.mark.notebook
@pytest.mark.parametrize("name, value", [("N_GAMES", 10**8), ("SEED", -1),
                                         ("SPEED_TABLES", 10**7), ("ANIMATION_GAME", 10**5)])
def test_a_constant_beyond_the_library_limits_is_refused_in_the_check_cell(name, value, tmp_path,
                                                                          monkeypatch):
    """N_GAMES=10**8 used to pass the check and fail seven cells later, naming no constant."""
    with pytest.raises(papermill.PapermillExecutionError) as raised:
        constants(tmp_path, monkeypatch, "1", **{name: value})
    assert raised.value.ename == "ValueError" and name in raised.value.evalue


@pytest.mark.notebook
@pytest.mark.parametrize("quick", ["0", "no"])
def test_a_false_gameai_quick_runs_the_full_settings(quick, tmp_path, monkeypatch):
    got = constants(tmp_path, monkeypatch, quick)
    assert got["N_GAMES"] == 100_000 and got["N_RANDOM_TABLES"] == 1_000_000
    assert got["SPEED_TABLES"] == 300


def test_no_cell_reads_gameai_quick_by_hand():
    """Every quick-mode decision goes through studykit (``shrink``, ``quick_mode()``), which
    treats "0", "false" and "no" as off."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "os.environ" not in code and "shrink(globals()" in code
