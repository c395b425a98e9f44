"""Every notebook: executes in quick mode (at its own constants and at a second, tweaked set),
has a tagged parameters cell, a visible quick-mode cell, and a jupytext py:percent twin with the
same cells; docs/REPORT.md agrees with the committed notebooks."""

import json
import re
from pathlib import Path

import jupytext
import nbformat
import papermill
import pytest
from nbclient import NotebookClient
from notebook_tweaks import INVALID, TWEAKS

from studykit.report import MIME, ROOT, build_report, main, read_records

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
    cells = [c for c in code_cells(nb) if "GAMEAI_QUICK" in c.source or "quick_mode()" in c.source
             or "shrink(globals()" in c.source]
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
    path = tmp_path / path.name
    nbformat.write(nb, path)
    kinds = [r["kind"] for r in read_records(path)[0]]
    assert "claims" in kinds and "inventory" in kinds, "record_claims / record_inventory missing"


def test_every_notebook_declares_a_tweak():
    assert set(TWEAKS) == set(IDS), "tests/notebook_tweaks.py: one entry per notebook"
    for name, params in TWEAKS.items():
        assert params, f"{name}: declare at least one non-default constant"


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_runs_with_tweaked_constants(path, tmp_path, monkeypatch):
    """A user changes the constants of the first cell: the notebook runs to the end, as a variant."""
    monkeypatch.setenv("GAMEAI_QUICK", "1")
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path))
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    out = tmp_path / path.name
    # papermill writes a tuple as its text: tuples go in as lists, as a user would type them
    params = json.loads(json.dumps(TWEAKS[path.stem]))
    papermill.execute_notebook(str(path), str(out), parameters=params,
                               cwd=str(path.parent), kernel_name="python3", progress_bar=False)
    claims = [r for r in read_records(out)[0] if r["kind"] == "claims"]
    assert claims and all(r["variant"] for r in claims), "a tweaked run must be marked a variant"


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_an_invalid_constant_stops_the_notebook_in_its_first_cells(path, tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEAI_QUICK", "1")
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path))
    (name, value), = INVALID[path.stem].items()
    with pytest.raises(papermill.PapermillExecutionError) as error:
        papermill.execute_notebook(str(path), str(tmp_path / path.name), parameters={name: value},
                                   cwd=str(path.parent), kernel_name="python3", progress_bar=False)
    assert error.value.ename == "ValueError" and name in error.value.evalue, error.value.evalue
    code = [c for c in nbformat.read(tmp_path / path.name, as_version=4).cells
            if c.cell_type == "code"]
    failed = next(i for i, c in enumerate(code) if any(o.get("output_type") == "error"
                                                       for o in c.get("outputs", [])))
    assert failed <= 4, f"stopped in code cell {failed}, not in the first cells"


def test_committed_report_agrees_with_the_committed_notebooks(tmp_path):
    """docs/REPORT.md is what `make report` writes from the committed notebooks."""
    out = tmp_path / "REPORT.md"
    main(["--out", str(out)])
    committed = ROOT / "docs" / "REPORT.md"
    assert committed.exists(), "docs/REPORT.md is missing: run `make report`"
    assert committed.read_text() == out.read_text(), "docs/REPORT.md is stale: run `make report`"
    assert build_report(NOTEBOOKS)  # every committed notebook can be read back


INTERNAL_WORDS = re.compile(r"\b(spec|specs|issue|issues|asked|(issue|our|the) bar)\b"
                            r"|study's re-simulation", re.IGNORECASE)


def reader_facing_text(nb) -> list[str]:
    """Markdown cells, and every text output and report row of the code cells."""
    texts = [c.source for c in nb.cells if c.cell_type == "markdown"]
    for cell in code_cells(nb):
        for out in cell.get("outputs", []):
            if "text" in out:
                texts.append(out["text"])
            for key, value in out.get("data", {}).items():
                if key.startswith("text/") and key != "text/html" or key == MIME:
                    texts.append(value if isinstance(value, str) else json.dumps(value))
    return texts


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_reader_facing_text_has_no_internal_words(path):
    """Words of our own tracker (spec, issue, asked, "the bar") never reach a reader."""
    hits = sorted({m.group(0) for text in reader_facing_text(nbformat.read(path, as_version=4))
                   for m in INTERNAL_WORDS.finditer(text)})
    assert not hits, f"internal words in {path.name}: {hits}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_committed_outputs_carry_no_warnings(path):
    nb = nbformat.read(path, as_version=4)
    stderr = [o["text"] for c in code_cells(nb) for o in c.get("outputs", [])
              if o.get("name") == "stderr" and "Warning" in o.get("text", "")]
    assert not stderr, f"warnings in the committed outputs of {path.name}: {stderr[0][:200]}"


REPR = re.compile(r"^\[?(Claim|Item|Estimate)\(")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_committed_outputs_show_no_object_reprs(path):
    """A cell ending in ``record_claims(...)`` would also print the rows' Python repr below the
    table (a wall of ``Claim(claim=...)`` text in the book): the table is the only view."""
    nb = nbformat.read(path, as_version=4)
    reprs = [o["data"]["text/plain"][:80] for c in code_cells(nb) for o in c.get("outputs", [])
             if o.get("output_type") == "execute_result"
             and REPR.match(o.get("data", {}).get("text/plain", ""))]
    assert not reprs, f"object reprs in the committed outputs of {path.name}: {reprs}"
