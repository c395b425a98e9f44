"""The fingerprint of the code behind a result: the source of its import closure, computed.

``code_fingerprint(*roots, files=())`` hashes the source of every module the ``roots``
(functions, classes, modules or dotted module names) import, directly or through each other,
found statically in each module's syntax tree: every ``import x``, ``from x import y`` and
relative import, at any depth (an import inside a function counts), restricted to the project's
own packages (``PROJECT_PACKAGES``). Importing ``a.b`` runs ``a/__init__.py``, so parent
packages count too; ``from a import b`` counts ``a.b`` when it is a module. To that it adds the
bytes of the extra ``files`` (weights, value tables), the Python version and the versions of the
third-party distributions the closure imports (numpy, numba, ...), since results can depend on
them. Nothing is listed by hand, and the order is fixed (modules by name, files by path).

Not seen: modules loaded by name at run time (``importlib.import_module("x." + name)``); a
root that does that must pass those modules as roots too.

    code_fingerprint(mix.play.ladder.seat_trial, files=sorted(Path("mix").glob("*.init")))
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib.metadata
import importlib.util
import inspect
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import ModuleType

PROJECT_PACKAGES = ("studykit", "setgame", "catmouse", "goofspiel", "mix", "tracking")


def module_of(root) -> str:
    """The dotted module name of a function, class, module or dotted name."""
    if isinstance(root, str):
        if not root or not all(part.isidentifier() for part in root.split(".")):
            raise ValueError(f"a root must be a dotted module name, got {root!r}")
        return root
    if isinstance(root, ModuleType):
        return root.__name__
    name = getattr(root, "__module__", None)
    if (inspect.isfunction(root) or inspect.isclass(root) or inspect.ismethod(root)) and name:
        return name
    raise TypeError("a root must be a function, class, module or dotted module name, "
                    f"got {type(root).__name__}")


def package_dirs(search: Sequence[str | Path] | None = None) -> dict[str, Path]:
    """The folder of each project package: found in ``search`` folders when given, else where
    Python would import it from."""
    found = {}
    for package in PROJECT_PACKAGES:
        if search is not None:
            folder = next((Path(s) / package for s in search
                           if (Path(s) / package / "__init__.py").is_file()), None)
        else:
            spec = importlib.util.find_spec(package)
            locations = spec.submodule_search_locations if spec else None
            folder = Path(next(iter(locations))) if locations else None
        if folder is not None:
            found[package] = folder
    return found


def project_file(name: str, dirs: dict[str, Path]) -> Path | None:
    """The source file of project module ``name`` (a package's ``__init__.py``), or None."""
    top, *rest = name.split(".")
    if top not in dirs:
        return None
    base = dirs[top].joinpath(*rest)
    for candidate in (base / "__init__.py", base.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def root_file(name: str, dirs: dict[str, Path]) -> Path:
    """The source file of a root module, inside the project or not."""
    path = project_file(name, dirs)
    if path is None:
        module = sys.modules.get(name)
        origin = getattr(module, "__file__", None)
        if origin is None:
            spec = importlib.util.find_spec(name)
            origin = spec.origin if spec else None
        if origin is None or not origin.endswith(".py"):
            raise ValueError(f"no Python source found for module {name!r}")
        path = Path(origin)
    return path


def imported_names(tree: ast.AST, name: str, is_package: bool) -> set[str]:
    """Every module name an import statement anywhere in ``tree`` may load (with the names
    imported from a module, which may be submodules)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = name.split(".") if is_package else name.split(".")[:-1]
                parts = parts[:len(parts) - (node.level - 1)] if node.level > 1 else parts
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            if base:
                names.add(base)
                names.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


@functools.lru_cache(maxsize=4096)
def imports_of(source: bytes, name: str, is_package: bool) -> frozenset[str]:
    """``imported_names`` of a module's source (remembered: the same source parses once)."""
    return frozenset(imported_names(ast.parse(source), name, is_package))


def with_parents(name: str) -> list[str]:
    """``a.b.c`` -> ``a``, ``a.b``, ``a.b.c``: importing a module runs its packages first."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def import_closure(*roots, search: Sequence[str | Path] | None = None
                   ) -> tuple[dict[str, Path], set[str]]:
    """The project modules the roots load (name -> file, roots included) and the top-level
    names of the other modules they import."""
    dirs = package_dirs(search)
    todo = [module_of(root) for root in roots]
    root_names = set(todo)
    files: dict[str, Path] = {}
    outside: set[str] = set()
    while todo:
        name = todo.pop()
        if name in files:
            continue
        path = root_file(name, dirs) if name in root_names else project_file(name, dirs)
        if path is None:
            continue
        files[name] = path
        for imported in imports_of(path.read_bytes(), name, path.name == "__init__.py"):
            if imported.split(".")[0] in PROJECT_PACKAGES:
                todo.extend(with_parents(imported))
            else:
                outside.add(imported.split(".")[0])
        todo.extend(p for p in with_parents(name)[:-1] if p.split(".")[0] in PROJECT_PACKAGES)
    return files, outside


@functools.lru_cache(maxsize=1)
def distributions_of_modules() -> dict[str, tuple[str, ...]]:
    """Top-level module name -> the installed distributions providing it."""
    return {k: tuple(sorted(set(v))) for k, v in importlib.metadata.packages_distributions().items()}


@functools.lru_cache(maxsize=256)
def version_of(distribution: str) -> str:
    """The installed version of a distribution."""
    return importlib.metadata.version(distribution)


def third_party_versions(modules: Iterable[str]) -> list[str]:
    """``name==version`` of the installed distributions behind ``modules`` (stdlib left out;
    a module not installed is listed as absent)."""
    found = set()
    for module in modules:
        if module in sys.stdlib_module_names or module == "__future__":
            continue
        dists = distributions_of_modules().get(module)
        if not dists:
            found.add(f"{module} absent" if importlib.util.find_spec(module) is None
                      else f"{module} (no distribution)")
            continue
        for dist in dists:
            found.add(f"{dist}=={version_of(dist)}")
    return sorted(found)


def code_fingerprint(*roots, files: Iterable[str | Path] = (),
                     search: Sequence[str | Path] | None = None) -> str:
    """A hash of the source of the roots' import closure, the bytes of ``files``, the Python
    version and the versions of the third-party distributions the closure imports.

    ``search``: folders holding the project's packages (default: where Python imports them
    from); tests use it to fingerprint a copy of the tree.
    """
    if not roots:
        raise ValueError("code_fingerprint needs at least one root (function, class or module)")
    if isinstance(files, (str, Path)):
        raise TypeError("files must be a list of paths, not one path")
    modules, outside = import_closure(*roots, search=search)
    digest = hashlib.sha256()
    digest.update(f"python {sys.version}\n".encode())
    for line in third_party_versions(outside):
        digest.update(f"uses {line}\n".encode())
    for name in sorted(modules):
        source = modules[name].read_bytes()
        digest.update(f"module {name} {len(source)}\n".encode() + source)
    for path in sorted(map(Path, files), key=str):
        data = path.read_bytes()
        digest.update(f"file {path.name} {len(data)}\n".encode() + data)
    return digest.hexdigest()[:20]
