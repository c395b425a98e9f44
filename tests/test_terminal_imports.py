"""The terminal games start light: ``python -m goofspiel play`` and ``python -m mix play``, run
up to their first prompt, load none of scipy, pandas, numba or matplotlib beyond what studykit
(which they use, and which lies outside these packages) loads by itself; the packages' public
names still load on first use, a function named like its module (``mix.match``,
``goofspiel.equilibrium``) stays the function, and ``dir`` lists every public name."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("scipy", "pandas", "numba", "matplotlib")
GAMES = ["goofspiel", "mix"]


def heavy_loaded(*args: str) -> set[str]:
    """The heavy top-level packages that ``python -X importtime *args`` imports, stdin empty."""
    run = subprocess.run([sys.executable, "-X", "importtime", *args], cwd=ROOT, input="",
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    names = {line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines()
             if line.startswith("import time:")}
    assert names, "no -X importtime report"
    return {name.split(".")[0] for name in names} & set(HEAVY)


def run_python(code: str) -> str:
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


@pytest.mark.parametrize("game", GAMES)
def test_terminal_game_starts_without_heavy_modules(game):
    baseline = heavy_loaded("-c", "import studykit.checks, studykit.terminal")
    extra = heavy_loaded("-m", game, "play") - baseline     # quits at the first prompt (EOF)
    assert not extra, f"python -m {game} play loads {sorted(extra)} before its first prompt"


def test_the_probe_sees_a_heavy_import():
    """The check above can fail: the goofspiel equilibrium, loaded on use, brings scipy."""
    assert "scipy" in heavy_loaded("-c", "import goofspiel; goofspiel.equilibrium")


@pytest.mark.parametrize("game", GAMES)
def test_public_names_load_on_use_and_dir_lists_them(game):
    out = run_python(f"""
import sys, {game} as pkg
before = len(sys.modules)
assert set(pkg.__all__) <= set(dir(pkg)) and len(set(pkg.__all__)) == len(pkg.__all__)
for name in pkg.__all__:
    value = getattr(pkg, name)
    home = sys.modules[f"{game}." + pkg.HOME[name]]
    assert value is getattr(home, name), name
ns = {{}}
exec("from {game} import *", ns)
assert set(ns) - {{"__builtins__"}} == set(pkg.__all__)
print(len(sys.modules) > before)
""")
    assert out.split() == ["True"]


@pytest.mark.parametrize("game, name, module, user", [
    ("goofspiel", "equilibrium", "goofspiel.equilibria.equilibrium", "goofspiel.equilibria.bestreply"),
    ("mix", "match", "mix.play.match", "mix.play.ladder"),
    ("mix", "ladder", "mix.play.ladder", "mix.play.ladder")])
def test_a_function_named_like_its_module_is_not_hidden(game, name, module, user):
    """Loading the module (directly, or through another module) leaves the function in place."""
    out = run_python(f"""
import sys, {game} as pkg
import {user}
import {module} as imported
module = sys.modules["{module}"]
print(callable(pkg.{name}), pkg.{name} is module.{name},
      type(module).__name__)
""")
    assert out.split() == ["True", "True", "module"]


def test_submodules_are_attributes_as_before():
    out = run_python("import goofspiel, mix; print(goofspiel.plain.__name__, mix.draw.__name__)")
    assert out.split() == ["goofspiel.plain", "mix.draw"]
