"""Every notebook shrinks and checks its first-cell constants the same way (issue 31, point 6).

- the quick cell (the second code cell) calls ``studykit.shrink(globals(), ...)``, which reads
  GAMEAI_QUICK itself, and nothing else reads the environment there;
- the check cell uses ``studykit.checks`` (or a study's settings function built on it) and raises
  nothing itself: no ``raise`` statement in the first code cells, every rule is a library check;
- no study package defines its own generic check of a notebook constant again.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
FIRST_CELLS = 4                      # parameters, quick mode, checks (and one spare)
PACKAGES = ("catmouse", "goofspiel", "mix", "setgame", "tracking")
# the generic checks studykit.checks replaced; a study keeps only its own rules (boards, decks)
REPLACED = {"check_int", "check_count", "check_flag", "check_choice", "check_choices",
            "check_seconds", "check_pairs", "whole_constant", "list_constant"}


@functools.cache
def code_cells(path: Path) -> list[ast.Module]:
    """The first code cells of a notebook, parsed (read once per notebook)."""
    nb = nbformat.read(path, as_version=4)
    return [ast.parse(c.source) for c in nb.cells if c.cell_type == "code"][:FIRST_CELLS]


def calls(tree: ast.AST) -> set[str]:
    return {node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            for node in ast.walk(tree) if isinstance(node, ast.Call)}


def imports_from(tree: ast.AST) -> set[str]:
    return {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_the_quick_cell_calls_shrink_and_reads_no_environment(path):
    quick = code_cells(path)[1]
    assert "shrink" in calls(quick), "the second code cell must call studykit.shrink(globals(), ...)"
    assert "environ" not in ast.unparse(quick), "shrink reads GAMEAI_QUICK itself"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_the_constants_are_checked_by_the_library_not_by_raises(path):
    first = code_cells(path)
    raises = [ast.unparse(node)[:60] for cell in first for node in ast.walk(cell)
              if isinstance(node, ast.Raise)]
    assert not raises, f"a check written inline in the notebook: {raises}"
    sources = set().union(*(imports_from(cell) for cell in first))
    settings = set().union(*(calls(cell) for cell in first))
    assert "studykit.checks" in sources or any(name.endswith("_settings") for name in settings), \
        "the constants must be checked with studykit.checks (or a settings function on it)"


def test_no_study_defines_a_generic_constant_check_again():
    found = [f"{path.relative_to(ROOT)}::{node.name}"
             for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.FunctionDef) and node.name in REPLACED]
    assert not found, f"use studykit.checks instead: {found}"


def test_the_rules_catch_an_inline_raise_and_an_environment_read():
    cell = ast.parse("if X < 2:\n    raise ValueError('X')\nimport os\nos.environ.get('Q')")
    assert any(isinstance(node, ast.Raise) for node in ast.walk(cell))
    assert "environ" in ast.unparse(cell)
