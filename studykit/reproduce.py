"""``python -m studykit.reproduce``: execute every notebook headless and write results/REPORT.md.

Executed notebooks go to ``results/notebooks/``, figures and GIFs to ``results/figures/`` and
``results/gifs/``, claims to ``results/claims/``. With GAMEAI_QUICK=1 every notebook runs its
quick mode.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

from studykit.quick import quick_mode
from studykit.report import build_report


def main(argv: list[str]) -> int:
    root = Path.cwd()
    notebooks = sorted(Path(a) for a in argv) or sorted((root / "notebooks").glob("*.ipynb"))
    if not notebooks:
        print("no notebooks found under notebooks/", file=sys.stderr)
        return 1
    import papermill

    results = root / "results"
    os.environ["GAMEAI_RESULTS"] = str(results.resolve())
    shutil.rmtree(results / "claims", ignore_errors=True)  # no stale rows from another run
    (results / "notebooks").mkdir(parents=True, exist_ok=True)
    mode = "quick" if quick_mode() else "full"
    print(f">> executing {len(notebooks)} notebooks in {mode} mode into {results}/notebooks")
    for nb in notebooks:
        start = time.perf_counter()
        print(f">> {nb.name} ...", flush=True)
        papermill.execute_notebook(str(nb), str(results / "notebooks" / nb.name),
                                   cwd=str(nb.parent), kernel_name="python3",
                                   progress_bar=False)
        print(f"   done in {time.perf_counter() - start:.1f} s", flush=True)
    build_report(results)
    print(f">> wrote {results / 'REPORT.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
