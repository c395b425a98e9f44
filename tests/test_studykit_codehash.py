"""The code fingerprint follows the computed import closure: an edit to any module a cached
function imports (in a temporary copy of the tree) misses the cache, an edit elsewhere does not."""

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import studykit
from studykit.cache import ResultCache
from studykit.codehash import PROJECT_PACKAGES, code_fingerprint, import_closure

ROOT = Path(studykit.__file__).resolve().parent.parent
CACHED = "catmouse.v1.experiments"  # the trials catmouse's run cache keeps


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """A copy of the project's packages (sources only)."""
    copy = tmp_path_factory.mktemp("tree")
    for package in PROJECT_PACKAGES:
        shutil.copytree(ROOT / package, copy / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return copy


def trial(seed: int) -> dict:
    return {"seed": seed}


def test_every_module_of_the_closure_changes_the_fingerprint_and_misses_the_cache(tree, tmp_path):
    modules, _ = import_closure(CACHED, search=[tree])
    # the modules a hand-written list left out (issue: stale results) are found
    assert {"catmouse.v1.fastwalk", "studykit.twister", "catmouse.v1", "catmouse"} <= set(modules)
    base = code_fingerprint(CACHED, search=[tree])
    cache = ResultCache(tmp_path, base)
    cache.call(trial, seed=1)
    assert cache.has_call(trial, seed=1)
    for name, path in sorted(modules.items()):
        source = path.read_bytes()
        try:
            path.write_bytes(source + b"\n# an edit\n")
            edited = code_fingerprint(CACHED, search=[tree])
            assert edited != base, f"editing {name} left the fingerprint unchanged"
            assert not ResultCache(tmp_path, edited).has_call(trial, seed=1), name
        finally:
            path.write_bytes(source)
    assert code_fingerprint(CACHED, search=[tree]) == base


def test_editing_a_module_outside_the_closure_keeps_the_fingerprint(tree):
    modules, _ = import_closure(CACHED, search=[tree])
    outside = [p for p in sorted(tree.rglob("*.py"))
               if p not in modules.values() and p.parts[len(tree.parts)] != "catmouse"]
    assert len(outside) > 20
    base = code_fingerprint(CACHED, search=[tree])
    for path in outside:
        source = path.read_bytes()
        try:
            path.write_bytes(source + b"\n# an edit\n")
            assert code_fingerprint(CACHED, search=[tree]) == base, path
        finally:
            path.write_bytes(source)


def write(tree, name, text):
    path = tree.joinpath(*name.split(".")).with_suffix(".py")
    path.write_text(textwrap.dedent(text))
    return path


def test_every_kind_of_import_is_followed(tree):
    """Function-level, relative (both levels), ``from package import module`` and parents."""
    write(tree, "studykit.zz_root", """
        def f():
            from .zz_rel import x          # relative, inside a function
            import studykit.zz_pkg.deep     # a package's __init__ runs first
            from studykit import zz_from    # a module imported by name
            return x
    """)
    write(tree, "studykit.zz_rel", "x = 1\n")
    write(tree, "studykit.zz_from", "y = 1\n")
    (tree / "studykit" / "zz_pkg").mkdir(exist_ok=True)
    write(tree, "studykit.zz_pkg.__init__", "")
    write(tree, "studykit.zz_pkg.deep", "from ..zz_up import z\n")
    write(tree, "studykit.zz_up", "z = 1\n")
    modules, _ = import_closure("studykit.zz_root", search=[tree])
    assert {"studykit.zz_rel", "studykit.zz_from", "studykit.zz_pkg", "studykit.zz_pkg.deep",
            "studykit.zz_up", "studykit"} <= set(modules)


def test_third_party_versions_and_python_count(tree, monkeypatch):
    from studykit import codehash

    base = code_fingerprint("studykit.stats", search=[tree])
    real = codehash.third_party_versions
    monkeypatch.setattr(codehash, "third_party_versions",
                        lambda mods: [v.replace("numpy==", "numpy==0.") for v in real(mods)])
    assert code_fingerprint("studykit.stats", search=[tree]) != base
    monkeypatch.setattr(codehash, "third_party_versions", real)
    monkeypatch.setattr(codehash.sys, "version", "0.0")
    assert code_fingerprint("studykit.stats", search=[tree]) != base


def test_by_default_the_fingerprint_reads_the_tree_python_imports(tree):
    """Without ``search``, the modules are those Python would import (a copy first on the path)."""
    script = "from studykit.codehash import code_fingerprint; print(code_fingerprint('mix.board'))"
    env = {**os.environ, "PYTHONPATH": str(tree)}

    def run():
        return subprocess.run([sys.executable, "-c", script], env=env, cwd=tree, text=True,
                              capture_output=True, timeout=120, check=True).stdout.strip()

    before = run()
    path = tree / "mix" / "board.py"
    source = path.read_bytes()
    try:
        path.write_bytes(source + b"\n# an edit\n")
        assert run() != before
    finally:
        path.write_bytes(source)
    assert before == code_fingerprint("mix.board", search=[tree])
