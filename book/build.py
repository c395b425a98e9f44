"""Build the book: stage the committed sources, then run Jupyter Book on them.

    python book/build.py            # writes book/_build/html/index.html

The reader's landing page (book/index.md), docs/ (report, images, GIFs) and the executed
notebooks are copied to book/_build/src/ with the table of contents; chapters whose file is
absent (docs/REPORT.md before its first `make report`) are left out. A notebook holding the
outputs of a quick run is refused. In the copies, finished progress bars become static HTML and
a live widget says it answers only in a running notebook (book/staging.py); the report page
loses the right-hand contents column so its tables have the width, and its links to notebook
sections name them as the book does (book/anchors.py). Nothing is executed and
nothing is downloaded: the scripts the pages need come from book/node_modules.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

BOOK = Path(__file__).resolve().parent
sys.path.insert(0, str(BOOK))
from anchors import book_anchors  # book/ is no package: found through sys.path
from staging import stage_widgets

from studykit.report import refuse_quick_runs

ROOT = BOOK.parent
BUILD = BOOK / "_build"
SRC = BUILD / "src"
HTML = BUILD / "html"


def present_toc(toc: dict, src: Path) -> dict:
    """The table of contents without the chapters whose file is missing from src."""
    parts = []
    for part in toc["parts"]:
        chapters = [c for c in part["chapters"] if list(src.glob(c["file"] + ".*"))]
        if chapters:
            parts.append({**part, "chapters": chapters})
    return {**toc, "parts": parts}


REPORT_HEAD = ("---\nhtml_theme.sidebar_secondary.remove: true\n---\n\n"
               "(gameai-report)=\n")   # a target for book.css; no right-hand contents column


def stage(src: Path = SRC, root: Path = ROOT) -> Path:
    """Copy the book's sources from root to src and write its table of contents there."""
    notebooks = sorted((root / "notebooks").glob("[0-9]*.ipynb"))
    refuse_quick_runs(notebooks, what="make book")
    shutil.rmtree(src, ignore_errors=True)
    (src / "notebooks").mkdir(parents=True)
    shutil.copy2(BOOK / "index.md", src / "index.md")
    shutil.copytree(root / "docs", src / "docs")
    report = src / "docs" / "REPORT.md"
    if report.exists():
        report.write_text(REPORT_HEAD + book_anchors(report.read_text()))
    for notebook in notebooks:
        nb = stage_widgets(json.loads(notebook.read_text()))
        (src / "notebooks" / notebook.name).write_text(json.dumps(nb, indent=1))
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    (src / "_toc.yml").write_text(yaml.safe_dump(present_toc(toc, src), sort_keys=False))
    return src


def build(src: Path = SRC, out: Path = BOOK) -> Path:
    """Build the HTML book from the staged sources into out/_build/html; return that folder."""
    jupyter_book = Path(sys.executable).with_name("jupyter-book")
    subprocess.run(
        [str(jupyter_book), "build", str(src), "--builder", "html", "--all", "--quiet",
         "--config", str(BOOK / "_config.yml"), "--toc", str(src / "_toc.yml"),
         "--path-output", str(out)],
        check=True,
    )
    return out / "_build" / "html"


if __name__ == "__main__":
    try:
        staged = stage()
    except ValueError as error:
        sys.exit(f"book/build.py: {error}")
    print(f">> book written to {build(staged)}/index.html")
