"""The reproduction report, built from executed notebooks without re-running them.

A notebook ends with ``record_claims(study, notebook, claims, setting=...)`` and
``record_inventory(study, notebook, items)``. Each displays its table for the reader and stores
the rows in the cell's output under the MIME type ``application/vnd.gameai.report+json``, so
the committed notebook itself carries them. ``python -m studykit`` (``make report``) reads those outputs
back (and each notebook's papermill run time) and writes ``docs/REPORT.md``: a headline
counting the rows by kind, apart (``studykit.claimtable``), one summary, then per study the
article inventory and the claims, counted the same way. No central list to edit.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from pathlib import Path

from studykit.claimchecks import claim_text
from studykit.claims import VARIANT, Claim, Setting
from studykit.claimtable import (
    HEADER,
    READINGS,
    SAMPLING_RULE,
    SOURCES,
    STATUS_LEGEND,
    counts_text,
    headline,
    markdown_table,
    readings_text,
    row_record,
    table_rows,
)
from studykit.inventory import Item
from studykit.paths import write_atomic
from studykit.quick import quick_mode
from studykit.runtime_text import table as runtime_table
from studykit.runtimes import adopted

MIME = "application/vnd.gameai.report+json"
ROOT = Path(__file__).resolve().parent.parent
def _publish(payload: dict, markdown: str) -> None:
    """Show ``markdown`` in a notebook and store ``payload`` beside it (no-op outside IPython)."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover - ipython is a dependency
        return
    if get_ipython() is None:
        return
    display({MIME: payload, "text/markdown": markdown}, raw=True)


def record_claims(study: str, notebook: str, claims: Sequence[Claim], *,
                  setting: Setting | None = None) -> list[Claim]:
    """Show a notebook's claims as a table and store them in its output for the report.

    ``setting`` (from ``compare_setting``) marks a run whose setting is not the article's as a
    variant. Returns the claims, so the list can be inspected further.
    """
    study, notebook = claim_text(study, "study", empty=False), claim_text(notebook, "notebook",
                                                                         empty=False)
    if setting is not None and not isinstance(setting, Setting):
        raise TypeError(f"setting must be a Setting (compare_setting's) or None, got "
                        f"{type(setting).__name__}")
    if isinstance(claims, (str, bytes, Claim)) or not isinstance(claims, Iterable):
        raise TypeError(f"claims must be a list of Claim rows, got {type(claims).__name__}")
    claims = list(claims)
    if not claims:
        raise ValueError("record_claims needs at least one claim")
    if not all(isinstance(c, Claim) for c in claims):
        raise TypeError("record_claims takes Claim rows (see studykit.claims)")
    variant = list(setting.differences) if setting is not None else []
    payload = {"kind": "claims", "study": study, "notebook": notebook, "quick": quick_mode(),
               "variant": variant, "reference": setting.label if setting is not None else "article",
               "rows": [row_record(c) for c in claims]}
    header = f"**Variant run**: {'; '.join(variant)}\n\n" if variant else ""
    _publish(payload, header + markdown_table(HEADER, table_rows(payload["rows"])))
    return claims


def reference_name(rows: Sequence[dict]) -> str:
    """How a report names the setting of claim records run at their reference: "article's", or
    e.g. "default" for constants the article does not fix (records before the reference was
    stored count as the article's)."""
    labels = {r.get("reference", "article") for r in rows}
    return ", ".join("article's" if x == "article" else x for x in sorted(labels))


def record_inventory(study: str, notebook: str, items: Sequence[Item]) -> list[Item]:
    """Show the article items this notebook covers (or gives a reason for) and store them."""
    items = list(items)
    if not items or not all(isinstance(i, Item) for i in items):
        raise ValueError("record_inventory needs at least one Item (see studykit.inventory)")
    check_sections(items, notebook_headings(notebook))
    payload = {"kind": "inventory", "study": study, "notebook": notebook, "quick": quick_mode(),
               "rows": [asdict(i) for i in items]}
    _publish(payload, markdown_table(("article item", "kind", "where we reproduce it", "why not"),
                             [(i.item, i.kind, i.section, i.reason) for i in items]))
    return items


