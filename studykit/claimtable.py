"""Claim rows as the notebooks' and the report's tables show them, and how they are counted.

A row with an alternative reading is followed by a second row, marked ``↳ other reading``,
with the verdict under it (rows without one show as before). Rows are counted by kind, apart:
article rows (the article's or the author's code's values), derived checks (a reference of
ours), inconclusive rows (of any source), goals of ours beyond the article, and regression
checks; an other reading is never counted as a row.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict

from studykit.claims import (
    BEYOND_MET,
    BEYOND_NOT_MET,
    DERIVED,
    GOAL,
    INCONCLUSIVE,
    REGRESSION,
    STATUSES,
    Claim,
)

HEADER = ("claim", "source", "reference", "ours", "status", "test", "reason")
OTHER_READING = "↳ other reading"
KINDS = ("article rows", "derived checks", "inconclusive", "goals of ours", "regression checks")
STATUS_LEGEND = {
    "reproduced exactly": "equal to the value the article printed, at its precision",
    "consistent within error": "passes the stated test (a z-score, a t-score for a few values, "
                               "an interval, an ordering)",
    "differs": "fails the stated test; the reason column says why",
    "inconclusive": "the experiment shows neither the claim nor its opposite (an interval "
                    "holding 0, by the stated test); counted apart",
    "beyond: met": "a goal of ours beyond the article, met",
    "beyond: not met": "a goal of ours beyond the article, not met",
    "setting differs": "the run's setting is not the article's, so no comparison was made",
    "regression: holds": "a regression check (our result against an earlier run of ours, not a "
                         "reproduction) that holds; counted apart",
    "regression: broken": "a regression check that fails; counted apart",
}
SOURCES = ("Sources: *article* is a value or short quote as the article printed it; *author's "
           "code* a value the author's published code printed (named: which notebook or script of "
           "the author's repository), not the article; *derived* is our own reference (an exact "
           "count, a solver, a re-simulation), named; *regression* names an earlier run of ours, "
           "for a regression check, never a reproduction.")
SAMPLING_RULE = ("Sampling-error rule: when the article's number is itself an estimate from a "
                 "sample of stated size, its standard error enters the test (a combined SE), and "
                 "a number printed rounded is read at its printed precision.")
READINGS = (f"Choices of ours: where another reasonable reading of the article (a counting "
            f"rule, a definition, a metric, a threshold) would change a verdict, the row is "
            f"followed by one marked *{OTHER_READING}*, naming the choice, with the verdict under "
            f"that reading; it is not counted as a row.")


def cell(value) -> str:
    """A value as one Markdown table cell (pipes escaped, on one line)."""
    return str(value).replace("|", "\\|").replace("\n", " ")


def markdown_table(header: Sequence[str], rows: Sequence[Sequence]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(x) for x in row) + " |" for row in rows]
    return "\n".join(lines)


def row_record(claim: Claim) -> dict:
    """A row as stored in a notebook's output: its fields, ``alternative`` only when it has one
    (so a row without one is stored as before)."""
    record = asdict(claim)
    if record["alternative"] is None:
        del record["alternative"]
    return record


def table_rows(records: Sequence[dict], extras: Sequence[tuple] | None = None) -> list[tuple]:
    """The table rows (``HEADER``'s columns, then ``extras[i]``) of stored rows, each followed by
    its other reading's row when it has one. Records stored before alternatives existed read
    the same."""
    out = []
    for i, r in enumerate(records):
        extra = tuple(extras[i]) if extras is not None else ()
        out.append(tuple(r[k] for k in HEADER) + extra)
        other = r.get("alternative")
        if other:
            ours = f" (ours: {other['chosen']})" if other.get("chosen") else ""
            out.append((f"{OTHER_READING} ({other['choice']}): {other['reading']}{ours}",
                        r["source"], other.get("reference") or r["reference"], other["ours"],
                        other["status"], other.get("test", ""), other.get("reason", "")) + extra)
    return out


def kind(record: dict) -> str:
    """Which of ``KINDS`` a stored row counts under."""
    source = record["source"]
    if record["status"] == INCONCLUSIVE:
        return "inconclusive"
    if source.startswith(REGRESSION):
        return "regression checks"
    if source == GOAL or record["status"] in (BEYOND_MET, BEYOND_NOT_MET):
        return "goals of ours"
    return "derived checks" if source.startswith(DERIVED) else "article rows"


def kind_counts(records: Sequence[dict]) -> dict[str, Counter]:
    """The statuses of stored rows, counted per kind (kinds with no row left out)."""
    out: dict[str, Counter] = {}
    for r in records:
        out.setdefault(kind(r), Counter())[r["status"]] += 1
    return {k: out[k] for k in KINDS if k in out}


def counts_text(records: Sequence[dict]) -> str:
    """``"article rows: 2 reproduced exactly, 1 differs; derived checks: 3 consistent within
    error; regression checks: 13 holds"``, or ``"no claims"``."""
    parts = []
    for name, counts in kind_counts(records).items():
        statuses = ", ".join(f"{counts[s]} {s.split(': ')[-1]}" for s in STATUSES if counts[s])
        parts.append(f"{name}: {statuses}" if name != "inconclusive" else
                     f"inconclusive: {sum(counts.values())}")
    return "; ".join(parts) or "no claims"


def readings_text(records: Sequence[dict]) -> str:
    """How many rows show an other reading, and under how many of those it changes the
    status; empty when none does."""
    others = [r for r in records if r.get("alternative")]
    if not others:
        return ""
    changed = sum(r["alternative"]["status"] != r["status"] for r in others)
    return (f"{len(others)} row{'s' * (len(others) != 1)} rest{'s' * (len(others) == 1)} on a "
            f"choice of ours; under the other reading {changed} change{'s' * (changed == 1)} "
            f"status")


def headline(records: Sequence[dict]) -> str:
    """The counts of stored rows by kind, apart, with the readings line when there is one."""
    readings = readings_text(records)
    return f"{len(records)} claim rows, counted apart: {counts_text(records)}." + (
        f" {readings}." if readings else "")
