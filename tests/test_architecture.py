"""The layout rules of the six packages, checked statically (the source is parsed, never imported):

- no import circle among their modules (imports inside functions count);
- no module-level function or method longer than ``FUNCTION_LINES`` lines, except a compiled
  kernel whose docstring starts with ``KERNEL_MARK`` (numba's restricted style makes some long);
- no module longer than ``MODULE_LINES`` lines (the house style: small modules of one idea);
- docs/architecture.md lists every module of every package (``__init__.py`` aside), in its
  package's section, and lists no module that does not exist.

Where the code breaks a rule today, the break is written down in ``KNOWN`` below, and each test
asserts that the breaks it finds are EXACTLY the known ones: a new break fails the test, and so
does fixing a known one without deleting its entry. Whoever fixes one deletes its line here.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("catmouse", "goofspiel", "mix", "setgame", "tracking", "studykit")
ARCHITECTURE = ROOT / "docs" / "architecture.md"
FUNCTION_LINES = 80
MODULE_LINES = 300
KERNEL_MARK = "Compiled kernel"

# The breaks of the rules in the code today. An import circle is the sorted tuple of its modules;
# a function is "path::name" ("path::Class.method" for a method), with its length in lines; a
# module is its path. Delete an entry when you fix it; never add one for new code.
KNOWN = {
    "import circles": set(),
    "long functions": set(),
    "long modules": set(),
    "modules not listed in docs/architecture.md": set(),
    "modules listed in docs/architecture.md that do not exist": set(),
    # public calls whose reader's path is over its limit in READER_PATHS (issue 42)
    "reader's paths over their limit": set(),
}

# The reader's path from a notebook's call to the algorithm: the module that defines the public
# function (its plain module) and the package modules it imports, statically, function-level
# imports included, ``fast/`` subpackages and other packages (studykit) not counted. Each entry:
# public name -> (most other package modules, most lines in all, the defining module included).
READER_PATHS = {
    "catmouse.train_tabular": (4, 600),
    "mix.train": (7, 1500),
    "goofspiel.evolve": (3, 800),
}


def modules() -> dict[str, Path]:
    """Every module of the six packages: dotted name -> file (a package's ``__init__.py`` is the
    package's name)."""
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = path
    return out


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imported(tree: ast.Module, name: str, is_package: bool) -> set[str]:
    """Every dotted name an ``import`` anywhere in ``tree`` (the module ``name``) may load:
    ``from a.b import c`` gives ``a.b`` and ``a.b.c``; relative imports are resolved."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".")
                keep = len(parts) - node.level + (1 if is_package else 0)
                base = ".".join(parts[:keep] + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the packages it imports. As in the project's stop hook, imports
    of a package's ``__init__`` and of the module's own enclosing packages are left out (a
    package importing its submodules is not a circle)."""
    mods = modules()
    graph = {}
    for name, path in mods.items():
        targets = imported(parse(path), name, path.name == "__init__.py")
        graph[name] = {t for t in targets if t in mods and t != name
                       and not name.startswith(t + ".") and mods[t].name != "__init__.py"}
    return graph


def circles(graph: dict[str, set[str]]) -> set[tuple[str, ...]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), set()
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.add(tuple(sorted(group)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def functions(tree: ast.Module):
    """(qualified name, node) of every module-level function and every method of a
    module-level class."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{node.name}.{item.name}", item


def is_kernel(node) -> bool:
    """A documented compiled kernel: its docstring starts with ``KERNEL_MARK``."""
    return (ast.get_docstring(node) or "").startswith(KERNEL_MARK)


def long_functions() -> dict[str, int]:
    """"path::name" -> lines, for every function over ``FUNCTION_LINES`` lines (decorators and
    docstring included) that is not a documented compiled kernel."""
    out = {}
    for path in modules().values():
        for name, node in functions(parse(path)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            length = node.end_lineno - first + 1
            if length > FUNCTION_LINES and not is_kernel(node):
                out[f"{path.relative_to(ROOT).as_posix()}::{name}"] = length
    return out


def long_modules() -> dict[str, int]:
    """path -> lines, for every module over ``MODULE_LINES`` lines."""
    out = {}
    for path in modules().values():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MODULE_LINES:
            out[path.relative_to(ROOT).as_posix()] = lines
    return out


ROW = re.compile(r"^\|\s*`([^`]+\.py)`\s*\|")


def listed_modules(text: str) -> set[str]:
    """The module paths docs/architecture.md lists: the first cell of each table row in a
    ``## <package>`` section, relative to the package (``exact/solve.py``)."""
    out, package = set(), None
    for line in text.splitlines():
        if line.startswith("## "):
            title = line[3:].strip()
            package = title if title in PACKAGES else None
        elif package and (match := ROW.match(line.strip())):
            out.add(f"{package}/{match.group(1)}")
    return out


def package_modules() -> set[str]:
    """The paths of every module that should be listed (``__init__.py`` files aside)."""
    return {p.relative_to(ROOT).as_posix() for p in modules().values() if p.name != "__init__.py"}


def same_as_known(kind: str, found, how_to_fix: str) -> None:
    known = KNOWN[kind]
    new, fixed = set(found) - set(known), set(known) - set(found)
    message = []
    if new:
        message.append(f"new {kind} (fix them: {how_to_fix}):\n  " + "\n  ".join(map(str, sorted(new))))
    if fixed:
        message.append(f"fixed {kind}: delete them from KNOWN[{kind!r}] in tests/test_architecture.py:"
                       "\n  " + "\n  ".join(map(str, sorted(fixed))))
    assert not message, "\n".join(message)


def test_no_new_import_circle():
    same_as_known("import circles", circles(import_graph()),
                  "move the shared piece into a module both can import")


def test_no_new_long_function():
    found = long_functions()
    same_as_known("long functions", found,
                  f"split into named steps of at most {FUNCTION_LINES} lines, or, for a numba "
                  f"kernel, start its docstring with {KERNEL_MARK!r} and say why it is one piece")


def test_no_new_long_module():
    same_as_known("long modules", long_modules(),
                  f"split the module by its ideas, each under {MODULE_LINES} lines")


def test_architecture_lists_every_module():
    listed = listed_modules(ARCHITECTURE.read_text(encoding="utf-8"))
    same_as_known("modules not listed in docs/architecture.md", package_modules() - listed,
                  "add a row `| `module.py` | what it holds |` to its package's section")
    same_as_known("modules listed in docs/architecture.md that do not exist", listed - package_modules(),
                  "delete or rename the row")


def is_fast(module: str) -> bool:
    """Whether a dotted module name lies in a ``fast/`` subpackage."""
    return "fast" in module.split(".")[1:-1] or module.split(".")[-1] == "fast"


def reader_path(public: str) -> tuple[str, set[str]]:
    """(the module defining ``public``, the package modules it imports transitively), found from
    the package's ``__init__`` (its lazy table or its imports) and the import graph."""
    package, name = public.split(".", 1)
    mods = modules()
    home = None
    for module, path in mods.items():
        if module.split(".")[0] != package or path.name == "__init__.py":
            continue
        tree = parse(path)
        if any(isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == name
               for n in tree.body):
            home = module if home is None or len(module) < len(home) else home
    assert home is not None, f"{public} is defined in no module of {package}"
    graph, seen, todo = import_graph(), set(), [home]
    while todo:
        for target in graph[todo.pop()]:
            if target.split(".")[0] == package and not is_fast(target) and target not in seen \
                    and target != home:
                seen.add(target)
                todo.append(target)
    return home, seen


def reader_paths_over() -> dict[str, str]:
    """Public name -> what its reader's path is, for every READER_PATHS entry over its limit."""
    out, mods = {}, modules()
    for public, (most, lines) in READER_PATHS.items():
        home, seen = reader_path(public)
        total = sum(len(mods[m].read_text(encoding="utf-8").splitlines()) for m in seen | {home})
        if len(seen) > most or total > lines:
            out[public] = f"{home} imports {len(seen)} modules, {total} lines in all"
    return out


def test_no_new_long_reader_path():
    same_as_known("reader's paths over their limit", reader_paths_over(),
                  "keep the algorithm's plain module free of what it does not need; move the "
                  "rest (measurement, caching, speed-ups) beside it or to fast/")


# --- the checks themselves, on small made-up code ----------------------------------------------


def test_circles_are_found_and_lone_modules_are_not():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set(), "f": {"f"}}
    assert circles(graph) == {("a", "b", "c")}


def test_imports_inside_functions_and_relative_ones_count():
    tree = ast.parse("def f():\n    from mix import search\n    import mix.board\nfrom .x import y\n")
    found = imported(tree, "mix.agents", False)
    assert {"mix.search", "mix.board", "mix.x", "mix.x.y"} <= found
    assert "mix.pkg.x" in imported(ast.parse("from .x import y\n"), "mix.pkg", True)


def test_long_functions_are_measured_and_kernels_marked():
    body = "\n".join(f"    x{i} = {i}" for i in range(FUNCTION_LINES))
    tree = ast.parse(f"def long():\n{body}\n\n@jit\ndef kernel():\n    '''{KERNEL_MARK}: one loop.'''\n"
                     f"{body}\n\nclass A:\n    def m(self):\n        pass\n")
    found = {name: node.end_lineno - node.lineno + 1 for name, node in functions(tree)}
    assert found["long"] == FUNCTION_LINES + 1 and found["A.m"] == 2
    kernels = {name for name, node in functions(tree) if is_kernel(node)}
    assert kernels == {"kernel"}


def test_listed_modules_reads_only_the_packages_tables():
    text = ("# Architecture\n| `nothing.py` | x |\n## mix\n| module | holds |\n|---|---|\n"
            "| `board.py` | the board |\n| `solve/deep.py` | y |\n## Elsewhere\n| `other.py` | z |\n")
    assert listed_modules(text) == {"mix/board.py", "mix/solve/deep.py"}