def notebook_headings(notebook: str) -> set[str] | None:
    """The Markdown headings (text after the #s) of ``notebooks/<notebook>.ipynb``, or None
    when that file is not there (a notebook run from elsewhere is not checked)."""
    path = ROOT / "notebooks" / f"{notebook}.ipynb"
    if not path.is_file():
        return None
    cells = json.loads(path.read_text()).get("cells", [])
    return {line.lstrip("#").strip() for cell in cells if cell.get("cell_type") == "markdown"
            for line in "".join(cell.get("source", "")).splitlines()
            if line.startswith("#") and line.lstrip("#").startswith(" ")}


def check_sections(items: Sequence[Item], headings: set[str] | None) -> None:
    """Refuse an item whose section is not one of the notebook's headings (None: not checked)."""
    if headings is None:
        return
    wrong = sorted({i.section for i in items if i.section and i.section not in headings})
    if wrong:
        raise ValueError(f"inventory sections {wrong} are not headings of the notebook; its "
                         f"headings are {sorted(headings)}")


def heading_slug(heading: str) -> str:
    """The anchor of a Markdown heading, as GitHub and the book (MyST heading anchors) make it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def section_link(notebook: str, heading: str, text: str = "") -> str:
    """A Markdown link from docs/REPORT.md to a section of ``notebooks/<notebook>.ipynb``."""
    anchor = f"#{heading_slug(heading)}" if heading else ""
    return f"[{text or notebook}](../notebooks/{notebook}.ipynb{anchor})"


def _headed(cells: Sequence[dict]) -> list[dict]:
    """Each stored report payload, with the last Markdown heading above its cell ("heading")."""
    records, heading = [], ""
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            lines = "".join(cell.get("source", "")).splitlines()
            heading = next((x.lstrip("#").strip() for x in reversed(lines)
                            if x.startswith("#") and x.lstrip("#").startswith(" ")), heading)
        elif cell.get("cell_type") == "code":
            records += [{**out["data"][MIME], "heading": heading}
                        for out in cell.get("outputs", []) if MIME in out.get("data", {})]
    return records


def read_records(path: Path) -> tuple[list[dict], dict]:
    """The report payloads stored in an executed notebook (each with the heading of its
    section, "heading"), and its papermill metadata."""
    try:
        nb = json.loads(Path(path).read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path}: not a readable notebook ({error})") from None
    if not isinstance(nb, dict):
        raise ValueError(f"{path}: not a notebook (no JSON object)")  # noqa: TRY004 (file content)
    return _headed(nb.get("cells", [])), nb.get("metadata", {}).get("papermill", {})


def recorded_mode(records: Sequence[dict]) -> str:
    """The mode a notebook's run recorded (in the kernel, when its tables were made): "quick",
    "full", or "not recorded" when no table says."""
    modes = {r["quick"] for r in records if isinstance(r.get("quick"), bool)}
    return "quick" if True in modes else "full" if modes else "not recorded"


def refuse_quick_runs(notebooks: Sequence[Path], what: str = "make report") -> None:
    """Refuse notebooks whose stored outputs came from a quick run (a smoke test, not the
    experiment): a ValueError naming each one and how to get its full outputs back."""
    quick = [str(nb) for nb in notebooks if recorded_mode(read_records(nb)[0]) == "quick"]
    if quick:
        raise ValueError(
            f"{what} refuses notebooks whose outputs came from a quick run (GAMEAI_QUICK): "
            f"{', '.join(quick)}. Restore the committed outputs with `git checkout -- "
            f"{' '.join(quick)}`, or re-execute at full settings (`make notebooks`); "
            "work in JupyterLab through `make lab`, which edits copies under lab/.")


def _duration(meta: dict) -> str:
    seconds = meta.get("duration")
    return f"{seconds:,.0f} s" if isinstance(seconds, (int, float)) else "not recorded"


def build_report(notebooks: Sequence[Path], *, title: str = "Did it reproduce?",
                 note: str = "") -> str:
    """The report (Markdown) from the stored outputs of ``notebooks``, in the given order."""
    summary, claims, inventory, seconds, every = [], {}, {}, 0.0, []
    for path in notebooks:
        records, meta = read_records(path)
        name = Path(path).stem
        rows = [r for r in records if r["kind"] == "claims"]
        every += [c for r in rows for c in r["rows"]]
        mode = recorded_mode(records)
        variant = ("; ".join(d for r in rows for d in r["variant"]) or reference_name(rows)
                   ) if rows else "-"
        if isinstance(meta.get("duration"), (int, float)):
            seconds += meta["duration"]
        summary.append((name, mode, variant, (meta.get("end_time") or "")[:10] or "not recorded",
                        _duration(meta), counts_text([c for r in rows for c in r["rows"]])))
        for r in records:
            target = claims if r["kind"] == "claims" else inventory
            target.setdefault(r["study"], []).extend((name, r["heading"], row)
                                                     for row in r["rows"])
    lines = [f"# {title}", ""]
    if note:
        lines += [note, ""]
    lines += [f"**Headline.** {headline(every)}", "",
              "Statuses: " + "; ".join(f"*{k}*: {v}" for k, v in STATUS_LEGEND.items()) + ".",
              "", SOURCES, "", SAMPLING_RULE, "", READINGS, "", "## Notebooks", "",
              markdown_table(("notebook", "mode", "setting", "executed", "run time", "claims"), summary),
              "", f"Total recorded run time: {seconds / 60:,.1f} min.", ""]
    for study in dict.fromkeys([*inventory, *claims]):
        lines += [f"## {study}", "", "### What the article contains", ""]
        items = inventory.get(study, [])
        lines += [markdown_table(("article item", "kind", "where we reproduce it", "why not"),
                         [(i["item"], i["kind"], section_link(nb, i["section"],
                                                              f"{nb} § {i['section']}")
                           if i["section"] else "", i["reason"]) for nb, _, i in items])
                  if items else "No inventory recorded.",
                  "", "### Claims", ""]
        rows = claims.get(study, [])
        study_rows = [c for _, _, c in rows]
        readings = readings_text(study_rows)
        lines += [f"Counted apart: {counts_text(study_rows)}." + (f" {readings}." if readings
                                                                   else ""), "",
                  markdown_table((*HEADER, "notebook"), table_rows(
                      study_rows, [(section_link(nb, heading),) for nb, heading, _ in rows])),
                  ""] if rows else ["No claims recorded.", ""]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m studykit",
        description="Write the reproduction report from executed notebooks (no re-execution).")
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="executed notebooks (default: the committed notebooks/*.ipynb)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "REPORT.md",
                        help="where to write the report (default: docs/REPORT.md)")
    parser.add_argument("--refuse-quick", action="store_true",
                        help="write nothing; exit 2 naming each notebook whose outputs came from "
                             "a quick run (`make report` checks this first)")
    args = parser.parse_args(argv)
    notebooks = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    if not notebooks:
        parser.error("no notebooks given or found under notebooks/")
    if args.refuse_quick:
        try:
            refuse_quick_runs(notebooks)
        except ValueError as error:
            parser.exit(2, f"{error}\n")
        return 0
    quick = [Path(nb).stem for nb in notebooks if recorded_mode(read_records(nb)[0]) == "quick"]
    text = build_report(notebooks, note=(
        "Built by `make report` (`python -m studykit`) from the outputs of the committed "
        "notebooks; nothing is re-run. Each notebook's mode is the one its run recorded: "
        + (f"{len(quick)} ran in quick mode ({', '.join(quick)}), so their numbers are a smoke "
           "test, not the experiment." if quick else "every one at full settings.")))
    if not args.notebooks:  # the committed notebooks: their measured run beside them
        text = text.rstrip("\n") + "\n\n## Run times\n\n" + runtime_table(adopted()) + "\n"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(args.out, text + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["MIME", "VARIANT", "build_report", "read_records", "record_claims", "record_inventory",
           "refuse_quick_runs", "section_link"]
