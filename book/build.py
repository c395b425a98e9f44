"""Build the book: stage the committed sources, then run Jupyter Book on them.

    python book/build.py            # writes book/_build/html/index.html

The README (front page), docs/ (report, images, GIFs) and the executed notebooks are
copied to book/_build/src/ with the table of contents; chapters whose file is absent
(docs/REPORT.md before its first `make report`) are left out. Nothing is executed and
nothing is downloaded: the scripts the pages need come from book/node_modules.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import yaml

BOOK = Path(__file__).resolve().parent
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


def stage(src: Path = SRC) -> Path:
    """Copy the book's sources to src and write its table of contents there."""
    shutil.rmtree(src, ignore_errors=True)
    (src / "notebooks").mkdir(parents=True)
    shutil.copy2(ROOT / "README.md", src / "README.md")
    shutil.copytree(ROOT / "docs", src / "docs")
    for notebook in sorted((ROOT / "notebooks").glob("[0-9]*.ipynb")):
        shutil.copy2(notebook, src / "notebooks" / notebook.name)
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
    print(f">> book written to {build(stage())}/index.html")
