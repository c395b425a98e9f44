"""The adopted run times as text: the table in README.md and docs/REPORT.md, and one line in
each notebook's introduction, all written by ``make report`` from ``docs/runtimes.json``
(``studykit.runtimes``) and kept equal to it by ``tests/test_studykit_runtimes.py``.

README.md holds the table between ``<!-- runtimes -->`` and ``<!-- /runtimes -->``; a notebook's
first Markdown cell (and its jupytext twin) ends with one line between ``<!-- runtime -->`` and
``<!-- /runtime -->``, added the first time.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat

from studykit.paths import write_atomic
from studykit.runtimes import ADOPTED, ROOT, adopted

TABLE = re.compile(r"(<!-- runtimes -->\n).*?(<!-- /runtimes -->)", re.DOTALL)
LINE = re.compile(r"<!-- runtime -->.*?<!-- /runtime -->", re.DOTALL)


def minutes(seconds: float) -> str:
    """Seconds as the reader wants them: ``48 s`` below two minutes, else ``4.2 min``."""
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.1f} min"


def by_notebook(record: dict | None) -> dict[str, dict]:
    return {r["notebook"]: r for r in (record or {}).get("notebooks", [])}


def summary(runs: dict[str, dict]) -> str:
    """One sentence: what the full (and quick) reproduction took, where and when."""
    parts = []
    for mode in ("full", "quick"):
        if mode in runs:
            rows = runs[mode]["notebooks"]
            wall, cpu = sum(r["wall_s"] for r in rows), sum(r["cpu_s"] for r in rows)
            parts.append(f"in {mode} mode {minutes(wall)} of notebooks ({minutes(cpu)} of CPU; "
                         f"started {runs[mode]['started']} on {runs[mode]['cores']} cores)")
    if not parts:
        return "No complete `make reproduce` run has been adopted yet."
    return ("One `make reproduce` from a clean clone with nothing else running took "
            + "; ".join(parts) + ".")


def table(runs: dict[str, dict]) -> str:
    """The per-notebook table (Markdown) with the summary sentence above it."""
    full, quick = by_notebook(runs.get("full")), by_notebook(runs.get("quick"))
    names = sorted({*full, *quick})
    lines = [summary(runs)]
    if names:
        lines += ["", "| notebook | full: wall | full: CPU | load average at end | quick: wall |",
                  "|---|---:|---:|---:|---:|"]
        for name in names:
            f, q = full.get(name), quick.get(name)
            cells = [name, *([minutes(f["wall_s"]), minutes(f["cpu_s"]), f"{f['load_end']:.1f}"]
                             if f else ["-"] * 3), minutes(q["wall_s"]) if q else "-"]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def notebook_line(name: str, runs: dict[str, dict]) -> str:
    """The marked line a notebook's introduction ends with."""
    times = [f"{minutes(by_notebook(runs[m])[name]['wall_s'])} at {m} settings"
             if m == "full" else f"{minutes(by_notebook(runs[m])[name]['wall_s'])} in quick mode"
             for m in ("full", "quick") if name in by_notebook(runs.get(m))]
    text = (f"*Run time:* {', '.join(times)} (measured in one `make reproduce`, "
            f"{(runs.get('full') or runs.get('quick'))['cores']} cores)." if times
            else "*Run time:* not measured yet.")
    return f"<!-- runtime -->{text}<!-- /runtime -->"


def with_line(source: str, line: str, comment: str = "") -> str:
    """``source`` (a Markdown cell, or its commented twin) ending in ``line``, replaced if there."""
    if LINE.search(source):
        return LINE.sub(lambda _: line, source, count=1)
    return source.rstrip("\n") + f"\n{comment.rstrip()}\n{comment}{line}"


def write_notebook_line(path: Path, line: str) -> bool:
    """Put ``line`` at the end of the notebook's first Markdown cell and its jupytext twin's;
    True when a file changed."""
    notebook = nbformat.read(path, as_version=4)
    cell = next((c for c in notebook.cells if c.cell_type == "markdown"), None)
    if cell is None:
        raise ValueError(f"{path.name}: no Markdown cell to state its run time in")
    changed = False
    new = with_line(cell.source, line)
    if new != cell.source:
        cell.source = new
        write_atomic(path, nbformat.writes(notebook) + "\n")
        changed = True
    twin = path.with_suffix(".py")
    if twin.exists():
        text = twin.read_text()
        start = text.index("# %% [markdown]\n")
        end = text.find("\n# %%", start + 1)
        end = len(text) if end < 0 else end
        block = text[start:end].rstrip("\n")
        new_block = with_line(block, line, comment="# ")
        if new_block != block:
            twin.write_text(text[:start] + new_block + text[start + len(block):])
            changed = True
    return changed


def write_all(readme: Path = ROOT / "README.md", folder: Path = ROOT / "notebooks",
              source: Path = ADOPTED) -> list[str]:
    """README's table and every notebook's line from ``source``; the files changed."""
    runs = adopted(source)
    changed = []
    text = Path(readme).read_text()
    if not TABLE.search(text):
        raise ValueError(f"{readme}: no `<!-- runtimes -->` ... `<!-- /runtimes -->` block")
    new = TABLE.sub(lambda m: m.group(1) + table(runs) + "\n" + m.group(2), text, count=1)
    if new != text:
        write_atomic(Path(readme), new)
        changed.append(str(readme))
    for path in sorted(Path(folder).glob("*.ipynb")):
        if write_notebook_line(path, notebook_line(path.stem, runs)):
            changed.append(path.name)
    return changed
