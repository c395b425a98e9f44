"""The working copy `make lab` opens: JupyterLab never writes into the committed notebooks.

    python book/lab.py [lab]        # copies notebooks/NN_*.ipynb into lab/ (default)

Each committed notebook is copied into the folder once, the first time; a copy already there is
yours and is kept (delete it, or the folder, to start again from the committed notebook). The
copies drop their jupytext pairing, so Lab neither writes a .py twin beside them nor lists each
notebook twice. The folder ignores itself (its own .gitignore), so git never sees it.
"""

import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def unpaired(text: str) -> str:
    """A notebook's JSON without its jupytext pairing (metadata.jupytext)."""
    nb = json.loads(text)
    nb.get("metadata", {}).pop("jupytext", None)
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def prepare(lab: Path, notebooks: Path = ROOT / "notebooks") -> tuple[list[Path], list[Path]]:
    """Copy each committed notebook not yet in lab there; returns (copied, kept)."""
    lab = Path(lab)
    if lab.resolve() == Path(notebooks).resolve():
        raise ValueError(f"lab must be a folder of its own, not {notebooks}")
    lab.mkdir(parents=True, exist_ok=True)
    (lab / ".gitignore").write_text("# make lab's working copies of the notebooks: never committed\n*\n")
    copied, kept = [], []
    for source in sorted(Path(notebooks).glob("[0-9]*.ipynb")):
        target = lab / source.name
        if target.exists():
            kept.append(target)
            continue
        target.write_text(unpaired(source.read_text()))
        shutil.copystat(source, target)
        copied.append(target)
    return copied, kept


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "lab"
    copied, kept = prepare(folder)
    print(f">> JupyterLab works on copies in {folder}/ ({len(copied)} copied from notebooks/"
          + (f", {len(kept)} of yours kept: delete one to start again from its committed "
             "notebook" if kept else "") + "); the committed notebooks are never written")
