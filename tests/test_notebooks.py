"""Every notebook: executes in quick mode, has a tagged parameters cell, a visible quick-mode
cell, and a jupytext py:percent twin with the same cells."""

from pathlib import Path

import jupytext
import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
IDS = [nb.stem for nb in NOTEBOOKS]


def code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


def test_there_are_notebooks():
    assert NOTEBOOKS, "notebooks/ holds no notebook"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_first_code_cell_is_tagged_parameters(path):
    first = code_cells(nbformat.read(path, as_version=4))[0]
    assert "parameters" in first.metadata.get("tags", []), "first code cell must be tagged"
    names = [ln.split("=")[0].strip() for ln in first.source.splitlines()
             if "=" in ln and not ln.lstrip().startswith(("#", "import", "from"))]
    assert names and all(n.replace(",", "").replace(" ", "").isupper() or n.startswith("_")
                         for n in names), f"parameters cell should set UPPER_CASE names: {names}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_quick_mode_cell_is_visible(path):
    nb = nbformat.read(path, as_version=4)
    cells = [c for c in code_cells(nb) if "GAMEAI_QUICK" in c.source or "quick_mode()" in c.source]
    assert cells, "no quick-mode cell"
    for cell in cells:
        hidden = cell.metadata.get("jupyter", {}).get("source_hidden", False)
        tags = set(cell.metadata.get("tags", []))
        assert not hidden and not tags & {"remove-cell", "remove-input", "hide-input"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_paired_percent_script_has_same_cells(path):
    twin = path.with_suffix(".py")
    assert twin.exists(), f"{twin.name} (jupytext py:percent) is missing"
    ipynb = nbformat.read(path, as_version=4)
    script = jupytext.read(twin)

    def shape(nb):
        return [(c.cell_type, c.source.strip()) for c in nb.cells]

    assert shape(ipynb) == shape(script), "run `jupytext --sync` on the pair"


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_runs_in_quick_mode(path, tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEAI_QUICK", "1")
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path))
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    images = [o for c in code_cells(nb) for o in c.get("outputs", [])
              if "image/png" in o.get("data", {}) or "text/html" in o.get("data", {})]
    assert images, "the notebook produced no figure"
    assert list((tmp_path / "claims").glob("*.json")), "the notebook recorded no claims"
