"""The reproduction report: each notebook records its claims; ``build_report`` gathers them.

A notebook calls ``record_claims(study, source, claims)``, which writes
``results/claims/<source>.json``. ``python -m studykit.report`` (run by ``make reproduce``)
turns every such file into ``results/REPORT.md``: one table per study, one row per claim.
No central list: a new notebook adds its rows by recording them.
"""

from __future__ import annotations

import json
import math
import numbers
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from studykit.paths import results_dir
from studykit.quick import quick_mode

EXACT = "reproduced exactly"
CONSISTENT = "consistent within error"
DIFFERS = "differs"
STATUSES = (EXACT, CONSISTENT, DIFFERS)


@dataclass(frozen=True)
class Claim:
    """One row of the report: a claim of the article, its value, ours and the verdict."""

    claim: str
    article: str
    ours: str
    status: str
    reason: str = ""

    def __post_init__(self):
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, got {self.status!r}")
        if self.status == DIFFERS and not self.reason:
            raise ValueError(f"claim {self.claim!r} differs: give a one-line reason")


def _text(value, fmt: str | None) -> str:
    if fmt is not None and isinstance(value, numbers.Number):
        return fmt.format(value)
    return str(value)


def exact_claim(claim: str, article, ours, *, tolerance: float = 0.0, fmt: str | None = None,
                reason: str = "") -> Claim:
    """A deterministic claim: reproduced exactly when ``ours`` equals the article's value.

    Numbers compare within ``tolerance`` (for values the article printed rounded); anything
    else compares with ``==``.
    """
    if isinstance(article, numbers.Number) and isinstance(ours, numbers.Number):
        same = abs(float(article) - float(ours)) <= tolerance
    else:
        same = article == ours
    # ``reason`` explains a difference; it is dropped when the claim holds.
    return Claim(claim, _text(article, fmt), _text(ours, fmt), EXACT if same else DIFFERS,
                 "" if same else reason)


def statistical_claim(claim: str, article: float, mean: float, se: float, *,
                      article_tolerance: float = 0.0, sigmas: float = 3.0,
                      fmt: str = "{:.4f}", article_text: str | None = None,
                      reason: str = "") -> Claim:
    """A statistical claim: consistent when ``|mean - article| <= sigmas*se + article_tolerance``.

    ``article_tolerance`` is the rounding of the article's own figure (0.005 for "43%").
    """
    if not (se >= 0 and math.isfinite(se)):
        raise ValueError(f"se must be a finite non-negative number, got {se}")
    ok = abs(mean - article) <= sigmas * se + article_tolerance
    ours = f"{fmt.format(mean)} ± {fmt.format(se)}"
    text = article_text if article_text is not None else fmt.format(article)
    return Claim(claim, text, ours, CONSISTENT if ok else DIFFERS, "" if ok else reason)


def record_claims(study: str, source: str, claims: Sequence[Claim]) -> Path:
    """Write the claims of one notebook to ``results/claims/<source>.json`` and return the path."""
    if not claims:
        raise ValueError("record_claims needs at least one claim")
    payload = {"study": study, "source": source, "quick": quick_mode(),
               "claims": [asdict(c) for c in claims]}
    path = results_dir("claims") / f"{source}.json"
    path.write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n")
    return path


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def build_report(base: Path | None = None) -> str:
    """Gather ``claims/*.json`` under ``base`` (default: the results folder) into REPORT.md."""
    base = Path(base) if base is not None else results_dir()
    records = [json.loads(p.read_text()) for p in sorted((base / "claims").glob("*.json"))]
    lines = ["# Did it reproduce?", ""]
    if any(r["quick"] for r in records):
        lines += [("> **Quick mode**: some rows come from smoke runs (GAMEAI_QUICK=1); their "
                   "numbers are not the experiment. Run `make reproduce` for the real table."), ""]
    if not records:
        lines.append("No claims recorded yet: run the notebooks first.")
    studies: dict[str, list[dict]] = {}
    for record in records:
        studies.setdefault(record["study"], []).append(record)
    for study, recs in studies.items():
        lines += [f"## {study}", "", "| claim | article | ours | status | reason | source |",
                  "|---|---|---|---|---|---|"]
        for rec in recs:
            tag = rec["source"] + (" (quick)" if rec["quick"] else "")
            for c in rec["claims"]:
                lines.append("| " + " | ".join(_cell(x) for x in (
                    c["claim"], c["article"], c["ours"], c["status"], c["reason"], tag)) + " |")
        lines.append("")
    text = "\n".join(lines)
    (base / "REPORT.md").write_text(text)
    return text

