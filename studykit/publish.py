"""``python -m studykit publish [NAME ...]`` (``make publish``): copy the GIFs a full run made for
the docs from ``results/gifs/publish/`` to ``docs/gifs/``.

A run never writes ``docs/``: ``save_gif(..., publish=True)`` leaves the GIF (at least 480 px
wide) and a record of the mode it was made in under ``results/``. This command is the one
explicit step that updates the committed GIFs, and it refuses any GIF made in quick mode, too
narrow, without a readable record, or changed since it was recorded. It exits 1 when it refused
one (the others are still copied), 0 otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from studykit.animation import MIN_DOCS_WIDTH, PUBLISH

ROOT = Path(__file__).resolve().parent.parent
DOCS_GIFS = ROOT / "docs" / "gifs"


def why_not(gif: Path) -> str | None:
    """Why ``gif`` may not be published, or None when it may."""
    record_path = gif.with_suffix(".json")
    try:
        record = json.loads(record_path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        return f"no readable record of the run that made it ({type(error).__name__})"
    if not isinstance(record, dict) or record.get("quick") is not False \
            or record.get("mode") != "full":
        return "made in quick mode: rerun its notebook at full settings (GAMEAI_QUICK unset)"
    width = record.get("width")
    if isinstance(width, bool) or not isinstance(width, int) or width < MIN_DOCS_WIDTH:
        return f"{width} px wide, less than the {MIN_DOCS_WIDTH} px the docs need"
    if record.get("sha256") != hashlib.sha256(gif.read_bytes()).hexdigest():
        return "the GIF changed since its run recorded it"
    return None


def publish(results: Path, docs: Path, names: Sequence[str] = ()) -> tuple[list[str], dict]:
    """Copy the publishable GIFs (all, or those named) from ``results`` to ``docs``; return the
    names copied and ``{name: why}`` for those refused."""
    folder = Path(results) / "gifs" / PUBLISH
    found = {p.stem: p for p in sorted(folder.glob("*.gif"))}
    missing = sorted(set(names) - set(found))
    if missing:
        raise SystemExit(f"no GIF made for the docs named {missing} under {folder} "
                         f"(found: {', '.join(found) or 'none'})")
    copied, refused = [], {}
    for name, gif in found.items():
        if names and name not in names:
            continue
        why = why_not(gif)
        if why:
            refused[name] = why
            continue
        Path(docs).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(gif, Path(docs) / gif.name)
        copied.append(name)
    return copied, refused


def main(argv: Sequence[str] | None = None) -> int:
    from studykit.paths import results_dir

    parser = argparse.ArgumentParser(
        prog="python -m studykit publish",
        description="Copy the GIFs a full run made for the docs from results/ to docs/gifs/ "
                    "(quick-mode GIFs are refused).")
    parser.add_argument("names", nargs="*", help="GIF names (default: every one made)")
    parser.add_argument("--results", type=Path, default=None,
                        help="the results folder (default: results/, or GAMEAI_RESULTS)")
    parser.add_argument("--docs", type=Path, default=DOCS_GIFS,
                        help="where the published GIFs go (default: docs/gifs/)")
    args = parser.parse_args(argv)
    results = args.results if args.results is not None else results_dir()
    copied, refused = publish(results, args.docs, args.names)
    for name in copied:
        print(f"published {args.docs / name}.gif")
    for name, why in refused.items():
        print(f"refused {name}.gif: {why}")
    if not copied and not refused:
        print(f"nothing to publish: no GIF under {Path(results) / 'gifs' / PUBLISH}")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
